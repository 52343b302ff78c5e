"""The play screen over a live websocket, at a phone's and a desktop's size: the move log's
draw counts, the chat's times and refused lines, the end of a game without a reload.
Chromium against a daphne process sharing the test database (PostgreSQL)."""

import re

import pytest
from playwright.sync_api import expect, sync_playwright

from tests.browser.conftest import CHROMIUM_ARGS
from tests.browser.helpers import ARTIFACTS, SIZES
from tests.realtime import test_browser as live_browser

pytestmark = live_browser.pytestmark
daphne, sessions = live_browser.daphne, live_browser.sessions  # the same daphne and log-ins


@pytest.fixture(params=list(SIZES))
def amani_page(request):
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(live_browser.CHROMIUM), args=CHROMIUM_ARGS)
        page = browser.new_context(viewport=SIZES[request.param]).new_page()
        page.size = request.param
        yield page
        browser.close()


def test_draw_counts_and_chat(live_game, sessions, daphne, amani_page):
    page = amani_page
    live_browser.open_table(page, daphne.http_url, sessions[0], live_game.table_id)
    page.locator('[data-move-action="draw"]').click()
    expect(page.locator("#move-log .move-log__item[value='1']")).to_contain_text("amani drew 1 card")

    box = page.get_by_label("Message")
    for n in range(1, 6):  # the chat takes five lines in ten seconds
        box.fill(f"habari {n}")
        box.press("Enter")
        expect(page.locator(".chat__line").last).to_contain_text(f"habari {n}")
        expect(box).to_have_value("")
    line = page.locator(".chat__line").last
    expect(line.locator("time")).to_have_text(re.compile(r"^\d\d:\d\d$"))
    log_scrolled = "log => log.scrollTop + log.clientHeight >= log.scrollHeight - 1"
    page.wait_for_function(f"({log_scrolled})(document.getElementById('chat-log'))")
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=ARTIFACTS / f"live-{page.size}.png")

    box.fill("one too many")
    box.press("Enter")
    expect(page.locator("#chat-error")).not_to_be_empty()
    expect(box).to_have_value("one too many")  # kept, to be sent again

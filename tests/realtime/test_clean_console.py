"""A whole game in Chromium over the live websocket, at 360x640, 360x740, 412x915 and
1280x800, with every console error, uncaught page error and Content-Security-Policy
violation recorded: there must be none (issue 35). Daphne shares the test database."""

import pytest
from playwright.sync_api import expect, sync_playwright

from tests.browser.conftest import CHROMIUM_ARGS, watch_policy
from tests.browser.helpers import CHROMIUM, table_against_bots
from tests.browser.test_table_phone import SCREENS
from tests.realtime import test_browser as live_browser

pytestmark = live_browser.pytestmark
daphne = live_browser.daphne
SEQ_CHANGED = "seq => document.getElementById('table-sync').dataset.seq !== seq"
MOVES_AT_MOST = 60  # then amani resigns: the game's length depends on its shuffles


@pytest.fixture
def against_a_bot(user):
    """amani against a bot, a short game: each holds a few cards."""
    position = {"hands": ("7H 5H 4C 9S", "9C QD KD 5C"), "discard": ("7D",), "turn": 0}
    return table_against_bots(user, "Kimya", bots=("greedy",), position=position)


@pytest.fixture
def session(user):
    from django.test import Client

    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


# The PostgreSQL + Redis pass plays it at the narrowest phone and the desktop (pyproject.toml).
SAME_ON_EVERY_STACK = ("360x640", "412x915")


@pytest.mark.parametrize(
    "screen",
    [pytest.param(name, marks=pytest.mark.same_on_every_stack) for name in SAME_ON_EVERY_STACK]
    + [name for name in SCREENS if name not in SAME_ON_EVERY_STACK],
)
def test_a_whole_game_leaves_the_console_clean(against_a_bot, session, daphne, screen):
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        context = browser.new_context(viewport=SCREENS[screen])
        problems = watch_policy(context)
        page = context.new_page()
        page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
        page.on("pageerror", lambda error: problems.append(str(error)))
        live_browser.open_table(page, daphne.http_url, session, against_a_bot.pk)
        page.locator("body").click(position={"x": 5, "y": 300})  # a first touch: sound may play
        for _ in range(MOVES_AT_MOST):
            page.wait_for_selector("#table-area:has(.move-actions), #table-area:has(.results)")
            if page.locator("#table-area .results").count():
                break
            seq = page.locator("#table-sync").get_attribute("data-seq")
            playable = page.locator('.hand-card[data-playable="true"]')
            if playable.count():
                playable.first.click()
                page.locator('[data-move-action="play"]').click()
            else:
                page.locator("[data-move-action]:not([data-move-action=play])").first.click()
            page.wait_for_function(SEQ_CHANGED, arg=seq)  # a delta swaps parts, not the area
        else:  # a long game: it ends by resigning, which shows the results all the same
            page.once("dialog", lambda dialog: dialog.accept())
            page.locator(".resign-form button").click()
        expect(page.locator("#table-area .results")).to_contain_text("Result")
        browser.close()
    assert problems == []

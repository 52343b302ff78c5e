""" "Your turn" on a phone (360 px), with the keyboard alone: a turn-based table made from the
lobby's form, the header's count, the waiting page listing its game with the time left, and
one link that opens the table with the hand focused; axe finds nothing serious; in Swahili too."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect, sync_playwright

from games.models import Table
from games.play.starts import start_game
from games.play.tables import take_seat
from tests.browser.conftest import CHROMIUM_ARGS, assert_no_violations, watch_policy
from tests.browser.helpers import BROWSER_TEST, CHROMIUM, SIZES, off_the_loop
from tests.browser.test_accessibility import log_in, violations

pytestmark = BROWSER_TEST
TABS = 60  # more than the Tab presses from the top of any of these pages to the link sought


def tab_to(page, name):
    """Press Tab until the focused element's accessible text is ``name``; fail if it never is."""
    for _ in range(TABS):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.textContent.trim()") == name:
            return
    pytest.fail(f"Tab never reached {name!r}")


def sit_and_start(owner, other):
    table = Table.objects.get(created_by=owner)
    take_seat(table, other)
    start_game(table, owner)
    return table


@pytest.mark.parametrize(
    "locale, words",
    [
        ("en-GB", {"your_turn": "Your turn ({n})", "left": "23 hours left"}),
        pytest.param(
            "sw-KE",
            {"your_turn": "Zamu yako ({n})", "left": "zimebaki saa 23"},
            marks=pytest.mark.same_on_every_stack,
        ),
    ],
)
def test_a_turn_based_game_waits_on_the_your_turn_page_and_one_link_opens_the_hand(
    make_user, live_server, locale, words
):
    amani, baraka = make_user("amani"), make_user("baraka")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        context = browser.new_context(viewport=SIZES["phone"], locale=locale)
        policy = watch_policy(context)
        page = context.new_page()
        log_in(page, live_server.url, "amani")  # in the context's language
        page.goto(live_server.url + reverse("games:lobby"))
        form = page.locator(f"form[action='{reverse('games:create_table')}']")
        form.locator("input[name=name]").fill("Polepole")
        form.locator("select[name=seat_count]").select_option("2")
        form.locator("input[name=pace][value=turn]").check()
        form.locator("select[name=move_seconds]").select_option("86400")
        form.locator("button[type=submit]").click()
        page.wait_for_url("**/t/*/")
        off_the_loop(sit_and_start, amani, baraka)

        page.goto(live_server.url + reverse("games:lobby"))
        menu = page.locator("[data-menu-button]")
        if menu.is_visible():  # the phone's header folds its links into the menu
            menu.focus()
            page.keyboard.press("Enter")
        tab_to(page, words["your_turn"].format(n=1))
        page.keyboard.press("Enter")
        page.wait_for_url("**/waiting/")
        item = page.locator(".waiting-game")
        expect(item).to_have_count(1)
        expect(item).to_contain_text("Polepole")
        expect(item).to_contain_text("baraka")
        expect(item).to_contain_text(words["left"])
        assert violations(page) == []

        tab_to(page, "Polepole")
        page.keyboard.press("Enter")
        page.wait_for_url("**/t/*/#hand")
        hand = page.locator("#hand")
        expect(hand).to_be_focused()
        expect(hand.locator(".hand-card").first).to_be_enabled()  # the hand is ready for a move
        expect(page.locator("[data-move-deadline]").first).to_contain_text(words["left"])
        assert violations(page) == []
        browser.close()
    assert_no_violations(policy)

"""A visitor taps "Play bots now" in the lobby, plays a few moves as a guest (then resigns:
the history lists finished games), signs up from the guest's banner and finds the game in
their history: at 360 and 1280 px, in English and
in Swahili, with no serious axe-core finding on the pages they pass and no CSP violation."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect, sync_playwright

from accounts.models import User
from games.models import Game
from tests.browser import test_accessibility as a11y
from tests.browser.conftest import CHROMIUM_ARGS, assert_no_violations, watch_policy
from tests.browser.helpers import ARTIFACTS, BROWSER_TEST, CHROMIUM, SIZES, my_turn_or_the_end

pytestmark = BROWSER_TEST
MOVES = 3
PASSWORD = "a-long-enough-password-42"


def no_serious_findings(page, where):
    assert a11y.violations(page) == [], where


def a_few_moves(page):
    """Our turn ``MOVES`` times (the bots answer by the page's poll): draw, accept or pass,
    whichever the page offers; or the game ends first."""
    for _ in range(MOVES):
        area = my_turn_or_the_end(page)
        if page.locator("#table-area .results").count():
            return
        button = page.locator(
            '[data-move-action="draw"], [data-move-action="accept"], [data-move-action="pass"]'
        )
        button.first.click()
        page.wait_for_function("area => !area.isConnected", arg=area)


@pytest.mark.parametrize(("size", "language"), [("phone", "en"), ("desktop", "sw"), ("phone", "sw")])
def test_a_visitor_plays_bots_as_a_guest_then_signs_up_and_keeps_the_game(live_server, size, language):
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as playwright:  # the ORM is read after: it refuses Playwright's loop
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        context = browser.new_context(viewport=SIZES[size], locale=a11y.LOCALES[language])
        violations = watch_policy(context)
        seen = play_as_a_guest_then_sign_up(context.new_page(), live_server.url, size, language)
        browser.close()
    assert_no_violations(violations)

    account = User.objects.get(username="wanjiku")
    assert account.username != seen["guest name"] and not account.is_guest
    game = Game.objects.get(pk=seen["game"])
    assert game.move_count >= 1
    assert list(game.players.filter(user__bot_level="").values_list("user", flat=True)) == [account.pk]


def play_as_a_guest_then_sign_up(page, base, size, language):
    page.goto(base + reverse("games:lobby"))
    no_serious_findings(page, "the lobby, a visitor")
    page.select_option("#id_level", "random")
    page.locator(f"form[action='{reverse('games:play_bots_now')}'] button").click()
    expect(page.locator(".guest-banner")).to_be_visible()
    expect(page.locator(".game")).to_be_visible()
    assert page.locator("html").get_attribute("lang") == language
    no_serious_findings(page, "the guest's table")
    game = page.locator("#table-sync").get_attribute("data-game")
    guest_name = page.locator(".account-nav a").first.text_content().strip()
    assert guest_name.startswith("Guest-")
    a_few_moves(page)
    if not page.locator("#table-area .results").count():  # the history lists games once over
        my_turn_or_the_end(page)
        page.once("dialog", lambda dialog: dialog.accept())
        page.locator("#resign-form button").click()
        page.wait_for_selector("#table-area .results")
    page.screenshot(path=ARTIFACTS / f"play-now-guest-{size}-{language}.png", full_page=True)

    page.locator(f".guest-banner a[href='{reverse('signup')}']").click()
    no_serious_findings(page, "sign-up, a guest")
    page.fill("#id_username", "wanjiku")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.locator("main form button[type=submit]").click()
    expect(page.locator(".guest-banner")).to_have_count(0)
    page.goto(base + reverse("history:mine"))
    expect(page.locator(f"a[href='{reverse('history:game', args=[game])}']").first).to_be_visible()
    no_serious_findings(page, "the new account's history")
    return {"game": int(game), "guest name": guest_name}

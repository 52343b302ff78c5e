"""Issue 44, point 4 in a browser: two players of a running game each press "Quick game" in
the lobby: each is asked first what leaving does (one with JavaScript, one without: the same
page), leaves, and both land at the same new quick game, not at the table waiting for its
owner to press Start. At 360x640 and 1280x800, in English and Swahili, with no serious
axe-core finding and no CSP violation."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect, sync_playwright

from games.models import Table
from games.play.starts import start_game
from games.play.tables import create_table, take_seat
from tests.browser import test_accessibility as a11y
from tests.browser.conftest import CHROMIUM_ARGS, assert_no_violations, watch_policy
from tests.browser.helpers import ARTIFACTS, BROWSER_TEST, CHROMIUM, log_in
from tests.games.helpers import put_position

pytestmark = BROWSER_TEST
VIEWPORTS = {"phone": {"width": 360, "height": 640}, "desktop": {"width": 1280, "height": 800}}
WORDS = {
    "en": {"ask": "Leave your game?", "back": "Back to your game", "leave": "Leave it and find a quick game"},
    "sw": {
        "ask": "Uache mchezo wako?",
        "back": "Rudi kwenye mchezo wako",
        "leave": "Uache na utafute mchezo wa haraka",
    },
}


@pytest.mark.parametrize(
    ("size", "language"),
    [
        ("phone", "en"),
        ("phone", "sw"),
        pytest.param("desktop", "en", marks=pytest.mark.same_on_every_stack),
        pytest.param("desktop", "sw", marks=pytest.mark.same_on_every_stack),
    ],
)
def test_players_in_a_game_are_asked_first_then_meet_at_one_quick_game(
    live_server, settings, make_user, size, language
):
    settings.QUICK_GAME_WAIT_SECONDS = 600  # no bots come while the test looks
    amani, baraka, chebet = (
        make_user(name, preferred_preset="chains") for name in ("amani", "baraka", "chebet")
    )
    demo = create_table(chebet, "Demo", 4, "chains")  # waits for chebet to press Start
    playing = create_table(amani, "Kibanda", 2, "chains")
    take_seat(playing, baraka)
    put_position(start_game(playing, amani), hands=("7H 5S 4C", "9H QD KC"), discard=("7D",), turn=0)

    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as playwright:  # the ORM is read after: it refuses Playwright's loop
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        landed, violations = [], []
        for username, scripts in (("amani", True), ("baraka", False)):
            context = browser.new_context(
                viewport=VIEWPORTS[size], locale=a11y.LOCALES["en"], java_script_enabled=scripts
            )
            violations += watch_policy(context) if scripts else []
            page = context.new_page()
            log_in(page, live_server.url, username)
            context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
            landed.append(ask_then_leave(page, live_server.url, size, language, username, scripts))
            context.close()
        browser.close()
    assert_no_violations(violations)

    table = Table.objects.get(pk=landed[0])
    assert landed == [table.pk, table.pk] and table != demo and table.bots_fill_at is not None
    assert {seat.user.username for seat in table.seats.select_related("user")} == {"amani", "baraka"}
    assert demo.seats.count() == 1


def ask_then_leave(page, base, size, language, username, scripts):
    """Press "Quick game" in the lobby, check the question, leave; the table landed at."""
    words = WORDS[language]
    page.goto(base + reverse("games:lobby"))
    page.locator(f"form[action='{reverse('games:quick_game')}'] button").click()
    expect(page.get_by_role("heading", name=words["ask"])).to_be_visible()
    table_link = page.locator(".leave-game__game a").first
    expect(table_link).to_have_text("Kibanda")
    back = page.get_by_role("link", name=words["back"])
    leave = page.get_by_role("button", name=words["leave"])
    expect(back).to_be_visible()
    expect(leave).to_be_visible()
    if scripts:  # (without them the site's header shows its menu open, above everything)
        for control in (back, leave):  # both within the first screen
            box = control.bounding_box()
            assert box is not None and box["y"] + box["height"] <= VIEWPORTS[size]["height"], box
        assert a11y.violations(page) == [], "the question"
    page.screenshot(path=ARTIFACTS / f"quick-game-leave-{size}-{language}-{username}.png", full_page=True)
    leave.click()
    expect(page.locator("[data-bots-fill]")).to_be_visible()
    return int(page.url.rstrip("/").rsplit("/", 1)[1])

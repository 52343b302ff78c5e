"""Accessibility: axe-core (vendored, tests/browser/vendor) finds no serious or critical
violation on any page, at phone and desktop widths, in English and in Swahili."""

from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import sync_playwright

from accounts import friends
from games.play import challenges
from games.play.starts import start_game
from games.play.tables import create_table, take_seat
from tests.browser.conftest import CHROMIUM_ARGS
from tests.browser.helpers import ARTIFACTS, BROWSER_TEST, CHROMIUM
from tests.conftest import PASSWORD
from tests.history.helpers import new_game, play_to_the_end

pytestmark = BROWSER_TEST

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
BLOCKING = {"serious", "critical"}
WIDTHS = {"phone": {"width": 360, "height": 800}, "desktop": {"width": 1280, "height": 900}}
LOCALES = {"en": "en-GB", "sw": "sw-KE"}


@pytest.fixture
def site(make_user):
    """A staff player (amani) at a running game against baraka, a spectator (chebet), and a
    finished, rated game with dede for the history pages; amani and baraka are friends,
    amani follows chebet, is followed by dede (the leaderboard offers to follow him) and
    blocked otieno (the friends page's every list); dede challenged amani, who challenged chebet."""
    amani = make_user("amani", is_staff=True, is_superuser=True, email="amani@example.com")
    baraka, chebet, dede = make_user("baraka"), make_user("chebet"), make_user("dede")
    finished = play_to_the_end(new_game(amani, others=(baraka, dede)))
    table = create_table(amani, "Kibanda", 3, "classic")
    take_seat(table, baraka)
    start_game(table, amani)
    for follower, followed in ((amani, baraka), (baraka, amani), (amani, chebet), (dede, amani)):
        friends.follow(follower, followed)
    friends.block(amani, make_user("otieno"))
    challenges.create(dede, amani, challenges.Terms("chains", bot_levels=("greedy",)))
    challenges.create(amani, chebet, challenges.Terms("classic", turn_timer_seconds=30))
    return {"table": table.pk, "finished": finished.pk}


def pages(site):
    """(who, path) for every page: who is the user logged in, or None."""
    table, game = site["table"], site["finished"]
    return [
        (None, reverse("games:lobby")),
        (None, reverse("login")),
        (None, reverse("signup")),
        (None, reverse("password_reset")),
        (None, reverse("games:rules")),
        ("amani", reverse("games:lobby")),
        ("amani", reverse("games:table", args=[table])),
        ("chebet", reverse("games:table", args=[table])),  # a spectator
        ("amani", reverse("history:mine")),
        ("amani", reverse("history:game", args=[game])),
        ("amani", reverse("history:replay", args=[game])),
        ("amani", reverse("history:leaderboard") + "?provisional=on"),
        ("amani", reverse("profile", args=["amani"])),
        ("amani", reverse("profile", args=["baraka"])),  # the follow and block buttons
        ("amani", reverse("friends")),
        ("amani", reverse("games:challenges")),  # one sent, one received
        ("amani", reverse("games:waiting")),  # Kibanda's game waits for amani's move
        ("amani", reverse("games:new_challenge", args=["baraka"])),
        ("amani", reverse("account_settings")),  # with the vacation form
        ("amani", reverse("delete_account")),  # a superuser's: the refusal
        ("amani", reverse("second_factor_setup")),  # staff's: the key's QR code
        ("baraka", reverse("delete_account")),  # the warning and the password
        ("amani", reverse("notifications:list")),
        ("amani", reverse("notifications:settings")),
        ("amani", reverse("password_change")),
        ("amani", reverse("history:import")),
        ("amani", reverse("admin:index")),
        ("amani", reverse("admin:games_table_change", args=[table])),  # the house-rules form
    ]


def log_in(page, base_url, username):
    page.goto(base_url + reverse("login"))
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(base_url + "/")


def violations(page):
    """axe's serious and critical findings on the page as shown: 'rule (impact): targets'."""
    # Evaluated through the DevTools protocol, which the page's CSP (no inline script) allows.
    page.evaluate(AXE.read_text())
    results = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
    return [
        f"{found['id']} ({found['impact']}): {', '.join(str(node['target']) for node in found['nodes'][:5])}"
        for found in results["violations"]
        if found["impact"] in BLOCKING
    ]


# The PostgreSQL + Redis pass audits the phone width in Swahili alone (pyproject.toml): the
# pages' markup does not change with the database or the channel layer.
ON_EVERY_STACK = ("phone", "sw")


@pytest.mark.parametrize(
    ("width", "language"),
    [
        pytest.param(w, lang, marks=() if (w, lang) == ON_EVERY_STACK else pytest.mark.same_on_every_stack)
        for w in WIDTHS
        for lang in LOCALES
    ],
)
def test_no_page_has_a_serious_accessibility_violation(site, live_server, width, language):
    found = {}
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        contexts = {}
        for who, path in pages(site):
            if who not in contexts:
                contexts[who] = browser.new_context(viewport=WIDTHS[width], locale=LOCALES[language])
                if who:
                    log_in(contexts[who].new_page(), live_server.url, who)
            page = contexts[who].new_page()
            response = page.goto(live_server.url + path)
            assert response.status == 200, path
            assert page.locator("html").get_attribute("lang") == language, path
            if page.locator("canvas[data-chart-data]").count():  # the profile's rating chart
                page.wait_for_selector("canvas[data-drawn=true]")
            shot = f"a11y-{width}-{language}-{who or 'visitor'}{path.replace('/', '-').split('?')[0]}.png"
            page.screenshot(path=ARTIFACTS / shot, full_page=True)
            problems = violations(page)
            if problems:
                found[f"{who or 'visitor'} {path}"] = problems
            page.close()
        browser.close()
    assert found == {}

"""Tournaments in the browser (issue 46, point 4) at 360×640, 320×568 and 1280×800, in English
and Swahili: a player joins from the list by keyboard alone, sees their rank and the
countdown to the next pairing ticking, and the standings update without a reload when
another player joins in another browser; the list, a tournament's page and the new
tournament's form have no serious axe-core finding; a pause by keyboard keeps the focus on
the player's buttons. Playwright drives Debian's chromium
against a daphne process (websockets need it), which shares the test database.

The Swahili words asserted come from /work/briefs/sw-pages.po: they pass once it is merged
into locale/sw."""

import re

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse
from playwright.sync_api import expect, sync_playwright

from tests.browser.conftest import CHROMIUM_ARGS, assert_no_violations, watch_policy
from tests.browser.helpers import ARTIFACTS, BROWSER_TEST, CHROMIUM, FIRST_SCREENS
from tests.browser.test_accessibility import violations
from tests.realtime.servers import DaphneServer, database_url
from tests.tournaments.page_states import a_tournament, entrant
from tournaments.models import Tournament

pytestmark = BROWSER_TEST
HEADING = {"en": "Tournaments", "sw": "Mashindano"}
# The elements past the screen's right edge (named in a failure's message).
WIDEST = """() => [...document.querySelectorAll("body *")]
  .filter((e) => e.getBoundingClientRect().right > innerWidth).slice(0, 5)
  .map((e) => e.tagName + "." + e.className + " " + Math.round(e.getBoundingClientRect().right))"""
TABS = 80  # at most, from the top of the list page to the tournament's Join button


@pytest.fixture(scope="module")
def daphne(django_db_setup):
    """A daphne process on the test database; the next pairing is 10 minutes away, so that
    the countdown ticks and no table is made during a test."""
    env = {"DATABASE_URL": database_url(connection.settings_dict), "TOURNAMENT_PAIRING_SECONDS": "600"}
    server = DaphneServer(env).start()
    yield server
    server.stop()


@pytest.fixture
def arena(make_user):
    """A running tournament (amani has 12 points), and the sessions of wanjiru and baraka."""
    tournament = a_tournament("Jioni Cup", Tournament.Status.RUNNING, seats=2)
    a_tournament("Kesho Cup")  # another, upcoming: before it on the list's tabbing order
    entrant(tournament, make_user("amani"), points=12, games=1)
    sessions = {}
    for name in ("wanjiru", "baraka"):
        client = Client()
        client.force_login(make_user(name))
        sessions[name] = client.cookies["sessionid"].value
    return tournament, sessions


@pytest.fixture
def browser():
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        found = []
        yield launched, found
        launched.close()
    for each in found:
        assert_no_violations(each)


def open_as(browser, daphne, session, screen, language):
    launched, found = browser
    context = launched.new_context(viewport=FIRST_SCREENS[screen])
    found.append(watch_policy(context))
    cookies = [{"name": "django_language", "value": language, "url": daphne.http_url}]
    if session:
        cookies.append({"name": "sessionid", "value": session, "url": daphne.http_url})
    context.add_cookies(cookies)
    return context.new_page()


def tab_to(page, locator):
    """Press Tab until ``locator`` has the focus (the keyboard alone)."""
    for _ in range(TABS):
        page.keyboard.press("Tab")
        if locator.evaluate("element => element === document.activeElement"):
            return
    raise AssertionError("never reached by Tab")


@pytest.mark.parametrize("language", ["en", "sw"])
@pytest.mark.parametrize("screen", list(FIRST_SCREENS))
def test_a_player_joins_by_keyboard_sees_their_rank_and_the_countdown_and_others_join_live(
    arena, daphne, browser, screen, language
):
    tournament, sessions = arena
    wanjiru = open_as(browser, daphne, sessions["wanjiru"], screen, language)
    wanjiru.goto(daphne.http_url + reverse("tournaments:list"))
    expect(wanjiru.locator("html")).to_have_attribute("lang", language)
    expect(wanjiru.get_by_role("heading", level=1)).to_have_text(HEADING[language])
    join = wanjiru.locator("#tournaments-running + ul li").filter(has_text="Jioni Cup").locator("button")
    tab_to(wanjiru, join)
    wanjiru.keyboard.press("Enter")

    wanjiru.wait_for_url(f"**{reverse('tournaments:detail', args=[tournament.pk])}")
    mine = wanjiru.locator('#tournament-standings tr[aria-current="true"]')
    expect(mine.locator("td").first).to_have_text("2")
    expect(mine).to_contain_text("wanjiru")
    expect(wanjiru.locator("#tournament-you .your-rank")).to_contain_text("2")
    expect(wanjiru.locator(".tournament[data-connected=true]")).to_be_visible()
    countdown = wanjiru.locator('[data-countdown="next"]')
    expect(countdown).to_have_text(re.compile(r"^(9:[0-5]\d|10:00)$"))
    shown = countdown.inner_text()
    expect(countdown).not_to_have_text(shown)  # it ticks
    wanjiru.evaluate("window.sameDocument = true")  # gone if the page were ever reloaded

    baraka = open_as(browser, daphne, sessions["baraka"], screen, language)
    baraka.goto(daphne.http_url + reverse("tournaments:detail", args=[tournament.pk]))
    baraka.locator("#tournament-you button").first.click()
    expect(baraka.locator('#tournament-standings tr[aria-current="true"]')).to_contain_text("baraka")

    expect(wanjiru.locator("#tournament-standings tbody tr")).to_have_count(3)
    expect(wanjiru.locator("#tournament-standings")).to_contain_text("baraka")
    expect(wanjiru.locator('#tournament-standings tr[aria-current="true"]')).to_contain_text("wanjiru")
    assert wanjiru.evaluate("window.sameDocument") is True
    tab_to(wanjiru, wanjiru.locator('#tournament-you form[action$="/pause/"] button'))
    wanjiru.keyboard.press("Enter")  # paused: the focus goes to the button that brings her back
    expect(wanjiru.locator('#tournament-you form[action$="/resume/"] button')).to_be_focused()
    wanjiru.screenshot(path=ARTIFACTS / f"tournament-{screen}-{language}.png", full_page=True)
    width = FIRST_SCREENS[screen]["width"]
    wide = wanjiru.evaluate(WIDEST)
    assert wanjiru.evaluate("document.documentElement.scrollWidth") <= width, wide


@pytest.mark.parametrize("language", ["en", "sw"])
@pytest.mark.parametrize("screen", list(FIRST_SCREENS))
def test_the_tournament_pages_have_no_serious_accessibility_finding(arena, daphne, browser, screen, language):
    tournament, sessions = arena
    page = open_as(browser, daphne, sessions["wanjiru"], screen, language)
    found = {}
    for path in (
        reverse("tournaments:list"),
        reverse("tournaments:detail", args=[tournament.pk]),
        reverse("tournaments:new"),
    ):
        response = page.goto(daphne.http_url + path)
        assert response.status == 200, path
        assert page.evaluate("document.documentElement.scrollWidth") <= FIRST_SCREENS[screen]["width"], path
        if problems := violations(page):
            found[path] = problems
    assert found == {}

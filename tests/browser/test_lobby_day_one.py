"""The lobby on day one (issue 44, point 6), at 360×640, 320×568 and 1280×800 in English and
Swahili: a guest's finished game with bots is not listed, the desktop lobby uses the screen's
width (the tables in a wide column, the forms beside them) while a phone's stacks its panels
without scrolling sideways, and "What can I do?" shows a disclosure marker that turns open."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from games.models import Game
from games.play import play_now
from games.play.tables import create_table
from tests.browser.helpers import ARTIFACTS, BROWSER_TEST, FIRST_SCREENS, log_in, table_against_bots

pytestmark = BROWSER_TEST

SCREENS = FIRST_SCREENS
WHAT_NOW = {"en": "What can I do?", "sw": "Naweza kufanya nini?"}


def speak(page, base_url, language):
    page.context.add_cookies([{"name": "django_language", "value": language, "url": base_url}])


def box(page, selector):
    return page.locator(selector).first.bounding_box()


@pytest.fixture
def day_one(make_user):
    """Wanjiru's table waiting for players, and a guest's finished game with bots."""
    wanjiru = make_user("wanjiru")
    create_table(wanjiru, "Kona", 4, "classic")
    guest = make_user("Guest-k3f9qz", is_guest=True)
    played = play_now.play_bots_now(guest, "random")
    Game.objects.filter(table=played).update(status=Game.Status.FINISHED)
    return wanjiru


@pytest.mark.parametrize("language", ["en", "sw"])
@pytest.mark.parametrize("screen", list(SCREENS))
def test_the_lobby_lists_what_one_can_join_and_uses_the_width(day_one, page, live_server, screen, language):
    size = SCREENS[screen]
    page.set_viewport_size(size)
    log_in(page, live_server.url, "wanjiru")
    speak(page, live_server.url, language)
    page.goto(live_server.url + reverse("games:lobby"))
    expect(page.locator("html")).to_have_attribute("lang", language)
    names = page.locator(".table-list__name")
    expect(names).to_have_text(["Kona"])
    assert "Guest-k3f9qz" not in page.content()
    page.screenshot(path=ARTIFACTS / f"lobby-{screen}-{language}.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    tables, play, create = box(page, ".lobby__tables"), box(page, ".lobby__play"), box(page, ".lobby__create")
    if size["width"] >= 1000:
        # The tables take the wide column, the two forms stand beside it: no lone narrow column.
        assert tables["width"] >= 500, tables
        assert play["x"] >= tables["x"] + tables["width"] and create["x"] >= tables["x"] + tables["width"]
        assert play["y"] < tables["y"] + tables["height"]
        assert tables["width"] + play["width"] >= 0.7 * size["width"]
    else:
        # One column: play at once first, then the tables, then a new table, each the screen's width.
        assert play["y"] < tables["y"] < create["y"]
        for panel in (tables, play, create):
            assert panel["x"] >= 0 and panel["x"] + panel["width"] <= size["width"]


@pytest.fixture
def wanjirus_turn(make_user):
    position = {"hands": ("7H 5S 9H", "4C 6C 7C"), "discard": ("4H",), "turn": 0}
    return table_against_bots(make_user("wanjiru"), "Jikoni", "classic", position=position)


@pytest.mark.parametrize("language", ["en", "sw"])
@pytest.mark.parametrize("screen", list(SCREENS))
def test_what_can_i_do_has_a_disclosure_marker(wanjirus_turn, page, live_server, screen, language):
    page.set_viewport_size(SCREENS[screen])
    log_in(page, live_server.url, "wanjiru")
    speak(page, live_server.url, language)
    page.goto(live_server.url + reverse("games:table", kwargs={"table_id": wanjirus_turn.pk}))
    summary = page.locator("[data-what-now] summary")
    expect(summary).to_have_text(WHAT_NOW[language])
    marker = "s => { const m = getComputedStyle(s, '::before'); return [m.content, m.transform, m.width]; }"
    content, closed, width = summary.evaluate(marker)
    assert "▸" in content and float(width.removesuffix("px")) > 0, (content, width)
    summary.click()
    expect(page.locator("[data-what-now]")).to_have_attribute("open", "")
    expect(page.locator("[data-what-now-list] li").first).to_be_visible()
    page.wait_for_function(
        "s => getComputedStyle(s, '::before').transform !== 'none'", arg=summary.element_handle()
    )
    assert closed == "none"
    page.screenshot(path=ARTIFACTS / f"what-now-{screen}-{language}.png")

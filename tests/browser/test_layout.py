"""The table page's layout at a phone's size (the pile, the hand and the actions on the first
screen; the move log, people and chat below) and a desktop's (the side column beside the
table), and no page scrolls sideways at 360 px."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from games.play.moves import resign
from tests.browser.helpers import (
    ARTIFACTS,
    BROWSER_TEST,
    EACH_SIZE,
    SIZES,
    act,
    log_in,
    my_turn_or_the_end,
    open_table,
    table_against_bots,
)

pytestmark = BROWSER_TEST


def box(page, selector):
    return page.locator(selector).first.bounding_box()


@pytest.mark.parametrize("size", EACH_SIZE)
def test_the_table_fits_the_screen(kona, page, live_server, size):
    open_table(page, live_server.url, kona, "wanjiru", size)
    act(page, page.locator("#table-area").element_handle(), "play", ["7H"])
    my_turn_or_the_end(page)
    first = page.locator("#move-log .move-log__item[value='1'] .card-chip")
    expect(first).to_have_attribute("data-card", "7H")
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=ARTIFACTS / f"table-{size}.png")
    screen = SIZES[size]
    assert page.evaluate("document.documentElement.scrollWidth") <= screen["width"]
    area, log = box(page, "#table-area"), box(page, "#move-log")
    if size == "phone":
        # The pile, the whole hand and the buttons without scrolling; the log below.
        for selector in (".board", ".hand", ".move-actions"):
            assert box(page, selector)["y"] + box(page, selector)["height"] <= screen["height"], selector
        assert log["y"] >= area["y"] + area["height"]
    else:
        assert log["x"] >= area["x"] + area["width"], "the log stands beside the table"
        assert log["y"] < area["y"] + area["height"]


@pytest.fixture
def finished_game(make_user):
    """A finished game: staff member amani resigned against a bot."""
    amani = make_user("amani", is_staff=True)
    game = table_against_bots(amani, "Pembeni", "classic").current_game()
    resign(game, amani)
    return game


def test_no_page_scrolls_sideways_on_a_phone(finished_game, page, live_server):
    game, table = finished_game, finished_game.table
    page.set_viewport_size(SIZES["phone"])
    pages = [
        reverse("games:lobby"),
        reverse("games:rules"),
        reverse("history:leaderboard"),
        reverse("login"),
        reverse("signup"),
    ]
    signed_in = [
        reverse("games:table", kwargs={"table_id": table.pk}),
        reverse("history:mine"),
        reverse("history:game", kwargs={"game_id": game.pk}),
        reverse("history:replay", kwargs={"game_id": game.pk}),
        reverse("history:import"),
        reverse("account_settings"),
        reverse("profile", args=["amani"]),
    ]
    for path in pages:
        page.goto(live_server.url + path)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, path
    icon = page.locator("link[rel=icon]").get_attribute("href")
    assert page.request.get(live_server.url + icon).ok, "every page has a favicon"
    log_in(page, live_server.url, "amani")
    for path in signed_in:
        page.goto(live_server.url + path)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, path

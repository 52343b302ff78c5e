"""A table of ten on two decks (issue 48, point 3): at 360x640, 320x568 and 1280x800, in English
and Swahili, the ten seats show in the order of play in the first screen, each name and card
count readable (none cut off), the seat to play and the jumped seat marked; the player's whole
turn (the hand, Play and Draw) stays in the first screen; no serious axe finding."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.helpers import (
    ARTIFACTS,
    BROWSER_TEST,
    FIRST_SCREENS,
    assert_in_first_screen,
    log_in,
    table_against_bots,
)
from tests.browser.test_accessibility import violations
from tests.engine.helpers import jump

pytestmark = BROWSER_TEST

SEATS = 10
# Wanjiru holds both copies of the seven of hearts; the nine bots a few cards each.
HANDS = (
    "7H 7H 5S 4C AD 9H QC",
    "KD QD 9C 6S",
    "8C 9S 3H 4D",
    "KC 10D 6H 5C",
    "QS 8D 5H 2S",
    "10C 9D 6D 3C",
    "KS JD 8H 4S",
    "QH 10S 7C 3S",
    "KH 8S 5D 2D",
    "JC 9C 6C 4H",
)
# A part of a seat cut off: its text wider than its box (an ellipsis), or its box out of the seat's.
CUT_OFF = """node => {
  const seat = node.closest(".player").getBoundingClientRect(), box = node.getBoundingClientRect();
  return node.scrollWidth > node.clientWidth + 1 || box.left < seat.left || box.right > seat.right + 1;
}"""


@pytest.fixture
def big_game(make_user):
    table = table_against_bots(
        make_user("wanjiru"),
        "Harusi",
        "classic",
        bots=("random",) * (SEATS - 1),
        rule_overrides={"decks": 2},
        # Wanjiru is to play, jumped by the jack the last seat played, unless she answers.
        position={"hands": HANDS, "discard": ("4H", "JH"), "turn": 0, "pending": jump(1, by=SEATS - 1)},
    )
    return table.current_game()


@pytest.mark.parametrize("language", ["en", "sw"])
@pytest.mark.parametrize("screen", FIRST_SCREENS)
def test_ten_seats_in_the_order_of_play_in_the_first_screen(big_game, page, live_server, screen, language):
    page.set_viewport_size(FIRST_SCREENS[screen])
    log_in(page, live_server.url, "wanjiru")
    page.context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page.goto(live_server.url + reverse("games:table", kwargs={"table_id": big_game.table.pk}))
    expect(page.locator("html")).to_have_attribute("lang", language)

    seats = page.locator("[data-ring] .player")
    expect(seats).to_have_count(SEATS)
    assert [int(seat.get_attribute("data-seat")) for seat in seats.all()] == list(range(SEATS))
    expect(seats.first).to_have_class(re.compile("player--to-play"))
    expect(seats.first).to_have_class(re.compile("player--jumped"))
    for seat in seats.all():
        assert_in_first_screen(page, seat, f"seat {seat.get_attribute('data-seat')}")
        for part in (seat.locator(".player__name"), seat.locator(".player__count")):
            assert part.evaluate(CUT_OFF) is False, part.text_content()
    names = [name.text_content() for name in page.locator("[data-ring] .player__name").all()]
    assert len(set(names)) == SEATS  # told apart
    expect(seats.nth(1).locator(".player__count")).to_contain_text("4")
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    expect(page.locator(".hand-card")).to_have_count(7)
    expect(page.locator('.hand-card[data-card="7H"]')).to_have_count(2)
    for button in (page.locator('[data-move-action="play"]'), page.locator('[data-move-action="accept"]')):
        assert_in_first_screen(page, button, "the turn's actions")
    assert violations(page) == []
    page.screenshot(path=ARTIFACTS / f"big-table-{screen}-{language}.png")

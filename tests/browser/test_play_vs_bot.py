"""A real browser signs up, opens a table with two bots and plays a whole game.

The player's strategy reads only what the page shows (the hand, the top card, the
active suit, the buttons offered), as a person would.
"""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.helpers import ARTIFACTS, BROWSER_TEST, act, my_turn_or_the_end

ANSWER_RANKS = ("4", "5", "6", "7", "9", "10")
MAX_TURNS = 300  # our own turns; a game against two bots ends long before

pytestmark = BROWSER_TEST


def rank_suit(card):
    return ("joker", None) if card.startswith("JK") else (card[:-1], card[-1])


def playable(hand, top, suit):
    """Single cards that follow the top card (any card after a joker), plain answers first."""
    top_rank, _ = rank_suit(top)
    matches = [c for c in hand if suit == "" or rank_suit(c)[1] == suit or rank_suit(c)[0] == top_rank]
    return sorted(matches, key=lambda c: rank_suit(c)[0] not in ANSWER_RANKS)


def read_table(page):
    return {
        "hand": page.locator(".hand-card").evaluate_all("cards => cards.map(c => c.dataset.card)"),
        "top": page.locator(".discard__top [data-card]").get_attribute("data-card"),
        "suit": page.locator("[data-suit]").get_attribute("data-suit"),
    }


def sign_up_and_open_a_table(page, base):
    page.goto(base + reverse("signup"))
    page.fill("#id_username", "wanjiru")
    page.fill("#id_password1", "a-long-enough-password-42")
    page.fill("#id_password2", "a-long-enough-password-42")
    page.get_by_role("button", name="Create account").click()
    expect(page.get_by_role("heading", name="Tables")).to_be_visible()

    page.fill("#id_name", "Browser table")
    page.select_option("#id_seat_count", "3")
    page.select_option("#id_preset", "friendly")
    page.get_by_role("button", name="Create table").click()
    expect(page.get_by_role("heading", name="Browser table")).to_be_visible()

    page.get_by_role("button", name="greedy bot").click()
    expect(page.locator(".seat--taken")).to_have_count(2)
    page.get_by_role("button", name="random bot").click()
    expect(page.locator(".seat--taken")).to_have_count(3)
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".game")).to_be_visible()


def test_a_game_against_two_bots_is_played_to_the_end(page, live_server):
    sign_up_and_open_a_table(page, live_server.url)

    for turn in range(MAX_TURNS):
        area = my_turn_or_the_end(page)
        if page.locator(".results").count():
            break
        table = read_table(page)
        if turn == 1:
            page.screenshot(path=ARTIFACTS / "game-phone.png")
        if page.locator('[data-move-action="accept"]').count():
            act(page, area, "accept")
            continue
        if page.locator(".game__pending").count() or not page.locator('[data-move-action="play"]').count():
            act(page, area, "draw")
            continue
        cards = playable(table["hand"], table["top"], table["suit"])
        act(page, area, "play" if cards else "draw", cards[:1])
        if page.locator(".move-error").count():  # a rule this strategy does not know: draw
            act(page, page.locator("#table-area").element_handle(), "draw")
    else:
        pytest.fail(f"no result after {MAX_TURNS} of our turns")

    expect(page.locator(".standing")).to_have_count(3)
    expect(page.get_by_role("button", name="Play again")).to_be_visible()
    page.screenshot(path=ARTIFACTS / "game-over-phone.png", full_page=True)

"""A player turns hints on in their finished game's replay and steps to their own turn with
the keyboard: the strongest bot's move and win chance appear there, fetched for that step."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.helpers import ARTIFACTS, BROWSER_TEST, log_in
from tests.history.helpers import new_game, play_to_the_end

pytestmark = BROWSER_TEST
GAMES_TRIED = 10


@pytest.fixture
def finished(user):
    """A finished game against a bot, and a step at amani's turn right after the bot's: the
    first of this test's games (games.play.seeds) that has one; a deal that ends before the
    bot has moved has none."""
    for _ in range(GAMES_TRIED):
        game = play_to_the_end(new_game(user, "friendly", bot_levels=("greedy",)))
        seats = list(game.moves.order_by("index").values_list("seat", flat=True))
        steps = (step for step in range(1, len(seats)) if seats[step] == 0 and seats[step - 1] == 1)
        mine = next(steps, None)
        if mine is not None:
            return game, mine
    pytest.fail(f"none of {GAMES_TRIED} games had amani's turn after the bot's")


def test_hints_show_at_my_turns(finished, page, live_server):
    game, mine = finished
    log_in(page, live_server.url, "amani")
    page.goto(live_server.url + reverse("history:replay", args=[game.pk]) + f"?step={mine - 1}")
    page.get_by_role("button", name="Show hints at my turns").click()
    expect(page.get_by_role("button", name="Hide hints")).to_be_visible()
    expect(page.locator(f'#replay-board[data-step="{mine - 1}"]')).to_be_visible()
    expect(page.locator(".replay-hint")).to_have_count(0)  # the bot's turn: no hint

    page.keyboard.press("ArrowRight")
    hint = page.locator(f'#replay-board[data-step="{mine}"] .replay-hint')
    expect(hint).to_contain_text("The strongest bot:")
    expect(hint).to_contain_text("chance of winning")
    assert page.url.endswith(f"?step={mine}&hints=1")
    page.screenshot(path=ARTIFACTS / "replay-hint.png", full_page=True)

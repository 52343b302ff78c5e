"""A real browser steps through a finished game's replay with the keyboard, then autoplays it."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from games.engine import replay
from tests.browser.helpers import ARTIFACTS, BROWSER_TEST, DESKTOP
from tests.history.helpers import new_game, play_to_the_end

pytestmark = BROWSER_TEST
CARD_TEXTS = "cards => cards.map(c => c.dataset.card)"


@pytest.fixture
def finished(user):
    """A game against two bots played to the end, and every state of it (set up before
    ``page``: the ORM does not run beside Playwright's event loop)."""
    game = play_to_the_end(new_game(user, "friendly", bot_levels=("greedy", "random")))
    moves = list(game.moves.order_by("index").values_list("text", flat=True))
    states = replay(game.engine_rules(), game.player_count, game.seed, moves, first=game.first_seat)
    assert len(states) > 4
    winner = game.players.get(seat=game.winner).user.name if game.winner is not None else None
    result = f"{winner} won." if winner else "The game is over, with no winner."
    return game, [state.to_dict() for state in states], result


def board_at(page, step):
    board = page.locator(f'#replay-board[data-step="{step}"]')
    expect(board).to_be_visible()
    return board


def hands_shown(board, players):
    return [
        board.locator(f'[data-seat="{seat}"] [data-card]').evaluate_all(CARD_TEXTS) for seat in range(players)
    ]


def test_stepping_through_a_replay_with_the_keyboard(finished, page, live_server):
    game, states, result = finished
    last = len(states) - 1
    page.set_viewport_size(DESKTOP)
    page.goto(live_server.url + reverse("history:replay", args=[game.pk]) + "?step=0")
    board = board_at(page, 0)
    assert hands_shown(board, game.player_count) == states[0]["hands"]

    page.keyboard.press("ArrowRight")
    board_at(page, 1)
    page.keyboard.press("ArrowRight")
    board = board_at(page, 2)
    assert hands_shown(board, game.player_count) == states[2]["hands"]
    top = board.locator(".discard__top [data-card]").get_attribute("data-card")
    assert top == states[2]["discard_pile"][-1]
    expect(page.locator('[data-move="2"]')).to_have_attribute("aria-current", "step")
    expect(page.locator("[data-slider]")).to_have_value("2")
    assert page.url.endswith("?step=2")

    page.keyboard.press("ArrowLeft")
    board_at(page, 1)
    expect(page.locator('[data-move="1"]')).to_have_attribute("aria-current", "step")

    page.keyboard.press("End")
    board = board_at(page, last)
    expect(board.locator(".game__status")).to_have_text(result)
    assert hands_shown(board, game.player_count) == states[last]["hands"]
    page.screenshot(path=ARTIFACTS / "replay-end.png", full_page=True)

    page.keyboard.press("Home")
    board_at(page, 0)
    expect(page.locator('[data-go="previous"]')).to_have_attribute("aria-disabled", "true")

    page.select_option("[data-speed]", "120")
    page.get_by_role("button", name="Play").click()
    page.wait_for_function("() => Number(document.getElementById('replay-board').dataset.step) >= 3")
    page.get_by_role("button", name="Pause").click()
    expect(page.get_by_role("button", name="Play")).to_have_attribute("aria-pressed", "false")
    expect(page.locator("[data-replay]")).to_have_attribute("aria-busy", "false")
    step = int(page.locator("#replay-board").get_attribute("data-step"))
    assert 3 <= step <= last
    page.reload()
    board_at(page, step)  # the address follows the steps: a reload opens the same one

"""After a move the table says what it did, to whom (issue 34, point 3), and a player whose seat
a stand-in bot took takes it back in one tap and plays on (point 4), at a phone's and a
desktop's size."""

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from games import bots
from games.models import Game, GamePlayer
from games.play.moves import submit_move
from games.play.server_turns import next_server_turn, play_server_turn
from games.play.starts import start_game
from games.play.tables import take_seat
from tests.browser.helpers import (
    ARTIFACTS,
    BROWSER_TEST,
    EACH_SIZE,
    act,
    off_the_loop,
    open_table,
    table_against_bots,
)
from tests.games.helpers import put_position

pytestmark = BROWSER_TEST


@pytest.fixture
def penalty_to_give(make_user):
    """A classic table: Wanjiru to play a 2♥ on the 7♥ at the greedy bot, who cannot counter."""
    position = {"hands": ("2H 5S 9S 4D", "4C 6C 7C"), "discard": ("7H",), "turn": 0}
    return table_against_bots(make_user("wanjiru"), "Jikoni", "classic", position=position)


@pytest.mark.parametrize("size", EACH_SIZE)
def test_after_a_move_the_table_says_what_it_did_to_whom(penalty_to_give, page, live_server, size):
    open_table(page, live_server.url, penalty_to_give, "wanjiru", size)
    expect(page.locator(".game__status")).to_have_text("Your turn.")
    act(page, page.locator("#table-area").element_handle(), "play", ["2H"])
    log = page.locator(".move-log")
    expect(log).to_contain_text("draws 2 cards unless they counter.")
    expect(log).to_contain_text("drew 2 cards for the penalty")  # the bot paid
    expect(page.locator(".move-words__outcome").first).to_be_visible()
    page.screenshot(path=ARTIFACTS / f"outcome-{size}.png")


@pytest.fixture
def seat_taken(make_user, settings):
    """Wanjiru (seat 0), a greedy bot and Baraka (away); Wanjiru's turn ran out once with
    MISSED_TURNS_BEFORE_BOT at 1, so a greedy stand-in holds her seat; then the timer is off."""
    settings.MISSED_TURNS_BEFORE_BOT = 1
    settings.AWAY_GRACE_SECONDS = 600
    wanjiru, baraka = make_user("wanjiru"), make_user("baraka")
    table = table_against_bots(wanjiru, "Mtaani", "classic", bots=("greedy",), start=False)
    table.seat_count = 3
    table.save()
    take_seat(table, baraka)
    game = start_game(table, wanjiru)
    hands = ("7H 5S 4C", "9C 8C KC", "4D 6D 10S")
    put_position(game, hands=hands, discard=("7D",), draws=("2S", "3S"), turn=0)
    table.turn_timer_seconds = 20
    table.save()
    Game.objects.filter(pk=game.pk).update(updated_at=timezone.now() - timedelta(seconds=21))
    assert play_server_turn(next_server_turn(table.pk)).handed_to_bot
    table.turn_timer_seconds = None
    table.save()
    return game, baraka


def baraka_plays(game, baraka):
    """Baraka's turn (once the bot has played), made from another thread."""
    def play():
        current = Game.objects.get(pk=game.pk)
        while current.turn == 2:  # a draw, maybe then a pass
            submit_move(game.pk, baraka, str(bots.forfeit_move(current.engine_state())))
            current = Game.objects.get(pk=game.pk)

    off_the_loop(play)


@pytest.mark.parametrize("size", EACH_SIZE)
def test_a_player_takes_their_seat_back_and_plays(seat_taken, page, live_server, size):
    game, baraka = seat_taken
    open_table(page, live_server.url, game.table, "wanjiru", size)
    log = page.locator(".move-log")
    expect(log).to_contain_text("Time ran out: the server played for wanjiru.")
    expect(log).to_contain_text("a bot takes their seat until they come back.")
    back = page.get_by_role("button", name="Take your seat back")
    expect(back).to_be_visible()
    expect(page.locator(".game__status")).to_contain_text("baraka to play")  # the bot played
    page.screenshot(path=ARTIFACTS / f"seat-return-{size}.png")

    back.click()

    expect(back).to_have_count(0)
    expect(page.locator(".hand-card")).to_have_count(4)  # her hand again: 7♥ 5♠ 4♣ and the 2♠ drawn
    assert not off_the_loop(lambda: GamePlayer.objects.get(game=game, seat=0).left)
    baraka_plays(game, baraka)
    expect(page.locator(".game__status")).to_have_text("Your turn.")
    act(page, page.locator("#table-area").element_handle(), "play", ["7H"])
    expect(page.locator(".move-log__item").first).to_contain_text("wanjiru 7♥")

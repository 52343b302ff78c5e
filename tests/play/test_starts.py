"""games.play.starts: starting a game and playing again, on a real database."""

import pytest

from games.models import Game
from games.play.errors import ServiceError
from games.play.moves import resign, submit_move
from games.play.starts import decline_rematch, rematch, start_game
from games.play.tables import add_bot, create_table, remove_bot, take_seat
from tests.play.helpers import reload, user_to_move

pytestmark = pytest.mark.django_db


def test_start_game_freezes_rules_players_and_seed(table, user, baraka):
    take_seat(table, baraka, position=3)
    bot = add_bot(table, "random").user  # position 1
    game = start_game(table, user)
    assert (game.number, game.status, game.player_count, game.first_seat, game.move_count) == (
        1,
        Game.Status.RUNNING,
        3,
        0,
        0,
    )
    assert game.rules == table.rules().to_dict()
    assert 0 <= game.seed < 2**63
    assert [(p.seat, p.user) for p in game.players.all()] == [(0, user), (1, bot), (2, baraka)]
    state = reload(game).engine_state()
    assert state.seed == game.seed and state.players == 3 and state.turn == 0


def test_start_game_needs_two_seated_players_and_a_seated_starter(table, user, baraka, make_user):
    with pytest.raises(ServiceError, match="At least two players"):
        start_game(table, user)
    take_seat(table, baraka)
    with pytest.raises(ServiceError, match="Take a seat"):
        start_game(table, make_user("chebet"))
    assert not Game.objects.exists()


def test_one_game_at_a_time_and_no_bot_removal_during_it(table, game, user):
    with pytest.raises(ServiceError, match="already running"):
        start_game(table, user)
    seat = add_bot(table, "greedy")  # joins the next game
    remove_bot(table, seat.position)
    bot_in_game = add_bot(create_table(user, "Bots", 2, "classic"), "greedy")
    start_game(bot_in_game.table, user)
    with pytest.raises(ServiceError, match="stays until the end"):
        remove_bot(bot_in_game.table, bot_in_game.position)


def test_changing_the_table_rules_changes_only_the_next_game(table, game, user, baraka):
    before = game.rules
    table.rule_overrides = {"jokers": 0, "hand_size": 6}
    table.save()
    game = reload(game)
    assert game.rules == before and game.engine_state().rules.hand_size == 4
    submit_move(game.pk, user, "draw")
    assert reload(game).engine_state().rules.jokers == 2
    resign(game, baraka)
    assert rematch(table, user) is None  # an offer: baraka is yet to accept
    following = rematch(table, baraka)
    assert following.rules["hand_size"] == 6 and following.rules["jokers"] == 0
    assert all(len(hand) == 6 for hand in following.engine_state().hands)


def test_rematch_is_started_by_the_previous_winner(table, game, user, baraka):
    with pytest.raises(ServiceError, match="already running"):
        rematch(table, user)
    resign(game, user)  # baraka, seat 1, wins
    assert reload(game).winner == 1
    rematch(table, user)
    second = rematch(table, baraka)
    assert (second.number, second.first_seat, second.turn) == (2, 1, 1)
    assert user_to_move(second) == baraka


def test_play_again_waits_for_every_seated_player_bots_accept_at_once(table, game, user, baraka, chebet):
    add_bot(table, "greedy")
    take_seat(table, chebet)  # seated after the game began: asked too
    resign(game, baraka)
    game = reload(game)
    assert rematch(table, user) is None
    assert sorted(reload(game).rematch_accepted) == sorted([user.pk, table.seats.get(position=2).user_id])
    decline_rematch(table, chebet)
    game = reload(game)
    assert (game.rematch_accepted, game.rematch_declined_by) == ([], chebet)
    assert rematch(table, baraka) is None and rematch(table, user) is None
    following = rematch(table, chebet)
    assert following.player_count == 4 and table.current_game() == following
    with pytest.raises(ServiceError, match="already running"):
        rematch(table, user)


def test_only_a_seated_player_answers_an_offer(table, game, user, baraka, make_user):
    resign(game, baraka)
    with pytest.raises(ServiceError, match="Take a seat"):
        rematch(table, make_user("mgeni"))
    with pytest.raises(ServiceError, match="Take a seat"):
        decline_rematch(table, make_user("mpita"))


def test_rematch_needs_a_previous_game(table, user, baraka):
    take_seat(table, baraka)
    with pytest.raises(ServiceError, match="no game to play again"):
        rematch(table, user)

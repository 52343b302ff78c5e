"""games.play.moves: moves and resignations, on a real database."""

import gc
import threading

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.engine import replay
from games.models import Game, Move, Seat
from games.play.errors import ServiceError, StaleMove
from games.play.moves import resign, submit_move
from games.play.server_turns import (
    next_server_turn,
    play_bot_move,
    play_server_turn,
)
from games.play.starts import start_game
from games.play.tables import add_bot, create_table, leave_seat, take_seat
from tests.engine.helpers import jump
from tests.games.helpers import put_position
from tests.play.helpers import good_move, reload, user_to_move

pytestmark = pytest.mark.django_db


def test_a_move_is_appended_and_the_position_saved(game, user):
    before = reload(game).engine_state()
    row = submit_move(game.pk, user, "draw").row
    game = reload(game)
    assert (row.index, row.seat, row.text) == (0, 0, "draw")
    assert (game.move_count, game.seq, game.turn) == (1, 1, 1)
    assert game.engine_state() == before.apply("draw")


def games_held(game_id):
    """The objects of the game ``game_id`` alive now: with the collector off, those a
    reference cycle keeps are among them."""
    return sum(1 for held in gc.get_objects() if isinstance(held, Game) and held.pk == game_id)


def lets_go_of_its_game(game_id, change):
    """Whether ``change()`` leaves no object of the game behind for the collector."""
    gc.collect()
    gc.disable()
    try:
        before = games_held(game_id)
        change()
        return games_held(game_id) == before
    finally:
        gc.enable()


@pytest.mark.django_db(transaction=True)  # the change is announced when the move commits
def test_a_move_made_lets_go_of_its_game_without_the_garbage_collector(game, user):
    """Its rows (the move, the players) point back at the game: a reference cycle would keep
    the game, its position and players until a collector's pass, which stalls the process."""
    assert lets_go_of_its_game(game.pk, lambda: submit_move(game.pk, user, "draw"))


@pytest.mark.django_db(transaction=True)
def test_a_resignation_lets_go_of_its_game_without_the_garbage_collector(user, baraka, make_user):
    table = create_table(user, "Three", 3, "friendly")
    take_seat(table, baraka)
    take_seat(table, make_user("chebet"))
    game = start_game(table, user)
    assert lets_go_of_its_game(game.pk, lambda: resign(game.pk, baraka))
    assert reload(game).is_running  # the game goes on without baraka


@pytest.mark.parametrize("played_by", ["the turn clock", "a page's poll"])
@pytest.mark.django_db(transaction=True)
def test_a_bots_move_lets_go_of_its_game_without_the_garbage_collector(user, settings, played_by):
    settings.BOT_DELAY = 0
    table = create_table(user, "Bot", 2, "classic")
    add_bot(table, "greedy")
    game = start_game(table, user)
    if game.turn == 0:
        submit_move(game.pk, user, "draw")
    if played_by == "the turn clock":
        turn = next_server_turn(table.pk)
        assert lets_go_of_its_game(game.pk, lambda: play_server_turn(turn))
    else:
        assert lets_go_of_its_game(game.pk, lambda: play_bot_move(game.pk))
    assert Move.objects.filter(game=game, seat=1).exists()


def test_move_text_is_stored_in_its_canonical_form(game, user):
    state = put_position(game, hands=["7H 7S 4C", "9D 5D"], discard=["7D"])
    row = submit_move(game.pk, user, "  7h   7s  ").row
    assert row.text == "7H 7S"
    assert reload(game).engine_state() == state.apply("7H 7S")


@pytest.mark.parametrize("text", ["4C", "KH", "fold", ""])
def test_an_illegal_move_is_refused_with_the_engines_reason_and_changes_nothing(game, user, text):
    put_position(game, hands=["7H 7S 4C", "9D 5D"], discard=["7D"])
    before = reload(game)
    with pytest.raises(ServiceError, match="That move is not allowed: .+"):
        submit_move(game.pk, user, text)
    after = reload(game)
    assert (after.state, after.move_count, after.seq) == (before.state, before.move_count, before.seq)
    assert not Move.objects.exists()


def test_a_misplay_under_the_penalty_rule_is_a_move(user, baraka):
    table = create_table(user, "Classic", 2, "classic")
    take_seat(table, baraka)
    game = start_game(table, user)
    put_position(game, hands=["7H 7S 4C", "9D 5D"], discard=["7D"])
    row = submit_move(game.pk, user, "4C").row  # does not match: the cards stay, 2 are drawn
    assert row.text == "4C"
    assert len(reload(game).engine_state().hands[0]) == 5


def test_only_the_player_to_move_may_move(game, baraka, make_user):
    with pytest.raises(ServiceError, match="It is not your turn."):
        submit_move(game.pk, baraka, "draw")
    with pytest.raises(ServiceError, match="not playing in this game"):
        submit_move(game.pk, make_user("chebet"), "draw")
    with pytest.raises(ServiceError, match="no such game"):
        submit_move(99999, baraka, "draw")


def test_a_move_against_an_old_position_is_refused(game, user, baraka):
    submit_move(game.pk, user, "draw", expected_move_count=0)
    with pytest.raises(StaleMove, match="moved on"):
        submit_move(game.pk, baraka, "draw", expected_move_count=0)
    submit_move(game.pk, baraka, "draw", expected_move_count=1)
    assert reload(game).move_count == 2


def test_the_same_move_submitted_twice_applies_once(game, user):
    """A double click: the second request carries the same expected count."""
    submit_move(game.pk, user, "draw", expected_move_count=0)
    with pytest.raises(StaleMove):
        submit_move(game.pk, user, "draw", expected_move_count=0)
    assert list(reload(game).moves.values_list("text", flat=True)) == ["draw"]


def test_a_resent_client_move_id_is_refused(game, user, baraka):
    submit_move(game.pk, user, "draw", client_move_id="m-1")
    with pytest.raises(StaleMove, match="already made"):
        submit_move(game.pk, user, "draw", client_move_id="m-1")
    submit_move(game.pk, baraka, "draw", client_move_id="m-2")
    assert reload(game).move_count == 2


def test_a_client_move_id_used_before_is_refused_for_a_new_move_too(game, user, baraka):
    """Its unique constraint refuses the move's row: the whole move is undone."""
    submit_move(game.pk, user, "draw", client_move_id="m-1")
    submit_move(game.pk, baraka, "draw", client_move_id="m-2")
    before = reload(game)
    with pytest.raises(StaleMove, match="already made"):
        submit_move(game.pk, user, "draw", client_move_id="m-1", expected_seq=before.seq)
    after = reload(game)
    assert (after.move_count, after.seq, after.state) == (before.move_count, before.seq, before.state)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="SQLite has no row locks to race on")
@pytest.mark.django_db(transaction=True)
def test_concurrent_submissions_of_one_move_apply_it_once(user, baraka):
    table = create_table(user, "Race", 2, "friendly")
    take_seat(table, baraka)
    game = start_game(table, user)
    barrier = threading.Barrier(2)
    outcomes = []

    def submit():
        try:
            barrier.wait()
            submit_move(game.pk, user, "draw", expected_move_count=0)
            outcomes.append("applied")
        except StaleMove:
            outcomes.append("stale")
        finally:
            connection.close()

    threads = [threading.Thread(target=submit) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["applied", "stale"]
    assert reload(game).move_count == 1 and Move.objects.filter(game=game).count() == 1


def test_a_move_costs_the_same_queries_early_and_late(game, user, baraka):
    def queries_for_a_draw(who):
        with CaptureQueriesContext(connection) as captured:
            submit_move(game.pk, who, "draw")
        return len(captured)

    early = queries_for_a_draw(user)
    for _ in range(20):
        submit_move(game.pk, baraka, "draw")
        submit_move(game.pk, user, "draw")
    assert queries_for_a_draw(baraka) == early


def test_a_forced_accept_is_played_by_the_server(three, user, chebet):
    game = three
    put_position(game, hands=["JH 4C", "9D 5D", "9S 5S"], discard=["7H"])
    submit_move(game.pk, user, "JH")
    game = reload(game)
    assert list(game.moves.values_list("seat", "text")) == [(0, "JH"), (1, "accept")]
    assert user_to_move(game) == chebet and game.move_count == 2


def test_a_jump_that_can_be_countered_waits_for_the_player(game, user, baraka):
    put_position(game, hands=["4C 6C", "JD 5D"], discard=["7H"], turn=1, pending=jump(1, 0))
    assert reload(game).move_count == 0
    submit_move(game.pk, baraka, "accept")
    assert reload(game).turn == 0


def test_a_game_played_to_the_end_stores_its_result_and_replays(game, user, baraka):
    while reload(game).is_running:
        submit_move(game.pk, user_to_move(game), good_move(game))
    game = reload(game)
    state = game.engine_state()
    assert state.finished and game.status == Game.Status.FINISHED and game.finished_at
    assert game.turn is None and game.winner == state.winner
    assert [p.place for p in game.players.all()] == state.places()
    moves = list(game.moves.values_list("text", flat=True))
    assert len(moves) == game.move_count == state.turns
    assert replay(game.engine_rules(), 2, game.seed, moves, first=game.first_seat)[-1] == state
    with pytest.raises(ServiceError, match="This game is over."):
        submit_move(game.pk, user, "draw")


def test_resigning_a_two_player_game_ends_it(game, user, baraka):
    resign(game, baraka)
    game = reload(game)
    assert (game.status, game.winner) == (Game.Status.FINISHED, 0)
    assert [(p.place, p.left) for p in game.players.all()] == [(1, False), (2, True)]
    with pytest.raises(ServiceError, match="This game is over."):
        resign(game, user)


def test_a_resignation_is_a_move_and_the_seat_is_passed_over(three, user, baraka, chebet):
    game = three
    resign(game, user)  # seat 0, to move: the turn passes on, nobody draws for them
    game = reload(game)
    assert game.is_running and list(game.moves.values_list("seat", "text")) == [(0, "resign 0")]
    assert game.turn == 1 and game.engine_state().hands[0] == ()
    with pytest.raises(ServiceError, match="not playing in this game"):
        resign(game, user)
    while reload(game).is_running:
        submit_move(game.pk, user_to_move(game), good_move(game))
    game = reload(game)
    assert list(game.moves.filter(seat=0).values_list("text", flat=True)) == ["resign 0"]
    places = {p.user: p.place for p in game.players.all()}
    assert places[user] == 3 and sorted([places[baraka], places[chebet]]) == [1, 2]


def test_an_out_of_turn_resignation_keeps_the_turn(user, baraka, make_user):
    table = create_table(user, "Three", 3, "classic")
    take_seat(table, baraka)
    take_seat(table, make_user("chebet"))
    game = start_game(table, user)
    resign(game, baraka)
    game = reload(game)
    assert game.turn == 0 and game.seq == 1
    assert list(game.moves.values_list("seat", "text")) == [(1, "resign 1")]
    submit_move(game.pk, user, "draw")
    assert reload(game).turn == 2  # seat 1 is passed over


def test_resigning_leaves_no_game_to_bots_alone(user):
    table = create_table(user, "Bots", 3, "classic")
    add_bot(table, "greedy")
    add_bot(table, "random")
    game = start_game(table, user)
    put_position(game, hands=["4C 6C 9C", "9D", "5S 6S"], discard=["7H"])
    resign(game, user)
    game = reload(game)
    assert game.status == Game.Status.FINISHED and game.winner == 1
    assert [p.place for p in game.players.all()] == [3, 1, 2]


def test_leaving_a_seat_during_a_game_resigns_it(table, game, baraka):
    leave_seat(table, baraka)
    game = reload(game)
    assert not game.is_running and game.players.get(user=baraka).left
    assert not Seat.objects.filter(user=baraka).exists()


def test_play_on_places_every_player_in_the_order_they_finished_and_rates_by_it(user, baraka, make_user):
    from history.models import RatingChange

    table = create_table(user, "On", 3, "friendly")
    table.rule_overrides = {"play_on": True}
    table.save()
    take_seat(table, baraka)
    chebet = make_user("chebet")
    take_seat(table, chebet)
    game = start_game(table, user)
    put_position(game, hands=["5H", "6H 9H", "4D 6D 10D"], discard=["7H"])
    submit_move(game.pk, user, "5H")  # first place; the others play on
    game = reload(game)
    assert game.is_running and game.engine_state().placed == (1, 0, 0)
    submit_move(game.pk, baraka, "6H")
    submit_move(game.pk, chebet, "draw")
    submit_move(game.pk, baraka, "9H")
    game = reload(game)
    assert not game.is_running and game.winner == 0
    assert [p.place for p in game.players.order_by("seat")] == [1, 2, 3]
    changes = RatingChange.objects.filter(game=game)
    gained = {change.user: change.mu_after - change.mu_before for change in changes}
    assert gained[user] > gained[baraka] > gained[chebet]


def test_a_player_out_of_play_cannot_resign(user, baraka, make_user):
    table = create_table(user, "On", 3, "friendly")
    table.rule_overrides = {"play_on": True}
    table.save()
    take_seat(table, baraka)
    take_seat(table, make_user("chebet"))
    game = start_game(table, user)
    put_position(game, hands=["5H", "6H 9H", "4D 6D 10D"], discard=["7H"])
    submit_move(game.pk, user, "5H")  # first place, out of play
    seq = reload(game).seq
    with pytest.raises(ServiceError, match="no longer in play"):
        resign(game, user)
    game = reload(game)
    assert game.seq == seq and not game.players.get(user=user).left

"""A move outside any transaction, on PostgreSQL, as a table's websocket makes it: when the
move is the whole change, its row and the new position are written in one statement
against the game as it was read (``moves._write_in_one_statement``); whatever else a move does,
and a game that something else changed meanwhile, take the locked transaction. Either
way the result is the same.

Made on the game a process keeps (``moves.submit_table_move`` with ``known``, as a
table's websocket makes it from ``games.live.readings.game_at``), the move is the one
statement, which also checks the table's last change: a game or a table changed since is
never written over, and a refusal is judged on the game as read."""

import gc
import threading
import weakref

import pytest
from django.db import connection, connections
from django.test.utils import CaptureQueriesContext

from games import signals
from games.models import Game, GamePlayer, Move
from games.play import kept_players
from games.play.errors import MoveRefused, NotNow, StaleMove
from games.play.moves import submit_move, submit_table_move
from tests.games.helpers import put_position

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="a data-modifying WITH is PostgreSQL's"),
]


@pytest.fixture
def news():
    """The changes announced (``signals.table_changed``), as the live layer hears them."""
    heard = []

    def hear(sender, table_id, change, **kwargs):
        heard.append(change)

    signals.table_changed.connect(hear)
    yield heard
    signals.table_changed.disconnect(hear)


def reload(game):
    return Game.objects.get(pk=game.pk)


def statements(call):
    with CaptureQueriesContext(connection) as captured:
        result = call()
    return [query["sql"].split()[0] for query in captured], result


def test_a_move_written_alone_is_let_go_without_the_garbage_collector(three, user, baraka):
    put_position(three, hands=["4C 9H", "9D 5D", "9S 5S"], discard=["4H"])
    submit_move(three.pk, user, "4C")  # keeps the game's players in this process
    gc.disable()
    try:
        row = submit_move(three.pk, baraka, "draw", client_move_id="b1").row
        written = weakref.ref(row.game)
        del row
        assert written() is None  # no reference cycle kept it
    finally:
        gc.enable()


def test_a_move_is_two_statements_read_and_written_and_announced(three, user, baraka, news):
    put_position(three, hands=["4C 9H", "9D 5D", "9S 5S"], discard=["4H"])
    submit_move(three.pk, user, "4C")  # keeps the game's players in this process
    assert kept_players.take(reload(three)) is not None
    made, written = statements(lambda: submit_move(three.pk, baraka, "draw", client_move_id="b1"))
    row = written.row
    assert made == ["SELECT", "WITH"]  # the game and its table; the move and the position
    game = reload(three)
    assert (game.move_count, game.seq, game.turn) == (2, 2, 2)
    assert game.state == game.engine_state().to_dict() and len(game.engine_state().hands[1]) == 3
    stored = Move.objects.get(pk=row.pk)
    written = (stored.index, stored.seat, stored.text, stored.drew, stored.client_move_id)
    assert written == (1, 1, "draw", 1, "b1")
    change = news[-1]
    assert (change.base_seq, change.game.seq, [m.pk for m in change.moves]) == (1, 2, [row.pk])
    assert change.state.to_dict() == game.state


@pytest.mark.parametrize("count", [5, 500])
def test_a_move_costs_the_same_statements_at_any_move(three, user, baraka, count):
    Move.objects.bulk_create(Move(game=three, index=i, seat=i % 3, text="draw") for i in range(count))
    Game.objects.filter(pk=three.pk).update(move_count=count, seq=count)
    put_position(reload(three), hands=["4C 9H", "9D 5D", "9S 5S"], discard=["4H"])
    submit_move(three.pk, user, "4C")
    made, _ = statements(lambda: submit_move(three.pk, baraka, "draw"))
    assert made == ["SELECT", "WITH"] and reload(three).move_count == count + 2


def test_a_moves_statements_are_prepared_on_their_connection(three, user, baraka, chebet):
    """Values travel apart from the SQL (settings: server-side binding) and a statement run
    five times on a connection is prepared there: PostgreSQL parses and plans a move's
    statements once per connection, not at every move."""
    put_position(three, hands=["4C 9H", "9D 5D", "9S 5S"], discard=["4H"])
    for turn in range(6):
        submit_move(three.pk, [user, baraka, chebet][turn % 3], "draw")
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        prepared = [text.split()[0] for (text,) in cursor.fetchall()]
    assert "WITH" in prepared and "SELECT" in prepared


def test_a_move_that_a_forced_move_follows_records_both(three, user, news):
    put_position(three, hands=["JH 4C", "9D 5D", "9S 5S"], discard=["7H"])
    submit_move(three.pk, user, "JH")
    game = reload(three)
    assert list(game.moves.values_list("seat", "text")) == [(0, "JH"), (1, "accept")]
    assert (game.move_count, game.seq, game.turn) == (2, 2, 2)
    assert [m.text for m in news[-1].moves] == ["JH", "accept"]


def test_the_last_card_ends_the_game_with_its_result(three, user):
    put_position(three, hands=["4C", "9D 5D", "9S 5S 3S"], discard=["4H"])
    submit_move(three.pk, user, "4C")
    game = reload(three)
    assert game.status == Game.Status.FINISHED and game.winner == 0 and game.turn is None
    assert list(game.players.order_by("seat").values_list("place", flat=True)) == [1, 2, 3]


def test_a_players_missed_turns_are_cleared_by_their_move(three, user):
    put_position(three, hands=["4C 9H", "9D 5D", "9S 5S"], discard=["4H"])
    GamePlayer.objects.filter(game=three, seat=0).update(missed_turns=2)
    submit_move(three.pk, user, "4C")
    assert GamePlayer.objects.get(game=three, seat=0).missed_turns == 0
    assert reload(three).move_count == 1


def test_refused_and_resent_moves_change_nothing(three, user, baraka):
    put_position(three, hands=["4C 9H", "9D 5D", "9S 5S"], discard=["4H"])
    with pytest.raises(MoveRefused):
        submit_move(three.pk, user, "9D")  # not in the hand
    with pytest.raises(StaleMove):
        submit_move(three.pk, user, "4C", expected_seq=5)
    submit_move(three.pk, user, "4C", client_move_id="x")
    with pytest.raises(StaleMove, match="already made"):
        submit_move(three.pk, user, "9H", client_move_id="x")
    game = reload(three)
    assert (game.move_count, game.seq) == (1, 1) and game.moves.count() == 1


def changed_while_the_move_waits(game, move):
    """Run ``move`` in a thread while this test's other connection holds the game's row
    lock; once the move's write waits for that lock, the other connection moves the game's
    event number on (as any other change does) and commits. The move's outcome: what it wrote or
    its exception."""
    other = connections.create_connection("default")
    outcome = {}

    def run():
        try:
            outcome["written"] = move()
        except Exception as error:  # noqa: BLE001 - handed back to the test
            outcome["error"] = error
        finally:
            connections.close_all()

    try:
        with other.cursor() as cursor:
            cursor.execute("BEGIN")
            cursor.execute("SELECT seq FROM games_game WHERE id = %s FOR UPDATE", [game.pk])
            thread = threading.Thread(target=run)
            thread.start()
            waiting = 0
            while waiting == 0 and thread.is_alive():  # until the move's statement waits for the lock
                cursor.execute(
                    "SELECT count(*) FROM pg_locks WHERE NOT granted AND locktype = 'transactionid'"
                )
                waiting = cursor.fetchone()[0]
            cursor.execute("UPDATE games_game SET seq = seq + 1 WHERE id = %s", [game.pk])
            cursor.execute("COMMIT")
        thread.join(timeout=30)
    finally:
        other.close()
    return outcome


def test_a_move_whose_game_changed_meanwhile_is_made_under_the_lock(three, user, news):
    put_position(three, hands=["4C 9H", "9D 5D", "9S 5S"], discard=["4H"])
    outcome = changed_while_the_move_waits(three, lambda: submit_move(three.pk, user, "4C"))
    assert "error" not in outcome
    game = reload(three)
    assert (game.move_count, game.seq) == (1, 2)
    assert list(game.moves.values_list("index", "text")) == [(0, "4C")]
    assert news[-1].base_seq == 1 and news[-1].game.seq == 2


def test_a_move_shown_at_an_event_that_passed_meanwhile_is_stale(three, user):
    put_position(three, hands=["4C 9H", "9D 5D", "9S 5S"], discard=["4H"])
    outcome = changed_while_the_move_waits(three, lambda: submit_move(three.pk, user, "4C", expected_seq=0))
    assert isinstance(outcome.get("error"), StaleMove)
    game = reload(three)
    assert (game.move_count, game.seq) == (0, 1) and not game.moves.exists()


def known(game):
    """The game and its table as a process keeps them, as ``submit_table_move`` asks for them."""
    kept = Game.objects.select_related("table").get(pk=game.pk)
    return kept, lambda: kept


def moved_once(game, user):
    """amani's first move (it keeps the game's players here); the game after it."""
    put_position(reload(game), hands=["4C 9H", "9D 5D", "9S 5S"], discard=["4H"])
    submit_move(game.pk, user, "4C")
    return reload(game)


@pytest.mark.parametrize("count", [5, 500])
def test_a_move_on_a_known_game_is_one_statement_at_any_move(three, user, baraka, count, news):
    Move.objects.bulk_create(Move(game=three, index=i, seat=i % 3, text="draw") for i in range(count))
    Game.objects.filter(pk=three.pk).update(move_count=count, seq=count)
    kept, ask = known(moved_once(three, user))

    made, written = statements(lambda: submit_table_move(kept.table_id, baraka, "draw", "b1", kept.seq, ask))
    row = written.row

    assert made == ["WITH"]  # the move and the position, nothing read
    after = reload(three)
    assert (after.move_count, after.seq, after.turn) == (count + 2, count + 2, 2)
    assert Move.objects.get(pk=row.pk).index == count + 1
    assert news[-1].base_seq == count + 1 and news[-1].game.seq == count + 2


def test_a_game_that_moved_on_since_it_was_kept_is_not_written_over(three, user, baraka):
    game = moved_once(three, user)
    kept, ask = known(game)
    Game.objects.filter(pk=game.pk).update(seq=game.seq + 1)  # another process's change

    with pytest.raises(StaleMove):
        submit_table_move(game.table_id, baraka, "draw", "b1", kept.seq, ask)

    after = reload(three)
    assert (after.move_count, after.seq) == (1, 2) and after.moves.count() == 1


def test_a_table_changed_since_it_was_kept_travels_with_the_move(three, user, baraka, news):
    game = moved_once(three, user)
    kept, ask = known(game)
    table = game.table
    table.turn_timer_seconds = 30  # as the admin saves it
    table.save()

    made, _ = statements(lambda: submit_table_move(game.table_id, baraka, "draw", "b1", kept.seq, ask))

    assert made[0] == "WITH" and "SELECT" in made  # written nothing, then made under the lock
    assert reload(three).move_count == 2
    assert news[-1].game.table.turn_timer_seconds == 30


def test_a_move_refused_on_a_known_game_is_judged_on_the_database(three, user, baraka):
    game = moved_once(three, user)
    kept = known(game)

    made, refusal = statements(lambda: refused(kept, user))  # chebet is to play, not amani

    assert isinstance(refusal, NotNow)
    assert made == ["SELECT", "SELECT"]  # the game read, and whether the move was made already
    assert reload(three).move_count == 1


def refused(known_game, user):
    kept, ask = known_game
    try:
        submit_table_move(kept.table_id, user, "9H", "a2", kept.seq, ask)
    except NotNow as refusal:
        return refusal
    return None

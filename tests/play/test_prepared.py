"""The move's statements compiled once (``games.play.prepared``) do what the ORM does: a query
gives the instance with every field converted as read, its related row in the cache, and
the row of the value asked, not of the one it was compiled with; an insert and an update
write what ``save()`` writes, and the two together (PostgreSQL) both or neither."""

import pytest
from django.db import DatabaseError, IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext

from games.models import Game, GamePlayer, Move, Table
from games.play import row_values
from games.play.prepared import Prepared, PreparedInsert, PreparedInsertIfUpdated, PreparedUpdate
from games.play.starts import start_game
from games.play.tables import create_table, take_seat

pytestmark = pytest.mark.django_db


def with_table(game_id):
    return Game.objects.select_related("table").filter(pk=game_id)


def test_the_instance_is_the_orms_with_its_related_row_cached(game):
    game.table.rule_overrides = {"max_turns": 300}
    game.table.save()
    prepared = Prepared(with_table).first(game.pk)
    expected = with_table(game.pk).get()
    assert row_values.values(prepared) == row_values.values(expected)
    assert isinstance(prepared.state, dict) and prepared.state == expected.state  # JSON converted
    assert not prepared._state.adding and prepared._state.db == "default"
    with CaptureQueriesContext(connection) as captured:
        assert row_values.values(prepared.table) == row_values.values(expected.table)
        assert prepared.table.rule_overrides == {"max_turns": 300}
    assert len(captured) == 0


def test_each_call_reads_the_row_of_its_own_value(game, make_user):
    owner = make_user("chausiku")
    other_table = create_table(owner, "Mbili", 2, "friendly")
    take_seat(other_table, make_user("dalila"))
    other = start_game(other_table, owner)
    prepared = Prepared(with_table)
    assert prepared.first(game.pk).table.name == game.table.name
    assert prepared.first(other.pk).table.name == "Mbili"
    assert prepared.first(other.pk + 1000) is None


def test_the_latest_of_an_ordered_query_is_found(game, user):
    latest = Prepared(lambda table_id: Game.objects.filter(table_id=table_id).order_by("-number"))
    game.status = Game.Status.FINISHED
    game.save()
    second = start_game(game.table, user)
    assert latest.first(game.table_id).pk == second.pk


def test_only_one_step_forward_and_a_queryset_that_uses_its_value_are_taken(game):
    with pytest.raises(ValueError, match="forward foreign keys"):
        Prepared(lambda pk: GamePlayer.objects.select_related("game__table").filter(pk=pk)).first(1)
    with pytest.raises(ValueError, match="must use its value"):
        Prepared(lambda pk: Table.objects.filter(name="Kibanda")).first(game.table_id)
    named = Prepared(lambda pk: Table.objects.filter(pk=pk, name="Kibanda"))  # a constant beside it
    assert named.first(game.table_id) == game.table


def test_an_insert_saves_every_field_as_the_orm_does_and_reads_the_key_back(game):
    inserted = PreparedInsert(Move)
    first = inserted.save(Move(game=game, index=0, seat=0, text="7H", client_move_id="a", drew=None))
    second = inserted.save(Move(game=game, index=1, seat=1, text="draw", drew=2))
    assert first.pk and second.pk == Move.objects.get(game=game, index=1).pk
    assert not second._state.adding and second.created_at is not None
    stored = Move.objects.get(pk=first.pk)
    assert row_values.values(stored) == row_values.values(first)
    with pytest.raises(IntegrityError), transaction.atomic():  # (game, index) is unique
        inserted.save(Move(game=game, index=1, seat=1, text="draw"))


def test_an_update_writes_only_its_fields(game):
    updated = PreparedUpdate(Game, ["turn", "seq", "updated_at"])
    before = Game.objects.get(pk=game.pk)
    game.turn, game.seq, game.move_count = 1, 7, 99
    updated.save(game)
    after = Game.objects.get(pk=game.pk)
    assert (after.turn, after.seq, after.move_count) == (1, 7, before.move_count)
    assert after.updated_at == game.updated_at > before.updated_at
    game.pk += 1000
    with pytest.raises(DatabaseError, match="is not in the database"):
        updated.save(game)


def test_a_json_field_is_written_as_the_orm_writes_it(game):
    game.state = {**game.state, "turn": 1}
    PreparedUpdate(Game, ["state"]).save(game)
    assert Game.objects.get(pk=game.pk).state == game.state


@pytest.mark.skipif(connection.vendor != "postgresql", reason="a data-modifying WITH is PostgreSQL's")
def test_an_insert_if_updated_makes_both_while_the_guard_holds_and_neither_after(game):
    both = PreparedInsertIfUpdated(PreparedUpdate(Game, ["turn", "seq"]), PreparedInsert(Move), guard="seq")
    game.turn, game.seq = 1, 1
    first = Move(game=game, index=0, seat=0, text="7H", client_move_id="a")
    assert both.save(game, 0, first)
    stored = Move.objects.get(game=game)
    assert stored.pk == first.pk and not first._state.adding
    assert row_values.values(stored) == row_values.values(first)
    assert (Game.objects.get(pk=game.pk).turn, Game.objects.get(pk=game.pk).seq) == (1, 1)
    game.turn, game.seq = 0, 2
    late = Move(game=game, index=1, seat=1, text="draw")
    assert not both.save(game, 0, late)  # the game is at 1 now, not 0
    assert late.pk is None and Move.objects.filter(game=game).count() == 1
    assert (Game.objects.get(pk=game.pk).turn, Game.objects.get(pk=game.pk).seq) == (1, 1)
    with pytest.raises(IntegrityError), transaction.atomic():  # the insert's failure undoes the update
        both.save(game, 1, Move(game=game, index=0, seat=1, text="draw"))
    assert Game.objects.get(pk=game.pk).seq == 1


@pytest.mark.skipif(connection.vendor == "postgresql", reason="elsewhere than PostgreSQL")
def test_an_insert_if_updated_is_refused_where_the_database_has_no_data_modifying_with(game):
    both = PreparedInsertIfUpdated(PreparedUpdate(Game, ["seq"]), PreparedInsert(Move), guard="seq")
    with pytest.raises(ValueError, match="needs PostgreSQL"):
        both.save(game, game.seq, Move(game=game, index=0, seat=0, text="draw"))


def test_djangos_compiler_still_has_what_prepared_reads(game):
    """The ORM internals ``games.play.prepared`` reads, by name: a Django upgrade that drops
    or reshapes one fails here first, saying which (docs/architecture.md, "internals")."""
    compiler = with_table(game.pk)[:1].query.get_compiler("default")
    compiler.as_sql()
    missing = [
        name
        for name in ("select", "klass_info", "get_converters", "apply_converters")
        if not hasattr(compiler, name)
    ]
    assert not missing, f"Django's SQLCompiler lacks {missing}: games/play/prepared.py reads them"
    assert {"model", "select_fields"} <= set(compiler.klass_info), compiler.klass_info
    [related] = compiler.klass_info["related_klass_infos"]
    assert {"model", "select_fields", "field", "reverse"} <= set(related), related
    assert all(len(entry) == 3 for entry in compiler.select)  # (column, sql, alias)
    insert = PreparedInsert(Move)._compile(Move(game=game, index=0, seat=0, text="draw"), "default")
    assert "RETURNING" in insert.upper()  # compiler.returning_fields was taken

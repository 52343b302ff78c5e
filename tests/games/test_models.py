"""The games app's models: effective rules, constraints, and small helpers."""

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from games.engine import Rules, State
from games.models import Game, GamePlayer, Move, Seat, Table
from games.play.starts import start_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(user):
    return Table.objects.create(name="Mama Mboga", seat_count=3, preset="friendly", created_by=user)


def test_table_rules_are_the_preset_plus_the_overrides(table):
    assert table.rules() == Rules.preset("friendly")
    table.rule_overrides = {"jokers": 0, "hand_size": 5}
    assert table.rules() == Rules.from_dict({"preset": "friendly", "jokers": 0, "hand_size": 5})


def test_table_clean_reports_invalid_overrides_on_the_field(table):
    table.rule_overrides = {"hand_size": 9}
    with pytest.raises(ValidationError) as caught:
        table.full_clean()
    assert "hand_size" in caught.value.message_dict["rule_overrides"][0]


@pytest.mark.parametrize("seat_count", [1, 11])
def test_seat_count_outside_two_to_ten_is_refused_by_the_database(user, seat_count):
    with pytest.raises(IntegrityError):
        Table.objects.create(name="x", seat_count=seat_count, created_by=user)


def test_a_position_and_a_user_are_unique_per_table(table, user, make_user):
    Seat.objects.create(table=table, position=0, user=user)
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(table=table, position=0, user=make_user("baraka"))
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(table=table, position=1, user=user)
    other = Table.objects.create(name="Other", created_by=user)
    Seat.objects.create(table=other, position=0, user=user)  # another table is fine


def seated_game(table, user, make_user):
    Seat.objects.create(table=table, position=0, user=user)
    Seat.objects.create(table=table, position=1, user=make_user("baraka"))
    return start_game(table, user)


def test_move_index_and_client_move_id_are_unique_per_game(table, user, make_user):
    game = seated_game(table, user, make_user)
    Move.objects.create(game=game, index=0, seat=0, text="draw")
    Move.objects.create(game=game, index=1, seat=1, text="draw")  # no client id: no clash
    with pytest.raises(IntegrityError), transaction.atomic():
        Move.objects.create(game=game, index=0, seat=1, text="draw")
    Move.objects.create(game=game, index=2, seat=0, text="draw", client_move_id="abc")
    with pytest.raises(IntegrityError), transaction.atomic():
        Move.objects.create(game=game, index=3, seat=1, text="draw", client_move_id="abc")


def test_a_user_plays_once_per_game(table, user, make_user):
    game = seated_game(table, user, make_user)
    with pytest.raises(IntegrityError), transaction.atomic():
        GamePlayer.objects.create(game=game, seat=2, user=user)


def test_current_game_is_the_latest_game(table, user, make_user):
    assert table.current_game() is None
    first = seated_game(table, user, make_user)
    assert table.current_game() == first
    Game.objects.filter(pk=first.pk).update(status=Game.Status.FINISHED)
    second = start_game(table, user)
    assert table.current_game() == second


def test_game_reads_back_its_rules_and_position(table, user, make_user):
    game = seated_game(table, user, make_user)
    game.refresh_from_db()
    assert game.engine_rules() == Rules.preset("friendly")
    state = game.engine_state()
    assert isinstance(state, State) and state.players == 2 and state.turn == game.turn == 0


def test_str_names_things_plainly(table, user, make_user):
    game = seated_game(table, user, make_user)
    assert str(table) == "Mama Mboga"
    assert str(table.seats.get(position=1)) == "Mama Mboga, seat 2: baraka"
    assert str(game) == "Mama Mboga, game 1"
    assert str(game.players.get(seat=0)) == "amani in Mama Mboga, game 1"
    assert str(Move(game=game, index=0, seat=0, text="7H 7S !")) == "1. 7H 7S !"

"""Turn-based tables: the model's check, the writes that make them (lobby, challenge),
the deadline a turn begins with and the news of it, the cap of seats, and the live turn
clock kept for real-time tables only."""

from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from games import signals
from games.models import Table
from games.play import challenges, server_turns
from games.play.errors import ServiceError
from games.play.moves import submit_move
from games.play.starts import start_game
from games.play.tables import create_table, take_seat
from tests.turns.helpers import DAY, reload, turn_game

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "pace, move_seconds, clock, field",
    [
        ("turn", None, None, "move_seconds"),
        ("turn", 999, None, "move_seconds"),
        ("turn", 3600, 30, "turn_timer_seconds"),
        ("live", 3600, None, "move_seconds"),
    ],
)
def test_the_model_refuses_a_pace_that_makes_no_sense(user, pace, move_seconds, clock, field):
    table = Table(name="T", pace=pace, move_seconds=move_seconds, turn_timer_seconds=clock, created_by=user)
    with pytest.raises(ValidationError) as refused:
        table.full_clean()
    assert field in refused.value.message_dict


@pytest.mark.parametrize("seconds", [3600, 43200, 86400, 259200])
def test_the_four_times_per_move_are_accepted(user, seconds):
    table = Table(name="T", pace="turn", move_seconds=seconds, created_by=user)
    table.full_clean()
    assert table.turn_based and not Table(name="L").turn_based


def test_a_new_table_is_real_time_by_default(user):
    table = create_table(user, "Live", 2, "classic")
    assert (table.pace, table.move_seconds, table.turn_based) == ("live", None, False)


@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({"pace": "turn"}, "time per move"),
        ({"pace": "turn", "move_seconds": 60}, "time per move"),
        ({"pace": "live", "move_seconds": 3600}, "Only a turn-based table"),
        ({"pace": "turn", "move_seconds": 3600, "turn_timer_seconds": 30}, "no turn clock"),
        ({"pace": "slow"}, "real-time or turn-based"),
    ],
)
def test_create_table_refuses_a_bad_pace_with_a_sentence(user, kwargs, words):
    with pytest.raises(ServiceError, match=words):
        create_table(user, "Bad", 2, "classic", **kwargs)
    assert not Table.objects.exists()


def test_a_game_starts_with_the_deadline_of_the_first_player_and_tells_it(
    user, baraka, django_capture_on_commit_callbacks
):
    heard = []

    def hear(sender, game, user_id, deadline, **kwargs):
        heard.append((game.pk, user_id, deadline))

    signals.turn_started.connect(hear)
    try:
        before = timezone.now()
        with django_capture_on_commit_callbacks(execute=True):
            game = turn_game(user, baraka)
        game = reload(game)
        assert (
            before + timedelta(seconds=DAY) <= game.move_deadline <= timezone.now() + timedelta(seconds=DAY)
        )
        assert heard == [(game.pk, user.pk, game.move_deadline)]
        with django_capture_on_commit_callbacks(execute=True):
            submit_move(game.pk, user, "draw")
        game = reload(game)
        assert game.turn == 1 and heard[-1] == (game.pk, baraka.pk, game.move_deadline)
    finally:
        signals.turn_started.disconnect(hear)


def test_a_real_time_game_has_no_deadline_and_tells_no_turn(user, baraka, django_capture_on_commit_callbacks):
    heard = []
    signals.turn_started.connect(lambda **kwargs: heard.append(kwargs), weak=False, dispatch_uid="t")
    try:
        table = create_table(user, "Live", 2, "friendly")
        take_seat(table, baraka)
        with django_capture_on_commit_callbacks(execute=True):
            game = start_game(table, user)
            submit_move(game.pk, user, "draw")
        assert reload(game).move_deadline is None and heard == []
    finally:
        signals.turn_started.disconnect(dispatch_uid="t")


def test_the_deadline_ends_with_the_game(user, baraka):
    game = turn_game(user, baraka)
    from games.play.moves import resign

    resign(game, baraka)
    game = reload(game)
    assert not game.is_running and game.move_deadline is None


def test_no_away_clock_nor_turn_timer_plays_at_a_turn_based_table(user, baraka):
    game = turn_game(user, baraka)
    far = timezone.now() + timedelta(days=30)
    assert server_turns.next_server_turn(game.table_id, far) is None  # nobody has the page open
    live = create_table(user, "Live", 2, "friendly", turn_timer_seconds=30)
    take_seat(live, baraka)
    start_game(live, user)
    assert server_turns.next_server_turn(live.pk, far).reason in (server_turns.TIMER, server_turns.AWAY)


def test_a_turn_based_game_is_never_abandoned(user, baraka):
    from games.play.abandon import abandon_stale_games

    game = turn_game(user, baraka)
    assert abandon_stale_games(timezone.now() + timedelta(days=2)) == 0
    assert reload(game).is_running


def test_a_seat_at_one_more_turn_based_table_than_the_cap_is_refused(user, baraka, settings):
    settings.TURN_BASED_TABLES_PER_PLAYER = 2
    first = create_table(baraka, "One", 2, "classic", pace="turn", move_seconds=3600)
    second = create_table(baraka, "Two", 2, "classic", pace="turn", move_seconds=3600)
    take_seat(first, user)
    take_seat(second, user)
    third = create_table(baraka, "Three", 2, "classic", pace="turn", move_seconds=3600, sit=False)
    with pytest.raises(ServiceError, match="amani already sits at 2 turn-based tables") as refused:
        take_seat(third, user)
    assert refused.value.code == "too_many_turn_based_tables"
    with pytest.raises(ServiceError, match="already sits at 2"):
        create_table(user, "Mine", 2, "classic", pace="turn", move_seconds=3600)
    take_seat(create_table(baraka, "Live", 2, "classic", sit=False), user)  # real-time: no cap
    assert not third.seats.exists()


def test_a_challenge_makes_a_turn_based_table(user, baraka):
    terms = challenges.Terms("classic", pace="turn", move_seconds=43200)
    challenge = challenges.create(user, baraka, terms)
    assert challenge.move_seconds == 43200
    table = challenges.accept(challenge.key, baraka).table
    assert (table.pace, table.move_seconds) == ("turn", 43200)
    game = reload(table.current_game())
    assert game.move_deadline is not None


@pytest.mark.parametrize(
    "terms",
    [
        challenges.Terms("classic", pace="turn"),
        challenges.Terms("classic", pace="turn", move_seconds=5),
        challenges.Terms("classic", pace="live", move_seconds=3600),
        challenges.Terms("classic", pace="sometimes", move_seconds=3600),
    ],
)
def test_a_challenge_with_a_bad_pace_is_refused(user, baraka, terms):
    with pytest.raises(ServiceError) as refused:
        challenges.create(user, baraka, terms)
    assert refused.value.code == "bad_terms"

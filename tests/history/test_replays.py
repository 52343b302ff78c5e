"""Replays: every stored state is reproduced, at any step, without a replay from the start."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils.html import escape

from games.engine import Rules, replay
from games.engine.outcomes import Outcome
from games.models import Game, Move, Table
from games.play.moves import resign
from games.text.outcomes import outcome_sentences
from history.models import GameSnapshot
from history.replays import MOVE_WINDOW, state_at
from history.services import SNAPSHOT_EVERY, store_snapshots
from tests.history.helpers import new_game, play_to_the_end

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
LONG = {"max_turns": 2 * SNAPSHOT_EVERY + 20}
RANDOM = "random"


@pytest.fixture(scope="module")
def test_games(django_db_setup, django_db_blocker):
    """Finished games of every preset, two to five players, people and bots, with a
    resignation, and long games that span several snapshots: played once for the module
    (they take a while), and deleted after it."""
    with django_db_blocker.unblock(), override_settings(TABLES_PER_HOUR=100):  # wanjiku makes them all
        amani, baraka, chebet = (  # not the function fixtures' names: these rows outlive a test
            get_user_model().objects.create_user(name) for name in ("wanjiku", "otieno", "njeri")
        )
        games = [
            play_to_the_end(new_game(amani, "classic", others=(baraka,))),
            play_to_the_end(new_game(amani, "rulebook", bot_levels=("greedy", "random"))),
            play_to_the_end(new_game(amani, "chains", others=(baraka, chebet), bot_levels=("greedy",))),
            play_to_the_end(new_game(amani, "bomb-ni-bomb", bot_levels=(RANDOM,) * 4)),
            long_game(lambda: new_game(amani, "classic", bot_levels=(RANDOM, RANDOM), rule_overrides=LONG)),
            play_to_the_end(new_game(amani, "friendly", others=(baraka,), rule_overrides=LONG), RANDOM),
        ]
        left_early = new_game(amani, "friendly", others=(baraka, chebet))
        resign(left_early, chebet)
        games.append(play_to_the_end(left_early))
        yield games
        Table.objects.all().delete()
        get_user_model().objects.all().delete()


def long_game(new):
    """A game of random play that spans more than two snapshots. Most such games run to the
    turn limit, but about one in seven ends sooner; ten tries all ending sooner is
    practically impossible (0.14 ** 10)."""
    for _ in range(10):
        game = play_to_the_end(new(), RANDOM)
        if game.move_count > 2 * SNAPSHOT_EVERY:
            return game
    raise AssertionError("ten games of random play all ended within two snapshots")


def stored_replay(game):
    moves = list(game.moves.order_by("index").values_list("text", flat=True))
    return replay(game.engine_rules(), game.player_count, game.seed, moves, first=game.first_seat)


def test_every_state_of_every_game_is_reproduced(test_games):
    assert max(game.move_count for game in test_games) > 2 * SNAPSHOT_EVERY
    for game in test_games:
        states = stored_replay(game)
        assert states[-1].to_dict() == game.state
        for step, expected in enumerate(states):
            assert state_at(game, step) == expected, (game, step)


def test_snapshots_are_stored_when_the_game_ends_once_every_few_moves(test_games):
    game = max(test_games, key=lambda g: g.move_count)
    indexes = list(GameSnapshot.objects.filter(game=game).values_list("index", flat=True))
    assert indexes == list(range(0, game.move_count + 1, SNAPSHOT_EVERY))
    states = stored_replay(game)
    for snapshot in GameSnapshot.objects.filter(game=game):
        assert snapshot.state == states[snapshot.index].to_dict()


def test_a_step_reads_one_snapshot_and_the_moves_after_it(test_games):
    game = max(test_games, key=lambda g: g.move_count)
    for step in (1, SNAPSHOT_EVERY - 1, game.move_count):
        with CaptureQueriesContext(connection) as queries:
            state_at(game, step)
        assert len(queries) == 2
        moves_query = queries.captured_queries[1]["sql"]
        assert "index" in moves_query and "<" in moves_query


def test_a_game_without_snapshots_is_replayed_in_memory_and_nothing_is_written(test_games):
    """A game that ended before its end stored the snapshots (or whose storing failed)."""
    game = max(test_games, key=lambda g: g.move_count)
    GameSnapshot.objects.filter(game=game).delete()  # rolled back after the test
    states = stored_replay(game)
    with CaptureQueriesContext(connection) as queries:
        for step in (0, SNAPSHOT_EVERY + 1, game.move_count):
            assert state_at(game, step) == states[step]
    assert not [q for q in queries.captured_queries if not q["sql"].lstrip().upper().startswith("SELECT")]
    assert not GameSnapshot.objects.filter(game=game).exists()


def test_the_game_that_ends_stores_its_snapshots_once_committed(
    user, baraka, django_capture_on_commit_callbacks
):
    game = new_game(user, "classic", others=(baraka,))
    with django_capture_on_commit_callbacks(execute=True):
        game = play_to_the_end(game)
    indexes = list(GameSnapshot.objects.filter(game=game).values_list("index", flat=True))
    assert indexes == list(range(0, game.move_count + 1, SNAPSHOT_EVERY))


def test_a_game_its_seed_does_not_replay_stores_no_snapshot_and_logs_one_line(user, baraka, caplog):
    game = play_to_the_end(new_game(user, "classic", others=(baraka,)))
    GameSnapshot.objects.filter(game=game).delete()
    Move.objects.filter(game=game, index=0).update(text="QS")  # a position its seed never dealt
    store_snapshots(game.pk)
    assert not GameSnapshot.objects.filter(game=game).exists()
    assert [r.exc_info for r in caplog.records if "does not replay" in r.getMessage()] == [None]


def test_a_step_outside_the_game_is_refused(user, baraka):
    game = play_to_the_end(new_game(user, others=(baraka,)))
    with pytest.raises(ValueError):
        state_at(game, game.move_count + 1)


# -- The replay page --------------------------------------------------------------------


@pytest.fixture
def finished(user, baraka):
    return play_to_the_end(new_game(user, "classic", others=(baraka,)))


def board_of(html):
    return html[html.index('id="replay-board"'):html.index('class="replay-moves"')]


def test_a_step_shows_every_hand_the_pile_and_the_move_list(client, finished):
    step = finished.move_count // 2
    response = client.get(reverse("history:replay", args=[finished.pk]), {"step": step})
    assert response.status_code == 200
    html = response.text
    state = state_at(finished, step)
    board = board_of(html)
    assert f'data-step="{step}"' in board
    for seat, hand in enumerate(state.to_dict()["hands"]):
        section = board[board.index(f'data-seat="{seat}"'):]
        section = section[: section.index("</li>")]
        assert re.findall(r'data-card="([^"]+)"', section) == hand
    assert f'data-card="{state.to_dict()["discard_pile"][-1]}"' in board
    assert f"After move {step} of {finished.move_count}" in html
    assert re.search(rf'data-move="{step}" aria-current="step"', html)
    assert html.count('aria-current="step"') == 1
    listed = [int(n) for n in re.findall(r'data-move="(\d+)"', html)]
    first = step - MOVE_WINDOW if step - MOVE_WINDOW > 1 else 0  # 0: the deal, listed with move 1
    assert listed == list(range(first, min(finished.move_count, step + MOVE_WINDOW) + 1))


def test_the_pending_effect_is_shown_in_words(client, test_games):
    game, step, amount = next(
        (game, step, state.pending[1])
        for game in test_games
        for step, state in enumerate(stored_replay(game))
        if state.pending and state.pending[0] == "penalty"
    )
    html = client.get(reverse("history:replay", args=[game.pk]), {"step": step}).text
    assert re.search(rf'class="game__pending">[^<]* owes {amount} cards?\.', html)


def test_the_last_step_shows_the_result(client, finished):
    html = client.get(reverse("history:replay", args=[finished.pk]), {"step": finished.move_count}).text
    winner = finished.players.get(seat=finished.winner).user.name if finished.winner is not None else None
    assert (f"{winner} won." if winner else "The game is over, with no winner.") in html


@pytest.mark.parametrize("asked, shown", [("", 0), ("abc", 0), ("-3", 0), ("99999", None)])
def test_the_step_is_clamped_to_the_game(client, finished, asked, shown):
    html = client.get(reverse("history:replay", args=[finished.pk]), {"step": asked}).text
    assert f'data-step="{finished.move_count if shown is None else shown}"' in html


def test_an_htmx_request_gets_the_board_alone(client, finished):
    response = client.get(reverse("history:replay", args=[finished.pk]), {"step": 1}, **HTMX)
    assert response.text.lstrip().startswith('<div id="replay-board"')
    assert "<html" not in response.text and "data-replay" not in response.text
    assert 'data-move="1" aria-current="step"' in response.text


def test_a_running_game_cannot_be_replayed(client, user, baraka):
    game = new_game(user, others=(baraka,))
    response = client.get(reverse("history:replay", args=[game.pk]), {"step": 0})
    assert response.status_code == 403
    assert "still being played" in response.text
    assert "data-card" not in response.text
    assert not GameSnapshot.objects.filter(game=game).exists()
    assert Game.objects.get(pk=game.pk).is_running


def test_a_resignation_is_replayed_and_listed_as_resigned(client, test_games):
    game = test_games[-1]  # seat 2 resigned at the start
    assert game.moves.get(index=0).text == "resign 2"
    assert state_at(game, 1).to_dict()["placed"][2] == 3
    response = client.get(reverse("history:replay", args=[game.pk]), {"step": 1})
    item = re.search(r'data-move="1"[^>]*>(.*?)</li>', response.text, re.S).group(1)
    assert "resigned" in item


def test_the_replay_says_what_a_move_did_as_the_live_log_does(client, test_games):
    game, move = next(
        (game, move)
        for game in test_games
        for move in game.moves.order_by("index")
        if move.outcome and "penalty" in move.outcome
    )
    names = [player.user.name for player in game.players.select_related("user").order_by("seat")]
    rules = Rules.from_dict(game.rules)
    said = outcome_sentences(Outcome.from_dict(move.outcome), names, rules, move.actor, move.handed_to_bot)
    assert any("unless they counter" in sentence for sentence in said)
    html = client.get(reverse("history:replay", args=[game.pk]), {"step": move.index + 1}).text
    assert escape(" ".join(said)) in html

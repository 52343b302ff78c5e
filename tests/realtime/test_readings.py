"""A table's reading advanced by a game's changes (``games.live.readings``), in the process
that made them or in another one from the packed change its group message carries, renders
exactly as a reading made afresh from the database, for every viewer, at every step of
whole games: moves, the server's forced moves, a resignation, the end; so do the pieces
kept from one reading to the next (each player's hand, the change frames' skeletons)."""

import pickle
import random
import re

import pytest
from django.contrib.auth.models import AnonymousUser
from django.utils import timezone, translation

from games import bots, signals
from games.engine import Rules, new_game
from games.live import frames, readings, skeletons
from games.live.rendering import render_to_string
from games.models import Game, Move, Table
from games.pages.table import read_table
from games.play.moves import resign, submit_move
from games.play.starts import start_game
from games.play.tables import create_table, take_seat

pytestmark = pytest.mark.django_db
TIME_LEFT = re.compile(r'data-ms="\d+"|data-clock-text>[^<]*<')  # read afresh at each render


@pytest.fixture
def changes():
    """Every ``GameChange`` announced during the test, in order."""
    seen = []

    def keep(sender, table_id, change, **kwargs):
        if change is not None:
            seen.append(change)

    signals.table_changed.connect(keep, weak=False, dispatch_uid="test-readings")
    yield seen
    signals.table_changed.disconnect(dispatch_uid="test-readings")


def renders(latest, viewers, now):
    """Each viewer's frame; a turn clock's milliseconds left (read at each render) blanked."""
    return [TIME_LEFT.sub("", frames._render(latest, viewer, now)) for viewer in viewers]


def play(game, players, rng, resign_at=None, greedy=False):
    """One random legal move, declaring Niko Kadi whenever it may (or, at move ``resign_at``,
    a resignation of the player to move); ``greedy``: the greedy bot's move, which ends
    games sooner."""
    game = Game.objects.get(pk=game.pk)
    state = game.engine_state()
    mover = players[state.turn]
    if game.move_count == resign_at:
        resign(game, mover)
        return
    if greedy:
        move = bots.choose_move(state, "greedy", rng)
    else:
        move = rng.choice([move for move in state.legal_moves() if move.kind != "resign"])
    if state.problem(move.with_declare()) is None:
        move = move.with_declare()
    submit_move(game.pk, mover, str(move), expected_seq=game.seq)


@pytest.mark.parametrize(
    ("preset", "seats", "seed", "resign_at"), [("classic", 2, 1, None), ("rulebook", 3, 2, 9)]
)
def test_an_advanced_reading_renders_as_a_fresh_one(
    make_user, changes, django_capture_on_commit_callbacks, preset, seats, seed, resign_at
):
    players = [make_user(f"player{n}") for n in range(seats)]
    table = create_table(players[0], "Readings", seats, preset)
    Table.objects.filter(pk=table.pk).update(rule_overrides={"max_turns": 120})
    for person in players[1:]:
        take_seat(table, person)
    game = deal(start_game(table, players[0]), seed)
    viewers = [frames.Viewer({"user": person}) for person in players]
    viewers += [frames.Viewer({"user": make_user("watcher")}), frames.Viewer({"user": AnonymousUser()})]
    elsewhere = read_table(Table.objects.get(pk=table.pk))  # another process's reading
    readings.latest(table.pk)  # this process's
    rng = random.Random(seed)
    steps = 0
    while Game.objects.get(pk=game.pk).is_running:
        with django_capture_on_commit_callbacks(execute=True):
            play(game, players, rng, resign_at)
        change = changes[-1]
        now = timezone.now()
        fresh = read_table(Table.objects.get(pk=table.pk))
        here = readings.in_memory(table.pk, (game.pk, fresh.game.seq))
        elsewhere = readings._advanced(elsewhere, *readings._unpack(readings.pack(change)))
        assert here is not None and elsewhere is not None
        expected = renders(readings.Latest(fresh), viewers, now)
        assert renders(here, viewers, now) == expected  # with the hands kept from earlier moves
        assert renders(readings.Latest(elsewhere), viewers, now) == expected
        steps += 1
    assert steps > 5


def test_a_reading_advanced_here_holds_none_of_the_objects_the_move_was_written_with(
    make_user, changes, django_capture_on_commit_callbacks
):
    """New rows of the change: the move's own row points at the game as written, with its
    position and players, which the move log would keep alive for a dozen moves."""
    players = [make_user("amani"), make_user("baraka")]
    table = create_table(players[0], "Readings", 2, "classic")
    take_seat(table, players[1])
    game = deal(start_game(table, players[0]), seed=3)
    readings.latest(table.pk)
    with django_capture_on_commit_callbacks(execute=True):
        play(game, players, random.Random(3))
    (change,) = changes

    reading = readings.in_memory(table.pk, (game.pk, game.seq + 1)).reading
    assert reading.game is not change.game and reading.game.seq == change.game.seq
    assert reading.game.table is not change.game.table
    assert [move.index for move in reading.moves] == [0] and reading.moves[0] is not change.moves[0]
    assert not any(Move.game.is_cached(move) for move in reading.moves)


@pytest.mark.parametrize(
    ("preset", "seats", "seed", "language", "overrides"),
    [
        ("classic", 4, 3, "en", {}),
        ("rulebook", 3, 4, "sw", {}),
        ("friendly", 2, 5, "en", {}),
        ("chains", 4, 6, "sw", {}),
        ("classic", 4, 8, "sw", {"play_on": True}),  # greedy play; winners leave play: "out of play"
        ("classic", 3, 9, "en", {"ace_request": "either"}),  # issue 48: the board's rank asked for
    ],
)
def test_a_change_frame_from_its_skeleton_is_the_templates_own_render(
    make_user, django_capture_on_commit_callbacks, preset, seats, seed, language, overrides
):
    """At every move of whole games on the clock, each kind of viewer's change frame (a kept
    skeleton with the move's values set in: ``games.live.skeletons``) is exactly the frame
    the templates render for them from a fresh reading."""
    skeletons.kept.clear()
    callbacks = django_capture_on_commit_callbacks
    shapes = frames_match_templates(make_user, callbacks, preset, seats, seed, language, overrides)
    assert len(shapes) > 2 * (seats + 2)  # turns came and went for every viewer


def test_one_skeleton_serves_every_table(make_user, django_capture_on_commit_callbacks):
    """A second table's frames come from the skeletons the first one's made (its URLs and
    game id set in), and are still exactly the templates' own render."""
    skeletons.kept.clear()
    callbacks = django_capture_on_commit_callbacks
    first = frames_match_templates(make_user, callbacks, "classic", 3, 7, "en")
    assert len(first) > 5
    # The same deal and moves at another table, other players, another game: no new shape.
    assert frames_match_templates(make_user, callbacks, "classic", 3, 7, "en", prefix="other") == set()


def deal(game, seed):
    """``game`` dealt again from ``seed`` (``start_game`` draws a secret one), so that a test's
    games are the same at every run."""
    state = new_game(Rules.from_dict(game.rules), players=game.player_count, seed=seed, first=game.first_seat)
    Game.objects.filter(pk=game.pk).update(seed=seed, state=state.to_dict(), turn=state.turn)
    return Game.objects.get(pk=game.pk)


def frames_match_templates(
    make_user, callbacks, preset, seats, seed, language, overrides=None, prefix="player"
):
    """Play a whole game on the clock (``overrides``: house rules set on the preset's,
    under which the greedy bot plays, else a random player), checking at every move that
    each kind of viewer's change frame is the one the templates render from a fresh
    reading; the shapes of skeleton made meanwhile."""
    # Names that escaping changes, and one that looks like a skeleton's mark.
    names = ["<b>o'neill & co</b>", 'kadi-"quoted"', "kadi-0123456789abcdef-status-", "wanjiru"]
    players = [make_user(f"{prefix}{n}", display_name=f"{names[n]} {prefix}") for n in range(seats)]
    table = create_table(players[0], "Skeletons", seats, preset)
    Table.objects.filter(pk=table.pk).update(
        rule_overrides={"max_turns": 150, **(overrides or {})}, turn_timer_seconds=90
    )
    for person in players[1:]:
        take_seat(table, person)
    game = deal(start_game(table, players[0]), seed)
    viewers = [frames.Viewer({"user": person}) for person in players]
    watcher = make_user(f"{prefix}-watcher")
    viewers += [frames.Viewer({"user": watcher}), frames.Viewer({"user": AnonymousUser()})]
    readings.latest(table.pk)
    rng = random.Random(seed)
    before = set(skeletons.kept)
    with translation.override(language):
        while Game.objects.get(pk=game.pk).is_running:
            with callbacks(execute=True):
                play(game, players, rng, greedy=bool(overrides))
            news = (game.pk, Game.objects.get(pk=game.pk).seq)
            now = timezone.now()
            sent = [frames.change_frame(table.pk, viewer, news) for viewer in viewers]
            if not all(sent):  # the game is over: its results are rendered afresh
                break
            fresh = readings.Latest(read_table(Table.objects.get(pk=table.pk)))
            assert [TIME_LEFT.sub("", frame.html) for frame in sent] == renders(fresh, viewers, now)
            for person in players:  # each hand, kept with marks set in, as the template renders it
                context = frames._context(fresh, person)
                if "hand_html" in context:
                    own = render_to_string(frames.HAND, {**context, "csrf_token": frames.CSRF_PLACEHOLDER})
                    assert context["hand_html"] == own
    return set(skeletons.kept) - before


def test_a_reading_not_one_step_behind_is_read_afresh(
    game, user, changes, django_capture_on_commit_callbacks
):
    """A process that missed a change (its reading is two steps behind) reads the table."""
    behind = read_table(Table.objects.get(pk=game.table_id))
    state = game.engine_state()
    for _ in range(2):
        game = Game.objects.get(pk=game.pk)
        state = game.engine_state()
        with django_capture_on_commit_callbacks(execute=True):
            mover = game.players.get(seat=state.turn).user
            submit_move(game.pk, mover, "draw" if state.problem("draw") is None else "pass")
    assert readings._advanced(behind, *readings._unpack(readings.pack(changes[-1]))) is None


def test_the_tables_row_travels_with_the_next_move(
    game, user, baraka, changes, django_capture_on_commit_callbacks
):
    """A turn clock set on the table without news (a bare update) shows from the next move
    on, here and in another process, as a fresh reading shows it."""
    elsewhere = read_table(Table.objects.get(pk=game.table_id))
    readings.latest(game.table_id)
    Table.objects.filter(pk=game.table_id).update(turn_timer_seconds=60)
    with django_capture_on_commit_callbacks(execute=True):
        submit_move(game.pk, user, "draw")
    now = timezone.now()
    viewers = [frames.Viewer({"user": person}) for person in (user, baraka)]
    expected = renders(readings.Latest(read_table(Table.objects.get(pk=game.table_id))), viewers, now)
    here = readings.in_memory(game.table_id, (game.pk, 1))
    elsewhere = readings._advanced(elsewhere, *readings._unpack(readings.pack(changes[-1])))
    assert renders(here, viewers, now) == expected == renders(readings.Latest(elsewhere), viewers, now)
    assert 'role="timer"' in expected[1]  # baraka's turn, on the clock


def test_a_move_is_made_on_copies_of_the_game_and_table_kept_here(game, user):
    """What a socket's move starts from (``submit_table_move``'s ``known``): the
    kept game and table, copied (the move changes its game), at the event the page showed."""
    latest = readings.latest(game.table_id)
    kept = readings.game_at(game.table_id, game.seq)
    assert (kept.pk, kept.seq, kept.state, kept.table.pk) == (game.pk, game.seq, game.state, game.table_id)
    assert kept is not latest.reading.game and kept.table is not latest.reading.table
    assert kept.engine_state() is latest.reading.state  # the position is not read again
    assert readings.game_at(game.table_id, game.seq + 1) is None  # news not heard here: read it
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    readings.latest(game.table_id)  # the table's news read
    assert readings.game_at(game.table_id, game.seq) is None


def test_a_games_position_is_read_once_while_its_dict_stays(game, user):
    """``Game.engine_state`` reads the stored position once, and again once it is replaced."""
    first = game.engine_state()
    assert game.engine_state() is first
    after = first.apply(first.legal_moves()[0])
    game.state = after.to_dict()
    assert game.engine_state() is not first and game.engine_state().to_dict() == after.to_dict()
    assert Game.objects.get(pk=game.pk).engine_state().to_dict() == first.to_dict()


def test_a_change_packed_with_other_fields_is_unused(game, user, changes, django_capture_on_commit_callbacks):
    """A server of another version (a deploy under way) packs other fields: the reading is
    then made from the database, never from rows it would misread."""
    before = read_table(Table.objects.get(pk=game.table_id))
    with django_capture_on_commit_callbacks(execute=True):
        submit_move(game.pk, user, "draw")
    packed = readings.pack(changes[-1])
    fields, *rows = pickle.loads(packed)
    foreign = pickle.dumps((fields + 1, *rows))

    assert readings._advanced_by(before, packed) is not None
    assert readings._advanced_by(before, foreign) is None

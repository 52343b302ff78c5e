"""Playouts and sampled positions for the search bots (games.engine.playout, .determinize)."""

import json
import os
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import COMPILED, Rules, State, new_game
from games.engine.determinize import Observation
from games.engine.generate import legal_move_at
from games.engine.moves import PLAY
from games.engine.playcore import FREE_OPTIONS, supports
from games.engine.playout import light_move, playout, random_playout
from games.engine.rules import PRESETS
from tests.engine.helpers import build, with_hidden_cards_redealt
from tests.engine.test_properties import SLOW, VALUES, rules_dicts, seeds


def positions(preset, players, seed, count=12):
    """Positions along one game of light moves."""
    rng = random.Random(seed)
    state = new_game(Rules.preset(preset), players, seed)
    out = []
    while not state.finished and len(out) < count:
        out.append(state)
        state = state.apply(light_move(state, rng))
    return out


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("players", [2, 4])
def test_light_moves_are_legal_and_playouts_end(preset, players):
    rng = random.Random(7)
    for seed in range(3):
        for state in positions(preset, players, seed):
            move = light_move(state, rng)
            assert move.with_declare(False) in state.legal_moves(), (str(move), state.to_dict())
            final = playout(state, rng)
            assert final.finished and final.turns <= state.rules.max_turns


def test_a_playout_stops_at_its_limit():
    state = new_game(Rules.preset("classic"), 4, 3)
    assert playout(state, random.Random(1), limit=5).turns == 5


def test_the_light_policy_wins_when_it_can_and_declares_near_the_end():
    won = build(hands=["7H", "4D 5D"], discard=["5H"], declared=[True, False])
    assert str(light_move(won, random.Random(0))) == "7H !"
    near = build(hands=["7H 9C 9S", "4D 5D"], discard=["5H"])
    assert light_move(near, random.Random(0)).declare


def test_the_light_policy_counts_both_copies_of_a_card_on_two_decks():
    two_decks = {"preset": "classic", "decks": 2}
    both = build(rules=two_decks, hands=["7H 7H", "4D 5D"], discard=["7S"], declared=[True, False])
    assert str(light_move(both, random.Random(0))) == "7H 7H !"  # the win, not one of the two
    kept = build(rules=two_decks, hands=["7H 7H 9C", "4D 5D"], discard=["5H"])
    for seed in range(20):  # legal whichever copies it keeps
        assert kept.problem(light_move(kept, random.Random(seed))) is None


def test_a_random_playout_plays_legal_moves_to_the_end():
    state, moves = random_playout(new_game(Rules.preset("classic"), 2, 5), random.Random(5))
    assert state.finished and moves == state.turns


def game_from(rules, players, seed, opening):
    """A position ``opening`` light moves into a game (fewer if it ends), and its rng."""
    rng = random.Random(seed)
    state = new_game(Rules.from_dict(rules), players, seed)
    for _ in range(opening):
        if state.finished:
            break
        state = state.apply(light_move(state, rng))
    return state, rng


def made_again(state, move):
    """``state.apply`` of the move's text: parsed anew, so checked in full and never taken
    for a listed move."""
    return state.apply(str(move))


def assert_playout_replays(state, seed, limit):
    """``playout`` changes one state in place; the light moves made again through the
    checked, copying ``State.apply`` from the same rng give the same game, and the position
    it started from is left as it was."""
    before = state.to_dict()
    final = playout(state, random.Random(seed), limit)
    again, rng, moves = state, random.Random(seed), 0
    while not again.finished and moves < limit:
        again = made_again(again, light_move(again, rng))
        moves += 1
    assert final.to_dict() == again.to_dict()
    assert state.to_dict() == before


def assert_random_playout_replays(state, seed):
    """``random_playout``: the uniform pick of each turn from the listed moves (declaring on
    a move that leaves at most one card under niko_kadi), made again through ``State.apply``."""
    final, moves = random_playout(state, random.Random(seed))
    again, rng, count = state, random.Random(seed), 0
    while not again.finished:
        legal = again.legal_moves()
        move = legal[int(rng.random() * len(legal))]
        held = len(again.hands[again.turn])
        left = held - len(move.cards) if move.kind == PLAY else held + (move.kind == "draw")
        if again.rules.niko_kadi and left <= 1 and again.problem(move.with_declare()) is None:
            move = move.with_declare()
        again = made_again(again, move)
        count += 1
    assert (final.to_dict(), moves) == (again.to_dict(), count)


GAMES = {"rules": rules_dicts(), "players": st.integers(2, 5), "seed": seeds}  # for game_from


@st.composite
def core_rules_dicts(draw):
    """Classic rules with any values of the options the playout core leaves free (long
    enough games for reshuffles)."""
    free = {name: draw(st.sampled_from(VALUES[name])) for name in sorted(FREE_OPTIONS - {"max_turns"})}
    return {"preset": "classic", **free, "max_turns": draw(st.sampled_from([50, 300]))}


CORE_GAMES = {"rules": core_rules_dicts(), "players": st.integers(2, 5), "seed": seeds}


@settings(max_examples=60, deadline=None, suppress_health_check=SLOW)
@given(**GAMES, opening=st.integers(0, 20), limit=st.integers(1, 60))
def test_a_playout_in_place_is_the_game_its_moves_make_through_apply(rules, players, seed, opening, limit):
    state, _ = game_from(rules, players, seed, opening)
    assert_playout_replays(state, seed + 1, limit)


@settings(max_examples=40, deadline=None, suppress_health_check=SLOW)
@given(**GAMES, opening=st.integers(0, 20))
def test_a_random_playout_in_place_is_the_game_its_moves_make_through_apply(rules, players, seed, opening):
    state, _ = game_from(rules, players, seed, opening)
    assert_random_playout_replays(state, seed + 1)


@settings(max_examples=60, deadline=None, suppress_health_check=SLOW)
@given(**CORE_GAMES, opening=st.integers(0, 30), limit=st.integers(1, 400))
def test_the_core_plays_the_light_moves_of_the_engine(rules, players, seed, opening, limit):
    """Under the rules the core plays, ``playout`` is the core's: the same game as ``light_move``
    through ``State.apply``, reshuffles included."""
    state, _ = game_from(rules, players, seed, opening)
    assert supports(state)
    assert_playout_replays(state, seed + 1, limit)


@settings(max_examples=40, deadline=None, suppress_health_check=SLOW)
@given(**CORE_GAMES, opening=st.integers(0, 30))
def test_the_core_plays_the_random_moves_of_the_engine(rules, players, seed, opening):
    state, _ = game_from(rules, players, seed, opening)
    assert supports(state)
    assert_random_playout_replays(state, seed + 1)


@pytest.mark.parametrize(
    "rules", [*sorted(set(PRESETS) - {"classic"}), {"preset": "classic", "jump_counter": False}]
)
def test_the_core_leaves_other_rules_to_the_engine(rules):
    assert not supports(new_game(Rules.from_dict(rules), 3, 1))


def test_the_core_leaves_a_game_with_a_seat_out_to_the_engine():
    """A resignation (a seat out of play, the turn passing it by) falls back to the engine,
    which plays the same loops."""
    state, _ = game_from({"preset": "classic"}, 3, 11, 6)
    state = state.resign(1)
    assert not supports(state)
    assert_playout_replays(state, 12, 400)
    assert_random_playout_replays(state, 12)


@settings(max_examples=40, deadline=None, suppress_health_check=SLOW)
@given(**GAMES, opening=st.integers(0, 30), fraction=st.floats(0, 1, exclude_max=True))
def test_legal_move_at_picks_from_the_listed_moves(rules, players, seed, opening, fraction):
    state, _ = game_from(rules, players, seed, opening)
    if not state.finished:
        legal = state.legal_moves()
        assert legal_move_at(state, fraction) == legal[int(fraction * len(legal))]


def test_a_sample_keeps_what_the_seat_sees_and_deals_the_rest():
    state = positions("classic", 4, 1)[-1]
    seat = state.turn
    observation = Observation(state.view(seat))
    sample = observation.sample(random.Random(2))
    assert sample.view(seat) == state.view(seat)
    assert State.from_dict(sample.to_dict()) == sample  # every card of the deck exactly once
    assert sample.seed != state.seed and sample.shuffles == 0


def test_a_sample_depends_only_on_the_view():
    state = positions("friendly", 3, 4)[-1]
    twin = with_hidden_cards_redealt(state, 9)
    assert twin != state
    samples = [Observation(s.view(s.turn)).sample(random.Random(3)).to_dict() for s in (state, twin)]
    assert samples[0] == samples[1]


def after_a_reshuffle(players, seed):
    """A position of a game of light moves a few moves after its first reshuffle."""
    rng = random.Random(seed)
    state = new_game(Rules.preset("classic"), players, seed)
    moves_since = 0
    while moves_since < 3:
        state = state.apply(light_move(state, rng))
        assert not state.finished, "a game that ended before its first reshuffle: pick another seed"
        moves_since += state.shuffles > 0
    return state


@pytest.mark.parametrize(("players", "seed"), [(2, 22), (2, 40), (4, 27)])
def test_after_a_reshuffle_a_sample_deals_the_cards_it_did_not_restock_to_the_others(players, seed):
    state = after_a_reshuffle(players, seed)
    seat = state.turn
    observation = Observation(state.view(seat))
    others = {c for other, hand in enumerate(state.hands) if other != seat for c in hand}
    held = others - set(state.restocked)
    assert held and set(observation.held) == held  # all there is to know of them
    for dice in range(20):
        sample = observation.sample(random.Random(dice))
        assert sample.view(seat) == state.view(seat)
        assert held <= {c for other, hand in enumerate(sample.hands) if other != seat for c in hand}
        assert set(sample.draw_pile) <= set(state.restocked)
    if players == 2:  # the opponent's hand less its restocked cards is known
        assert held == set(state.hands[1 - seat]) - set(state.restocked)


def test_a_sample_after_a_reshuffle_depends_only_on_the_view():
    state = after_a_reshuffle(2, 22)
    twin = with_hidden_cards_redealt(state, 9)
    assert twin != state
    samples = [Observation(s.view(s.turn)).sample(random.Random(3)).to_dict() for s in (state, twin)]
    assert samples[0] == samples[1]


def test_a_spectator_view_cannot_be_searched():
    with pytest.raises(ValueError, match="spectator"):
        Observation(new_game(Rules.preset("classic"), 2, 1).view(None))


PLAYOUT_SCRIPT = """
import json, random, sys
from games.engine import COMPILED, Rules, new_game
from games.engine.determinize import Observation
from games.engine.playout import playout, random_playout
out = []
for preset in sorted(__import__("games.engine.rules", fromlist=["PRESETS"]).PRESETS):
    for seed in range(4):
        rng = random.Random(seed)
        state = new_game(Rules.preset(preset), 2 + seed % 3, seed)
        out.append(Observation(state.view(0)).sample(rng).to_dict())
        out.append(playout(state, rng).to_dict())
        if preset in ("classic", "rulebook"):
            out.append(random_playout(state, rng)[0].to_dict())
for seed in range(4):  # two decks (issue 48), 6 to 10 seats: off the playout core
    rng = random.Random(seed)
    state = new_game(Rules.from_dict({"preset": "classic", "decks": 2}), 6 + seed, seed)
    out.append(Observation(state.view(0)).sample(rng).to_dict())
    out.append(playout(state, rng).to_dict())
    out.append(random_playout(state, rng)[0].to_dict())
print(json.dumps([COMPILED, out]))
"""


@pytest.mark.skipif(not COMPILED, reason="the compiled engine is not built")
def test_the_compiled_playouts_and_samples_agree_with_the_pure_python_ones():
    def run(env):
        done = subprocess.run(
            [sys.executable, "-c", PLAYOUT_SCRIPT], capture_output=True, text=True, check=True, env=env
        )
        return json.loads(done.stdout)

    compiled, pure = run(dict(os.environ)), run(dict(os.environ, KADI_PURE_ENGINE="1"))
    assert compiled[0] is True and pure[0] is False
    assert compiled[1] == pure[1]


def test_the_core_reshuffles_as_the_engine_does():
    """Long random games reshuffle several times (the stored games' seeded shuffle): still the
    engine's game, move for move."""
    state = new_game(Rules.preset("classic"), 4, 21)
    assert supports(state)
    final, _ = random_playout(state, random.Random(22))
    assert final.shuffles >= 3
    assert_random_playout_replays(state, 22)

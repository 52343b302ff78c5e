"""The compiled and the pure-Python engine agree move by move on random games under random
mixtures of every option (RULES.md sections 9 and 13), on one deck and on two (2 to 10
players), resignations included: the same
positions, the same listed moves, the same reasons for the same refusals, the same places.
Each game also replays exactly and ends."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from games.engine import COMPILED, Rules, replay

from .twin import play_random_game, trace_games

GAMES = 40
ACE_REQUEST_GAMES = 16
TWO_DECK_GAMES = 20  # decks: 2, 2 to 10 players; every other one's aces name suits or ranks
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def games():
    one_deck = [play_random_game(seed) for seed in range(GAMES)]
    requests = ("suit", "either")
    two_decks = [
        play_random_game(seed, decks=2, ace_request=requests[seed % 2]) for seed in range(TWO_DECK_GAMES)
    ]
    return one_deck + two_decks


@pytest.fixture(scope="module")
def ace_request_games():
    """Issue 48: tables whose aces name ranks, or suits or ranks, on every game."""
    named = ("rank", "either")
    return [play_random_game(seed, ace_request=named[seed % 2]) for seed in range(ACE_REQUEST_GAMES)]


def test_random_games_end_and_replay_exactly(games):
    for game in games:
        states = replay(Rules.from_dict(game["rules"]), game["players"], game["seed"], game["moves"])
        assert states[-1].finished
        assert len(game["moves"]) <= game["rules"]["max_turns"]
        places = states[-1].places()
        assert min(places) == 1 and max(places) <= game["players"]


@pytest.mark.skipif(not COMPILED, reason="the compiled engine is not built (make venv)")
def test_the_compiled_and_the_pure_engine_agree_move_by_move(games):
    agree(games)


@pytest.mark.skipif(not COMPILED, reason="the compiled engine is not built (make venv)")
def test_the_engines_agree_where_aces_name_ranks(ace_request_games):
    named = [move for game in ace_request_games for move in game["moves"] if "@" in move]
    assert any(move.split("@")[1] not in "HDSC" for move in named)  # ranks were named
    agree(ace_request_games)


def agree(games):
    """The pure engine, run in a second process, traces ``games`` as this (compiled) one does."""
    here = trace_games(games)
    env = dict(os.environ, KADI_PURE_ENGINE="1")
    pure = subprocess.run(
        [sys.executable, "-m", "tests.engine.twin"],
        input=json.dumps(games),
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        check=True,
    )
    output = json.loads(pure.stdout)
    assert output["compiled"] is False
    there = output["traces"]
    for game, ours, theirs in zip(games, here, there, strict=True):
        for step, (a, b) in enumerate(zip(ours, theirs, strict=True)):
            assert a == b, f"game seed {game['seed']}, step {step}: the engines differ"

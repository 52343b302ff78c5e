"""Perft, as python-chess keeps for chess: fixed positions and how many legal moves each has.

The counts in ``perft.json`` come from RULES.md by hand and from ``reference.py``, an
independent brute-force enumerator; the second test keeps the file and that reading in
step. To add a position, write it with a count and run this file: a wrong count fails
with the moves the reference finds.
"""

import json
from pathlib import Path

import pytest

from games.engine import State

from .reference import legal_moves as reference_moves

POSITIONS = json.loads((Path(__file__).parent / "perft.json").read_text())


def ids(entry):
    return entry["name"]


@pytest.mark.parametrize("entry", POSITIONS, ids=ids)
def test_engine_counts_the_legal_moves(entry):
    moves = [str(move) for move in State.from_dict(entry["position"]).legal_moves()]
    assert len(moves) == len(set(moves)), "a move is listed twice"
    if len(moves) != entry["count"]:
        expected = reference_moves(entry["position"])
        missing, extra = sorted(expected - set(moves)), sorted(set(moves) - expected)
        pytest.fail(f"{len(moves)} moves, expected {entry['count']}; "
                    f"missing {missing[:20]}, extra {extra[:20]}")


@pytest.mark.parametrize("entry", POSITIONS, ids=ids)
def test_reference_agrees_with_the_file(entry):
    assert len(reference_moves(entry["position"])) == entry["count"]

"""Random games under random mixtures of every option, and what an engine makes of them move
by move: the trace that the compiled and the pure-Python engine must agree on
(``test_twin_engines``, which runs ``trace_games`` in a second process for the other engine)."""

import json
import random
import sys

from games.engine import COMPILED, Move, Rules, new_game

from .test_properties import COMMUNITY, PRESETS, SHORT_GAME, VALUES

LISTED_CAP = 500  # moves listed per position: question chains can run to millions


def random_rules(rng, **forced):
    """A preset with a few section 9 options and any of section 13's changed; ``forced``
    options last."""
    options = {"preset": rng.choice(PRESETS), "max_turns": SHORT_GAME}
    for name in rng.sample(sorted(VALUES), 4):
        options[name] = rng.choice(VALUES[name])
    for name in sorted(COMMUNITY):
        if rng.random() < 0.5:
            options[name] = rng.choice(COMMUNITY[name])
    return Rules.from_dict({**options, **forced}).to_dict()


def play_random_game(seed, decks=1, **forced):
    """A game record (rules, players, seed, moves): random listed moves, declaring when the
    table allows it, and now and then a resignation; ``forced`` options on every table.
    ``decks=2``: two decks, 2 to 10 players."""
    rng = random.Random(seed)
    rules = random_rules(rng, **forced)
    if decks == 1:
        players = rng.randint(2, 5)
    else:
        rules["decks"] = decks
        players = rng.randint(2, 10)
    state = new_game(Rules.from_dict(rules), players, seed)
    moves = []
    while not state.finished:
        if rng.random() < 0.03:
            move = Move.resign(rng.choice(state.in_play_seats()))
        else:
            listed = _listed(state)
            move = rng.choice(listed)
            if rng.random() < 0.3 and state.problem(move.with_declare()) is None:
                move = move.with_declare()
        state = state.apply(move)
        moves.append(str(move))
    return {"rules": rules, "players": players, "seed": seed, "moves": moves}


def _listed(state):
    moves = []
    for move in state.iter_legal_moves():
        moves.append(move)
        if len(moves) == LISTED_CAP:
            break
    return moves


def trace(game):
    """Per position of ``game``: the full position, the listed moves, and the verdict on
    every one-card play of the hand, every word move, a joker (not in every deck) and a
    card named twice and three times (two decks: copies)."""
    state = new_game(Rules.from_dict(game["rules"]), game["players"], game["seed"])
    steps = []
    for text in [*game["moves"], None]:
        hand = state.to_dict()["hands"][state.turn]
        probes = [*hand, "draw", "accept", "pass", "draw !", *(f"{card} !" for card in hand), "JKR"]
        probes += [f"{card} {card}" for card in hand[:2]] + [f"{card} {card} {card}" for card in hand[:1]]
        steps.append(
            {
                "position": state.to_dict(),
                "listed": [str(move) for move in _listed(state)],
                "problems": [_text(state.problem(probe)) for probe in probes],
                "places": state.places(),
            }
        )
        if text is not None:
            state = state.apply(text)
    return steps


def _text(problem):
    return None if problem is None else str(problem)


def trace_games(games):
    return [trace(game) for game in games]


if __name__ == "__main__":  # python -m tests.engine.twin < games.json > traces.json
    json.dump({"compiled": COMPILED, "traces": trace_games(json.load(sys.stdin))}, sys.stdout)

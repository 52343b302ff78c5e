"""The engine's public contract (issue 2): move text, rules, positions, refusals, views."""

import json
import random

import pytest

from games.engine import IllegalMove, Move, Rules, State, new_game
from games.engine.cards import CARD_TEXT, parse_card

from .helpers import build, deck, every_card, hand, legal, penalty, play, position

OTHERS = ("4C 6C 10C", "4D 6D 10D", "4S 6S 10S")

# --- move text --------------------------------------------------------------------------

CANONICAL = [
    "7H", "QH 8H 4H", "QH 8H 4H !", "10H 10S", "JKR JKB", "2S 3S JKB", "AH @S", "AS AD @C !",
    "draw", "draw !", "accept", "accept !", "pass", "pass !",
]


@pytest.mark.parametrize("text", CANONICAL)
def test_move_text_round_trips(text):
    move = Move.parse(text)
    assert str(move) == text
    assert Move.parse(str(move)) == move
    assert hash(Move.parse(text)) == hash(move)


def test_moves_compare_by_value():
    assert Move.parse("QH 8H") != Move.parse("8H QH")
    assert Move.parse("7H !") != Move.parse("7H")
    assert Move.parse("AH @S") != Move.parse("AH @C")
    assert len({Move.parse("draw"), Move.parse("draw"), Move.parse("draw !")}) == 2


@pytest.mark.parametrize("text", [
    "", " ", "!", "7X", "11H", "1H", "H7", "JK", "JKG", "AH @", "AH @X", "@S", "AH @S @D", "! 7H",
    "7H !!", "7H ! !", "draw draw", "draw 7H", "7H draw", "draw @S", "play", "7H,8H",
])
def test_malformed_move_text_raises(text):
    with pytest.raises(IllegalMove):
        Move.parse(text)


# --- rules ------------------------------------------------------------------------------

PLAIN = ["4", "5", "6", "7", "9", "10"]
FRIENDLY_ANSWERS = ["A", "2", "3", *PLAIN, "8", "Q", "joker"]
# RULES.md section 9, column by column: classic, rulebook, chains, friendly, bomb-ni-bomb.
TABLE = {
    "jokers": (2, 2, 2, 2, 2),
    "decks": (1, 1, 1, 1, 1),
    "hand_size": (4, 4, 4, 4, 4),
    "misplay": ("penalty", "reject", "reject", "reject", "reject"),
    "voluntary_draw": (True, True, True, True, True),
    "play_after_draw": (False, True, False, False, False),
    "question_answered_by": ("self", "next", "self", "self", "self"),
    "question_chain": ("consecutive", "consecutive", "consecutive", "connected", "connected"),
    "answer_ranks": ([*PLAIN, "A"], PLAIN, [*PLAIN, "A"], FRIENDLY_ANSWERS, FRIENDLY_ANSWERS),
    "finishing_ranks": ([*PLAIN, "A"], PLAIN, [*PLAIN, "A"], PLAIN, PLAIN),
    "jump_counter": (True, False, True, True, True),
    "kickback_two_player": ("play-again", "play-again", "play-again", "no-effect", "no-effect"),
    "ace_wild": (True, True, True, True, True),
    "ace_cancels_penalty": (True, True, True, True, True),
    "ace_cancel_suit": ("penalty", "ace", "ace", "ace", "ace"),
    "double_ace_declares": (False, False, False, True, True),
    "penalty_counter": ("same-rank", "any", "rank-or-suit", "any", "any"),
    "penalty_stacking": ("replace", "cumulative", "replace", "replace", "cumulative"),
    "penalty_combo": ("same-rank", "same-rank", "same-rank", "same-rank", "same-suit"),
    "joker_draw": (5, 5, 5, 5, 5),
    "after_joker": ("previous", "any", "any", "any", "any"),
    "niko_kadi": (True, True, True, False, False),
    "niko_kadi_penalty": (0, 2, 0, 0, 0),
    "no_win_while_cardless": (True, False, False, False, False),
    "max_turns": (1000, 1000, 1000, 1000, 1000),
    # section 13: off in every preset
    "ace_answers": ("suited",) * 5,
    "jump_cancel_by_ace": (False,) * 5,
    "penalty_deflect": ("none",) * 5,
    "penalty_start": ("matching",) * 5,
    "joker_colour_counter": (False,) * 5,
    "elimination_hand": (0,) * 5,
    "play_on": (False,) * 5,
    "declare_allowed": ("any",) * 5,
    "lone_card_must_finish": (False,) * 5,
    "niko_kadi_missed": ("at-finish",) * 5,
    # issue 48: "suit" (today's rule) in every preset
    "ace_request": ("suit",) * 5,
}
PRESETS = ("classic", "rulebook", "chains", "friendly", "bomb-ni-bomb")


@pytest.mark.parametrize("column", range(5))
def test_presets_follow_the_table(column):
    values = Rules.preset(PRESETS[column]).to_dict()
    assert set(values) == set(TABLE)
    for option, row in TABLE.items():
        expected = row[column]
        if isinstance(expected, list):
            assert sorted(values[option]) == sorted(expected), option
        else:
            assert values[option] == expected, option


@pytest.mark.parametrize("name", PRESETS)
def test_rules_round_trip_through_json(name):
    rules = Rules.preset(name)
    assert Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules


def test_a_changed_rules_dict_leaves_the_rules_and_the_next_dict_alone():
    rules = Rules.preset("classic")
    options = rules.to_dict()
    options["jokers"] = 0
    assert rules.jokers == rules.to_dict()["jokers"] == Rules.preset("classic").jokers != 0


def test_rules_default_to_classic_and_take_overrides():
    assert Rules.from_dict({}) == Rules.preset("classic")
    rules = Rules.from_dict({"preset": "friendly", "jokers": 0})
    assert rules.to_dict() == {**Rules.preset("friendly").to_dict(), "jokers": 0}


@pytest.mark.parametrize(("data", "words"), [
    ({"preset": "nope"}, ["preset", "classic", "bomb-ni-bomb"]),
    ({"jokes": 2}, ["jokes"]),
    ({"jokers": 1}, ["jokers", "0", "2"]),
    ({"hand_size": 8}, ["hand_size", "3", "7"]),
    ({"hand_size": 2}, ["hand_size", "3", "7"]),
    ({"misplay": "maybe"}, ["misplay", "reject", "penalty"]),
    ({"voluntary_draw": "yes"}, ["voluntary_draw"]),
    ({"question_chain": "linked"}, ["question_chain", "consecutive", "connected"]),
    ({"answer_ranks": ["Z"]}, ["answer_ranks"]),
    ({"finishing_ranks": ["joker"]}, ["finishing_ranks"]),
    ({"penalty_counter": "suit"}, ["penalty_counter", "same-rank", "rank-or-suit", "any"]),
    ({"joker_draw": 4}, ["joker_draw", "5", "10"]),
    ({"niko_kadi_penalty": 6}, ["niko_kadi_penalty", "0", "5"]),
    ({"max_turns": 49}, ["max_turns", "50", "5000"]),
    ({"kickback_two_player": "again"}, ["kickback_two_player", "play-again", "no-effect"]),
])
def test_bad_rules_name_the_option_and_the_allowed_values(data, words):
    with pytest.raises(ValueError) as error:
        Rules.from_dict(data)
    for word in words:
        assert word in str(error.value)


# --- positions --------------------------------------------------------------------------

def test_a_position_round_trips():
    data = position(rules="friendly", hands=["QH 5C", "JKR 2S", ""], discard=["9S", "2H"],
                    pending=penalty(2), turn=1, direction=-1, declared=[True, False, False])
    state = State.from_dict(data)
    again = State.from_dict(json.loads(json.dumps(state.to_dict())))
    assert again.to_dict() == state.to_dict()
    for key in ("hands", "draw_pile", "discard_pile", "turn", "direction", "suit", "pending", "declared"):
        assert state.to_dict()[key] == data[key], key
    assert legal(again) == legal(state)


def test_a_position_takes_rules_as_a_dict():
    rules = Rules.from_dict({"preset": "friendly", "joker_draw": 7}).to_dict()
    state = build(rules=rules, hands=["JKR 5C", OTHERS[0]], discard=["7H"])
    assert play(state, "JKR").to_dict()["pending"] == penalty(7)


def test_a_new_game_round_trips_with_its_seed():
    state = new_game(Rules.preset("rulebook"), players=5, seed=123456789)
    data = state.to_dict()
    assert data["seed"] == 123456789
    assert State.from_dict(data).to_dict() == data


@pytest.mark.parametrize("seed", [0, 1, 987654321])
def test_a_reshuffle_is_the_standard_shuffle_of_the_seed(seed):
    """Stored games replay from their seed: the discard pile under its top card becomes the
    draw pile in the order random.shuffle gives it."""
    data = position(hands=["4H 5H", OTHERS[0]], discard=["7H"], draw_pile=[])
    data["seed"], data["shuffles"] = seed, 3
    under_top = [parse_card(card) for card in data["discard_pile"][:-1]]
    random.Random(f"kadi-shuffle:{seed}:3").shuffle(under_top)
    after = play(State.from_dict(data), "draw").to_dict()
    assert after["hands"][0][-1] == CARD_TEXT[under_top[-1]]
    assert after["draw_pile"] == [CARD_TEXT[c] for c in under_top[:-1]]
    assert (after["shuffles"], after["discard_pile"]) == (4, ["7H"])
    assert after["restocked"] == [CARD_TEXT[c] for c in sorted(under_top)]  # in the deck's order
    assert State.from_dict(after).view(1)["restocked"] == after["restocked"]  # public


def test_a_player_leaving_with_cards_after_a_reshuffle_empties_restocked():
    """Their cards go under the draw pile unseen: the pile no longer holds only restocked cards."""
    after = play(build(hands=["4H 5H", OTHERS[0], OTHERS[1]], discard=["7H"], draw_pile=[]), "draw")
    assert after.restocked and set(after.draw_pile) <= set(after.restocked)
    left = after.resign(2)
    assert not left.finished and left.restocked == () and left.view(0)["restocked"] == []
    assert State.from_dict(left.to_dict()) == left


def broken(change):
    data = position(hands=["QH 5C", OTHERS[0], OTHERS[1]], discard=["7H"])
    change(data)
    return data


@pytest.mark.parametrize(("what", "change"), [
    ("a card twice", lambda d: d["hands"][0].append("7H")),
    ("a card twice in one pile", lambda d: d["draw_pile"].append(d["draw_pile"][0])),
    ("a missing card", lambda d: d["draw_pile"].pop()),
    ("a card in place of another", lambda d: d["draw_pile"].__setitem__(0, "QH")),
    ("no such card", lambda d: d["hands"][1].append("11H")),
    ("a joker in a 52-card deck", lambda d: d.update(rules={"preset": "classic", "jokers": 0})),
    ("a turn past the last seat", lambda d: d.update(turn=3)),
    ("a negative turn", lambda d: d.update(turn=-1)),
    ("a direction of 0", lambda d: d.update(direction=0)),
    ("no such suit", lambda d: d.update(suit="X")),
    ("no such pending effect", lambda d: d.update(pending={"kind": "bomb", "amount": 2})),
    ("flags for the wrong number of players", lambda d: d.update(declared=[False])),
    ("one player", lambda d: d.update(hands=[d["hands"][0] + d["hands"][1] + d["hands"][2]],
                                      declared=[False])),
    ("an empty discard pile", lambda d: d.update(draw_pile=d["draw_pile"] + d["discard_pile"],
                                                 discard_pile=[])),
    ("six players", lambda d: d.update(hands=[*d["hands"], ["AH"], ["2H"], ["3H"]], declared=[False] * 6,
                                       draw_pile=[c for c in d["draw_pile"] if c not in ("AH", "2H", "3H")])),
    ("a penalty of nothing", lambda d: d.update(pending={"kind": "penalty", "amount": 0})),
    ("a jump of nobody", lambda d: d.update(pending={"kind": "jump", "count": 0, "by": 2})),
    ("a pending question where questions are answered by their player",
     lambda d: d.update(pending={"kind": "question", "suit": "H"})),
    ("a drawn card the player does not hold", lambda d: d.update(drawn="AS")),
    ("a drawn card without play_after_draw", lambda d: d.update(drawn="QH")),
    ("no pending key", lambda d: d.pop("pending")),
    ("a restocked card twice", lambda d: d.update(restocked=d["draw_pile"] + d["draw_pile"][:1])),
    ("a draw pile card the latest reshuffle did not put there",
     lambda d: d.update(restocked=d["draw_pile"][1:])),
])
def test_an_impossible_position_is_refused(what, change):
    with pytest.raises(ValueError):
        State.from_dict(broken(change))


def test_a_52_card_position_without_jokers_is_possible():
    state = build(rules={"preset": "classic", "jokers": 0}, hands=["QH 5C", OTHERS[0]], discard=["7H"])
    assert sorted(every_card(state.to_dict())) == sorted(deck(0))
    data = state.to_dict()
    with pytest.raises(ValueError, match="restocked"):
        State.from_dict(dict(data, restocked=data["draw_pile"] + ["JKR"]))
    assert State.from_dict(dict(data, restocked=data["draw_pile"] + ["QH"])).restocked


# --- refusals ---------------------------------------------------------------------------

@pytest.mark.parametrize(("rules", "setup", "text", "words"), [
    ("chains", {}, "5S", ["suit", "match", "start"]),
    ("chains", {}, "5H 9H", ["shape", "rank", "same"]),
    ("chains", {}, "7S", ["hold", "hand", "have"]),
    ("chains", {}, "5H @S", ["ace", "declare"]),
    ("chains", {}, "accept", ["jump", "accept"]),
    ("chains", {}, "pass", ["pass", "drew", "draw"]),
    ({"preset": "chains", "voluntary_draw": False}, {}, "draw", ["draw"]),
    ({"preset": "classic", "misplay": "reject"}, {"discard": ["7H", "2H"], "pending": penalty(2)}, "3H",
     ["same-rank", "counter"]),
    ("chains", {"discard": ["7H", "JH"], "pending": {"kind": "jump", "count": 1, "by": 2}}, "5H",
     ["jump", "accept", "jack"]),
])
def test_an_illegal_move_names_the_rule_and_changes_nothing(rules, setup, text, words):
    state = build(rules=rules, hands=["5H 9H 5S 3H AS", OTHERS[0], OTHERS[1]], **{"discard": ["7H"], **setup})
    before = state.to_dict()
    with pytest.raises(IllegalMove) as error:
        play(state, text)
    assert state.to_dict() == before
    message = str(error.value).lower()
    assert message.strip()
    assert any(word in message for word in words), message


def test_a_finished_game_takes_no_moves():
    state = play(build(rules="friendly", hands=["5H", OTHERS[0]], discard=["7H"]), "5H")
    assert state.finished
    with pytest.raises(IllegalMove):
        play(state, "draw")


def test_applying_returns_a_new_state_and_keeps_the_old():
    state = build(rules="classic", hands=["5H 9C", OTHERS[0]], discard=["7H"])
    before = state.to_dict()
    after = play(state, "5H")
    assert state.to_dict() == before
    assert after.to_dict() != before
    assert hand(after, 0) == ["9C"]


def test_a_bare_ace_declares_its_own_suit():
    state = build(rules="classic", hands=["AS 9C", OTHERS[0]], discard=["7H"])
    assert "AS" not in legal(state)
    assert play(state, "AS").to_dict() == play(state, "AS @S").to_dict()


def test_any_legal_move_may_carry_the_declaration():
    state = build(rules="chains", hands=["5H AS 9C", OTHERS[0]], discard=["7H"])
    for move in state.legal_moves():
        assert "!" not in str(move)
        assert play(state, f"{move} !").to_dict()["declared"][0] is True


# --- attributes and views ---------------------------------------------------------------

VIEW_KEYS = {"players", "you", "hand", "hand_sizes", "discard_pile", "draw_pile_size", "turn", "direction",
             "suit", "pending", "declared", "drawn", "finished", "winner", "turns", "rules", "restocked"}


def test_state_attributes():
    state = new_game(Rules.preset("classic"), players=3, seed=1, first=2)
    assert (state.turn, state.finished, state.winner, state.places()) == (2, False, None, None)
    assert state.players == 3
    assert state.turns == 0
    assert play(state, "draw").turns == 1


def test_a_players_view():
    state = build(rules="rulebook", hands=["QH 5C", OTHERS[0], OTHERS[1]], discard=["9S", "2H"],
                  pending=penalty(2), turn=1, declared=[False, True, False])
    view = state.view(1)
    json.dumps(view)
    assert VIEW_KEYS <= set(view)
    assert view["you"] == 1
    assert sorted(view["hand"]) == sorted(OTHERS[0].split())
    assert view["hand_sizes"] == [2, 3, 3]
    assert view["discard_pile"] == ["9S", "2H"]
    assert view["draw_pile_size"] == len(state.to_dict()["draw_pile"])
    assert (view["turn"], view["direction"], view["suit"]) == (1, 1, "H")
    assert view["pending"] == penalty(2)
    assert view["declared"] == [False, True, False]
    assert view["finished"] is False
    assert view["winner"] is None
    assert "hands" not in view and "places" not in view


def test_a_spectators_view():
    state = build(rules="classic", hands=["QH 5C", OTHERS[0]], discard=["7H"])
    view = state.view(None)
    assert view["you"] is None
    assert view["hand"] is None
    assert view["hand_sizes"] == [2, 3]


def test_the_drawn_card_is_shown_to_its_player_only():
    state = build(rules="rulebook", hands=["7S", OTHERS[0], OTHERS[1]], discard=["7C"], draws="7H")
    state = play(state, "draw")
    assert state.view(0)["drawn"] == "7H"
    assert state.view(1)["drawn"] is None
    assert state.view(None)["drawn"] is None


def test_a_finished_games_view_shows_everything():
    state = play(build(rules="friendly", hands=["5H", OTHERS[0], OTHERS[1]], discard=["7H"]), "5H")
    view = state.view(None)
    assert view["finished"] is True
    assert view["winner"] == 0
    assert view["hands"] == [[], OTHERS[0].split(), OTHERS[1].split()]
    assert view["places"] == [1, 2, 2]

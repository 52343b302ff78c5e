"""games.bots: legal moves always, and a greedy bot that plays sensibly."""

import random

import pytest

from games.bots import choose_move, forfeit_move
from games.engine import Move, Rules, new_game
from games.engine.rules import PRESETS
from tests.engine.helpers import build, jump, penalty


def play_out(levels, preset, seed):
    """A whole game between bots of ``levels``; checks every chosen move is legal."""
    rng = random.Random(seed)
    state = new_game(Rules.preset(preset), len(levels), seed, first=seed % len(levels))
    while not state.finished:
        move = choose_move(state, levels[state.turn], rng)
        assert move.with_declare(False) in state.legal_moves(), (str(move), state.to_dict())
        state = state.apply(move)
    return state


def test_greedy_clearly_beats_random():
    wins = {"greedy": 0, "random": 0, None: 0}
    for seed in range(200):
        levels = ("greedy", "random") if seed % 2 else ("random", "greedy")
        winner = play_out(levels, "classic", seed).winner
        wins[None if winner is None else levels[winner]] += 1
    assert wins["greedy"] >= 150, wins  # measured: 196 of 200


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("players", [2, 3, 5])
def test_bots_only_make_legal_moves_under_every_preset(preset, players):
    for seed in range(4):
        levels = tuple(random.Random(seed).choice(["greedy", "random"]) for _ in range(players))
        assert play_out(levels, preset, seed).finished


def greedy(state):
    return str(choose_move(state, "greedy", random.Random(0)))


def test_greedy_keeps_its_ace_when_another_card_plays():
    assert greedy(build(hands=["AS 7H 9C", "4D 5D"], discard=["7D"])) == "7H"


def test_greedy_keeps_its_joker_unless_the_next_player_is_about_to_finish():
    assert greedy(build(rules="friendly", hands=["JKR 4H 9C", "4D 5D 6D 9D"], discard=["7H"])) == "4H"
    assert greedy(build(rules="friendly", hands=["JKR 4H 9C", "4D 5D"], discard=["7H"])) == "JKR"


def test_greedy_counters_a_penalty_rather_than_drawing():
    state = build(hands=["2S 9C 4D AS", "4H 5H"], discard=["7H", "2H"], pending=penalty(2))
    assert greedy(state) == "2S"


def test_greedy_cancels_a_penalty_with_an_ace_when_it_cannot_counter():
    state = build(hands=["AS 9C 4D", "4H 5H"], discard=["7H", "2H"], pending=penalty(2))
    assert greedy(state) == "AS"


def test_greedy_sheds_many_cards_at_once():
    assert greedy(build(hands=["7S 7C 7D 4H 9C", "4D 5D"], discard=["7H"])) in {
        "7S 7C 7D", "7S 7D 7C", "7C 7S 7D", "7C 7D 7S", "7D 7S 7C", "7D 7C 7S",
    }


def test_greedy_keeps_an_answer_card_to_finish_on_and_declares():
    state = build(rules="friendly", hands=["7H 2H", "4D 5D 6D"], discard=["5H"])
    assert greedy(state) == "2H !"


def test_greedy_declares_when_it_can_finish_next_turn():
    state = build(hands=["9C 9S 4D", "4H 5H 6H"], discard=["9H"])
    assert greedy(state) in {"9C 9S !", "9S 9C !"}


def test_greedy_wins_when_it_can():
    assert greedy(build(hands=["7H", "4D 5D"], discard=["5H"], declared=[True, False])) == "7H"


def test_greedy_names_the_suit_it_holds_most_after_an_ace():
    assert greedy(build(hands=["AH 5C 6C 9S", "4H 5H"], discard=["7D"])) == "AH @C"


def test_random_declares_only_when_left_with_one_card_or_none():
    state = build(hands=["7H 4C", "4D 5D"], discard=["7D"])
    for seed in range(30):
        move = choose_move(state, "random", random.Random(seed))
        assert move.declare == (move.kind == "play")


def test_an_unknown_level_is_refused():
    with pytest.raises(ValueError, match="no bot level 'genius'"):
        choose_move(build(hands=["7H", "4D"], discard=["7D"]), "genius", random.Random(0))


def test_a_leaver_never_plays_when_drawing_accepting_or_passing_is_allowed():
    assert forfeit_move(build(hands=["7H 4C", "4D 5D"], discard=["7D"])) == Move("draw")
    assert forfeit_move(build(hands=["7H 4C", "4D 5D"], discard=["7D"], turn=1, pending=jump(1, 0))) == Move(
        "accept"
    )
    drawn = build(rules="rulebook", hands=["7H 4C", "4D 5D"], discard=["7D"], drawn="7H")
    assert forfeit_move(drawn) == Move("pass")
    must_play = build(
        rules={"preset": "classic", "voluntary_draw": False}, hands=["7H 7S 7C", "4D 5D"], discard=["7D"]
    )
    assert len(forfeit_move(must_play).cards) == 1


# -- RULES.md section 13 ---------------------------------------------------------------------

COMMUNITY = {
    "ace_answers": "wild", "jump_cancel_by_ace": True, "penalty_deflect": "king-jack",
    "penalty_start": "any", "joker_colour_counter": True, "elimination_hand": 13, "play_on": True,
    "declare_allowed": "finishable", "lone_card_must_finish": True, "niko_kadi_missed": "at-one-card",
}


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_bots_only_make_legal_moves_under_every_community_rule(preset):
    for seed in range(4):
        rng = random.Random(seed)
        rules = Rules.from_dict({"preset": preset, **COMMUNITY, "niko_kadi_penalty": 2})
        state = new_game(rules, 4, seed)
        while not state.finished:
            move = choose_move(state, rng.choice(["greedy", "random"]), rng)
            assert state.problem(move) is None, (str(move), state.to_dict())
            state = state.apply(move)
        assert sorted(state.places()) == [1, 2, 3, 4] or state.turns == rules.max_turns


def community(**options):
    return {"preset": "classic", "misplay": "reject", **options}


def test_greedy_stops_a_jump_with_an_ace():
    rules = community(jump_cancel_by_ace=True, jump_counter=False)
    state = build(rules=rules, hands=["9C", "AS 5C 5D", "4H"], discard=["7H", "JH"], pending=jump(1, 0),
                  turn=1)
    assert greedy(state).startswith("AS")


def test_greedy_sends_a_penalty_on_rather_than_drawing():
    state = build(rules=community(penalty_deflect="jack"), hands=["JH 9C 4D", "4H 5H"], discard=["7H", "2H"],
                  pending=penalty(2))
    assert greedy(state) == "JH"


def test_greedy_does_not_draw_into_elimination():
    hand = "4C 5C 6C 7C 9C 10C 4D 5D 6D KS AH"
    state = build(rules=community(elimination_hand=12, voluntary_draw=True), hands=[hand, "4H 5H"],
                  discard=["7S"])
    assert greedy(state) != "draw"


def test_greedy_declares_only_when_the_table_allows_it():
    rules = community(declare_allowed="finishable")
    state = build(rules=rules, hands=["9C 9S 4D", "4H 5H 6H"], discard=["9H"])
    assert greedy(state) in {"9C 9S !", "9S 9C !"}  # 4D could finish: allowed
    state = build(rules=community(declare_allowed="finishable"), hands=["9C 9S JKR", "4H 5H 6H"],
                  discard=["9H"])
    assert "!" not in greedy(state)


def test_greedy_declares_at_one_card_where_a_miss_costs_there():
    state = build(rules=community(niko_kadi_missed="at-one-card", niko_kadi_penalty=2),
                  hands=["9C 9S KD", "4H 5H 6H"], discard=["9H"])
    assert greedy(state) in {"9C 9S !", "9S 9C !"}


def test_greedy_takes_a_later_place_under_play_on():
    state = build(rules=community(play_on=True), hands=["", "7H 7C", "4D 5D"], discard=["5H"],
                  placed=[1, 0, 0], winner=0, turn=1, declared=[False, True, False])
    assert greedy(state) in {"7H 7C", "7C 7H"}  # finishing second is a win too


# --- ace_request (issue 48): aces that name ranks -----------------------------------------------

@pytest.mark.parametrize("request_kind", ["rank", "either"])
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_bots_only_make_legal_moves_where_aces_name_ranks(preset, request_kind):
    for seed in range(3):
        rng = random.Random(seed)
        rules = Rules.from_dict({"preset": preset, "ace_request": request_kind})
        state = new_game(rules, 3, seed)
        while not state.finished:
            move = choose_move(state, rng.choice(["greedy", "random"]), rng)
            assert state.problem(move) is None, (str(move), state.to_dict())
            if move.kind == "play" and move.cards[-1] % 13 == 0 and request_kind == "rank":
                assert move.suit is None  # a rank table's ace never names a suit
            state = state.apply(move)


def test_greedy_names_the_rank_it_holds_most_after_an_ace():
    table = community(ace_request="rank")
    assert greedy(build(rules=table, hands=["AH 5C 5S 10H", "4H 5H"], discard=["7D"])) == "AH @5"


def test_greedy_names_a_rank_or_a_suit_whichever_it_holds_more_of():
    table = community(ace_request="either")
    assert greedy(build(rules=table, hands=["AH 5C 5S 10H", "4H 5H"], discard=["7D"])) == "AH @5"
    assert greedy(build(rules=table, hands=["AH 4C 6C 9C 5S", "4H 5H"], discard=["7D"])) == "AH @C"

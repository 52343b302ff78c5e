"""Issue 48 point 2: the ace that names a rank (``ace_request``: suit, rank or either), in
worked cases: the move text, what is listed, what the next player may play, and how a named
rank meets penalties, questions, jumps, kickbacks and the other aces' rules (docs/rules.md,
"What an ace asks for")."""

import pytest

from games.engine import IllegalMove, Move, Rules, State, reasons
from games.engine.cards import RANKS

from .helpers import build, jump, legal, penalty, play, play_all, position

FILLER = ("4C 6C 10C", "4D 6D 10D", "4S 6S 10S")


def rules(request="rank", preset="classic", **options):
    """A rules dict: ``preset`` refusing misplays, its aces naming ``request``."""
    return {"preset": preset, "misplay": "reject", "ace_request": request, **options}


def refused(state, text, template):
    """``text`` is refused here with ``template``, and nothing changes."""
    before = state.to_dict()
    with pytest.raises(IllegalMove) as error:
        play(state, text)
    assert error.value.template == template, str(error.value)
    assert state.to_dict() == before
    assert state.problem(text).template == template


def ace_moves(state, prefix="AS"):
    """The listed moves of the play ``prefix`` with a request, in listed order."""
    return [str(m) for m in state.legal_moves() if str(m).startswith(prefix + " @")]


# --- move text ------------------------------------------------------------------------------


def test_a_request_is_written_after_an_at_sign_as_a_suit_letter_or_a_rank():
    assert Move.parse("AS @Q").rank == 11 and Move.parse("AS @Q").suit is None
    assert Move.parse("AS @H").suit == 0 and Move.parse("AS @H").rank is None
    for text in ("AS @A", "AS @2", "AS @10", "AS @J", "AS @K", "QH AS @7 !"):
        assert str(Move.parse(text)) == text
    assert str(Move.parse("as @q")) == "AS @Q"  # as case-blind as the cards
    assert Move.parse("AS @Q") != Move.parse("AS @S")
    for odd in ("AS @X", "AS @JK", "AS @11", "AS @joker"):
        with pytest.raises(IllegalMove) as error:
            Move.parse(odd)
        assert error.value.template == reasons.NOT_A_REQUEST


def test_a_rank_named_without_an_ace_last_is_refused():
    state = build(rules=rules(), hands=["7H AS", FILLER[0]], discard=["9H"])
    refused(state, "7H @Q", reasons.RANK_WITHOUT_ACE)
    refused(state, "7H @H", reasons.SUIT_WITHOUT_ACE)


# --- what is listed -------------------------------------------------------------------------


def test_a_suit_table_lists_and_refuses_as_it_always_did():
    state = build(rules=rules("suit"), hands=["AS 7H", FILLER[0]], discard=["9H"])
    assert ace_moves(state) == ["AS @H", "AS @D", "AS @S", "AS @C"]
    assert Rules.preset("classic").ace_request == "suit"
    refused(state, "AS @Q", reasons.RANK_REQUEST_OFF)


def test_a_rank_table_lists_one_move_per_rank_and_refuses_a_suit():
    state = build(rules=rules("rank"), hands=["AS 7H", FILLER[0]], discard=["9H"])
    assert ace_moves(state) == [f"AS @{rank}" for rank in RANKS]
    refused(state, "AS @H", reasons.SUIT_REQUEST_OFF)


def test_either_lists_the_suits_then_the_ranks():
    state = build(rules=rules("either"), hands=["AS AD 7H", FILLER[0]], discard=["9H"])
    assert ace_moves(state) == [f"AS @{word}" for word in (*"HDSC", *RANKS)]
    assert ace_moves(state, "AS AD") == [f"AS AD @{word}" for word in (*"HDSC", *RANKS)]


def test_a_bare_ace_names_nothing_and_keeps_its_suit():
    state = build(rules=rules(), hands=["AS 7H", FILLER[0]], discard=["9H"])
    after = play(state, "AS")
    assert after.suit == 2 and after.rank is None


# --- what the next player may play -----------------------------------------------------------


def test_after_a_named_rank_the_next_play_begins_with_that_rank_an_ace_or_a_joker():
    state = build(rules=rules(), hands=["AS 7H", "QD 7S AH JKR 9C"], discard=["9S"])
    after = play(state, "AS @Q")
    data = after.to_dict()
    assert (data["suit"], data["rank"]) == (None, "Q") and after.view(1)["rank"] == "Q"
    assert State.from_dict(data).to_dict() == data
    assert {text.split()[0] for text in legal(after) if text != "draw"} == {"QD", "AH", "JKR"}
    refused(after, "7S", reasons.NO_MATCH_NAMED_RANK_ACES_WILD)  # not the ace's suit
    refused(after, "9C", reasons.NO_MATCH_NAMED_RANK_ACES_WILD)
    assert "rank Q" in str(after.problem("9C"))


def test_without_wild_aces_another_ace_does_not_follow_a_named_rank():
    state = build(rules=rules(ace_wild=False), hands=["AS 7H", "QD AH 9C"], discard=["9S"])
    after = play(state, "AS @Q")
    refused(after, "AH @5", reasons.NO_MATCH_NAMED_RANK)
    assert {text.split()[0] for text in legal(after) if text != "draw"} == {"QD"}


def test_the_named_rank_plays_as_usual_and_the_request_is_spent():
    state = build(rules=rules(), hands=["AS 7H", "QD 5D 9C", FILLER[1]], discard=["9S"])
    after = play_all(state, ["AS @Q", "QD 5D"])  # a question answered in the same play
    assert (after.suit, after.rank) == (1, None)


def test_a_named_queen_under_questions_answered_by_next_is_a_question_to_answer():
    state = build(rules=rules(preset="rulebook"), hands=["AS 7H", "QD 9C", "5D 6S"], discard=["9S"])
    after = play_all(state, ["AS @Q", "QD"])
    assert after.pending == ("question", 1) and after.rank is None


def test_a_named_two_played_is_a_penalty_and_a_request_never_changes_one():
    state = build(rules=rules(), hands=["AS 7H", "2C 9C", "2H 9D"], discard=["9S"])
    after = play_all(state, ["AS @2", "2C"])
    assert after.pending == ("penalty", 2) and after.rank is None
    assert "2H" in legal(after)  # countered as usual


def test_a_named_jack_jumps_and_a_named_king_kicks_back():
    state = build(rules=rules(), hands=["AS 7H", "JC 9C", "4D 6D", "4S 6S"], discard=["9S"])
    jumped = play_all(state, ["AS @J", "JC"])
    assert jumped.pending == ("jump", 1, 1) and jumped.turn == 2
    state = build(rules=rules(), hands=["AS 7H", "KC 9C", "4D 6D", "4S 6S"], discard=["9S"])
    kicked = play_all(state, ["AS @K", "KC"])
    assert kicked.turn == 0 and kicked.direction == -1


def test_a_draw_leaves_the_request_for_the_next_player():
    state = build(rules=rules(), hands=["AS 7H", "9C", "QH 9D"], discard=["9S"], draws=["5C"])
    after = play_all(state, ["AS @Q", "draw"])
    assert after.turn == 2 and after.rank == 11
    assert {text.split()[0] for text in legal(after) if text != "draw"} == {"QH"}


def test_after_a_draw_the_drawn_card_must_follow_the_named_rank():
    table = rules(play_after_draw=True)
    state = build(rules=table, hands=["AS 7H", "9C"], discard=["9S"], draws=["QC"])
    after = play_all(state, ["AS @Q", "draw"])
    assert after.drawn is not None and "QC" in legal(after)
    state = build(rules=table, hands=["AS 7H", "9C"], discard=["9S"], draws=["5C"])
    after = play_all(state, ["AS @Q", "draw"])
    assert after.drawn is None and after.turn == 0  # 5C cannot follow a named queen


# --- aces' other rules -------------------------------------------------------------------------


def test_two_cancelling_aces_may_name_a_rank_and_one_names_nothing():
    table = rules(preset="friendly")
    state = build(rules=table, hands=["AS AD 7H", FILLER[0]], discard=["2H"], pending=penalty(2))
    after = play(state, "AS AD @9")
    assert after.pending is None and (after.suit, after.rank) == (None, 8)
    assert "AS AD @9" in legal(state) and "AS @9" not in legal(state)
    refused(state, "AS @9", reasons.LONE_ACE_NAMES_RANK)
    assert play(state, "AS").suit == 2  # ace_cancel_suit: ace, as before


def test_an_ace_against_a_jump_names_a_rank():
    table = rules(jump_cancel_by_ace=True)
    state = build(rules=table, hands=["AS 7H", FILLER[0], FILLER[1]], discard=["JH"], pending=jump(1, 2))
    assert ace_moves(state) == [f"AS @{rank}" for rank in RANKS]
    after = play(state, "AS @7")
    assert after.pending is None and after.rank == 6 and after.turn == 1


def test_a_wild_answering_ace_ending_the_play_names_a_rank():
    table = rules(ace_answers="wild")
    state = build(rules=table, hands=["QH AS 5C", FILLER[0]], discard=["7H"])
    assert "QH AS @K" in legal(state) and "QH AS @H" not in legal(state)
    assert play(state, "QH AS @K").rank == 12


def test_jokers_on_a_named_rank_keep_it_only_when_the_card_beneath_decides():
    beneath = rules(after_joker="previous")
    state = build(rules=beneath, hands=["AS QC 5D", "JKR 9C", "7H"], discard=["9S"])
    after = play_all(state, ["AS @Q", "JKR"])
    assert after.pending == ("penalty", 5) and after.rank == 11
    drawn = play(after, "draw")  # the penalty is spent; the queen is still asked for
    assert drawn.rank == 11 and "QC" in legal(drawn) and "5D" not in legal(drawn)
    anything = rules(after_joker="any")
    state = build(rules=anything, hands=["AS QC 5D", "JKR 9C", "7H"], discard=["9S"])
    after = play_all(state, ["AS @Q", "JKR", "draw"])
    assert after.rank is None and "5D" in legal(after)


def test_a_game_won_on_a_named_rank_keeps_the_request_in_its_record():
    table = rules(niko_kadi=False, play_on=True)
    state = build(rules=table, hands=["AS", "7C 9C", "7D 9D"], discard=["9S"])
    after = play(state, "AS @7")
    assert after.placed[0] == 1 and after.rank == 6 and not after.finished


# --- positions --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("table", "top", "suit"),
    [
        (rules("suit"), "AS", None),  # aces name suits here
        (rules(), "AS", "S"),  # a suit to follow beside the rank
        (rules(), "9S", None),  # no ace on top
        (rules(after_joker="any"), "JKR", None),  # a joker on the ace clears the request
    ],
)
def test_a_position_naming_a_rank_it_cannot_have_is_refused(table, top, suit):
    data = position(rules=table, hands=["7H", "9C"], discard=["AH", top], suit=suit)
    data["rank"] = "Q"
    with pytest.raises(ValueError, match="rank"):
        State.from_dict(data)
    data["rank"] = "X"
    with pytest.raises(ValueError, match="not a rank"):
        State.from_dict(data)


def test_a_position_without_a_rank_reads_as_naming_none():
    data = position(rules=rules(), hands=["7H", "9C"], discard=["AS"])
    assert "rank" not in data and State.from_dict(data).rank is None


def test_the_worked_example_of_docs_rules():
    """docs/rules.md, "What an ace asks for": the worked example, move by move."""
    state = build(rules=rules("either"), hands=["AS 7H", "QD 5D 7S AH JKR", "4C 6C QC"], discard=["9S"])
    after = play(state, "AS @Q")
    assert (after.suit, after.rank) == (None, 11)
    refused(after, "7S", reasons.NO_MATCH_NAMED_RANK_ACES_WILD)
    assert "the ace asked for rank Q" in str(after.problem("7S"))
    assert {text.split()[0] for text in legal(after) if text != "draw"} == {"QD", "AH", "JKR"}
    answered = play(after, "QD 5D")
    assert (answered.suit, answered.rank) == (1, None)
    drew = play(after, "draw")
    assert drew.turn == 2 and {text.split()[0] for text in legal(drew) if text != "draw"} == {"QC"}

"""``choices.choice``: the table page's card-by-card input, held to the legal moves.

Every selection path the page offers (tap a card that ``follow`` lists, stop when
``complete``) ends in a legal move, and every legal move can be entered so; random games
under every preset mixed with every option (section 9 and section 13) supply the positions,
and built positions reach the hands of many questions where plays run to millions.
"""

from itertools import islice

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import Move, Rules, new_game
from games.engine.cards import CARD_BY_TEXT, CARD_TEXT
from games.engine.choices import choice, declares_without_cards, misplay_draw
from games.engine.moves import PLAY

from .helpers import build, jump
from .test_properties import SLOW, rules_dicts, seeds

LISTED_CAP = 3000  # positions with more plays than this are walked at random instead
WALKS = 6  # random selection paths walked per position


def card_numbers(text):
    return tuple(CARD_BY_TEXT[word] for word in text.split())


def check_every_prefix_matches_the_listed_plays(state, plays):
    """For every prefix of a listed play: ``follow`` is exactly the cards that continue some
    listed play, ``complete`` says whether the prefix is one, ``suits`` are the suits its
    listed moves name and ``declare`` whether "!" may go with it."""
    children, suits, complete = {}, {}, set()
    for move in plays:
        cards = move.cards
        for n in range(len(cards)):
            children.setdefault(cards[:n], set()).add(cards[n])
        complete.add(cards)
        if move.suit is not None:
            suits.setdefault(cards, set()).add(move.suit)
    for prefix in set(children) | complete:
        got = choice(state, prefix)
        assert set(got.follow) == children.get(prefix, set()), (state.to_dict(), prefix)
        assert got.complete == (prefix in complete), (prefix, got)
        assert set(got.suits) == suits.get(prefix, set()), (prefix, got)
        if got.complete:
            declared = Move.play(prefix, declare=True)
            assert got.declare == (state.problem(declared) is None)
    first = choice(state, ())
    assert sorted(CARD_TEXT[c] for c in first.follow) == sorted(state.playable_cards())


def walk(state, data):
    """One selection path the page offers, tapped at random: each prefix it reaches is a
    legal play or can still grow, and where it stops it is a legal play (with any suit offered)."""
    picked = ()
    while True:
        got = choice(state, picked)
        assert got.follow or got.complete or not picked, (state.to_dict(), picked)
        if got.complete:
            for suit in (None, *got.suits):
                assert state.problem(Move.play(picked, suit)) is None, (picked, suit)
        if not got.follow or (got.complete and data.draw(st.booleans(), label="stop?")):
            return
        picked += (data.draw(st.sampled_from(got.follow), label="tap"),)


def check_position(state, data):
    plays = [m for m in islice(state.iter_legal_moves(), LISTED_CAP + 1) if m.kind == PLAY]
    if len(plays) <= LISTED_CAP:
        check_every_prefix_matches_the_listed_plays(state, plays)
    for _ in range(WALKS):
        walk(state, data)


@settings(max_examples=60, deadline=None, suppress_health_check=SLOW)
@given(rules=rules_dicts(), players=st.integers(2, 5), seed=seeds, data=st.data())
def test_every_offered_path_ends_in_a_legal_move_and_every_legal_move_is_offered(rules, players, seed, data):
    state = new_game(Rules.from_dict(rules), players=players, seed=seed)
    for _ in range(60):
        if state.finished:
            break
        check_position(state, data)
        listed = list(islice(state.iter_legal_moves(), 200))
        state = state.apply(listed[data.draw(st.integers(0, len(listed) - 1), label="move")])


QUESTION_HANDS = st.lists(
    st.sampled_from(["QH", "QD", "QS", "QC", "8H", "8D", "8S", "8C", "5H", "5S", "9S", "JKR", "AS", "7D"]),
    min_size=1, max_size=12, unique=True,
)


@settings(max_examples=60, deadline=None, suppress_health_check=SLOW)
@given(
    hand=QUESTION_HANDS,
    preset=st.sampled_from(["classic", "friendly", "bomb-ni-bomb", "chains"]),
    lone=st.booleans(),
    finishable=st.booleans(),
    data=st.data(),
)
def test_hands_of_many_questions_are_walked_without_listing_them(hand, preset, lone, finishable, data):
    rules = {
        "preset": preset,
        "lone_card_must_finish": lone,
        "declare_allowed": "finishable" if finishable else "any",
    }
    state = build(rules=rules, hands=(" ".join(hand), "4C"), discard=("7S",))
    check_position(state, data)


def test_a_cancelling_ace_names_no_suit_and_a_normal_ace_names_any():
    owing = build(hands=("AC 5D", "4C"), discard=("2H",), pending={"kind": "penalty", "amount": 2})
    assert choice(owing, card_numbers("AC")).complete
    assert choice(owing, card_numbers("AC")).suits == ()
    free = build(hands=("AC 5D", "4C"), discard=("7H",))
    assert choice(free, card_numbers("AC")).suits == (0, 1, 2, 3)


def test_a_connected_chain_lights_the_question_that_links_it():
    state = build(rules="friendly", hands=("8H QS QH 4C", "4D"), discard=("7H",))
    got = choice(state, card_numbers("8H QS"))
    assert not got.complete
    assert [CARD_TEXT[c] for c in got.follow] == ["QH"]
    assert choice(state, card_numbers("8H QS QH")).complete


def test_cards_not_held_or_picked_twice_allow_nothing():
    state = build(hands=("AC 5D", "4C"), discard=("7H",))
    assert not choice(state, card_numbers("4C")).held
    assert not choice(state, card_numbers("5D 5D")).held
    assert choice(state, card_numbers("5D")).held


def test_a_misplay_costs_one_card_more_than_the_draw():
    assert misplay_draw(build(hands=("AC 5D", "4C"), discard=("7H",))) == 2
    owing = build(hands=("AC 5D", "4C"), discard=("2H",), pending={"kind": "penalty", "amount": 2})
    assert misplay_draw(owing) == 3


def test_a_move_without_cards_may_declare_only_where_one_may_carry_it():
    """The page's "Niko Kadi!" with nothing picked goes with a draw, accept or pass (issue 44):
    a draw may always carry it (judged after the draw), an accept or pass only where the
    table allows the declaration with the hand kept."""
    finishable = {"preset": "rulebook", "declare_allowed": "finishable"}  # rulebook: no counter to a jump
    assert declares_without_cards(build(hands=("AC 5D", "4C"), discard=("7H",)))
    assert declares_without_cards(build(rules=finishable, hands=("AC 5D", "4C"), discard=("7H",)))
    jumped = {"discard": ("7D", "JD"), "pending": jump(1, 1)}
    assert declares_without_cards(build(hands=("5C 9S", "4C"), **jumped))  # any move may declare
    assert not declares_without_cards(build(rules=finishable, hands=("5C 9S", "4C"), **jumped))
    assert declares_without_cards(build(rules=finishable, hands=("5C", "4C"), **jumped))

"""Property tests: random games under every preset (plus random house-rule overrides) and
2-5 players, each move chosen by hypothesis, checking the invariants of issue 2 after
every move."""

import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import IllegalMove, Move, Rules, State, new_game, replay
from games.engine.cards import CARD_TEXT, RANKS

from .helpers import deck, every_card
from .reference import legal_moves as reference_moves

PRESETS = ("classic", "rulebook", "chains", "friendly", "bomb-ni-bomb")
PLAIN = ["4", "5", "6", "7", "9", "10"]
# A few values of every option, mixed into the presets to reach more combinations.
VALUES = {
    "jokers": [0, 2],
    "hand_size": [3, 4, 7],
    "misplay": ["reject", "penalty"],
    "voluntary_draw": [True, False],
    "play_after_draw": [True, False],
    "question_answered_by": ["self", "next"],
    "question_chain": ["consecutive", "connected"],
    "answer_ranks": [PLAIN, [*PLAIN, "A"], ["A", "2", "3", *PLAIN, "8", "Q", "joker"]],
    "finishing_ranks": [PLAIN, [*PLAIN, "A"]],
    "jump_counter": [True, False],
    "kickback_two_player": ["play-again", "no-effect"],
    "ace_wild": [True, False],
    "ace_cancels_penalty": [True, False],
    "ace_cancel_suit": ["ace", "penalty"],
    "double_ace_declares": [True, False],
    "penalty_counter": ["same-rank", "rank-or-suit", "any"],
    "penalty_stacking": ["replace", "cumulative"],
    "penalty_combo": ["same-rank", "same-suit"],
    "joker_draw": [5, 10],
    "after_joker": ["any", "previous"],
    "niko_kadi": [True, False],
    "niko_kadi_penalty": [0, 2],
    "no_win_while_cardless": [True, False],
    # issue 48: what an ace names; the reference reading knows it, so it is mixed in here
    "ace_request": ["suit", "rank", "either"],
}
# RULES.md section 13, mixed in at random (the reference reading knows only sections 4-5)
COMMUNITY = {
    "ace_answers": ["suited", "wild"],
    "jump_cancel_by_ace": [False, True],
    "penalty_deflect": ["none", "king", "jack", "king-jack"],
    "penalty_start": ["matching", "any"],
    "joker_colour_counter": [False, True],
    "elimination_hand": [0, 10, 13],
    "play_on": [False, True],
    "declare_allowed": ["any", "finishable"],
    "lone_card_must_finish": [False, True],
    "niko_kadi_missed": ["at-finish", "at-one-card"],
}
COMMUNITY_DEFAULTS = {name: values[0] for name, values in COMMUNITY.items()}
SHORT_GAME = 50  # max_turns for the checked games, so that every one of them ends
MOVE_CAP = 400  # far above SHORT_GAME moves: a game still running here never ends
LISTED_SAMPLE = 40  # at most this many listed moves are applied per position
REFERENCE_HAND = 4  # hands this small are cheap for the brute-force reference enumerator
SUITS = "HDSC"
WORDS = ("draw", "accept", "pass")
SLOW = [HealthCheck.too_slow, HealthCheck.data_too_large]  # long games are the point here


@st.composite
def rules_dicts(draw):
    preset = draw(st.sampled_from(PRESETS))
    names = draw(st.sets(st.sampled_from(sorted(VALUES)), max_size=6))
    overrides = {name: draw(st.sampled_from(VALUES[name])) for name in sorted(names)}
    community = draw(st.sets(st.sampled_from(sorted(COMMUNITY)), max_size=len(COMMUNITY)))
    overrides |= {name: draw(st.sampled_from(COMMUNITY[name])) for name in sorted(community)}
    return {"preset": preset, **overrides, "max_turns": SHORT_GAME}


seeds = st.integers(10**9, 2**40)  # large, so that a leaked seed is unmistakable in a view


def cards_of(text):
    """The card texts of a move text."""
    return [word for word in text.split() if word not in WORDS and word[0] not in "@!"]


def choose(state, listed, data):
    """A listed move picked by hypothesis; it declares when it leaves at most one card (and
    the table allows it); now and then a seat in play resigns instead."""
    if data.draw(st.integers(0, 30), label="resign?") == 0:
        return Move.resign(data.draw(st.sampled_from(state.in_play_seats()), label="resigning"))
    text = str(listed[data.draw(st.integers(0, len(listed) - 1), label="move")])
    played = cards_of(text)
    if played and len(hand_of(state)) - len(played) <= 1 and state.problem(text + " !") is None:
        text += " !"
    return Move.parse(text)


def hand_of(state):
    """The hand of the player to move."""
    return state.to_dict()["hands"][state.turn]


# --- the invariants -----------------------------------------------------------------------

def check_cards_conserved(state, rules):
    cards = every_card(state.to_dict())
    assert sorted(cards) == sorted(deck(rules.jokers) * rules.decks), "cards lost, duplicated or invented"


def check_round_trip(state):
    data = state.to_dict()
    again = State.from_dict(json.loads(json.dumps(data)))
    assert again.to_dict() == data
    assert {str(m) for m in again.legal_moves()} == {str(m) for m in state.legal_moves()}


def strings_and_ints(value):
    """Every string (split into words) and every int anywhere in a JSON value, keys included."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from strings_and_ints(key)
            yield from strings_and_ints(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings_and_ints(item)
    elif isinstance(value, str):
        yield from value.split()
    elif isinstance(value, int) and not isinstance(value, bool):
        yield value


def check_views_hide_secrets(state, seed):
    """No view names a hidden card or the seed, but for ``restocked``: the cards the latest
    reshuffle took from the discard pile (seen by all), the same in every view, in deck order."""
    data = state.to_dict()
    for viewer in [None, *range(len(data["hands"]))]:
        view = json.loads(json.dumps(state.view(viewer)))
        assert view.pop("restocked") == data["restocked"] == [CARD_TEXT[c] for c in sorted(state.restocked)]
        hidden = set(data["draw_pile"])
        for seat, cards in enumerate(data["hands"]):
            if seat != viewer:
                hidden |= set(cards)
        # two decks: a hidden card's twin may be in sight (no card is both on one deck)
        hidden -= set(data["discard_pile"]) | set(view["hand"] or ())
        shown = set(strings_and_ints(view))
        assert not hidden & shown, f"view({viewer}) shows {hidden & shown}"
        assert seed not in shown and "seed" not in shown, f"view({viewer}) shows the seed"
        if viewer is not None:
            assert Counter(view["hand"]) == Counter(data["hands"][viewer])


def is_listed(text, listed_texts):
    """Whether move ``text`` (no ``!``) is listed, reading a bare final ace as a listed play
    naming something (its own suit where aces name suits; under ``ace_request: rank`` the
    bare ace names nothing and keeps its suit, as it always did)."""
    if text in listed_texts:
        return True
    last = text.split()[-1]
    return last[0] == "A" and any(listed.startswith(f"{text} @") for listed in listed_texts)


def check_against_reference(state, listed):
    """Small hands: the listed moves are exactly those of the independent reading of RULES.md
    sections 4-5 (which knows none of section 13's options)."""
    data = state.to_dict()
    community = {name: data["rules"][name] for name in COMMUNITY}
    if community == COMMUNITY_DEFAULTS and len(data["hands"][state.turn]) <= REFERENCE_HAND:
        assert {str(move) for move in listed} == reference_moves(data)


def check_listed_moves_apply(state, listed, rules):
    assert len(set(listed)) == len(listed), "a move is listed twice"
    assert not any("!" in str(move) for move in listed), "a listed move carries !"
    sample = listed
    if len(listed) > LISTED_SAMPLE:
        sample = random.Random(len(listed)).sample(listed, LISTED_SAMPLE)
    for move in sample:
        assert Move.parse(str(move)) == move
        check_cards_conserved(state.apply(move), rules)


def check_refused_or_misplayed(state, text, rules, may_misplay):
    """An unlisted move ``text`` raises IllegalMove and changes nothing, or, where the rules make it
    a misplay, keeps the cards in hand and draws."""
    before = state.to_dict()
    player = state.turn
    try:
        after = state.apply(Move.parse(text))
    except IllegalMove as error:
        assert state.to_dict() == before
        assert str(error) and str(state.problem(text)) == str(error), "a refusal names its rule"
        return
    assert may_misplay, f"{text} is not listed yet was applied"
    data = after.to_dict()
    if data["placed"][player]:  # the misplay's draw reached elimination_hand
        assert after.rules.elimination_hand and not data["hands"][player]
        check_cards_conserved(after, rules)
        return
    kept = Counter(data["hands"][player])
    assert not Counter(before["hands"][player]) - kept, f"misplay {text} lost cards from the hand"
    drawable = len(before["draw_pile"]) + len(before["discard_pile"]) - 1
    assert sum(kept.values()) > len(before["hands"][player]) or drawable == 0, f"misplay {text} drew nothing"
    check_cards_conserved(after, rules)


def check_unlisted_moves(state, listed, rules, data):
    """Unlisted plays of held cards, declarations, words and cards not held are refused
    (or, for plays of held cards under ``misplay: penalty``, misplayed)."""
    listed_texts = {str(move) for move in listed}
    held = hand_of(state)
    misplay = rules.misplay == "penalty"
    if held:
        size = data.draw(st.integers(1, min(len(held), 4)), label="size")
        text = " ".join(data.draw(st.permutations(held), label="order")[:size])
        if not is_listed(text, listed_texts):
            check_refused_or_misplayed(state, text, rules, may_misplay=misplay)
    plays = sorted(text for text in listed_texts if cards_of(text) and "@" not in text)
    if plays:
        text = data.draw(st.sampled_from(plays), label="play")
        last = cards_of(text)[-1]
        suits = [suit for suit in SUITS if not (last[0] == "A" and last[-1] == suit)]
        declared = f"{text} @{data.draw(st.sampled_from(suits + list(RANKS)), label='request')}"
        if declared not in listed_texts:
            check_refused_or_misplayed(state, declared, rules, may_misplay=misplay)
    for word in WORDS:
        if word not in listed_texts:
            check_refused_or_misplayed(state, word, rules, may_misplay=False)
    foreign = [card for card in deck(rules.jokers) if card not in held]
    stranger = " ".join([*held[:1], data.draw(st.sampled_from(foreign), label="foreign")])
    check_refused_or_misplayed(state, stranger, rules, may_misplay=False)


def check_playable_cards(state, listed):
    """The cards a page highlights are exactly the first cards of the listed plays."""
    firsts = {cards_of(str(move))[0] for move in listed if cards_of(str(move))}
    assert sorted(state.playable_cards()) == sorted(firsts)


def check_places(state):
    """The places: those taken on leaving play (winners from the top, the others from the
    bottom), then a winner still in play first, the rest by fewest cards; or, with no
    winner in play, the players in play share the first free place."""
    data = state.to_dict()
    sizes = [len(cards) for cards in data["hands"]]
    placed = data["placed"]
    taken = sorted(place for place in placed if place)
    top = 0
    while top < len(taken) and taken[top] == top + 1:
        top += 1
    assert taken[top:] == list(range(len(sizes) - len(taken) + top + 1, len(sizes) + 1)), placed
    expected = list(placed)
    playing = [seat for seat in range(len(sizes)) if not placed[seat]]
    first = top + 1
    if state.winner is not None and not placed[state.winner]:
        assert sizes[state.winner] == 0 or playing == [state.winner]
        expected[state.winner] = first
        playing.remove(state.winner)
        for seat in playing:
            expected[seat] = first + 1 + sum(sizes[other] < sizes[seat] for other in playing)
    else:
        for seat in playing:
            expected[seat] = first
    assert state.places() == expected


# --- the tests ----------------------------------------------------------------------------

@settings(max_examples=80, deadline=None, suppress_health_check=SLOW)
@given(rules=rules_dicts(), players=st.integers(2, 5), seed=seeds, data=st.data())
def test_random_games_keep_every_invariant(rules, players, seed, data):
    check_random_game(rules, players, seed, data)


@settings(max_examples=30, deadline=None, suppress_health_check=SLOW)
@given(
    rules=rules_dicts(),
    named=st.sampled_from(["rank", "either"]),
    players=st.integers(2, 5),
    seed=seeds,
    data=st.data(),
)
def test_games_where_aces_name_ranks_keep_every_invariant(rules, named, players, seed, data):
    """Issue 48: every invariant above (the reference reading's moves included, where the
    community options are off) at tables whose aces name ranks, or suits or ranks."""
    check_random_game({**rules, "ace_request": named}, players, seed, data)


def check_random_game(rules, players, seed, data):
    """A random game under ``rules`` (a dict) keeps every invariant, move by move, and replays."""
    rules = Rules.from_dict(rules)
    state = new_game(rules, players=players, seed=seed)
    states, moves = [state], []
    while not state.finished and len(moves) < MOVE_CAP:
        assert state.places() is None
        check_cards_conserved(state, rules)
        check_round_trip(state)
        check_views_hide_secrets(state, seed)
        listed = state.legal_moves()
        assert listed, "a running game must offer a move"
        check_against_reference(state, listed)
        check_playable_cards(state, listed)
        check_listed_moves_apply(state, listed, rules)
        check_unlisted_moves(state, listed, rules, data)
        move = choose(state, listed, data)
        state = state.apply(move)
        if move.rank is not None and not state.finished:  # ace_request: the rank is asked for
            assert (state.rank, state.suit) == (move.rank, None), str(move)
        states.append(state)
        moves.append(str(move))
    assert state.finished, f"no end after {len(moves)} moves with max_turns {SHORT_GAME}"
    check_cards_conserved(state, rules)
    check_places(state)
    assert [s.to_dict() for s in replay(rules, players, seed, moves)] == [s.to_dict() for s in states]


@settings(max_examples=25, deadline=None, suppress_health_check=SLOW)
@given(preset=st.sampled_from(PRESETS), players=st.integers(2, 5), seed=seeds,
       first=st.integers(0, 4), data=st.data())
def test_games_under_the_preset_turn_limit_end(preset, players, seed, first, data):
    rules = Rules.preset(preset)
    first %= players
    state = new_game(rules, players=players, seed=seed, first=first)
    assert state.turn == first
    moves = []
    while not state.finished and len(moves) < rules.max_turns:
        move = choose(state, state.legal_moves(), data)
        state = state.apply(move)
        moves.append(str(move))
    assert state.finished
    assert state.winner is not None or len(moves) == rules.max_turns
    check_places(state)
    replayed = replay(rules, players, seed, moves, first=first)
    assert replayed[-1].to_dict() == state.to_dict()

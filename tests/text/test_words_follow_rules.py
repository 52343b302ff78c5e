"""Every sentence on a jump, a question or a penalty counter follows the table's own options
(issue 44, point 5): the move log (``games.text.outcomes``), the hand's preview and "What
can I do?" (``games.pages.selection``) and the table's status (``games.pages.game_view``)
name an answer exactly when the engine allows it under those rules, in English and Swahili.

The property draws rule sets as the engine's property tests do (``rules_dicts``: a preset,
any overrides, the community options), derandomized so that every run checks the same
examples; the positions are built by hand, so the engine, not the test, says what is legal.
"""

import pytest
from django.utils import translation
from hypothesis import given, settings

from games.engine import Move, State
from games.engine.cards import ACE, CARD_BY_TEXT, JACK, RANK
from games.engine.choices import choice
from games.engine.outcomes import outcome
from games.pages.game_view import allowed_actions, pending_words
from games.pages.selection import effect_words, what_now
from games.text.outcomes import outcome_sentences
from tests.engine.helpers import position
from tests.engine.test_properties import rules_dicts

NAMES = ["Amani", "Baraka", "Chebet"]
LANGUAGES = ("en", "sw")
EXAMPLES = settings(max_examples=80, derandomize=True, deadline=None)
# The jumped or questioned player (Baraka) holds a jack, an ace of another suit, a question
# and plain cards: every answer a table might allow is in the hand, so the engine's legal
# moves say which ones this table allows.
ANSWERER = "JD AS QS 5C 9C"
OTHERS = "4S 6S 10D"


def plays_starting_with(state, rank):
    return any(move.cards and RANK[move.cards[0]] == rank for move in state.legal_moves())


def said(build):
    """``build()`` (a list of sentences or one) in each language, lower case."""
    out = {}
    for language in LANGUAGES:
        with translation.override(language):
            words = build()
            out[language] = (" ".join(words) if isinstance(words, list) else str(words)).lower()
    return out


def jumped(rules):
    """Amani plays J♥ on 7♥: the position before, the move and Baraka's position after."""
    before = State.from_dict(position(rules=rules, hands=("JH 4D 6D", ANSWERER, OTHERS), discard=("7H",)))
    move = Move.play((CARD_BY_TEXT["JH"],))
    return before, move, before.apply(move)


@EXAMPLES
@given(rules_dicts())
def test_a_jump_names_exactly_the_answers_the_engine_allows(rules):
    before, move, after = jumped(rules)
    assert after.pending[0] == "jump" and after.turn == 1
    jack, ace = plays_starting_with(after, JACK), plays_starting_with(after, ACE)
    facts = outcome(before, move, after)
    picked = (CARD_BY_TEXT["JH"],)
    view = after.view(1)
    for sentences in (
        said(lambda: outcome_sentences(facts, NAMES, before.rules)),
        said(lambda: effect_words(before, picked, None, False, NAMES, choice(before, picked))),
        said(lambda: pending_words(view, NAMES)),
    ):
        for language, sentence in sentences.items():
            assert ("jack" in sentence) == jack, (language, sentence, rules)
            assert ("ace" in sentence) == ace, (language, sentence, rules)
    assert ("play" in allowed_actions(view)) == (jack or ace)


@EXAMPLES
@given(rules_dicts())
def test_a_question_names_an_ace_exactly_when_one_answers_it(rules):
    rules = {**rules, "question_answered_by": "next"}  # the only rules with a question to answer
    before = State.from_dict(position(rules=rules, hands=("QH 4D 6D", ANSWERER, OTHERS), discard=("7H",)))
    move = Move.play((CARD_BY_TEXT["QH"],))
    after = before.apply(move)
    assert after.pending[0] == "question" and after.turn == 1
    ace = plays_starting_with(after, ACE)
    assert plays_starting_with(after, RANK[CARD_BY_TEXT["QS"]])  # another question always answers
    facts = outcome(before, move, after)
    picked = (CARD_BY_TEXT["QH"],)
    for sentences in (
        said(lambda: outcome_sentences(facts, NAMES, before.rules)),
        said(lambda: effect_words(before, picked, None, False, NAMES, choice(before, picked))),
        said(lambda: pending_words(after.view(1), NAMES)),
        said(lambda: pending_words(after.view(0), NAMES)),
        said(lambda: what_now(after)),
    ):
        for language, sentence in sentences.items():
            assert ("ace" in sentence) == ace, (language, sentence, rules)
            assert ("question" if language == "en" else "swali") in sentence, (language, sentence)


@EXAMPLES
@given(rules_dicts())
def test_a_penalty_counter_says_more_only_when_the_penalty_grows(rules):
    owing = State.from_dict(position(
        rules=rules, hands=("2H 4D 6D", ANSWERER, OTHERS), discard=("7S", "2S"),
        pending={"kind": "penalty", "amount": 2},
    ))
    after = owing.apply(Move.play((CARD_BY_TEXT["2H"],)))
    grows = after.pending[1] > 2
    lines = said(lambda: what_now(owing))
    assert ("owes more" in lines["en"]) == grows, (lines, rules)
    assert ("zaidi" in lines["sw"]) == grows, (lines, rules)


@pytest.mark.parametrize(("rules", "english", "swahili"), [
    ({"preset": "classic"}, "1 jump: Baraka is skipped unless they answer with a jack.",
     "Zamu 1 ya kurukwa: Baraka anarukwa isipokuwa ajibu kwa jack."),
    ({"preset": "rulebook"}, "1 jump: Baraka is skipped.", "Zamu 1 ya kurukwa: Baraka anarukwa."),
    ({"preset": "rulebook", "jump_cancel_by_ace": True},
     "1 jump: Baraka is skipped unless they answer with an ace.",
     "Zamu 1 ya kurukwa: Baraka anarukwa isipokuwa ajibu kwa ace."),
    ({"preset": "classic", "jump_cancel_by_ace": True},
     "1 jump: Baraka is skipped unless they answer with a jack or an ace.",
     "Zamu 1 ya kurukwa: Baraka anarukwa isipokuwa ajibu kwa jack au ace."),
])
def test_the_logged_jump_at_each_kind_of_table(rules, english, swahili):
    """The issue's table: a jumped player who cannot counter is no longer told to answer with a jack."""
    before, move, after = jumped(rules)
    facts = outcome(before, move, after)
    logged = said(lambda: outcome_sentences(facts, NAMES, before.rules))
    assert logged == {"en": english.lower(), "sw": swahili.lower()}


def test_the_preview_and_the_status_of_a_jump_nobody_can_counter():
    before, _move, after = jumped({"preset": "rulebook"})
    picked = (CARD_BY_TEXT["JH"],)
    preview = said(lambda: effect_words(before, picked, None, False, NAMES, choice(before, picked)))
    assert preview == {"en": "baraka is skipped.", "sw": "baraka anarukwa."}
    assert said(lambda: pending_words(after.view(1), NAMES)) == {
        "en": "jump: you are skipped — accept.", "sw": "jump: umerukwa — kubali.",
    }
    assert allowed_actions(after.view(1)) == {"accept"}


def test_an_ace_that_may_cancel_a_jump_is_offered_though_jacks_may_not_counter():
    """Play was offered only where jacks counter: an ace that ends the jump could not be played."""
    _before, _move, after = jumped({"preset": "rulebook", "jump_cancel_by_ace": True})
    assert allowed_actions(after.view(1)) == {"play", "accept"}
    with translation.override("en"):
        assert pending_words(after.view(1), NAMES) == "Jump: you are skipped — accept or cancel with an ace."
    with translation.override("sw"):
        assert pending_words(after.view(1), NAMES) == "Jump: umerukwa — kubali au ifute kwa ace."


def test_a_counter_under_replace_says_what_the_next_player_owes():
    owing = State.from_dict(position(rules="classic", hands=("2H 4D", "5C 9C", "4S"), discard=("7S", "2S"),
                                     pending={"kind": "penalty", "amount": 2}))
    assert said(lambda: what_now(owing)[0]) == {
        "en": "counter the penalty (the next player owes what your last card gives): 2♥.",
        "sw": "zuia adhabu (mchezaji anayefuata anadaiwa kile kadi yako ya mwisho inachotoa): 2♥.",
    }


@EXAMPLES
@given(rules_dicts())
def test_an_ace_asks_for_a_rank_in_words_exactly_where_the_table_lets_it(rules):
    """Issue 48 (``ace_request``): the hand offers ranks, the preview names the rank asked
    for and whether an ace follows it, and "What can I do?" names it to the next player,
    exactly where the engine lists a rank for the ace."""
    before = State.from_dict(position(rules=rules, hands=("AH 4D 6D", ANSWERER, OTHERS), discard=("7H",)))
    picked = (CARD_BY_TEXT["AH"],)
    allowed = choice(before, picked)
    listed = {str(move) for move in before.legal_moves()}
    names_rank = "AH @Q" in listed
    assert bool(allowed.ranks) == names_rank == (before.rules.ace_request != "suit"), rules
    assert bool(allowed.suits) == ("AH @S" in listed) == (before.rules.ace_request != "rank"), rules
    if not names_rank:
        return
    queen = RANK[CARD_BY_TEXT["QS"]]
    preview = said(lambda: effect_words(before, picked, None, False, NAMES, allowed, queen))
    assert "queen" in preview["en"] and "queen" in preview["sw"], preview
    assert ("an ace" in preview["en"]) == before.rules.ace_wild, (preview, rules)
    after = before.apply(Move.play(picked, rank=queen))
    lines = said(lambda: what_now(after))  # Baraka holds QS: a queen is always his to play
    assert "queens" in lines["en"] and "queen" in lines["sw"], lines

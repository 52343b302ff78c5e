"""The engine's reasons for refusing a move reach a person in their language: every template of
games/engine/reasons.py is translated, each refusal the engine makes formats in English and
Swahili with the parameters it carries, and a Swahili player sees a Swahili reason."""

import itertools
import random
import re

import pytest
from django.urls import reverse
from django.utils import translation
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import IllegalMove, Move, Rules, new_game, reasons
from games.engine.cards import CARD_TEXT
from games.play.errors import MoveRefused
from games.play.moves import submit_move
from games.text.refusals import explain, words
from tests.engine.test_properties import SLOW, hand_of, rules_dicts, seeds
from tests.engine.twin import random_rules
from tests.games.helpers import put_position

PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")
# Quoted move text and parenthesised rule settings stay as written in every language.
ASIDE = re.compile(r'"[^"]*"|\([^)]*\)')
# Words the Swahili catalogue itself uses for cards and jumps (see games/text/cards.py).
SHARED_WORDS = {"ace", "jack", "king", "queen", "joker", "jump", "niko", "kadi"}
SWEEP_GAMES = 150  # seeded random games whose refusals reach every rule's template
TWO_DECK_SWEEP = 10  # more of them on two decks (issue 48): a copy too many, a third copy
ODD_MOVES = ("", "QX", "AH @X", "@S", "resign x", Move("dance"))  # no moves at all


def english_words(text):
    """The English words of a sentence, less placeholders, asides and the shared card words."""
    bare = ASIDE.sub(" ", PLACEHOLDER.sub(" ", text))
    return {word.lower() for word in re.findall(r"[A-Za-z]{3,}", bare)} - SHARED_WORDS


def in_language(language, refusal):
    with translation.override(language):
        return explain(refusal)


def refusal_of(state, move):
    """The refusal of ``move`` (a Move or text) here (an IllegalMove for unreadable text), or None."""
    try:
        return state.problem(move)
    except IllegalMove as error:
        return error


def probes(state, rng):
    """Moves to try in ``state``: words, held cards alone, in pairs, in threes and declaring,
    a card not held, and text that is no move."""
    hand = hand_of(state)
    texts = ["draw", "accept", "pass", "draw !", "accept !", "pass !", f"resign {rng.randint(0, 4)}"]
    texts += hand + [f"{card} !" for card in hand] + [f"{card} @{rng.choice('HDSC')}" for card in hand]
    texts += [f"{card} @Q" for card in hand]  # a rank named (ace_request), drawing nothing from rng
    texts += [" ".join(pair) for pair in itertools.islice(itertools.permutations(hand, 2), 30)]
    texts += [f"{card} {card}" for card in hand[:1]] + [" ".join(rng.sample(hand, min(len(hand), 3)))]
    texts += [f"{card} {card} {card}" for card in hand[:1]]
    return [*texts, rng.choice([card for card in CARD_TEXT if card not in hand]), *ODD_MOVES]


def sweep():
    """One refusal of each template met in seeded random games under random rules."""
    found = {}
    for seed in range(SWEEP_GAMES + TWO_DECK_SWEEP):
        rng = random.Random(seed)
        rules = random_rules(rng)
        if seed >= SWEEP_GAMES:
            rules["decks"] = 2
        state = new_game(Rules.from_dict(rules), rng.randint(2, 5), seed)
        while not state.finished:
            for move in probes(state, rng):
                refusal = refusal_of(state, move)
                if refusal is not None:
                    found.setdefault(refusal.template, refusal)
            state = state.apply(rng.choice(state.legal_moves()))
        found.setdefault(reasons.GAME_OVER, refusal_of(state, "draw"))
    try:
        Move.parse(7)
    except IllegalMove as error:
        found[error.template] = error
    return found


@pytest.fixture(scope="module")
def met():
    return sweep()


def test_every_template_is_met_and_formats_with_the_parameters_the_engine_passes(met):
    assert sorted(set(reasons.templates()) - set(met)) == []
    for template, refusal in met.items():
        assert sorted(refusal.params) == sorted(set(PLACEHOLDER.findall(template))), template
        english, swahili = in_language("en", refusal), in_language("sw", refusal)
        assert "%(" not in english and "%(" not in swahili and english != swahili


def test_every_template_has_a_swahili_translation_with_no_english_left():
    with translation.override("sw"):
        swahili = {template: translation.gettext(template) for template in reasons.templates()}
    untranslated = [template for template, text in swahili.items() if text == template]
    leftover = {t: english_words(t) & english_words(text) for t, text in swahili.items()}
    assert untranslated == [] and {t: words for t, words in leftover.items() if words} == {}


def test_templates_are_whole_sentences_with_named_parameters():
    for template in reasons.templates():
        assert re.sub(PLACEHOLDER, "", template).count("%") == 0, template
        assert template == template.strip() and not template.endswith("."), template


@settings(max_examples=30, deadline=None, suppress_health_check=SLOW)
@given(rules=rules_dicts(), players=st.integers(2, 5), seed=seeds, data=st.data())
def test_random_refusals_read_in_english_and_in_swahili(rules, players, seed, data):
    state = new_game(Rules.from_dict(rules), players=players, seed=seed)
    deck = CARD_TEXT[: 52 + state.rules.jokers]
    while not state.finished:
        hand = hand_of(state)
        cards = st.sampled_from(hand) | st.sampled_from(deck) if hand else st.sampled_from(deck)
        words = data.draw(st.lists(cards, min_size=1, max_size=3), label="cards")
        ending = data.draw(st.sampled_from(["", " !", " @H", " @S"]), label="ending")
        for text in (" ".join(words) + ending, data.draw(st.sampled_from(["draw", "accept", "pass"]))):
            refusal = refusal_of(state, text)
            if refusal is not None:
                check_explained(refusal)
        state = state.apply(data.draw(st.sampled_from(state.legal_moves()), label="move"))


def check_explained(refusal):
    """Both languages fill in every parameter; the Swahili, less its parameters, keeps none of
    the template's English words."""
    english, swahili = in_language("en", refusal), in_language("sw", refusal)
    with translation.override("sw"):
        values = [str(words(value)) for value in refusal.params.values()]
    bare = swahili
    for value in values:
        bare = bare.replace(value, " ")
    assert "%(" not in english and "%(" not in swahili and english != swahili
    assert not english_words(refusal.template) & english_words(bare), swahili


# -- End to end ---------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_swahili_players_refused_move_gives_the_reason_in_swahili(client, user, table, game):
    put_position(game, hands=("7H 5S 4C", "KD QD 9C"), discard=("7D",))
    client.force_login(user)
    page = client.post(
        reverse("games:move", kwargs={"table_id": table.pk}),
        {"move": "9C", "expected_move_count": 0},
        HTTP_HX_REQUEST="true",
        HTTP_ACCEPT_LANGUAGE="sw",
    ).content.decode()
    assert "Hatua hiyo hairuhusiwi: huna 9 ya maua" in page


@pytest.mark.django_db
def test_the_service_refuses_in_the_active_language(user, table, game):
    put_position(game, hands=("7H 5S 4C", "KD QD 9C"), discard=("7D",))
    with translation.override("sw"), pytest.raises(MoveRefused) as refused:
        submit_move(game.pk, user, "5S")
    reason = "5 ya spade hailingani: cheza kadi ya diamond, 7 yoyote"
    assert str(refused.value).startswith(f"Hatua hiyo hairuhusiwi: {reason}")


def test_the_english_words_check_finds_what_it_should():
    assert english_words("you do not hold %(card)s") & english_words("huna %(card)s hold") == {"hold"}
    assert english_words('jack moja (penalty_deflect), kama "resign 2"') == {"moja", "kama"}

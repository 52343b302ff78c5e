"""The turn's choice tree (``games.pages.selection.choice_tree``), sent with the hand so that the
page answers taps itself: every answer it holds is the server's own (``hand_choice``), for
every suit and declaration, under every house rule, in both languages; it is cut after its
budget, breadth first, and only the player to move is sent one."""

import json
import random
import re

import pytest
from django.urls import reverse
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from games.engine import Rules, new_game
from games.engine.cards import CARD_BY_TEXT, RANKS, SUITS
from games.pages.selection import RANK_MARK, choice_tree, hand_choice
from games.play.starts import start_game
from games.play.tables import create_table, take_seat
from games.text.cards import RANK_PLURAL_WORDS
from tests.engine.test_properties import rules_dicts, seeds
from tests.games.helpers import put_position

NAMES = ["Amani", "Baraka", "Chiku", "Dalili", "Eshe"]


def walk(node, picked=()):
    """Every (selection, node) of a tree, the root first."""
    yield picked, node
    for text, child in node.get("k", {}).items():
        yield from walk(child, (*picked, text))


def page_answer(node, suit, declare):
    """What static/js/table.js makes of a node (``fromTree``); ``suit``: what the ace names,
    a suit letter or (``ace_request``) a rank."""
    ranks = list(RANKS) if node.get("r") else []
    suit = suit if suit and (suit in list(node["s"]) or suit in ranks) else ""
    keys = [suit + "!", suit, ""] if declare and node["d"] else [suit, ""]
    if suit in ranks:  # the ranks' lines may be folded into one (selection._fold_ranks)
        keys = [suit + "!", "#!", suit, "#", ""] if declare and node["d"] else [suit, "#", ""]
    key = next(key for key in keys if key in node["e"])
    effect = node["e"][key]
    if key.startswith("#"):
        effect = effect.replace(RANK_MARK, str(RANK_PLURAL_WORDS[suit]))
    return {
        "follow": node["f"],
        "complete": bool(node["c"]),
        "suits": list(node["s"]),
        "ranks": ranks,
        "declare": bool(node["d"]),
        "effect": effect,
    }


@given(rules=rules_dicts(), players=st.integers(2, 5), seed=seeds, moves=st.integers(0, 40),
       language=st.sampled_from(["en", "sw"]), budget=st.sampled_from([3, 32, 200]))
def test_every_answer_in_the_tree_is_the_servers(rules, players, seed, moves, language, budget):
    state = new_game(Rules.from_dict(rules), players=players, seed=seed)
    chooser = random.Random(seed)
    for _ in range(moves):
        if state.finished:
            return
        legal = state.legal_moves()
        state = state.apply(legal[chooser.randrange(len(legal))])
    if state.finished:
        return
    names = NAMES[:players]
    with translation.override(language):
        tree = choice_tree(state, names, budget)
        known = [(picked, node) for picked, node in walk(tree) if "f" in node]
        assert len(known) <= budget
        for picked, node in known:
            cards = tuple(CARD_BY_TEXT[text] for text in picked)
            if not cards:  # the root: the cards that begin a play
                assert node["f"] == hand_choice(state, (), None, False, names)["follow"]
                continue
            for suit in (None, *range(4)):
                for declare in (False, True):
                    server = hand_choice(state, cards, suit, declare, names)
                    assert page_answer(node, SUITS[suit] if suit is not None else "", declare) == server
            for rank in (0, 9, 11) if node.get("r") else ():  # an ace asking for aces, 10s, queens
                for declare in (False, True):
                    server = hand_choice(state, cards, None, declare, names, rank)
                    assert page_answer(node, RANKS[rank], declare) == server
    # Breadth first: a selection is left out only when a shorter or earlier one took the budget.
    depths = [len(picked) for picked, node in walk(tree) if "f" not in node]
    if depths:
        assert len(known) == budget and min(depths) >= max(len(picked) for picked, _ in known)


def test_a_question_chains_tree_is_cut_after_its_budget():
    from games.engine import State
    from tests.engine.helpers import position

    rules = Rules.preset("classic").to_dict()
    state = State.from_dict(position(rules=rules, hands=("QH QS QD 8H 8S 8D 4H 4S 9C", "4C"),
                                     discard=("7H",), turn=0))
    tree = choice_tree(state, NAMES[:2])
    assert tree["f"] == ["QH", "8H", "4H"]
    assert tree["k"]["QH"]["e"][""] == "Q♥ asks: answer with hearts now, or you draw one card."
    unknown = [picked for picked, node in walk(tree) if "f" not in node]
    assert unknown and all(len(picked) >= 4 for picked in unknown)  # the page asks the server there


TREE = re.compile(r'<template id="hand-choices">(.*?)</template>')


@pytest.mark.django_db
def test_only_the_player_to_move_is_sent_the_tree(client, user, baraka):
    table = create_table(user, "Jikoni", 2, "classic")
    take_seat(table, baraka)
    game = start_game(table, user)
    put_position(game, hands=("7H 7S 5H", "9C QD"), discard=("7D",), turn=0)
    url = reverse("games:table", args=[table.pk])
    client.force_login(user)
    tree = json.loads(TREE.search(client.get(url).content.decode()).group(1))
    assert tree["f"] == ["7H", "7S"] and tree["k"]["7H"]["f"] == ["7S"]
    assert tree["k"]["7H"]["e"][""] == "baraka plays next."
    client.cookies["django_language"] = "sw"
    with translation.override("sw"):
        swahili = json.loads(TREE.search(client.get(url).content.decode()).group(1))
    assert swahili["k"]["7H"]["e"][""] not in ("", "baraka plays next.")
    for viewer in (baraka, None):  # the other player, a spectator
        client.logout()
        if viewer:
            client.force_login(viewer)
        assert "hand-choices" not in client.get(url).content.decode()


def test_the_tree_is_text_in_the_page_whatever_the_names():
    from games.engine import State
    from games.pages.table import hand_choices
    from tests.engine.helpers import position

    state = State.from_dict(position(rules=Rules.preset("classic").to_dict(), hands=("7H 5H", "4C"),
                                     discard=("7D",), turn=0))
    html = hand_choices(state, [{"name": "amani"}, {"name": '</template><b>"&'}])
    inner = TREE.fullmatch(html).group(1)
    assert not set("<>&") & set(inner)
    assert json.loads(inner)["k"]["7H"]["e"][""].startswith('</template><b>"& plays next.')

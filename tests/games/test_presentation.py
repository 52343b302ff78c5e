"""games.text: the engine's codes turned into plain words, from views only."""

import pytest

from games.engine import Rules, State
from games.engine.rules import GROUPS, OPTIONS, PRESETS
from games.pages.game_view import allowed_actions, describe_game, describe_public, pending_words
from games.text.cards import card_face, card_words
from games.text.moves import move_entry
from games.text.rules import OPTION_LABELS, options_catalogue, presets_catalogue, rule_sentence, rules_summary
from tests.engine.helpers import jump, penalty, position, question

NAMES = ["Amani", "Baraka", "Chebet"]
SEATS = [{"name": name, "left": False} for name in NAMES]


def view_of(seat, **kwargs):
    kwargs.setdefault("hands", ("7H 5S", "KD QD 9C", "4C"))
    kwargs.setdefault("discard", ("7D",))
    return State.from_dict(position(**kwargs)).view(seat)


# -- Cards ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, words",
    [("QH", "queen of hearts"), ("10S", "10 of spades"), ("AD", "ace of diamonds"), ("JKR", "red joker")],
)
def test_card_words(text, words):
    assert card_words(text) == words


def test_card_faces_have_colour_rank_and_symbol():
    ten = card_face("10D")
    assert (ten["rank"], ten["symbol"], ten["color"], ten["face"]) == ("10", "♦", "red", False)
    king = card_face("KC")
    assert (king["rank"], king["symbol"], king["color"], king["face"]) == ("K", "♣", "black", True)
    assert card_face("JKB")["joker"] and card_face("JKB")["color"] == "black"
    assert card_face("JKR")["color"] == "red"


# -- House rules ---------------------------------------------------------------------


def test_every_option_has_a_label_and_a_sentence_for_each_value():
    assert set(OPTION_LABELS) == {option.name for option in OPTIONS}
    for option in OPTIONS:
        if option.kind == "bool":
            values = [True, False]
        elif option.kind == "choice":
            values = list(option.choices)
        elif option.kind == "int":
            values = [option.low, option.high]
        else:
            values = [list(option.choices[:3])]
        for value in values:
            assert rule_sentence(option, value).endswith(".")


def test_rules_summary_lists_every_option_in_groups_and_marks_house_rules():
    rules = Rules.from_dict({"preset": "chains", "jokers": 0, "hand_size": 6}).to_dict()
    groups = rules_summary(rules, "chains")
    assert [str(group["title"]) for group in groups] == [
        "Deck and deal",
        "Turns and drawing",
        "Questions and answers",
        "Jumps and kickbacks",
        "Aces",
        "Penalty cards",
        "Niko Kadi and winning",
    ]
    assert len(groups) == len(GROUPS)
    items = {item["name"]: item for group in groups for item in group["rules"]}
    assert set(items) == {option.name for option in OPTIONS}
    assert {name for name, item in items.items() if item["changed"]} == {"jokers", "hand_size"}
    assert items["hand_size"]["text"] == "Each player is dealt 6 cards."
    assert items["answer_ranks"]["text"] == "These cards answer a question: ace, 4, 5, 6, 7, 9, 10."


def test_every_preset_is_described_by_its_differences_from_classic():
    presets = {preset["name"]: preset for preset in presets_catalogue()}
    assert set(presets) == set(PRESETS)
    assert presets["classic"]["default"] and presets["classic"]["differences"] == []
    assert "Penalties add up: a counter passes the whole sum on." in presets["bomb-ni-bomb"]["differences"]
    assert (
        "2s and 3s played together must share a suit; jokers go with any."
        in (presets["bomb-ni-bomb"]["differences"])
    )


def test_the_options_catalogue_names_the_presets_using_each_value():
    options = {option["name"]: option for group in options_catalogue() for option in group["options"]}
    assert set(options) == {option.name for option in OPTIONS}
    misplay = {value["text"]: value["presets"] for value in options["misplay"]["values"]}
    assert misplay["An illegal play is refused and nothing changes."] == [
        "Rulebook",
        "Chains",
        "Friendly",
        "Bomb ni bomb",
    ]
    assert options["joker_draw"]["range"] == "Tables may choose any number from 5 to 10."


# -- A player's view ---------------------------------------------------------------------


def test_a_penalty_is_owed_by_you_or_by_someone_else():
    mine = view_of(0, discard=("7D", "2D"), pending=penalty(5))
    theirs = view_of(1, discard=("7D", "2D"), pending=penalty(5))
    assert pending_words(mine, NAMES) == "You owe 5 cards — counter or draw."
    assert pending_words(theirs, NAMES) == "Amani owes 5 cards."
    assert (
        pending_words(view_of(None, discard=("7D", "2D"), pending=penalty(1)), NAMES) == "Amani owes 1 card."
    )


def test_a_jump_in_words():
    discard = ("7D", "JD")
    mine = view_of(1, discard=discard, pending=jump(1, 0), turn=1)
    assert pending_words(mine, NAMES) == "Jump: you are skipped — accept or counter with a jack."
    rulebook = view_of(1, rules="rulebook", discard=discard, pending=jump(1, 0), turn=1)
    assert pending_words(rulebook, NAMES) == "Jump: you are skipped — accept."
    theirs = view_of(0, discard=("7D", "JD", "JH"), pending=jump(2, 0), turn=1)
    assert pending_words(theirs, NAMES) == "Jump by Amani: 2 turns to skip, Baraka's first."


def test_a_question_in_words():
    mine = view_of(0, rules="rulebook", discard=("7D", "QS"), pending=question("S"))
    assert pending_words(mine, NAMES) == (
        "Question: answer with a card of spades or another question, or draw one card."
    )
    theirs = view_of(2, rules="rulebook", discard=("7D", "QS"), pending=question("S"))
    assert pending_words(theirs, NAMES) == (
        "Question: Amani must answer with a card of spades or another question."
    )


def test_nothing_pending_says_nothing():
    assert pending_words(view_of(0), NAMES) == ""


@pytest.mark.parametrize(
    "kwargs, seat, actions",
    [
        ({}, 0, {"play", "draw"}),
        ({}, 1, set()),
        ({}, None, set()),
        ({"discard": ("7D", "JD"), "pending": jump(1, 2)}, 0, {"play", "accept"}),
        ({"rules": "rulebook", "discard": ("7D", "JD"), "pending": jump(1, 2)}, 0, {"accept"}),
        ({"rules": "rulebook", "hands": ("7H 5S", "KD", "4C"), "drawn": "5S"}, 0, {"play", "pass"}),
        ({"hands": ("", "KD QD 9C", "4C")}, 0, {"draw"}),
    ],
)
def test_the_buttons_offered(kwargs, seat, actions):
    assert allowed_actions(view_of(seat, **kwargs)) == actions


def test_a_game_described_for_a_player():
    view = view_of(1, discard=("4H", "5H", "6H", "7D"), direction=-1, turn=1, declared=(True, False, False))
    game = describe_game(view, SEATS)
    assert game["your_turn"] and game["in_play"] and not game["over"]
    assert game["hand"] == ["KD", "QD", "9C"]
    # In the order of play from the viewer, anticlockwise: seat 1, then 0, then 2.
    assert [(p["seat"], p["you"]) for p in game["ring"]] == [(1, True), (0, False), (2, False)]
    assert [(p["cards"], p["niko_kadi"]) for p in game["ring"][1:]] == [(2, True), (1, False)]
    assert (game["top"], game["under"]) == ("7D", ["4H", "5H", "6H"])
    assert game["suit"]["words"] == "diamonds" and game["suit"]["red"]
    assert game["direction_words"] == "anticlockwise"
    assert game["status_words"] == "Your turn."


def test_a_game_described_for_a_spectator_holds_no_cards_of_any_hand():
    game = describe_game(view_of(None), SEATS)
    assert game["hand"] is None and not game["in_play"]
    assert all(player["hand"] is None for player in game["players"])
    assert game["status_words"] == "Amani to play."
    assert [p["seat"] for p in game["ring"]] == [0, 1, 2] and not any(p["you"] for p in game["ring"])


def test_the_seat_to_play_under_a_jump_is_marked_jumped():
    game = describe_game(view_of(0, pending=jump(1, by=2), turn=1), SEATS)
    assert [p["jumped"] for p in game["ring"]] == [False, True, False]


POSITIONS = [
    {},
    {"rules": "rulebook", "turn": 1, "drawn": "9C"},
    {"pending": penalty(2), "turn": 2},
    {"pending": jump(1, by=0), "turn": 1},
    {
        "rules": "rulebook",
        "discard": ("7D", "QS"),
        "pending": question("S"),
        "declared": (False, False, True),
    },
]


@pytest.mark.parametrize("kwargs", POSITIONS)
def test_what_every_viewer_sees_alike_is_the_same_from_any_seat(kwargs):
    spectators = describe_public(view_of(None, **kwargs), SEATS)
    for seat in range(3):
        assert describe_public(view_of(seat, **kwargs), SEATS) == spectators


@pytest.mark.parametrize("result", [None, {"places": [3, 1, 2], "winner": 1}])
@pytest.mark.parametrize("kwargs", POSITIONS)
def test_a_game_described_from_a_part_shared_with_other_viewers_is_described_alike(kwargs, result):
    shared = describe_public(view_of(None, **kwargs), SEATS, result)
    for seat in (None, 0, 1, 2):
        view = view_of(seat, **kwargs)
        assert describe_game(view, SEATS, result, public=shared) == describe_game(view, SEATS, result)


def test_after_a_joker_any_suit_follows():
    game = describe_game(view_of(0, rules="friendly", discard=("7D", "JKR"), suit=None), SEATS)
    assert game["suit"] is None


def test_a_finished_game_shows_the_places_the_site_recorded():
    view = view_of(0)
    result = {"places": [3, 1, 2], "winner": 1}
    game = describe_game(view, [dict(seat, left=seat["name"] == "Amani") for seat in SEATS], result)
    assert game["over"] and not game["in_play"] and game["actions"] == set()
    assert [p["name"] for p in game["standings"]] == ["Baraka", "Chebet", "Amani"]
    assert game["status_words"] == "Baraka won."
    assert game["pending_words"] == ""


def test_logged_moves():
    assert move_entry("AH AS @C !") == {
        "kind": "play",
        "cards": ["AH", "AS"],
        "suit": {"code": "C", "symbol": "♣", "words": "clubs", "red": False},
        "niko_kadi": True,
        "penalty": None,
        "drew": 0,
        "outcome": None,  # stored before outcomes were
        "actor": "player",
        "handed": False,
    }
    assert move_entry("draw")["kind"] == "draw" and move_entry("draw")["cards"] == []
    assert move_entry("draw", 3)["drew"] == 3
    assert move_entry("5S 9H", 2, penalty=2)["kind"] == "misplay"  # the engine refused it: cards back
    assert move_entry("9H", 2)["kind"] == "play"  # a legal play may draw (a missed declaration)

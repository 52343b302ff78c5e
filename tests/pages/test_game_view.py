"""games.pages.game_view: a game as a table page shows it, to a player or a spectator, read
from their view only (nothing hidden reaches it)."""

import pytest

from games.engine import State
from games.pages.game_view import allowed_actions, describe_game, describe_public, pending_words
from tests.engine.helpers import jump, penalty, position, question

NAMES = ["Amani", "Baraka", "Chebet"]
SEATS = [{"name": name, "left": False} for name in NAMES]


def view_of(seat, **kwargs):
    kwargs.setdefault("hands", ("7H 5S", "KD QD 9C", "4C"))
    kwargs.setdefault("discard", ("7D",))
    return State.from_dict(position(**kwargs)).view(seat)


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


# -- The "Niko Kadi!" badge (issue 44: never one that no longer means anything) ------------


def badges(view, result=None):
    described = describe_game(view, SEATS, result)
    return [player["niko_kadi"] for player in described["players"]], described["your_niko_kadi"]


def test_the_badge_is_the_engines_flag_while_the_game_runs():
    hands = ("7H 5S", "KD QD 9C", "4C")
    state = State.from_dict(position(hands=hands, discard=("7D",), declared=(True, False, True)))
    assert badges(state.view(0)) == ([True, False, True], True)
    drawn = state.apply("draw")  # a draw without the declaration clears the drawer's flag
    assert badges(drawn.view(0)) == ([False, False, True], False)


def test_no_badge_where_the_declaration_means_nothing():
    undeclared_table = {"preset": "classic", "niko_kadi": False}
    view = view_of(0, rules=undeclared_table, declared=(True, False, False))
    assert badges(view) == ([False, False, False], False)
    out = view_of(
        0, rules={"preset": "classic", "play_on": True}, hands=("7H 5S", "KD QD 9C", ""),
        declared=(True, False, True), placed=(0, 0, 1),
    )
    assert badges(out)[0] == [True, False, False]  # seat 2 left play: its flag warns nobody
    over = {"places": [1, 2, 3], "winner": 0}
    assert badges(view_of(0, declared=(True, True, False)), over) == ([False, False, False], False)


# -- ace_request (issue 48) ----------------------------------------------------------------------


def test_a_rank_asked_for_is_shown_in_place_of_the_suit():
    rules = {"preset": "classic", "ace_request": "rank"}
    view = view_of(1, rules=rules, discard=("7D", "AS"), suit=None, rank="Q", turn=1)
    game = describe_game(view, SEATS)
    assert game["rank"] == {"code": "Q", "words": "queens"} and game["suit"] is None
    assert game["ace_request"] == "rank"
    assert describe_game(view_of(0), SEATS)["rank"] is None


@pytest.mark.django_db
def test_the_table_page_offers_rank_keys_and_shows_the_rank_asked(client, user, baraka, table):
    """The board says which rank an ace asked for; the picker holds the thirteen rank keys
    only where the table's aces may name ranks (the page's script shows those a play allows)."""
    from django.urls import reverse

    from games.play.starts import start_game
    from games.play.tables import take_seat
    from tests.games.helpers import put_position

    take_seat(table, baraka)
    game = start_game(table, user)
    client.force_login(user)
    page = client.get(reverse("games:table", args=[table.pk])).content.decode()
    assert "rank-toggle" not in page  # a suit table: as before
    game.rules = {**game.rules, "ace_request": "either"}
    put_position(game, hands=("AS 7H", "9C QD"), discard=("7D",), turn=0)
    page = client.get(reverse("games:table", args=[table.pk])).content.decode()
    assert page.count('class="choice-toggle rank-toggle"') == 13 and 'data-suit-choice="10"' in page
    assert "Your ace may ask for a suit or a rank" in page
    put_position(game, hands=("7H", "9C QD"), discard=("7D", "AS"), turn=1, suit=None, rank="Q")
    page = client.get(reverse("games:table", args=[table.pk])).content.decode()
    assert 'data-rank="Q"' in page and "queens" in page

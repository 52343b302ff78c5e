"""The hand's selection, asked card by card (``games.pages.selection`` behind ``/t/<id>/choice/``):
which cards may follow, whether Play may be pressed, the suits, Niko Kadi, the effect line,
and "What can I do?"; every bad request refused with a reason, nothing changed."""

import pytest
from django.urls import reverse
from django.utils import translation

from games.models import Game
from games.play.starts import start_game
from games.play.tables import create_table, take_seat
from tests.games.helpers import put_position

pytestmark = pytest.mark.django_db


def ask(client, game, cards="", **params):
    url = reverse("games:hand_choice", args=[game.table_id])
    return client.get(url, {"cards": cards, **params})


@pytest.fixture
def classic(user, baraka):
    """A classic table (misplays punished, Niko Kadi needed): amani against baraka."""
    table = create_table(user, "Jikoni", 2, "classic")
    take_seat(table, baraka)
    return start_game(table, user)


def test_an_ace_that_cancels_a_penalty_names_no_suit(client, user, classic):
    put_position(classic, hands=("AC 5D 9S", "4C"), discard=("2H",), turn=0,
                 pending={"kind": "penalty", "amount": 2})
    client.force_login(user)
    answer = ask(client, classic, "AC").json()
    assert answer["complete"] and answer["suits"] == [] and answer["follow"] == []
    assert answer["effect"] == "The penalty is cancelled; baraka plays next."


def test_a_free_ace_may_name_any_suit_and_says_so(client, user, classic):
    put_position(classic, hands=("AC 5D 9S", "4C"), discard=("7H",), turn=0)
    client.force_login(user)
    answer = ask(client, classic, "AC", suit="S").json()
    assert answer["suits"] == ["H", "D", "S", "C"]
    assert answer["effect"] == "baraka must follow spades."


def test_only_the_cards_that_can_follow_are_offered(client, user, classic):
    put_position(classic, hands=("QH 8H 8S 4H 4S 9C", "4C"), discard=("7H",), turn=0)
    client.force_login(user)
    answer = ask(client, classic, "QH").json()
    assert sorted(answer["follow"]) == ["4H", "8H"]  # a queen of hearts, then a heart question or answer
    assert answer["complete"]
    assert answer["effect"] == "Q♥ asks: answer with hearts now, or you draw one card."
    assert sorted(ask(client, classic, "QH 8H").json()["follow"]) == ["4H", "8S"]


def test_both_copies_of_a_card_may_be_picked_on_two_decks(client, user, classic):
    """decks: 2 (issue 48): the twin of a picked card may follow it; a third pick is refused."""
    classic.rules = {**classic.rules, "decks": 2}
    put_position(classic, hands=("7H 7H 9C", "4C"), discard=("7S",), turn=0)
    client.force_login(user)
    assert ask(client, classic, "7H").json()["follow"] == ["7H"]
    both = ask(client, classic, "7H 7H").json()
    assert both["complete"] and both["follow"] == []
    assert ask(client, classic, "7H 7H 7H").status_code == 409


def test_a_penalty_says_who_draws(client, user, classic):
    put_position(classic, hands=("2C 5D 9S", "4C 4D"), discard=("7C",), turn=0)
    client.force_login(user)
    assert ask(client, classic, "2C").json()["effect"] == "baraka draws 2 cards unless they counter."


def test_emptying_the_hand_without_a_win_says_why(client, user, classic):
    put_position(classic, hands=("6D", "4C 4D"), discard=("7D",), turn=0)
    client.force_login(user)
    answer = ask(client, classic, "6D").json()
    assert answer["effect"] == (
        "Playing this empties your hand but does not win: you did not declare Niko Kadi on your move before."
    )
    classic.rules = {**classic.rules, "finishing_ranks": ["4", "5", "6", "7", "9", "10"]}
    put_position(classic, hands=("AD", "4C 4D"), discard=("7D",), turn=0, declared=(True, False))
    assert ask(client, classic, "AD").json()["effect"] == (
        "Playing this empties your hand but does not win: A♦ cannot finish a game here."
    )


def test_leaving_one_card_asks_for_niko_kadi(client, user, classic):
    put_position(classic, hands=("6D 9D", "4C 4D"), discard=("7D",), turn=0)
    client.force_login(user)
    answer = ask(client, classic, "6D").json()
    assert answer["declare"]
    assert answer["effect"].endswith("This leaves you one card: turn on Niko Kadi to be able to finish.")
    assert "Niko Kadi" not in ask(client, classic, "6D", declare="1").json()["effect"]


def test_what_can_i_do_lists_the_legal_kinds_of_play(client, user, classic):
    put_position(classic, hands=("AC 2D 9S", "4C"), discard=("2H",), turn=0,
                 pending={"kind": "penalty", "amount": 2})
    client.force_login(user)
    assert ask(client, classic, help="1").json()["help"] == [
        "Counter the penalty (the next player owes what your last card gives): 2♦.",
        "Cancel the penalty with an ace: A♣.",
        "Draw 2 cards: the penalty is then paid.",
    ]
    with translation.override("sw"):
        client.cookies["django_language"] = "sw"
        lines = ask(client, classic, help="1").json()["help"]
    assert lines and all(line.isprintable() for line in lines)


@pytest.mark.parametrize(
    "params, status",
    [
        ({"cards": "ZZ"}, 400),
        ({"cards": "AC", "suit": "X"}, 400),
        ({"cards": " ".join(["AC"] * 61)}, 400),
        ({"cards": "AC AC"}, 409),
        ({"cards": "KD"}, 409),
    ],
)
def test_bad_requests_are_refused_with_a_reason(client, user, classic, params, status):
    put_position(classic, hands=("AC 5D 9S", "4C"), discard=("7H",), turn=0)
    client.force_login(user)
    before = Game.objects.get(pk=classic.pk).state
    response = client.get(reverse("games:hand_choice", args=[classic.table_id]), params)
    assert response.status_code == status and response.json()["error"]
    assert Game.objects.get(pk=classic.pk).state == before


def test_only_the_player_to_move_may_ask(client, baraka, classic):
    put_position(classic, hands=("AC 5D 9S", "4C"), discard=("7H",), turn=0)
    client.force_login(baraka)
    response = ask(client, classic, "4C")
    assert response.status_code == 409 and response.json()["error"] == "It is not your turn."
    client.logout()
    assert ask(client, classic, "AC").status_code == 409


def test_the_turn_before_a_bot_takes_the_seat_warns_the_player(client, user, classic, settings):
    settings.MISSED_TURNS_BEFORE_BOT = 3
    put_position(classic, hands=("AC 5D 9S", "4C"), discard=("7H",), turn=0)
    client.force_login(user)
    table_url = reverse("games:table", args=[classic.table_id])
    assert "data-stand-in-warning" not in client.get(table_url).content.decode()
    classic.players.filter(user=user).update(missed_turns=2)
    page = client.get(table_url).content.decode()
    assert "You missed 2 turns in a row. Miss this one too and a bot takes your seat" in page
    assert "data-last-chance-title" in page
    classic.players.filter(user=user).update(missed_turns=1)
    assert "data-stand-in-warning" not in client.get(table_url).content.decode()


# --- ace_request (issue 48): an ace that asks for a rank --------------------------------------

@pytest.fixture
def rank_table(user, baraka):
    """A classic table whose aces name a suit or a rank (``ace_request: either``)."""
    table = create_table(user, "Jikoni", 2, "classic")
    take_seat(table, baraka)
    game = start_game(table, user)
    game.rules = {**game.rules, "ace_request": "either"}  # put_position reads the game's rules
    return game


def test_a_free_ace_may_ask_for_a_rank_and_says_what_must_follow(client, user, rank_table):
    put_position(rank_table, hands=("AC 5D 9S", "4C"), discard=("7H",), turn=0)
    client.force_login(user)
    answer = ask(client, rank_table, "AC", suit="Q").json()
    assert answer["suits"] == ["H", "D", "S", "C"]
    assert answer["ranks"] == ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    assert answer["effect"] == "baraka must play queens, an ace or a joker."
    tens = ask(client, rank_table, "AC", suit="10").json()
    assert tens["effect"] == "baraka must play 10s, an ace or a joker."
    with translation.override("sw"):
        assert "queen" in ask(client, rank_table, "AC", suit="Q").json()["effect"]


def test_a_suit_table_offers_no_ranks(client, user, classic):
    put_position(classic, hands=("AC 5D 9S", "4C"), discard=("7H",), turn=0)
    client.force_login(user)
    answer = ask(client, classic, "AC", suit="Q").json()
    assert answer["ranks"] == [] and answer["effect"] == "baraka plays next."


def test_what_can_i_do_after_a_named_rank_says_the_rank(client, baraka, rank_table):
    put_position(rank_table, hands=("5D 9S", "QC AH 4C"), discard=("7H", "AS"), turn=1, suit=None, rank="Q")
    client.force_login(baraka)
    lines = ask(client, rank_table, help="1").json()["help"]
    assert lines[0] == "The ace asked for queens: play one, or a card that goes on anything: Q♣ A♥."

"""The hand as a page shows it: its order (a player's setting) and which cards may begin a play."""

from games.pages.game_view import hand_cards
from games.pages.table import table_context
from games.text.cards import sorted_hand
from tests.games.helpers import put_position


def test_by_suit_keeps_each_suit_together_and_the_jokers_last():
    hand = ["JKB", "10D", "AS", "3H", "KS", "JKR", "9H", "2C"]
    assert sorted_hand(hand) == ["AS", "KS", "3H", "9H", "2C", "10D", "JKB", "JKR"]


def test_by_rank_keeps_each_rank_together():
    hand = ["JKB", "9D", "AS", "9H", "KS", "AD", "2C"]
    assert sorted_hand(hand, "rank") == ["AS", "AD", "2C", "9H", "9D", "KS", "JKB"]


def test_the_drawn_card_is_marked_in_its_place():
    view = {"hand": ["9H", "4C", "5H"], "drawn": "5H"}
    cards = hand_cards(view, {"5H"}, "suit")
    assert [(c["text"], c["drawn"], c["playable"]) for c in cards] == [
        ("5H", True, True),
        ("9H", False, False),
        ("4C", False, False),
    ]


def test_the_page_marks_the_cards_that_may_begin_a_play_on_your_turn_only(game, user, baraka):
    put_position(game, hands=("7H 5S 9D", "9H QD KC"), discard=("7D",), turn=0)
    user.hand_order = "rank"
    mine = table_context(game.table, user)["game"]["hand_cards"]
    assert [(c["text"], c["playable"]) for c in mine] == [("5S", False), ("7H", True), ("9D", True)]
    theirs = table_context(game.table, baraka)["game"]["hand_cards"]
    assert {c["playable"] for c in theirs} == {None}


def test_the_turn_clock_runs_from_the_last_change_for_a_human_to_play(game, user, baraka):
    from datetime import timedelta

    from games.pages.table import read_table, turn_clock

    table = game.table
    table.turn_timer_seconds = 30
    table.save()
    reading = read_table(table)
    clock = turn_clock(reading, reading.game.updated_at + timedelta(seconds=20.5))
    assert clock == {"seat": 0, "ms": 9500, "text": "0:10"}
    assert turn_clock(reading, reading.game.updated_at + timedelta(seconds=99))["text"] == "0:00"
    table.turn_timer_seconds = None
    assert turn_clock(reading, reading.game.updated_at) is None


def test_each_move_row_keeps_the_cards_it_drew(game, user, baraka):
    from games.play.moves import submit_move
    from games.text.moves import move_entry

    game.rules = {**game.rules, "misplay": "penalty"}
    game.save()
    put_position(game, hands=("7H 5S 4C", "9H QD KC"), discard=("7D",), turn=0)
    misplay = submit_move(game.pk, user, "5S").row  # 5S on 7D: its card comes back, and a penalty
    draw = submit_move(game.pk, baraka, "draw").row
    assert misplay.drew >= 1 and misplay.penalty == misplay.drew
    assert move_entry(misplay.text, misplay.drew, misplay.penalty)["kind"] == "misplay"
    assert draw.drew == 1 and move_entry(draw.text, draw.drew)["kind"] == "draw"

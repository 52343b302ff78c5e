"""The moves since yours (issue 44, point 2), live: each frame carries a new line of the move
log once, with its mover's seat, which the page copies into the first screen
(static/js/recent_moves.js): no frame carries the strip; and a bot's seat says its short
name in the frames as on the page."""

import re

import pytest
from channels.db import database_sync_to_async

from games.play.starts import start_game
from games.play.tables import add_bot, create_table, take_seat
from tests.games.helpers import put_position
from tests.realtime.helpers import open_client

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def three_seats(user, baraka):
    """amani (seat 0, to play), baraka and a greedy bot, for two plain moves: 5S, then 9S."""
    table = create_table(user, "Ruka", 3, "classic")
    take_seat(table, baraka)
    add_bot(table, "greedy")
    game = start_game(table, user)
    put_position(game, hands=("5S 4C 7D", "9S QD KC", "4D 6D 10S"), discard=("5H",), turn=0)
    return game


def lines(frame):
    """(number, seat) of each line of the move log in ``frame``."""
    return re.findall(r'<li value="(\d+)" class="move-log__item" data-seat="(\d+)">', frame.html)


async def test_a_new_line_comes_once_with_its_movers_seat(user, baraka):
    game = await three_seats(user, baraka)
    amani = await open_client(game.table_id, user)
    bara = await open_client(game.table_id, baraka)
    full = bara.frames[0]  # on connect
    assert '<span class="player__name">Greedy 1</span>' in full.html  # the bot's seat
    await amani.move("5S", seq=0)
    first = await bara.until(lambda f: f.sync == (game.pk, 1))
    assert lines(first) == [("1", "0")]  # amani's move, with her seat
    await bara.move("9S", seq=1)  # the first change came whole: the next is a delta
    delta = await bara.until(lambda f: f.sync == (game.pk, 2))
    assert delta.ids["table-sync"].get("data-after") == "1"
    assert lines(delta) == [("2", "1")]  # only the new line, once
    for frame in (full, first, delta):
        assert "recent-moves" not in frame.html  # the page keeps it from the log
    await amani.close()
    await bara.close()

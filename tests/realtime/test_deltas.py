"""Deltas over the table's websocket (games.live.deltas): after a change frame, a socket is
sent only what changed since, marked with the event it follows; hidden cards stay hidden;
a socket whose last frame was not its kind's change frame gets the whole frame; a page
that asks for a resync from an older event gets a fresh render."""

import pytest

from tests.games.helpers import put_position
from tests.realtime.helpers import open_client

pytestmark = pytest.mark.django_db(transaction=True)
AMANI, BARAKA = "7H 7S 5S 4C 9D", "9H 7C 6C QD KC"
HIDDEN = ("7S", "5S", "4C", "9D", "9H", "6C", "QD", "KC")  # the hands once 7H and 7C are played


@pytest.fixture
def game(game):
    """amani (seat 0, to play) against baraka, with hands for a few sevens and draws."""
    put_position(game, hands=(AMANI, BARAKA), discard=("7D",), turn=0)
    return game


def is_delta(frame, after):
    marker = frame.ids["table-sync"]
    return marker.get("data-after") == str(after) and frame.html.startswith('<span id="table-sync"')


async def test_after_a_change_frame_each_viewer_gets_what_changed(game, user, baraka):
    amani = await open_client(game.table_id, user)
    bara = await open_client(game.table_id, baraka)
    watcher = await open_client(game.table_id)
    clients = (amani, bara, watcher)

    await amani.move("7H", seq=0)
    first = [await client.until(lambda f: f.sync == (game.pk, 1)) for client in clients]
    for frame in first:  # the first change after the full render on connect: whole
        assert "data-after" not in frame.ids["table-sync"] and "table-area" in frame.ids

    await bara.move("7C", seq=1)
    second = [await client.until(lambda f: f.sync == (game.pk, 2)) for client in clients]
    assert all(is_delta(frame, 1) and "table-area" not in frame.ids for frame in second)
    assert len(second[2].html) < len(first[2].html)  # sizes: bench/page_weight.py
    # amani's turn came: her hand is sent again, with her moves; baraka's ended: his too
    assert sorted(second[0].hand) == sorted(HIDDEN[:4]) and second[0].your_turn
    assert sorted(second[1].hand) == sorted(HIDDEN[4:]) and not second[1].your_turn
    assert second[2].hand == [] and "move-form" not in second[2].ids  # the spectator holds no hand
    for card in HIDDEN:
        assert card not in second[2].cards  # nobody's hidden card, in pictures or in the log

    await amani.move("draw", seq=2)
    third = [await client.until(lambda f: f.sync == (game.pk, 3)) for client in clients]
    assert all(is_delta(frame, 2) for frame in third)
    assert third[0].inputs["seq"] == "3" and third[1].inputs["seq"] == "3"
    for client in clients:
        await client.close()


async def test_after_a_full_render_the_next_change_comes_whole(game, user, baraka):
    amani = await open_client(game.table_id, user)
    bara = await open_client(game.table_id, baraka)
    await amani.move("7H", seq=0)
    await bara.until(lambda f: f.sync == (game.pk, 1))
    await bara.send(type="resync", game=game.pk, seq=0)  # as a page that missed a frame
    fresh = await bara.until(lambda f: "chat" in f.ids)
    assert fresh.sync == (game.pk, 1) and "data-after" not in fresh.ids["table-sync"]

    await bara.move("7C", seq=1)
    after_fresh = await bara.until(lambda f: f.sync == (game.pk, 2))
    assert "data-after" not in after_fresh.ids["table-sync"] and "table-area" in after_fresh.ids
    await amani.move("draw", seq=2)
    assert is_delta(await bara.until(lambda f: f.sync == (game.pk, 3)), 2)
    for client in (amani, bara):
        await client.close()

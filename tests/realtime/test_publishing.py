"""A table's news published from a database thread (games.live.publishing) reaches the
group's members as the Redis layer's own group_send would, whatever the layer's options:
this process's straight from the thread, once, the other processes' through Redis; with
Redis out of reach, a move is still made and the lost news is a warning."""

import asyncio
import logging
import os

import pytest
from channels.layers import InMemoryChannelLayer

from games.live import publishing
from games.live.channel_layer import PubSubChannelLayer
from games.live.publishing import GroupPublisher
from games.models import Game
from games.play.moves import submit_move
from tests.games.helpers import put_position
from tests.realtime.helpers import WAIT

needs_redis = pytest.mark.skipif(
    not os.environ.get("REDIS_URL"), reason="needs Redis (REDIS_URL): .ci/run's second pass sets it"
)
MESSAGE = {"type": "table.changed", "game": 7, "seq": 12}
ELSEWHERE = {"change": b"\x80rows"}  # for the other processes only


def config(**options):
    url = os.environ.get("REDIS_URL", "").split(",")[0]
    return {"BACKEND": "games.live.channel_layer.PubSubChannelLayer", "CONFIG": {"hosts": [url], **options}}


async def published_and_received(options, group="table.41", from_loop=False):
    """``MESSAGE`` published by a publisher from a thread (or ``from_loop``: from the event
    loop's own thread, as a move written there publishes): what a member of ``group`` gets
    in this process (its first two messages: a marker is sent to the group after the
    publish), and what a member gets in another process (a layer of its own), each made
    with ``options``."""
    settings = config(**options)
    here, elsewhere = PubSubChannelLayer(**settings["CONFIG"]), PubSubChannelLayer(**settings["CONFIG"])
    try:
        channels = [await layer.new_channel() for layer in (here, elsewhere)]
        for layer, channel in zip((here, elsewhere), channels, strict=True):
            await layer.group_add(group, channel)
        publisher = GroupPublisher.for_layer(here, settings)
        if from_loop:
            publisher.group_send(group, MESSAGE, lambda: ELSEWHERE)
            await asyncio.gather(*publishing._tasks)  # published by a task of the loop
        else:
            await asyncio.to_thread(publisher.group_send, group, MESSAGE, lambda: ELSEWHERE)
        await here.group_send(group, {"type": "marker"})  # through Redis, after the publish
        heard_here = [await asyncio.wait_for(here.receive(channels[0]), WAIT) for _ in range(2)]
        return heard_here, await asyncio.wait_for(elsewhere.receive(channels[1]), WAIT)
    finally:
        for layer in (here, elsewhere):
            await layer.flush()


@needs_redis
@pytest.mark.parametrize(
    "options",
    [{}, {"prefix": "kadi"}, {"symmetric_encryption_keys": ["a secret of the servers"]}],
    ids=["defaults", "prefix", "encrypted"],
)
@pytest.mark.parametrize("from_loop", [False, True], ids=["thread", "loop"])
def test_a_message_published_from_a_thread_reaches_the_group_here_once_and_elsewhere(options, from_loop):
    """This process's member is handed the message (without what only the others need),
    once: its copy through Redis is dropped, so the marker sent after it comes next."""
    heard_here, heard_elsewhere = asyncio.run(published_and_received(options, from_loop=from_loop))
    assert heard_here == [MESSAGE, {"type": "marker"}]
    assert heard_elsewhere == {**MESSAGE, **ELSEWHERE}


@needs_redis
def test_other_groups_do_not_hear_it():
    async def other_group_hears():
        settings = config()
        layer = PubSubChannelLayer(**settings["CONFIG"])
        try:
            channel = await layer.new_channel()
            await layer.group_add("table.42", channel)
            await asyncio.to_thread(GroupPublisher.for_layer(layer, settings).group_send, "table.43", MESSAGE)
            await layer.group_send("table.42", {"type": "marker"})  # sent after: its arrival ends the wait
            return await asyncio.wait_for(layer.receive(channel), WAIT)
        finally:
            await layer.flush()

    assert asyncio.run(other_group_hears()) == {"type": "marker"}


def test_only_a_redis_layer_of_servers_by_address_has_a_publisher():
    assert GroupPublisher.for_layer(InMemoryChannelLayer(), {"CONFIG": {}}) is None
    sentinel = {"sentinels": [("127.0.0.1", 26379)], "master_name": "kadi"}
    layer = PubSubChannelLayer(hosts=[sentinel])
    assert GroupPublisher.for_layer(layer, {"CONFIG": {"hosts": [sentinel]}}) is None


@pytest.mark.django_db(transaction=True)  # the news leaves once the move's transaction commits
def test_with_redis_out_of_reach_the_move_is_made_and_the_lost_news_is_a_warning(
    game, user, settings, caplog
):
    unreachable = {"hosts": ["redis://127.0.0.1:1/0"]}  # nothing listens on port 1
    settings.CHANNEL_LAYERS = {"default": {**config(), "CONFIG": unreachable}}
    put_position(game, hands=["7H 4C", "9D 5D"], discard=["7D"])
    with caplog.at_level(logging.WARNING, logger="games.live.realtime"):
        submit_move(game.pk, user, "7H")
    assert Game.objects.get(pk=game.pk).move_count == 1
    [warning] = [record for record in caplog.records if record.name == "games.live.realtime"]
    assert warning.levelno == logging.WARNING and f"table {game.table_id}" in warning.getMessage()
    assert warning.exc_info is None  # no traceback in the server's log

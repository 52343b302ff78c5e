"""A table's news published from a database thread (games.live.publishing) reaches the
group's members as the Redis layer's own group_send would, whatever the layer's options."""

import asyncio
import os

import pytest
from channels.layers import InMemoryChannelLayer
from channels_redis.pubsub import RedisPubSubChannelLayer

from games.live.publishing import GroupPublisher
from tests.realtime.helpers import WAIT

pytestmark = pytest.mark.skipif(
    not os.environ.get("REDIS_URL"), reason="needs Redis (REDIS_URL): .ci/run's second pass sets it"
)
MESSAGE = {"type": "table.changed", "game": 7, "seq": 12, "change": b"\x80rows"}


def config(**options):
    url = os.environ.get("REDIS_URL", "").split(",")[0]
    return {"BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer", "CONFIG": {"hosts": [url], **options}}


async def published_and_received(options, group="table.41"):
    """``MESSAGE`` published by a publisher from a thread, as received by a member of
    ``group`` through a layer made with ``options``."""
    settings = config(**options)
    layer = RedisPubSubChannelLayer(**settings["CONFIG"])
    try:
        channel = await layer.new_channel()
        await layer.group_add(group, channel)
        publisher = GroupPublisher.for_layer(layer, settings)
        await asyncio.to_thread(publisher.group_send, group, MESSAGE)
        return await asyncio.wait_for(layer.receive(channel), WAIT)
    finally:
        await layer.flush()


@pytest.mark.parametrize(
    "options",
    [{}, {"prefix": "kadi"}, {"symmetric_encryption_keys": ["a secret of the servers"]}],
    ids=["defaults", "prefix", "encrypted"],
)
def test_a_message_published_from_a_thread_reaches_the_group(options):
    assert asyncio.run(published_and_received(options)) == MESSAGE


def test_other_groups_do_not_hear_it():
    async def other_group_hears():
        settings = config()
        layer = RedisPubSubChannelLayer(**settings["CONFIG"])
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
    layer = RedisPubSubChannelLayer(hosts=[sentinel])
    assert GroupPublisher.for_layer(layer, {"CONFIG": {"hosts": [sentinel]}}) is None

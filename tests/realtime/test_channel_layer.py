"""The production stack's channel layer (games.live.channel_layer): a channel cancelled twice
on its way out, as a socket closing while its server stops is, is still unsubscribed, and
nothing is logged."""

import asyncio
import logging

from games.live.channel_layer import PubSubChannelLayer
from tests.realtime.helpers import WAIT
from tests.realtime.test_publishing import config, needs_redis


async def cancelled_twice_in_its_clean_up():
    """A consumer's wait for a message, cancelled (the consumer ends), and cancelled again
    while its clean-up waits for the shard (the server stops); whether the channel is
    still subscribed once the clean-up could finish."""
    layer = PubSubChannelLayer(**config()["CONFIG"])
    try:
        channel = await layer.new_channel()
        shard = layer._get_layer()._get_shard(channel)
        receiving = asyncio.ensure_future(layer.receive(channel))
        await asyncio.sleep(0)  # one turn of the loop: the receive now waits for a message
        async with shard._lock:  # the shard is busy (another channel's subscription, say)
            receiving.cancel()
            await asyncio.sleep(0)  # one turn: the clean-up now waits for the shard
            receiving.cancel()
        await asyncio.gather(receiving, return_exceptions=True)
        await asyncio.wait_for(_unsubscribed(shard, channel), WAIT)
        return channel in shard._subscribed_to
    finally:
        await layer.flush()


async def _unsubscribed(shard, channel):
    while channel in shard._subscribed_to:
        await asyncio.sleep(0.01)


@needs_redis
def test_a_channel_cancelled_twice_is_unsubscribed_and_nothing_is_logged(caplog):
    caplog.set_level(logging.WARNING)

    assert asyncio.run(cancelled_twice_in_its_clean_up()) is False
    assert [record.getMessage() for record in caplog.records] == []

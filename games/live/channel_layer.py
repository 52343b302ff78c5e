"""The channel layer of the production stack: channels-redis's publish/subscribe layer, with
a socket's last clean-up that a server's shutdown cannot interrupt.

When a consumer ends, Channels cancels its wait for the next message, and the layer's
``receive`` unsubscribes the consumer's channel on its way out. If the consumer's task is
cancelled again meanwhile (daphne cancels every application still running when it stops,
and sockets closing as it stops are still in their clean-up), the second cancellation
lands in that unsubscribe: the channel stays subscribed, and channels-redis logs the
interruption as an error with its traceback, one for each such socket (seen on restarts of
a loaded server: 20 to 70 in its log). Here the unsubscribe runs shielded: a second
cancellation still ends the consumer, and the unsubscribe completes beside it.
"""

import asyncio
import contextlib

from channels_redis.pubsub import RedisPubSubChannelLayer


class PubSubChannelLayer(RedisPubSubChannelLayer):
    async def receive(self, channel):
        """The first message that arrives on ``channel`` (as channels-redis's own)."""
        layer = self._get_layer()
        if channel not in layer.channels:
            await layer._subscribe_to_channel(channel)
        try:
            message = await layer.channels[channel].get()
        except (TimeoutError, asyncio.CancelledError, GeneratorExit):
            # Cancelled: the consumer is ending (as channels-redis assumes, rightly with Channels).
            if layer.channels.pop(channel, None) is not None:
                unsubscribing = asyncio.ensure_future(layer._get_shard(channel).unsubscribe(channel))
                with contextlib.suppress(asyncio.CancelledError):
                    await asyncio.shield(unsubscribing)
            raise
        return self.deserialize(message)

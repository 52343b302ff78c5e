"""The channel layer of the production stack: channels-redis's publish/subscribe layer, with
a socket's last clean-up that a server's shutdown cannot interrupt, and group messages from
a database thread heard in this process without the trip through Redis.

When a consumer ends, Channels cancels its wait for the next message, and the layer's
``receive`` unsubscribes the consumer's channel on its way out. If the consumer's task is
cancelled again meanwhile (daphne cancels every application still running when it stops,
and sockets closing as it stops are still in their clean-up), the second cancellation
lands in that unsubscribe: the channel stays subscribed, and channels-redis logs the
interruption as an error with its traceback, one for each such socket (seen on restarts of
a loaded server: 20 to 70 in its log). Here the unsubscribe runs shielded: a second
cancellation still ends the consumer, and the unsubscribe completes beside it.

A table's news leaves from the database thread that committed it
(``games.live.publishing``). The sockets of this process get it from there (``deliver_here``:
each event loop is handed it), and the copy published for the other processes carries this
layer's mark (``marked``), by which this process's subscriber drops it when it comes back:
a move's news reaches its own process's viewers without waiting for Redis and the loop's
turn to read it (docs/scaling.md, "Tenth round"). Messages sent from the event loop
(``group_send``) go through Redis, as channels-redis sends them.

Whichever way a group message reaches this process, a member free for it takes it at once
(``games.live.at_once``) rather than from its queue.

A subscriber cut off from Redis (its connection killed, Redis restarted) knows it: it says
so once in the log (channels-redis logged a traceback each time and waited a second before
trying again; here it tries every ``RECONNECT_SECONDS``), and when it is connected again
(redis-py subscribes it again to every channel), every table socket of its event loop is
brought up to date at once (``games.live.catch_up``): what was published meanwhile was lost.
"""

import asyncio
import contextlib
import logging
import secrets
import time

import redis
from channels_redis.pubsub import RedisPubSubChannelLayer, RedisPubSubLoopLayer, RedisSingleShardConnection
from channels_redis.utils import _wrap_close
from redis.asyncio.client import PubSub

from games.live import at_once, catch_up

logger = logging.getLogger(__name__)
RECONNECT_SECONDS = 0.1  # between tries while Redis is out of reach

MARK = b"\x00kadi-heard-by-"  # no serialised message (msgpack's map, Fernet's token) starts with \x00
MARK_LENGTH = len(MARK) + 8  # the mark and the sending layer's 8 random bytes


class PubSubChannelLayer(RedisPubSubChannelLayer):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.own_mark = MARK + secrets.token_bytes(MARK_LENGTH - len(MARK))

    def _get_layer(self):
        """This event loop's layer (as channels-redis's own), made with ``_LoopLayer``."""
        loop = asyncio.get_running_loop()
        if loop not in self._layers:
            self._layers[loop] = _LoopLayer(*self._args, **self._kwargs, channel_layer=self)
            _wrap_close(self, loop)
        return self._layers[loop]

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

    def deserialize(self, message):
        if message.startswith(MARK):
            message = message[MARK_LENGTH:]
        return super().deserialize(message)

    def marked(self, message):
        """``message`` (serialised) as published for the other processes once this one has
        had it (``deliver_here``): its copy from Redis is dropped here."""
        return self.own_mark + message

    async def publish(self, group_channel, message):
        """Publish ``message`` (serialised, maybe ``marked``) on ``group_channel`` (the group's
        name on Redis), from the event loop."""
        await self._get_layer()._get_shard(group_channel).publish(group_channel, message)

    def deliver_here(self, group_channel, message):
        """Hand ``message`` (serialised) to this process's members of ``group_channel`` (the
        group's name on Redis), from any thread: each event loop with a layer puts it in its
        members' queues at its next turn, or now if it runs this very call."""
        current = running_loop()
        for loop, layer in list(self._layers.items()):
            if loop is current:
                layer.deliver(group_channel, message)
                continue
            with contextlib.suppress(RuntimeError):  # a loop closed meanwhile: nobody left to tell
                loop.call_soon_threadsafe(layer.deliver, group_channel, message)


def running_loop():
    """The event loop running in this thread, or None."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class _LoopLayer(RedisPubSubLoopLayer):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._shards = [_Shard(shard.host, self) for shard in self._shards]

    def deliver(self, group_channel, message):
        """``message`` (serialised) to each of this loop's members of ``group_channel``: taken
        at once by a member free for it (``games.live.at_once``), else into its queue."""
        event = None  # the message deserialised, once for all the members that take it
        for channel in self.groups.get(group_channel, ()):
            queue = self.channels.get(channel)
            if queue is None:
                continue
            if queue.empty() and at_once.takes(channel):
                event = event or self.channel_layer.deserialize(message)
                if at_once.take(channel, event):
                    continue
            queue.put_nowait(message)

    def catch_up(self):
        """The subscription came back after a blip: every table socket of this loop catches
        up (``games.live.catch_up``), its message queued after the news waiting already."""
        message = self.channel_layer.serialize(catch_up.MESSAGE)
        sockets = 0
        for channel in catch_up.registered(asyncio.get_running_loop()):
            queue = self.channels.get(channel)
            if queue is not None:
                queue.put_nowait(message)
                sockets += 1
        return sockets


class _PubSub(PubSub):
    """redis-py's subscriber, which subscribes again to every channel when it connects again
    (``on_connect``: not called for its first connection), and then says so (``again``)."""

    again = False

    async def on_connect(self, connection):
        await super().on_connect(connection)
        self.again = True


class _Shard(RedisSingleShardConnection):
    lost_at = None  # when the subscriber was found cut off (monotonic), until it is back

    async def publish(self, channel, message):
        """As channels-redis's own, but once more if the pooled connection it took was dead
        (killed, or Redis restarted since its last use): redis-py drops it, and the next try
        takes a fresh one. Else the news was lost to the other processes, whose
        subscriptions were fine and so had nothing to catch up on."""
        try:
            await super().publish(channel, message)
        except redis.ConnectionError:
            await super().publish(channel, message)

    def _ensure_redis(self):
        """As channels-redis's own, with a subscriber that says when it is back (``_PubSub``)."""
        if self._redis is None:
            super()._ensure_redis()
            self._pubsub = _PubSub(self._redis.connection_pool)

    async def _do_receiving(self):
        """As channels-redis's own, but a lost connection is a warning, once, tried again
        every ``RECONNECT_SECONDS``; once back, this loop's sockets catch up."""
        while True:
            try:
                if self._pubsub and self._pubsub.subscribed:
                    message = await self._pubsub.get_message(ignore_subscribe_messages=True, timeout=0.1)
                    if self._pubsub.again:
                        self._subscribed_again()
                    self._receive_message(message)
                else:
                    await asyncio.sleep(0.1)
            except (redis.ConnectionError, redis.TimeoutError, OSError) as error:
                if self.lost_at is None:
                    self.lost_at = time.monotonic()
                    logger.warning("Lost the subscription to Redis %s: %r", self.host.get("address"), error)
                await asyncio.sleep(RECONNECT_SECONDS)

    def _subscribed_again(self):
        """Connected and subscribed again, and heard from Redis since: what was published
        meanwhile is lost, so every socket catches up."""
        lost_at, self.lost_at, self._pubsub.again = self.lost_at, None, False
        sockets = self.channel_layer.catch_up()
        away = f"{time.monotonic() - lost_at:.2f} s" if lost_at is not None else "a moment"
        logger.warning("Subscribed to Redis again after %s: %d sockets catch up", away, sockets)

    def _receive_message(self, message):
        """As channels-redis's own, but a message this process was handed already (see
        ``PubSubChannelLayer.deliver_here``) is dropped, and a group's goes to ``deliver``."""
        if message is None or message["data"].startswith(self.channel_layer.channel_layer.own_mark):
            return
        name = message["channel"]
        name = name.decode() if isinstance(name, bytes) else name
        if name in self.channel_layer.groups:
            self.channel_layer.deliver(name, message["data"])
        else:
            super()._receive_message(message)

"""A table's news published to Redis straight from the database thread that committed it.

channels-redis's publish/subscribe layer publishes from the event loop, one message at a
time per Redis server: each holds a lock for its round trip and for the loop's turn to read
the reply. A thread that committed a move handed its news to the loop (``async_to_sync``)
and the news waited for the loop, then for the lock. On a busy server (bench/realtime.py,
PostgreSQL + Redis, 50 tables, think 1 s) the 99th percentile from a move's commit to its
news at the first socket was 67 to 117 ms; published from the thread, 20 to 50 ms
(docs/scaling.md, "Fifth round").

``GroupPublisher`` publishes from the calling thread, on a synchronous connection pool of
its own, the message the layer's ``group_send`` would publish: the same channel name (the
layer's prefix and ``__group__``), the same Redis server of the shards, the layer's own
serialisation (and encryption, if configured). Every process's layer receives it as any
group message. It serves the layer as settings.py configures it (servers by address, no
Sentinel); for any other layer ``for_layer`` gives None, and the news goes through the
layer as before. This process's own sockets are not kept waiting for Redis: they are
handed the news straight from the thread (``games.live.channel_layer``). A change written
from the event loop itself (``games.live.loop_statements``) is published by a task of the
loop (``in_background``), which must not wait for Redis either.
"""

import logging
from functools import partial

import redis
from channels_redis.utils import _consistent_hash, decode_hosts

from games.live.channel_layer import PubSubChannelLayer, running_loop

logger = logging.getLogger(__name__)

TIMEOUT_SECONDS = 2.0  # a database thread waits at most this long for Redis


_tasks = set()  # the tasks of in_background, kept until they end


def in_background(loop, sending, what):
    """Run the coroutine ``sending`` in a task of ``loop`` that nobody awaits: a failure
    (Redis unreachable) is logged as a warning, as from a thread."""
    task = loop.create_task(sending)
    _tasks.add(task)
    task.add_done_callback(partial(_ended, what))


def _ended(what, task):
    _tasks.discard(task)
    if not task.cancelled() and task.exception() is not None:
        logger.warning("Could not send %s: %r", what, task.exception())


class GroupPublisher:
    def __init__(self, layer, hosts, prefix):
        self.layer, self.prefix = layer, prefix
        self.servers = [
            redis.Redis.from_url(
                host["address"], socket_timeout=TIMEOUT_SECONDS, socket_connect_timeout=TIMEOUT_SECONDS
            )
            for host in hosts
        ]

    @classmethod
    def for_layer(cls, layer, config):
        """A publisher for ``layer`` (settings.CHANNEL_LAYERS' entry ``config``), or None
        when the layer is not one it can stand in for."""
        options = config.get("CONFIG", {})
        hosts = decode_hosts(options.get("hosts"))
        if type(layer) is not PubSubChannelLayer or any(set(host) != {"address"} for host in hosts):
            return None
        return cls(layer, hosts, options.get("prefix", "asgi"))

    def group_send(self, group, message, elsewhere=None):
        """``layer.group_send(group, message)``, from this thread: this process's members of
        the group are handed ``message`` at once (``PubSubChannelLayer.deliver_here``), the
        other processes' get it through Redis with the entries ``elsewhere()`` gives added
        (what only they need, made once this process's have theirs). Raises
        ``redis.RedisError`` when Redis cannot be reached."""
        channel = f"{self.prefix}__group__{group}"
        self.layer.deliver_here(channel, self.layer.serialize(message))
        if elsewhere is not None:
            message = {**message, **elsewhere()}
        marked = self.layer.marked(self.layer.serialize(message))
        loop = running_loop()
        if loop is None:
            server = self.servers[_consistent_hash(channel, len(self.servers))]
            try:
                server.publish(channel, marked)
            except redis.ConnectionError:  # a dead pooled connection (see PubSubChannelLayer.publish)
                server.publish(channel, marked)
        else:  # on an event loop's thread, which must not wait for Redis: its task publishes
            in_background(loop, self.layer.publish(channel, marked), f"news of {group}")

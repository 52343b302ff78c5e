"""The channel layer without Redis (the embedded default, one process): Channels' in-memory
layer, cleaning out expired messages and group memberships once a second.

Channels' own layer cleans at every ``receive`` and every ``group_send``, each time walking
every channel it keeps a queue for (each socket's, while it waits for a message) and every
membership of every group. A socket's consumer receives at every message, so each move's
news paid for a walk over all the process's sockets once per socket it reached: the cost of
a move grew with the sockets open. At 50 tables of 4 (600 memberships: each socket's table,
account and log-in session) that walk was a quarter of the server's CPU (py-spy of
``bench/realtime.py`` on SQLite). Messages expire after a minute and memberships after a
day, so cleaning once a second changes when they go by at most that second.

A group message is taken at once by each member free for it (``games.live.at_once``), and
queued for the others in turn, with no task for each member as Channels' layer makes.
"""

import time

from channels.exceptions import ChannelFull
from channels.layers import InMemoryChannelLayer as ChannelsInMemoryChannelLayer

from games.live import at_once


class InMemoryChannelLayer(ChannelsInMemoryChannelLayer):
    clean_every_seconds = 1.0
    _cleaned_at = None  # time.monotonic() of the last cleaning

    def _clean_expired(self):
        now = time.monotonic()
        if self._cleaned_at is not None and now - self._cleaned_at < self.clean_every_seconds:
            return
        self._cleaned_at = now
        super()._clean_expired()

    async def group_send(self, group, message):
        assert isinstance(message, dict), "Message is not a dict"
        self.require_valid_group_name(group)
        self._clean_expired()
        for channel in list(self.groups.get(group, ())):
            queue = self.channels.get(channel)
            if (queue is None or queue.empty()) and at_once.take(channel, message):
                continue
            try:
                await self.send(channel, message)
            except ChannelFull:
                pass

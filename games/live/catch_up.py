"""Sockets brought up to date at once when their process's subscription to Redis comes back.

Redis's publish/subscribe delivers at most once: what was published while a process's
subscriber was cut off (its connection killed, Redis restarted) never reaches it. The
process knows when that happened (``games.live.channel_layer``: its subscriber connected
again), and then every table socket of the event loop that registered here is sent
``MESSAGE`` through its own queue, after whatever news waits there: it compares what its
viewer shows with the database, and sends a fresh render if they differ (the table
consumer's ``table_catch_up``). Without it, a player on another worker stayed behind until
the page's resync, up to 25 s later (docs/scaling.md, "Faults").
"""

import asyncio

MESSAGE = {"type": "table.catch_up"}

_sockets = {}  # channel name -> its consumer's event loop


def register(channel):
    """``channel``'s consumer handles ``MESSAGE``: bring it up to date after a blip."""
    _sockets[channel] = asyncio.get_running_loop()


def unregister(channel):
    _sockets.pop(channel, None)


def registered(loop):
    """The channels registered on ``loop``."""
    return [channel for channel, its_loop in list(_sockets.items()) if its_loop is loop]

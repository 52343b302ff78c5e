"""Telling a table's open websockets that something happened there: each table is a
Channels group, and every consumer of the table belongs to it.

A change carries no game content, only which game moved to which event number: each
consumer then renders the news for its own viewer (``games.live.frames``), so nothing
rendered from another player's view, or from the full position, is ever sent. Chat lines
are the same for everyone and travel as HTML.
"""

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer


def table_group(table_id):
    return f"table.{table_id}"


def announce_change(table_id, game_id=None, seq=None):
    """The table changed: its seats or games (``game_id`` None), or a game, to event ``seq``.
    Called from synchronous code (``games.services``, once a transaction commits)."""
    message = {"type": "table.changed", "game": game_id, "seq": seq}
    async_to_sync(get_channel_layer().group_send)(table_group(table_id), message)


async def announce_presence(table_id):
    """Someone came online at the table, or went away."""
    await get_channel_layer().group_send(table_group(table_id), {"type": "presence.changed"})


async def announce_chat(table_id, html):
    """A new chat line, rendered (``games/live/chat_line.html``)."""
    await get_channel_layer().group_send(table_group(table_id), {"type": "chat.message", "html": html})

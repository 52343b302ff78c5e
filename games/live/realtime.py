"""Telling a table's open websockets that something happened there: each table is a
Channels group, and every consumer of the table belongs to it.

A change says which game moved to which event number; after a game's move it also carries
what the move changed, packed for the processes other than this one
(``games.live.readings``): the rows as saved, server side only. Each consumer renders the
news for its own viewer (``games.live.frames``), so nothing rendered from another player's
view, or from the full position, is ever sent to a viewer. Chat lines are the same for
everyone and travel as HTML.
"""

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.dispatch import receiver

from games.live import readings
from games.signals import table_changed


def table_group(table_id):
    return f"table.{table_id}"


@receiver(table_changed, dispatch_uid="games.live.realtime")
def announce_change(sender, table_id, change, **kwargs):
    """A change at the table committed (``games.signals.table_changed``, sent from
    synchronous code): this process's reading moves on, and the table's group hears of it."""
    layer = get_channel_layer()
    message = {"type": "table.changed", "game": None, "seq": None}
    if change is not None:
        readings.advance(table_id, change)
        message.update(game=change.game.pk, seq=change.game.seq)
        if not isinstance(layer, InMemoryChannelLayer):  # else every socket is in this process
            message["change"] = readings.pack(change)
    async_to_sync(layer.group_send)(table_group(table_id), message)


async def announce_presence(table_id):
    """Someone came online at the table, or went away."""
    await get_channel_layer().group_send(table_group(table_id), {"type": "presence.changed"})


async def announce_chat(table_id, html):
    """A new chat line, rendered (``games/live/chat_line.html``)."""
    await get_channel_layer().group_send(table_group(table_id), {"type": "chat.message", "html": html})

"""The layer without Redis cleans out expired messages and memberships, but at most once a
second (``games.live.memory_layer``), not at every receive and group send."""

import asyncio

from games.live.memory_layer import InMemoryChannelLayer

MESSAGE = {"type": "table.changed"}


def test_expired_messages_and_their_channels_memberships_are_cleaned_out():
    async def scenario():
        layer = InMemoryChannelLayer(expiry=-1)  # every message expired as it is sent
        stale = await layer.new_channel()
        await layer.group_add("table.7", stale)
        await layer.send(stale, MESSAGE)
        await layer.group_send("table.8", MESSAGE)  # a send cleans (the first time)
        return layer.channels, layer.groups

    channels, groups = asyncio.run(scenario())
    assert channels == {}
    assert groups == {"table.7": {}}


def test_cleaning_waits_a_second_after_the_last_one():
    async def scenario():
        layer = InMemoryChannelLayer(expiry=-1)
        await layer.group_send("table.8", MESSAGE)  # cleaned now: nothing to clean yet
        stale = await layer.new_channel()
        await layer.group_add("table.7", stale)
        await layer.send(stale, MESSAGE)
        await layer.group_send("table.8", MESSAGE)  # within the second: not cleaned
        kept = stale in layer.channels and stale in layer.groups["table.7"]
        layer._cleaned_at -= layer.clean_every_seconds  # a second later
        await layer.group_send("table.8", MESSAGE)
        return kept, stale in layer.channels

    kept, still_there = asyncio.run(scenario())
    assert kept
    assert not still_there


def test_members_hear_group_messages():
    async def scenario():
        layer = InMemoryChannelLayer()
        members = [await layer.new_channel() for _ in range(3)]
        for channel in members:
            await layer.group_add("table.7", channel)
        await layer.group_send("table.7", MESSAGE)
        return [await asyncio.wait_for(layer.receive(channel), 5) for channel in members]

    assert asyncio.run(scenario()) == [MESSAGE] * 3

"""A table's news taken at once (games.live.at_once): a socket free for it (the mover's
too, while its move is written) shows a move in the turn of the event loop that handed the
news over, in the socket's own language; a socket busy with a message, or with messages
waiting, gets it in its queue, in order; both channel layers, whichever way the news
reaches the process."""

import asyncio
import logging

import pytest
from channels.layers import get_channel_layer

from games.live import at_once, readings, realtime
from games.live.channel_layer import PubSubChannelLayer
from games.live.consumers import TableConsumer
from games.live.frames import Viewer
from games.live.memory_layer import InMemoryChannelLayer
from games.live.publishing import GroupPublisher
from tests.realtime.helpers import WAIT, Client_, Frame, open_client, session_cookie
from tests.realtime.test_publishing import config, needs_redis

GROUP = "table.41"
MESSAGE = {"type": "table.changed", "game": 7, "seq": 12}


class Member:
    """What a consumer registers (``at_once.register``): takes a message when ``answer`` is
    True, declines it when False, fails when it is an exception; keeps what it took."""

    def __init__(self, answer=True):
        self.answer, self.took = answer, []

    def __call__(self, message):
        if isinstance(self.answer, Exception):
            raise self.answer
        if self.answer:
            self.took.append(message)
        return self.answer


async def joined(layer, member):
    """A new channel of ``layer`` in ``GROUP``, ``member`` registered for it."""
    channel = await layer.new_channel()
    await layer.group_add(GROUP, channel)
    at_once.register(channel, member)
    return channel


async def until_taken(member):
    async with asyncio.timeout(WAIT):
        while not member.took:
            await asyncio.sleep(0.01)


# -- The in-memory layer (the embedded default) ------------------------------------------


def test_the_memory_layer_hands_a_free_member_the_message_without_a_turn_of_the_loop():
    async def handed():
        layer = InMemoryChannelLayer()
        member, declines = Member(), Member(answer=False)
        taker, decliner = await joined(layer, member), await joined(layer, declines)
        unregistered = await layer.new_channel()
        await layer.group_add(GROUP, unregistered)
        try:
            assert at_once.run_now(layer.group_send(GROUP, MESSAGE)) is None  # ended without waiting
            assert member.took == [MESSAGE] and declines.took == []
            assert [await layer.receive(channel) for channel in (decliner, unregistered)] == [MESSAGE] * 2
            assert layer.channels.get(taker) is None or layer.channels[taker].empty()
        finally:
            for channel in (taker, decliner):
                at_once.unregister(channel)

    asyncio.run(handed())


def test_a_member_with_messages_waiting_gets_the_next_one_after_them():
    async def heard():
        layer = InMemoryChannelLayer()
        member = Member()
        channel = await joined(layer, member)
        try:
            await layer.send(channel, {"type": "presence.changed"})
            await layer.group_send(GROUP, MESSAGE)
            return member.took, [await layer.receive(channel) for _ in range(2)]
        finally:
            at_once.unregister(channel)

    took, queued = asyncio.run(heard())
    assert took == [] and queued == [{"type": "presence.changed"}, MESSAGE]


def test_a_member_that_fails_to_take_a_message_gets_it_in_its_queue(caplog):
    caplog.set_level(logging.WARNING)

    async def heard():
        layer = InMemoryChannelLayer()
        channel = await joined(layer, Member(answer=ValueError("a bug")))
        try:
            await layer.group_send(GROUP, MESSAGE)
            return await layer.receive(channel)
        finally:
            at_once.unregister(channel)

    assert asyncio.run(heard()) == MESSAGE
    assert [record.getMessage() for record in caplog.records] == [
        "A socket could not take table.changed at once: ValueError('a bug')"
    ]


def test_a_member_is_offered_messages_only_on_its_own_event_loop():
    layer, member = InMemoryChannelLayer(), Member()
    channel = asyncio.run(joined(layer, member))  # that loop has ended
    try:
        asyncio.run(layer.group_send(GROUP, MESSAGE))
        assert member.took == []
        assert asyncio.run(layer.receive(channel)) == MESSAGE
    finally:
        at_once.unregister(channel)


# -- Redis's layer (the production stack) ------------------------------------------------


@needs_redis
@pytest.mark.parametrize("handed_over", ["from the loop", "from a thread", "from another process"])
def test_the_redis_layer_hands_a_free_member_the_message(handed_over):
    """Published from the event loop's own thread (a move written there), the message is taken
    before the publish returns; from a database thread, at the loop's next turn; through
    Redis from another process, when it arrives. A member that declines gets it queued."""

    async def handed():
        settings = config()
        here, elsewhere = PubSubChannelLayer(**settings["CONFIG"]), PubSubChannelLayer(**settings["CONFIG"])
        member, declines = Member(), Member(answer=False)
        taker, decliner = await joined(here, member), await joined(here, declines)
        try:
            if handed_over == "from the loop":
                GroupPublisher.for_layer(here, settings).group_send(GROUP, MESSAGE)
                assert member.took == [MESSAGE]  # no turn of the loop since
            elif handed_over == "from a thread":
                await asyncio.to_thread(GroupPublisher.for_layer(here, settings).group_send, GROUP, MESSAGE)
            else:
                await elsewhere.group_send(GROUP, MESSAGE)
            await until_taken(member)
            assert await asyncio.wait_for(here.receive(decliner), WAIT) == MESSAGE
            return member.took, here._get_layer().channels[taker].empty()
        finally:
            for channel in (taker, decliner):
                at_once.unregister(channel)
            for layer in (here, elsewhere):
                await layer.flush()

    took, nothing_queued = asyncio.run(handed())
    assert took == [MESSAGE] and nothing_queued


# -- The table's sockets ---------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
async def test_a_move_is_taken_at_once_by_every_socket_of_the_table_each_in_its_language(game, user, baraka):
    """The watchers, the player waiting for their turn and the mover (whose socket sends
    nothing while its move is written) show the move from the turn that announced it."""
    amani = await open_client(game.table_id, user)
    bara = Client_(game.table_id, await session_cookie(baraka) + "; django_language=sw")
    assert (await bara.connect())[0]
    await bara.receive()
    watcher = await open_client(game.table_id)
    queued = _queued_for(get_channel_layer(), realtime.table_group(game.table_id))

    await amani.move("7H", seq=0)

    seen = [await client.until(lambda f: f.sync == (game.pk, 1)) for client in (amani, bara, watcher)]
    assert queued == [[], [], []]
    assert seen[0].hand == ["5S", "4C"] and "Your hand" in seen[0].text()
    assert seen[1].hand == ["9H", "KC", "QD"] and seen[1].your_turn
    assert "Kadi zako" in seen[1].text() and "Your hand" not in seen[1].text()
    for client in (amani, bara, watcher):
        await client.close()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("state", "event", "taken", "sent"),
    [
        ({}, "the game's", True, True),
        ({"handling": True}, "the game's", False, False),
        ({"sending": "a send that waits"}, "the game's", False, False),
        ({"closing": True}, "the game's", False, False),
        ({"shown": "the game's"}, "the game's", True, False),
        ({}, "one not held here", False, False),
        ({}, "someone seated", False, False),
        ({}, "who is there", False, False),
    ],
)
def test_a_socket_takes_a_change_at_once_only_when_it_can_show_it_now(game, user, state, event, taken, sent):
    """Busy with a message, with a frame sent at once still waiting, or closed, a socket
    leaves the news to its queue, as it does news that takes the database to show (a game
    event this process does not hold, a seat taken) and any other message."""
    readings.latest(game.table_id, (game.pk, game.seq))
    news = {
        "the game's": (game.pk, game.seq),
        "one not held here": (game.pk, game.seq + 5),
        "someone seated": (None, None),
    }
    consumer, frames_sent = TableConsumer(), []
    consumer.scope = {"user": user, "cookies": {}, "headers": ()}
    consumer.table_id, consumer.viewer, consumer.shown = game.table_id, Viewer(consumer.scope), (None, None)
    consumer.base_send = _collected(frames_sent)
    for name, value in state.items():
        setattr(consumer, name, news[value] if name == "shown" else value)
    if event == "who is there":
        message = {"type": "presence.changed", "news": "an id"}
    else:
        message = {"type": "table.changed", "game": news[event][0], "seq": news[event][1]}

    assert consumer.take_at_once(message) is taken
    assert [Frame(frame["text"]).sync for frame in frames_sent] == ([(game.pk, game.seq)] if sent else [])


def _collected(frames_sent):
    async def send(message):
        frames_sent.append(message)

    return send


def _queued_for(layer, group):
    """For each member of ``group`` (in the order they joined), the messages the layer puts
    in its queue from now on."""
    queued = []
    for channel in layer.groups[group]:
        queue, messages = layer.channels[channel], []
        put = queue.put_nowait
        queue.put_nowait = lambda item, put=put, messages=messages: (messages.append(item[1]), put(item))
        queued.append(messages)
    return queued


# -- A send that waits -----------------------------------------------------------------


def test_a_send_that_does_not_wait_ends_at_once():
    async def sent():
        steps = []

        async def send():
            steps.append("sent")

        return at_once.run_now(send()), steps

    assert asyncio.run(sent()) == (None, ["sent"])


def test_a_send_that_waits_is_finished_by_a_task():
    """As a send to a server with flow control waits for the socket to drain."""

    async def sent():
        drained, steps = asyncio.get_running_loop().create_future(), []

        async def send():
            steps.append("started")
            await drained
            await asyncio.sleep(0)
            steps.append("sent")

        rest = at_once.run_now(send())
        assert steps == ["started"] and rest is not None
        drained.set_result(None)
        await rest
        return steps

    assert asyncio.run(sent()) == ["started", "sent"]


def test_a_waiting_send_cancelled_ends_there():
    async def cancelled():
        steps = []

        async def send():
            try:
                await asyncio.get_running_loop().create_future()  # never done
            finally:
                steps.append("ended")

        rest = at_once.run_now(send())
        rest.cancel()
        await asyncio.gather(rest, return_exceptions=True)
        return rest.cancelled(), steps

    assert asyncio.run(cancelled()) == (True, ["ended"])

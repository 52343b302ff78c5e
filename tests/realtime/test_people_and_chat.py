"""Who is at the table, and the table chat."""

import asyncio

import pytest
from channels.db import database_sync_to_async
from django.utils import translation

from games.live import heartbeats, people, turn_clock
from games.models import ChatMessage
from tests.realtime.helpers import online, open_client

pytestmark = pytest.mark.django_db(transaction=True)


async def test_everyone_sees_who_comes_and_goes(table, user, baraka, make_user):
    await database_sync_to_async(table.seats.create)(position=1, user=baraka)
    amani = await open_client(table.pk, user)
    assert amani.frames[0].online == {user.name}

    bara = await open_client(table.pk, baraka)
    assert (await amani.until(lambda f: "people" in f.ids)).online == {user.name, baraka.name}
    assert bara.frames[0].online == {user.name, baraka.name}

    watcher = await open_client(table.pk, await database_sync_to_async(make_user)("wanjiru"))
    assert "Watching: wanjiru" in (await amani.until(lambda f: "people" in f.ids)).text()
    await watcher.close()
    assert "Watching" not in (await amani.until(lambda f: "people" in f.ids)).text()

    await bara.close()
    assert (await amani.until(lambda f: "people" in f.ids)).online == {user.name}
    await amani.close()


async def test_a_socket_the_server_cancels_leaves_the_table(table, user, baraka):
    await database_sync_to_async(table.seats.create)(position=1, user=baraka)
    bara = await open_client(table.pk, baraka)
    amani = await open_client(table.pk, user)
    await bara.until(lambda f: "people" in f.ids)

    amani.communicator.future.cancel()  # as daphne does at shutdown, or after its close timeout

    assert online(await bara.until(lambda f: "people" in f.ids)) == {baraka.name}
    assert len(heartbeats.attached()) == 1  # baraka's socket
    assert turn_clock._clocks[table.pk].users == 1  # baraka's alone
    await bara.close()
    assert table.pk not in turn_clock._clocks


async def test_a_second_tab_does_not_announce_anyone(table, user, baraka):
    amani = await open_client(table.pk, user)
    bara = await open_client(table.pk, baraka)
    await amani.until(lambda f: "people" in f.ids)
    bara_again = await open_client(table.pk, baraka)
    await bara.close()  # baraka is still there in his other tab
    assert await amani.nothing_more()
    for client in (amani, bara_again):
        await client.close()


async def test_a_chat_line_reaches_players_and_spectators_escaped(table, user, baraka):
    amani = await open_client(table.pk, user)
    watcher = await open_client(table.pk)
    bara = await open_client(table.pk, baraka)

    await bara.send(type="chat", text="  <script>alert(1)</script> Habari!  ")

    for client in (amani, watcher, bara):
        line = await client.until(lambda f: "chat-log" in f.ids)
        assert line.ids["chat-log"]["hx-swap-oob"] == "beforeend"
        assert "&lt;script&gt;alert(1)&lt;/script&gt; Habari!" in line.html and "<script>" not in line.html
    later = await open_client(table.pk, user)
    assert "Habari!" in later.frames[0].text()  # kept for whoever opens the table later
    for client in (amani, watcher, bara, later):
        await client.close()


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "Write something first."),
        ("   ", "Write something first."),
        ("\u200b\u200d \u2060\ufeff", "Write something first."),  # nothing visible: zero-width characters
        ("x" * 301, "at most 300 characters"),
        ("ok \u202dgg", "would turn the text around it"),  # left-to-right override
    ],
)
async def test_an_empty_or_overlong_chat_line_is_refused(table, user, text, reason):
    amani = await open_client(table.pk, user)
    await amani.send(type="chat", text=text)
    reply = await amani.receive()
    assert reason in reply.text() and "chat-error" in reply.ids
    assert await database_sync_to_async(ChatMessage.objects.count)() == 0
    await amani.close()


async def test_anonymous_spectators_read_the_chat_but_cannot_write(table):
    watcher = await open_client(table.pk)
    await watcher.send(type="chat", text="hello")
    assert "Log in to chat." in (await watcher.receive()).text()
    await watcher.close()


async def test_chat_is_rate_limited_per_person(table, user, settings):
    settings.CHAT_BURST = 3
    tab1 = await open_client(table.pk, user)
    tab2 = await open_client(table.pk, user)
    for n in range(3):
        await (tab1 if n % 2 else tab2).send(type="chat", text=f"line {n}")
        await tab1.until(lambda f, n=n: f"line {n}" in f.text())

    await tab2.send(type="chat", text="one too many")

    assert "too fast" in (await tab2.until(lambda f: "chat-error" in f.ids and f.text())).text()
    assert await database_sync_to_async(ChatMessage.objects.count)() == 3
    for client in (tab1, tab2):
        await client.close()


async def test_who_is_at_the_table_is_rendered_once_for_every_socket_of_the_same_news(table, user, baraka):
    """(per process and language); the next news is rendered afresh."""
    amani = await open_client(table.pk, user)

    frames_for_news = await asyncio.gather(*(people.people_frame(table.pk, "news-1") for _ in range(5)))
    assert all(frame is frames_for_news[0] for frame in frames_for_news)
    assert baraka.name not in frames_for_news[0]

    bara = await open_client(table.pk, baraka)
    assert baraka.name in await people.people_frame(table.pk, "news-2")
    with translation.override("sw"):
        swahili = await people.people_frame(table.pk, "news-2")
    assert swahili != await people.people_frame(table.pk, "news-2")  # "At the table" in Swahili
    await amani.close()
    await bara.close()


async def test_comings_and_goings_close_together_are_told_in_one_batch(table, user, make_user, settings):
    settings.PRESENCE_BATCH_SECONDS = 0.5
    amani = await open_client(table.pk, user)
    newcomers = [await database_sync_to_async(make_user)(name) for name in ("wanjiru", "otieno", "akinyi")]

    first = await open_client(table.pk, newcomers[0])
    told = await amani.until(lambda f: "people" in f.ids)  # the first: told at once
    assert "wanjiru" in told.text()
    others = [await open_client(table.pk, person) for person in newcomers[1:]]
    await first.close()

    batch = await amani.until(lambda f: "people" in f.ids)  # the rest: told once, together
    assert "otieno" in batch.text() and "akinyi" in batch.text() and "wanjiru" not in batch.text()
    assert await amani.nothing_more()
    for client in (amani, *others):
        await client.close()


async def test_an_account_closed_behind_the_sockets_back_cannot_chat(table, user):
    """An account deactivated with no signal sent (a bulk update: the admin's own change
    closes its sockets, tests/realtime/test_viewer_ended.py): its open socket's next chat
    line is still refused, not posted."""
    amani = await open_client(table.pk, user)
    await database_sync_to_async(type(user).objects.filter(pk=user.pk).update)(is_active=False)

    await amani.send(type="chat", text="still here")

    assert "Log in to chat." in (await amani.until(lambda f: "chat-error" in f.ids)).text()
    assert await database_sync_to_async(ChatMessage.objects.count)() == 0
    await amani.close()

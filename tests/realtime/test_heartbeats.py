"""Presence heartbeats (``games.live.heartbeats``): every logged-in socket's row kept fresh
by one task of the process, all the rows due in one statement; a socket's row no longer
kept once it closes, and no task left once every socket has."""

import asyncio
import time
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from games import presence
from games.live import heartbeats
from games.models import Presence
from games.play.tables import create_table
from tests.realtime.helpers import online, open_client

pytestmark = pytest.mark.django_db(transaction=True)
HEARTBEAT = 0.2  # seconds
WAIT = 10  # seconds at most for what a heartbeat brings


@database_sync_to_async
def seen(table_id):
    """When each socket at the table was last seen, by its key."""
    return dict(Presence.objects.filter(table_id=table_id).values_list("socket", "seen_at"))


async def refreshed(table_id, sockets, since):
    """``seen`` at the table once each of ``sockets`` was seen after ``since`` (a ``seen``)."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        now = await seen(table_id)
        if all(now[socket] > since[socket] for socket in sockets):
            return now
        await asyncio.sleep(HEARTBEAT / 4)  # polled: the heartbeat is the process's own task
    raise AssertionError(f"not refreshed within {WAIT} s")


async def test_every_open_socket_is_kept_fresh_until_it_closes(settings, table, user, baraka):
    settings.PRESENCE_HEARTBEAT_SECONDS = HEARTBEAT
    await database_sync_to_async(table.seats.create)(position=1, user=baraka)
    clients = [await open_client(table.pk, person) for person in (user, user, baraka)]
    sockets = heartbeats.attached()
    assert len(sockets) == 3  # a row each, her two tabs too
    first = await refreshed(table.pk, sockets, await seen(table.pk))

    await clients[0].close()  # her other tab is still open
    amani = (sockets - heartbeats.attached()).pop()
    gone = await seen(table.pk)  # as ``presence.left`` wrote it
    later = await refreshed(
        table.pk, heartbeats.attached(), await refreshed(table.pk, heartbeats.attached(), first)
    )
    assert later[amani] == gone[amani] and len(later) == 3

    await clients[1].close()
    assert len(heartbeats.attached()) == 1
    assert set(await seen(table.pk)) == sockets - {amani}  # her last row says when she left

    await clients[2].close()
    assert heartbeats.attached() == set()
    beating = [task for task in asyncio.all_tasks() if task.get_name() == "presence heartbeats"]
    await asyncio.gather(*beating, return_exceptions=True)  # cancelled by the last to go
    assert all(task.done() for task in beating)


async def test_a_connection_opened_as_the_last_one_closes_is_still_kept_fresh(settings, table, user):
    settings.PRESENCE_HEARTBEAT_SECONDS = HEARTBEAT
    await database_sync_to_async(presence.joined)(table.pk, user.pk, timezone.now(), "tab")
    heartbeats.attach(table.pk, "other tab")
    heartbeats.detach("other tab")  # the last one closes: its task is cancelled ...
    heartbeats.attach(table.pk, "tab")  # ... as another tab opens, in the same turn of the loop
    try:
        await refreshed(table.pk, ["tab"], await seen(table.pk))
    finally:
        heartbeats.detach("tab")


@pytest.mark.django_db
def test_the_rows_due_are_refreshed_in_one_statement(
    table, user, baraka, make_user, django_assert_num_queries
):
    other = create_table(baraka, "Other table", 2, "friendly")
    zawadi = make_user("zawadi")
    then = timezone.now()
    for n, (table_id, person) in enumerate(
        ((table.pk, user), (table.pk, baraka), (other.pk, baraka), (other.pk, zawadi))
    ):
        presence.joined(table_id, person.pk, then, f"s{n}")
    now = timezone.now()
    with django_assert_num_queries(1):
        presence.seen_many(["s0", "s2", "s3"], now)
    rows = dict(Presence.objects.values_list("socket", "seen_at"))
    assert rows == {"s0": now, "s1": then, "s2": now, "s3": now}  # s1 not due


@pytest.mark.django_db
def test_the_rows_of_many_sockets_are_refreshed_some_hundreds_a_statement(
    user, table, django_assert_num_queries
):
    count = presence.SEEN_AT_ONCE + 1
    then = timezone.now()
    for n in range(count):
        presence.joined(table.pk, user.pk, then, f"tab {n}")
    now = timezone.now()
    with django_assert_num_queries(2):
        presence.seen_many([f"tab {n}" for n in range(count)], now)
    assert set(Presence.objects.values_list("seen_at", flat=True)) == {now}


async def test_the_turn_clocks_copy_of_a_tables_rows_is_read_again_before_it_expires(settings, table, user):
    """The heartbeats' task reads again the presence rows kept for a table with sockets
    here, before their copy expires: the turn clock's question after the next move finds
    them kept, with no move needed to read them."""
    settings.PRESENCE_HEARTBEAT_SECONDS = HEARTBEAT
    settings.PRESENCE_TIMEOUT_SECONDS = 3 * HEARTBEAT  # a copy kept 0.38 s, read again after 0.19
    client = await open_client(table.pk, user)
    try:
        assert await database_sync_to_async(presence.gone_since)(table.pk, user.pk, timezone.now()) is None
        first = presence.kept_rows(table.pk)
        assert first is not None and presence.aging([table.pk]) == []
        deadline = time.monotonic() + WAIT
        while presence.kept_rows(table.pk) is first:
            assert time.monotonic() < deadline, f"not read again within {WAIT} s"
            await asyncio.sleep(HEARTBEAT / 4)  # polled: the heartbeat is the process's own task
        assert presence.kept_rows(table.pk)[user.pk][0] is not None  # her open socket, as kept
    finally:
        await client.close()


@pytest.mark.django_db
def test_aging_copies_of_tables_rows_are_read_again_in_one_query(
    table, user, baraka, django_assert_num_queries
):
    other = create_table(baraka, "Other table", 2, "friendly")
    then = timezone.now()
    for table_id, person in ((table.pk, user), (other.pk, baraka)):
        presence.joined(table_id, person.pk, then, f"tab of {person.pk}")
        assert presence.gone_since(table_id, person.pk, then) is None  # read and kept
    now = timezone.now()
    Presence.objects.update(seen_at=now)  # another process's heartbeat, say
    with django_assert_num_queries(1):
        presence.read_again([table.pk, other.pk])
    assert presence.kept_rows(table.pk) == {user.pk: (now, now)}
    assert presence.kept_rows(other.pk) == {baraka.pk: (now, now)}


@pytest.mark.django_db
def test_a_users_rows_say_when_they_were_last_seen_and_stale_ones_are_swept(table, user, settings):
    start = timezone.now()
    presence.joined(table.pk, user.pk, start, "dead server's tab")  # never closed: its server died
    later = start + timedelta(seconds=settings.PRESENCE_TIMEOUT_SECONDS + 1)
    assert presence.gone_since(table.pk, user.pk, later) == start  # expired on its own
    presence.joined(table.pk, user.pk, later, "tab")
    assert presence.gone_since(table.pk, user.pk, later) is None
    assert set(Presence.objects.values_list("socket", flat=True)) == {"tab"}  # the dead one swept
    presence.left(table.pk, user.pk, later, "tab")
    assert presence.gone_since(table.pk, user.pk, later + timedelta(seconds=1)) == later


async def test_a_socket_of_a_server_that_died_goes_offline_on_its_own_and_the_table_hears_it(
    settings, table, user, baraka
):
    """baraka's row is a socket of a server that died: nobody refreshes it, nobody closes
    it. Within the timeout he is shown gone to amani, whose server noticed."""
    settings.PRESENCE_HEARTBEAT_SECONDS = HEARTBEAT
    settings.PRESENCE_TIMEOUT_SECONDS = 3 * HEARTBEAT
    await database_sync_to_async(table.seats.create)(position=1, user=baraka)
    await database_sync_to_async(presence.joined)(table.pk, baraka.pk, timezone.now(), "dead server's tab")
    amani = await open_client(table.pk, user)
    assert baraka.name in online(amani.frames[0])
    people = await amani.until(lambda f: "people" in f.ids and baraka.name not in f.online)
    assert people.online == {user.name}
    await amani.close()

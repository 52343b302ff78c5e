"""Presence heartbeats (``games.live.heartbeats``): every logged-in socket's row kept fresh
by one task of the process, all the rows due in one statement; a row no longer kept once
its user's last socket at the table closes, and no task left once every socket has."""

import asyncio
import time

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from games import presence, services
from games.live import heartbeats
from games.models import Presence
from tests.realtime.helpers import open_client

pytestmark = pytest.mark.django_db(transaction=True)
HEARTBEAT = 0.2  # seconds
WAIT = 10  # seconds at most for what a heartbeat brings


@database_sync_to_async
def seen(table_id):
    """When each user at the table was last seen, by user id."""
    return dict(Presence.objects.filter(table_id=table_id).values_list("user_id", "seen_at"))


async def refreshed(table_id, users, since):
    """``seen`` at the table once each of ``users`` was seen after ``since`` (a ``seen``)."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        now = await seen(table_id)
        if all(now[user.pk] > since[user.pk] for user in users):
            return now
        await asyncio.sleep(HEARTBEAT / 4)  # polled: the heartbeat is the process's own task
    raise AssertionError(f"not refreshed within {WAIT} s")


async def test_every_open_socket_is_kept_fresh_until_its_last_tab_closes(settings, table, user, baraka):
    settings.PRESENCE_HEARTBEAT_SECONDS = HEARTBEAT
    await database_sync_to_async(table.seats.create)(position=1, user=baraka)
    amani, amani_again, bara = [await open_client(table.pk, person) for person in (user, user, baraka)]
    assert heartbeats.attached() == {(table.pk, user.pk), (table.pk, baraka.pk)}
    first = await refreshed(table.pk, [user, baraka], await seen(table.pk))

    await amani.close()  # her other tab is still open
    assert heartbeats.attached() == {(table.pk, user.pk), (table.pk, baraka.pk)}
    await refreshed(table.pk, [user, baraka], first)

    await amani_again.close()
    assert heartbeats.attached() == {(table.pk, baraka.pk)}
    gone = await seen(table.pk)  # as ``presence.left`` wrote it
    later = await refreshed(table.pk, [baraka], await refreshed(table.pk, [baraka], gone))
    assert later[user.pk] == gone[user.pk]

    await bara.close()
    assert heartbeats.attached() == set()
    beating = [task for task in asyncio.all_tasks() if task.get_name() == "presence heartbeats"]
    await asyncio.gather(*beating, return_exceptions=True)  # cancelled by the last to go
    assert all(task.done() for task in beating)


async def test_a_connection_opened_as_the_last_one_closes_is_still_kept_fresh(settings, table, user):
    settings.PRESENCE_HEARTBEAT_SECONDS = HEARTBEAT
    await database_sync_to_async(presence.joined)(table.pk, user.pk, timezone.now())
    heartbeats.attach(table.pk, user.pk)
    heartbeats.detach(table.pk, user.pk)  # the last one closes: its task is cancelled ...
    heartbeats.attach(table.pk, user.pk)  # ... as another tab opens, in the same turn of the loop
    try:
        await refreshed(table.pk, [user], await seen(table.pk))
    finally:
        heartbeats.detach(table.pk, user.pk)


@pytest.mark.django_db
def test_the_rows_due_are_refreshed_in_one_statement(
    table, user, baraka, make_user, django_assert_num_queries
):
    other = services.create_table(baraka, "Other table", 2, "friendly")
    zawadi = make_user("zawadi")
    then = timezone.now()
    for table_id, person in ((table.pk, user), (table.pk, baraka), (other.pk, baraka), (other.pk, zawadi)):
        presence.joined(table_id, person.pk, then)
    now = timezone.now()
    with django_assert_num_queries(1):
        presence.seen_many([(table.pk, user.pk), (other.pk, baraka.pk), (other.pk, zawadi.pk)], now)
    rows = {(row.table_id, row.user_id): row.seen_at for row in Presence.objects.all()}
    assert rows == {
        (table.pk, user.pk): now,
        (table.pk, baraka.pk): then,  # not due
        (other.pk, baraka.pk): now,
        (other.pk, zawadi.pk): now,
    }


@pytest.mark.django_db
def test_the_rows_of_many_tables_are_refreshed_some_hundreds_a_statement(user, django_assert_num_queries):
    count = presence.SEEN_AT_ONCE + 1
    tables = [services.create_table(user, f"Table {n}", 2, "friendly") for n in range(count)]
    then = timezone.now()
    for table in tables:
        presence.joined(table.pk, user.pk, then)
    now = timezone.now()
    with django_assert_num_queries(2):
        presence.seen_many([(table.pk, user.pk) for table in tables], now)
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
        assert presence.kept_rows(table.pk)[user.pk][0] == 1  # her socket, as kept
    finally:
        await client.close()


@pytest.mark.django_db
def test_aging_copies_of_tables_rows_are_read_again_in_one_query(
    table, user, baraka, django_assert_num_queries
):
    other = services.create_table(baraka, "Other table", 2, "friendly")
    then = timezone.now()
    for table_id, person in ((table.pk, user), (other.pk, baraka)):
        presence.joined(table_id, person.pk, then)
        assert presence.gone_since(table_id, person.pk, then) is None  # read and kept
    now = timezone.now()
    Presence.objects.update(seen_at=now)  # another process's heartbeat, say
    with django_assert_num_queries(1):
        presence.read_again([table.pk, other.pk])
    assert presence.kept_rows(table.pk) == {user.pk: (1, now)}
    assert presence.kept_rows(other.pk) == {baraka.pk: (1, now)}

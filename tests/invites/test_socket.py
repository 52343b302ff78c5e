"""A private table's websocket: refused to outsiders as a table that does not exist (the
project's refusal), open to its players and to a session that used its link to watch."""

import pytest
from channels.db import database_sync_to_async
from django.contrib.sessions.backends.db import SessionStore

from games import invites
from games.models import Table
from games.play.tables import take_seat
from tests.realtime.conftest import live_settings  # noqa: F401 (the in-memory layer per test)
from tests.realtime.helpers import Client_, open_client, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def watcher_cookie(table):
    """A visitor's session that used the table's link to watch."""
    session = SessionStore()
    invites.grant(session, table)
    session.save()
    return f"sessionid={session.session_key}"


async def test_outsiders_are_refused_the_socket_and_players_are_not(private_table, user, baraka, make_user):
    outsider = await database_sync_to_async(make_user)("otieno")
    for cookie in (None, await session_cookie(outsider)):
        refused = await Client_(private_table.pk, cookie).connect()
        missing = await Client_(private_table.pk + 1000, cookie).connect()
        assert refused == missing and refused[0] is False  # the same refusal for both
    await database_sync_to_async(take_seat)(private_table, baraka, None, True)
    for player in (user, baraka):
        client = await open_client(private_table.pk, player)
        assert "baraka" in client.frames[0].text()  # the seats, as any viewer of the table sees them
        await client.close()


async def test_a_session_that_used_the_link_watches_unless_players_only(private_table):
    cookie = await watcher_cookie(private_table)
    watcher = Client_(private_table.pk, cookie)
    assert (await watcher.connect())[0] is True
    await watcher.close()
    await database_sync_to_async(
        Table.objects.filter(pk=private_table.pk).update
    )(spectators=Table.Spectators.PLAYERS)
    assert (await Client_(private_table.pk, cookie).connect())[0] is False

"""A ban made in one process closes the player's socket held by a daphne server in another:
a real websocket client (the ``websockets`` library) sees the reason and the close (4001)
over PostgreSQL and Redis, as on the site."""

import os
from datetime import timedelta

import pytest
import websockets
from channels.db import database_sync_to_async
from django.db import connection

from games.live.consumers import VIEWER_ENDED
from moderation.writes import act
from tests.realtime.helpers import Socket, needs_shared_stack, session_cookie
from tests.realtime.servers import DaphneServer, database_url

pytestmark = [pytest.mark.django_db(transaction=True), needs_shared_stack]


@pytest.fixture
def server():
    env = {"DATABASE_URL": database_url(connection.settings_dict), "REDIS_URL": os.environ["REDIS_URL"]}
    started = DaphneServer(env).start()
    yield started
    started.stop()


async def test_a_site_ban_closes_the_players_real_socket(server, game, user, baraka, moderator):
    amani = Socket(server, f"/ws/t/{game.table_id}/", await session_cookie(user))
    bara = Socket(server, f"/ws/t/{game.table_id}/", await session_cookie(baraka))
    await amani.open()
    await bara.open()

    await database_sync_to_async(act)(
        moderator, user, "site_ban", duration=timedelta(days=1), reason="Cheating."
    )

    notice = await amani.until(lambda f: "notice" in f.html)
    assert "barred from the site" in notice.text()
    with pytest.raises(websockets.ConnectionClosed) as closed:
        await amani.until(lambda f: False)
    assert closed.value.rcvd.code == VIEWER_ENDED
    await bara.send(type="resync", game=game.pk, seq=0)  # baraka's socket goes on
    assert (await bara.until(lambda f: f.sync is not None)).sync == (game.pk, 0)
    await bara.close()

"""A quick game's table fills with bots on the server's own heartbeat task while its player
has the page open (a websocket): the real path, with a short wait, awaited on the socket."""

import pytest
from channels.db import database_sync_to_async

from games.live import heartbeats
from games.models import Game
from games.play import play_now
from tests.realtime.conftest import live_settings  # noqa: F401 (autouse: a fresh in-memory layer)
from tests.realtime.helpers import open_client

pytestmark = pytest.mark.django_db(transaction=True)


async def test_the_heartbeat_fills_the_waiting_table_and_the_page_sees_the_game_start(settings, user):
    settings.QUICK_GAME_WAIT_SECONDS = 0.5
    settings.PRESENCE_HEARTBEAT_SECONDS = 0.2  # the task ticks within a heartbeat's lag
    table = await database_sync_to_async(play_now.quick_game)(user)
    page = await open_client(table.pk, user)
    try:
        assert "data-bots-fill" in page.frames[0].html  # the countdown, before the fill
        started = await page.until(lambda frame: frame.sync is not None and frame.sync[0] is not None)
    finally:
        await page.close()
    game = await database_sync_to_async(Game.objects.get)(table=table)
    assert started.sync[0] == game.pk
    assert await database_sync_to_async(table.seats.filter(user__bot_level="greedy").count)() == 3
    assert heartbeats.attached() == set()

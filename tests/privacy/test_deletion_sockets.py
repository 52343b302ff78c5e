"""Deleting an account closes its open sockets at once, on every device, and its API
token's streams (real websocket clients on the live layer)."""

import asyncio
import json

import pytest
from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from django.test import Client
from django.urls import reverse

from api.tokens import create_token
from games.live.consumers import VIEWER_ENDED
from tests.api.test_streams import WAIT, open_stream
from tests.conftest import PASSWORD
from tests.realtime.test_viewer_ended import assert_ended, logged_in_socket

pytestmark = pytest.mark.django_db(transaction=True)


async def test_deleting_the_account_closes_its_sockets_everywhere_and_no_one_elses(game, user, baraka):
    browser, this_tab = await logged_in_socket(game.table_id, user)
    _, other_device = await logged_in_socket(game.table_id, user)
    _, bara = await logged_in_socket(game.table_id, baraka)

    response = await database_sync_to_async(browser.post)(reverse("delete_account"), {"password": PASSWORD})

    assert response.status_code == 302
    await assert_ended(other_device, "This account is closed.")
    await this_tab.until(lambda f: "notice" in f.html)
    assert await this_tab.communicator.receive_output(timeout=5) == {
        "type": "websocket.close",
        "code": VIEWER_ENDED,
    }
    await bara.send(type="resync", game=game.pk, seq=0)  # baraka's socket goes on
    assert (await bara.until(lambda f: f.sync is not None)).sync[0] == game.pk
    await bara.close()


async def test_deleting_the_account_ends_its_api_tokens_streams(game, user):
    _, token = await sync_to_async(create_token)(user, "my bot")
    stream = await open_stream(f"/api/bot/game/stream/{game.pk}", token)
    assert (await stream.next())["type"] == "gameFull"
    browser = Client()
    await database_sync_to_async(browser.force_login)(user)

    await database_sync_to_async(browser.post)(reverse("delete_account"), {"password": PASSWORD})

    async with asyncio.timeout(WAIT):  # the resignation is told, then the stream ends
        told = [json.loads(chunk) for chunk in [c async for c in stream.chunks] if chunk != b"\n"]
    assert [frame["moves"] for frame in told] == [[{"index": 0, "seat": 0, "move": "resign 0"}]]

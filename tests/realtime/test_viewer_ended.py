"""A viewer who logs out, or whose account the admin closes, keeps no open table socket:
each is told why and closed (4001), so nothing more is done in their name through it."""

import pytest
from channels.db import database_sync_to_async
from django.test import Client
from django.urls import reverse

from games.live.consumers import VIEWER_ENDED
from tests.realtime.helpers import Client_

pytestmark = pytest.mark.django_db(transaction=True)


async def logged_in_socket(table_id, user):
    """A browser's log-in session (its test client) and a table socket opened with it."""
    browser = Client()
    await database_sync_to_async(browser.force_login)(user)
    socket = Client_(table_id, f"sessionid={browser.cookies['sessionid'].value}")
    connected, code = await socket.connect()
    assert connected, code
    await socket.receive()
    return browser, socket


async def assert_ended(socket, words):
    frame = await socket.until(lambda f: "notice" in f.html)
    assert words in frame.text()
    closed = await socket.communicator.receive_output(timeout=5)
    assert closed == {"type": "websocket.close", "code": VIEWER_ENDED}


async def test_logging_out_closes_that_sessions_sockets_and_no_other(game, user):
    browser, this_tab = await logged_in_socket(game.table_id, user)
    _, other_device = await logged_in_socket(game.table_id, user)

    response = await database_sync_to_async(browser.post)(reverse("logout"))

    assert response.status_code == 302
    await assert_ended(this_tab, "You logged out.")
    await other_device.send(type="resync", game=game.pk, seq=0)  # still open, still answered
    assert (await other_device.until(lambda f: f.sync is not None)).sync == (game.pk, 0)
    await other_device.close()


async def test_an_account_the_admin_deactivates_keeps_no_open_socket(game, user, baraka):
    _, amani = await logged_in_socket(game.table_id, user)
    _, bara = await logged_in_socket(game.table_id, baraka)

    user.is_active = False
    await database_sync_to_async(user.save)()  # as the admin's change form saves it

    await assert_ended(amani, "This account is closed.")
    await bara.send(type="resync", game=game.pk, seq=0)  # baraka's socket goes on
    assert (await bara.until(lambda f: f.sync is not None)).sync == (game.pk, 0)
    await bara.close()


async def test_an_account_the_admin_deletes_keeps_no_open_socket(game, make_user):
    wanjiru = await database_sync_to_async(make_user)("wanjiru")
    _, watching = await logged_in_socket(game.table_id, wanjiru)

    await database_sync_to_async(wanjiru.delete)()

    await assert_ended(watching, "This account is closed.")

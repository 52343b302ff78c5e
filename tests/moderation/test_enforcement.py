"""What a moderator's restriction does: a muted player's chat is refused (the write and the
socket), a restricted player reads why and until when on every page, and a player barred
from the site gets only the page saying so (and log-out), cannot log in, has their API
token refused and their open sockets closed the moment the ban is made."""

import asyncio
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from channels.layers import channel_layers
from channels.testing import WebsocketCommunicator
from django.urls import reverse
from django.utils import timezone

from accounts.models import Restriction
from api.tokens import create_token
from games.live.consumers import VIEWER_ENDED
from games.models import ChatMessage
from games.play.chat import post_chat
from games.play.errors import ServiceError
from kadi_site.asgi import application
from moderation.writes import act
from tests.api.test_streams import open_stream
from tests.conftest import PASSWORD
from tests.realtime.helpers import HOST, ORIGIN, WAIT, open_client, session_cookie
from tournaments.models import Tournament


@pytest.fixture(autouse=True)
def memory_layer(settings):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "games.live.memory_layer.InMemoryChannelLayer"}}
    settings.PRESENCE_BATCH_SECONDS = 0
    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


def restrict(user, kind, reason="Insults at table 4.", days=1):
    return Restriction.objects.create(
        user=user, kind=kind, until=timezone.now() + timedelta(days=days), reason=reason
    )


@pytest.mark.django_db
def test_a_muted_players_line_is_refused_and_an_expired_mute_lets_it_through(table, user):
    mute = restrict(user, Restriction.Kind.MUTE)
    with pytest.raises(ServiceError, match="Your chat is muted until .*: Insults at table 4.") as refused:
        post_chat(table.pk, user, "hello")
    assert refused.value.code == "muted"
    assert not ChatMessage.objects.exists()
    mute.until = timezone.now() - timedelta(seconds=1)
    mute.save()
    assert post_chat(table.pk, user, "hello").text == "hello"


@pytest.mark.django_db(transaction=True)
async def test_a_muted_players_line_is_refused_over_the_socket(table, user):
    await database_sync_to_async(restrict)(user, Restriction.Kind.MUTE)
    amani = await open_client(table.pk, user)
    await amani.send(type="chat", text="hello")
    reply = await amani.until(lambda f: "chat-error" in f.ids)
    assert "Your chat is muted until" in reply.text() and "Insults at table 4." in reply.text()
    assert not await database_sync_to_async(ChatMessage.objects.exists)()
    await amani.close()


@pytest.mark.django_db
@pytest.mark.parametrize(
    "kind, words",
    [
        (Restriction.Kind.MUTE, "Your chat is muted until"),
        (Restriction.Kind.RATED_BAN, "You may not play rated games until"),
    ],
)
def test_a_restricted_player_reads_why_and_until_when_on_every_page(client, user, kind, words):
    restrict(user, kind)
    client.force_login(user)
    for url in (reverse("games:lobby"), user.get_absolute_url(), reverse("account_settings")):
        page = client.get(url).content.decode()
        assert words in page and "Insults at table 4." in page, url


@pytest.mark.django_db
def test_a_player_barred_from_the_site_gets_the_page_saying_why_and_may_log_out(client, user):
    restrict(user, Restriction.Kind.SITE_BAN, reason="Cheating.")
    client.force_login(user)
    for url in (
        reverse("games:lobby"),
        user.get_absolute_url(),
        "/report/baraka/",
        reverse("account_settings"),
    ):
        response = client.get(url)
        assert response.status_code == 403, url
        assert (
            "barred from the site until" in response.content.decode()
            and "Cheating." in response.content.decode()
        )
    assert client.post(reverse("logout")).status_code == 302
    assert client.get(reverse("games:lobby")).status_code == 200


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("path", ["table", "/ws/me/", "tournament"])
async def test_a_player_barred_from_the_site_opens_no_new_socket(table, user, baraka, path):
    tournament = await database_sync_to_async(Tournament.objects.create)(
        name="Jioni", starts_at=timezone.now()
    )
    path = {"table": f"/ws/t/{table.pk}/", "tournament": f"/ws/tournament/{tournament.pk}/"}.get(path, path)
    await database_sync_to_async(restrict)(user, Restriction.Kind.SITE_BAN)
    for player, opens in ((user, False), (baraka, True)):  # the other player's socket opens
        headers = [ORIGIN, HOST, (b"cookie", (await session_cookie(player)).encode())]
        socket = WebsocketCommunicator(application, path, headers=headers)
        connected, _code = await socket.connect(timeout=WAIT)
        assert connected is opens
        await socket.disconnect()


@pytest.mark.django_db
def test_a_player_barred_from_the_site_cannot_log_in(client, user):
    restrict(user, Restriction.Kind.SITE_BAN, reason="Cheating.")
    response = client.post(reverse("login"), {"username": user.username, "password": PASSWORD})
    assert response.status_code == 200
    assert (
        "barred from the site until" in response.content.decode() and "Cheating." in response.content.decode()
    )
    assert "_auth_user_id" not in client.session


@pytest.mark.django_db
def test_the_api_refuses_a_barred_players_token(client, user):
    _row, token = create_token(user, "bot")
    auth = {"HTTP_AUTHORIZATION": f"Bearer {token}"}
    assert client.get("/api/tournaments", **auth).status_code == 200
    restrict(user, Restriction.Kind.SITE_BAN, reason="Cheating.")
    response = client.get("/api/tournaments", **auth)
    assert response.status_code == 403
    body = response.json()
    assert body["code"] == "banned" and "Cheating." in body["error"] and "until" in body["error"]


@pytest.mark.django_db(transaction=True)
async def test_a_ban_closes_the_players_open_sockets_at_once(game, user, baraka, moderator):
    amani = await open_client(game.table_id, user)
    bara = await open_client(game.table_id, baraka)
    me = WebsocketCommunicator(
        application, "/ws/me/", headers=[ORIGIN, HOST, (b"cookie", (await session_cookie(user)).encode())]
    )
    assert (await me.connect(timeout=WAIT))[0]

    await database_sync_to_async(act)(
        moderator, user, "site_ban", duration=timedelta(days=3), reason="Cheating."
    )

    notice = await amani.until(lambda f: "notice" in f.html)
    assert "barred from the site" in notice.text()
    assert (await amani.communicator.receive_output(timeout=WAIT)) == {
        "type": "websocket.close",
        "code": VIEWER_ENDED,
    }
    while (output := await me.receive_output(timeout=WAIT))["type"] != "websocket.close":
        pass
    assert output["code"] == VIEWER_ENDED
    await bara.send(type="resync", game=game.pk, seq=0)  # baraka's socket goes on
    assert (await bara.until(lambda f: f.sync is not None)).sync == (game.pk, 0)
    await bara.close()


@pytest.mark.django_db(transaction=True)
async def test_a_ban_ends_the_players_api_streams(game, user, moderator, settings):
    settings.API_KEEPALIVE_SECONDS = 0.2
    raw = (await database_sync_to_async(create_token)(user, "bot"))[1]
    streams = [
        await open_stream(path, raw) for path in (f"/api/bot/game/stream/{game.pk}", "/api/stream/event")
    ]
    for stream in streams:
        await stream.next()

    await database_sync_to_async(act)(
        moderator, user, "site_ban", duration=timedelta(days=1), reason="Cheating."
    )

    for stream in streams:
        async with asyncio.timeout(WAIT):
            assert [chunk async for chunk in stream.chunks if chunk != b"\n"] == []

"""What a block forbids at a table: a seat at the blocker's tables or beside them, and chat
where the blocker sits; the refusal the blocked player reads names nobody."""

import pytest
from channels.db import database_sync_to_async

from accounts import friends
from api.tokens import create_token
from games.models import ChatMessage, Seat
from games.play.chat import post_chat
from games.play.errors import ServiceError
from games.play.tables import create_table, take_seat
from tests.realtime.conftest import live_settings  # noqa: F401 (the websocket tests' channel layer)
from tests.realtime.helpers import open_client

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_blocked_player_takes_no_seat_at_a_table_where_the_blocker_sits(table, user, baraka):
    friends.block(user, baraka)

    with pytest.raises(ServiceError) as refusal:
        take_seat(table, baraka)

    assert str(refusal.value) == "You cannot take a seat at this table."
    assert refusal.value.code == "blocked"
    assert not Seat.objects.filter(user=baraka).exists()


def test_a_blocked_player_takes_no_seat_at_a_table_the_blocker_made_and_left(user, baraka):
    table = create_table(user, "Kwetu", 3, "classic", sit=False)
    friends.block(user, baraka)

    with pytest.raises(ServiceError, match="You cannot take a seat"):
        take_seat(table, baraka)


def test_a_blocked_player_blocking_back_is_refused_the_same(table, user, baraka):
    friends.block(user, baraka)
    friends.block(baraka, user)

    with pytest.raises(ServiceError, match="A player you blocked is at this table."):
        take_seat(table, baraka)


def test_the_blocker_takes_no_seat_beside_the_blocked(user, baraka, chebet):
    table = create_table(chebet, "Jirani", 3, "classic")
    take_seat(table, baraka)
    friends.block(user, baraka)

    with pytest.raises(ServiceError, match="A player you blocked is at this table."):
        take_seat(table, user)


def test_others_still_sit_and_an_unblocked_player_sits_again(table, user, baraka, chebet):
    friends.block(user, baraka)
    take_seat(table, chebet)
    friends.unblock(user, baraka)

    take_seat(table, baraka)

    assert set(table.seats.values_list("user__username", flat=True)) == {"amani", "baraka", "chebet"}


def test_the_seat_form_tells_the_blocked_player_neutrally(client, table, user, baraka):
    friends.block(user, baraka)
    client.force_login(baraka)

    response = client.post(f"/t/{table.pk}/seat/take/", follow=True)

    assert "You cannot take a seat at this table." in response.content.decode()
    assert not Seat.objects.filter(user=baraka).exists()


def test_a_blocked_player_cannot_chat_where_the_blocker_sits(table, user, baraka, chebet):
    friends.block(user, baraka)

    with pytest.raises(ServiceError) as refusal:
        post_chat(table.pk, baraka, "habari")

    assert str(refusal.value) == "You cannot chat at this table."
    post_chat(table.pk, chebet, "habari")  # anyone else may
    post_chat(table.pk, user, "karibu")  # and so may the blocker
    assert list(ChatMessage.objects.values_list("user__username", flat=True).order_by("pk")) == [
        "chebet",
        "amani",
    ]


def test_a_blocked_player_chats_where_the_blocker_only_watches(user, baraka, chebet):
    table = create_table(chebet, "Jirani", 3, "classic")
    friends.block(user, baraka)

    post_chat(table.pk, baraka, "habari")

    assert ChatMessage.objects.filter(user=baraka).exists()


async def test_a_blocked_spectators_chat_line_over_the_websocket_is_refused(table, user, baraka):
    await database_sync_to_async(friends.block)(user, baraka)
    amani = await open_client(table.pk, user)
    bara = await open_client(table.pk, baraka)
    await amani.until(lambda f: "people" in f.ids)  # baraka came to watch

    await bara.send(type="chat", text="habari")

    reply = await bara.until(lambda f: "chat-error" in f.ids and f.text())
    assert "You cannot chat at this table." in reply.text()
    assert await database_sync_to_async(ChatMessage.objects.count)() == 0
    assert await amani.nothing_more()  # no line reached the blocker
    for client in (amani, bara):
        await client.close()


def test_a_blocked_bot_api_client_cannot_join_either(client, table, user, baraka):
    friends.block(user, baraka)
    token = create_token(baraka, "bara's bot")[1]

    response = client.post(f"/api/table/{table.pk}/join", HTTP_AUTHORIZATION=f"Bearer {token}")

    assert response.status_code == 409 and response.json()["code"] == "refused"
    assert response.json()["error"] == "You cannot take a seat at this table."
    assert not Seat.objects.filter(user=baraka).exists()

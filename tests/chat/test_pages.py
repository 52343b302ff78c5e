"""The chat's settings over HTTP: a new table's "Turn the chat off", the player's "Hide
chat", the table's switch in the admin, and the admin's list of held lines."""

import pytest
from django.urls import reverse

from games.models import ChatMessage, Table
from games.play.tables import create_table
from tests.games.test_admin import form_data

pytestmark = pytest.mark.django_db

NEW_TABLE = {"name": "Jioni", "seat_count": 3, "preset": "classic"}


@pytest.mark.parametrize(("posted", "chat_off"), [({"chat_off": "on"}, True), ({}, False)])
def test_a_new_table_may_turn_its_chat_off(client, user, posted, chat_off):
    client.force_login(user)
    assert "Turn the chat off" in client.get(reverse("games:lobby")).text

    response = client.post(reverse("games:create_table"), {**NEW_TABLE, **posted})

    assert response.status_code == 302
    assert Table.objects.get(name="Jioni").chat_off is chat_off


def test_a_player_hides_the_chat_in_their_settings(client, user):
    client.force_login(user)
    assert "Hide chat" in client.get(reverse("account_settings")).text

    data = {"hand_order": "suit", "preferred_preset": "classic", "challenges_from": "everyone"}
    client.post(reverse("account_settings"), {**data, "chat_off": "on"})
    user.refresh_from_db()
    assert user.chat_off

    client.post(reverse("account_settings"), data)
    user.refresh_from_db()
    assert not user.chat_off


def test_staff_turn_a_tables_chat_off_in_the_admin(admin_client, table):
    url = reverse("admin:games_table_change", args=[table.pk])
    response = admin_client.get(url)
    assert "chat turned off" in response.text.lower()

    admin_client.post(url, form_data(response, chat_off="on"))

    table.refresh_from_db()
    assert table.chat_off


def test_the_admin_lists_held_lines_escaped(admin_client, user):
    table = create_table(user, "Kibanda", 2, "classic")
    hostile = '<a href="javascript:alert(1)">idiot</a>'
    ChatMessage.objects.create(table=table, user=user, text=hostile, status="held")
    ChatMessage.objects.create(table=table, user=user, text="habari", status="shown")

    page = admin_client.get(reverse("admin:games_chatmessage_changelist") + "?status__exact=held").text

    assert "&lt;a href=&quot;javascript:alert(1)&quot;&gt;idiot&lt;/a&gt;" in page
    assert hostile not in page and "habari" not in page
    assert "Show the held lines to their tables" in page and "Remove the held lines" in page


def test_a_held_line_shown_after_its_tables_chat_was_turned_off_is_not_announced(
    user, django_capture_on_commit_callbacks
):
    from games import signals
    from games.play import chat

    talking, quiet = (create_table(user, name, 2, "classic") for name in ("Baraza", "Kimya"))
    lines = [
        ChatMessage.objects.create(table=t, user=user, text="idiot", status="held") for t in (talking, quiet)
    ]
    Table.objects.filter(pk=quiet.pk).update(chat_off=True)
    announced = []
    signals.chat_line_shown.connect(
        lambda message, **kwargs: announced.append(message.pk), weak=False, dispatch_uid="t"
    )
    try:
        with django_capture_on_commit_callbacks(execute=True):
            assert chat.review([line.pk for line in lines], show=True) == 2
    finally:
        signals.chat_line_shown.disconnect(dispatch_uid="t")

    assert announced == [lines[0].pk]
    assert set(ChatMessage.objects.values_list("status", flat=True)) == {"shown"}

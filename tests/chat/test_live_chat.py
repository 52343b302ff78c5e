"""The chat at a live table, over the websocket (in-process consumers, the real channel
layer): turned off per table and per player, lines the word filter holds back and staff
show or remove in the admin, repeated lines refused, links and markup shown as text."""

import re
from datetime import timedelta
from html.parser import HTMLParser

import pytest
import requests
from channels.db import database_sync_to_async
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.models import ChatMessage, Table
from games.play import chat
from games.play.errors import ServiceError
from tests.realtime.helpers import Socket, open_client, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)

HELD = "waits for a moderator"


def chat_panel(frame):
    """The chat panel's HTML in a full frame."""
    return re.search(r'<section id="chat".*?</section>', frame.html, re.S).group(0)


@database_sync_to_async
def update(model, pk, **fields):
    model.objects.filter(pk=pk).update(**fields)


@database_sync_to_async
def statuses():
    return list(ChatMessage.objects.order_by("pk").values_list("text", "status"))


async def test_a_table_with_the_chat_off_shows_no_chat_and_takes_no_line(table, user):
    await update(Table, table.pk, chat_off=True)
    amani = await open_client(table.pk, user)
    panel = chat_panel(amani.frames[0])
    assert "The chat is turned off at this table." in panel
    assert "chat-text" not in panel and "chat-log" not in panel

    await amani.send(type="chat", text="habari")

    reply = await amani.until(lambda f: "chat-error" in f.ids)
    assert "The chat is turned off at this table." in reply.text()
    assert await statuses() == []
    await amani.close()


async def test_a_player_who_hides_the_chat_sees_none_and_cannot_write(table, user, baraka):
    await update(type(user), user.pk, chat_off=True)
    amani = await open_client(table.pk, user)
    bara = await open_client(table.pk, baraka)
    panel = chat_panel(amani.frames[0])
    assert "You hid the chat." in panel and reverse("account_settings") in panel
    assert "chat-text" not in panel

    await amani.send(type="chat", text="habari")
    assert "show it again in your settings" in (await amani.until(lambda f: "chat-error" in f.ids)).text()
    await bara.send(type="chat", text="Mambo vipi?")
    await bara.until(lambda f: "Mambo vipi?" in f.text())

    assert await amani.nothing_more()  # not one line reaches the player who hid the chat
    assert await statuses() == [("Mambo vipi?", "shown")]
    for client in (amani, bara):
        await client.close()


async def test_a_flagged_line_is_held_and_the_sender_told(table, user, baraka, words):
    amani = await open_client(table.pk, user)
    bara = await open_client(table.pk, baraka)

    await amani.send(type="chat", text="You 1D10T")

    reply = await amani.until(lambda f: "chat-error" in f.ids)
    assert HELD in reply.text() and "data-held" in reply.ids["chat-error"]
    assert "1D10T" not in reply.html
    assert await bara.nothing_more()
    assert await statuses() == [("You 1D10T", "held")]
    later = await open_client(table.pk, baraka)
    assert "1D10T" not in later.frames[0].html  # nor for whoever opens the table later
    for client in (amani, bara, later):
        await client.close()


async def approve_in_the_admin(staff, action):
    """A staff member ticks every held line in the admin's list and runs ``action``."""

    def post():
        client = Client()
        client.force_login(staff)
        held = list(ChatMessage.objects.filter(status="held").values_list("pk", flat=True))
        url = reverse("admin:games_chatmessage_changelist") + "?status__exact=held"
        return client.post(url, {"action": action, "_selected_action": held}, follow=True)

    return await database_sync_to_async(post)()


async def test_a_held_line_staff_show_reaches_the_open_sockets(table, user, baraka, make_user, words):
    staff = await database_sync_to_async(make_user)("msimamizi", is_staff=True, is_superuser=True)
    amani = await open_client(table.pk, user)
    bara = await open_client(table.pk, baraka)
    await amani.send(type="chat", text="that was stupid, sorry")
    await amani.until(lambda f: "chat-error" in f.ids)

    response = await approve_in_the_admin(staff, "show_to_table")

    assert "1 line shown to its table." in response.text
    for client in (amani, bara):
        line = await client.until(lambda f: "chat-log" in f.ids)
        assert "that was stupid, sorry" in line.text()
    assert await statuses() == [("that was stupid, sorry", "shown")]
    for client in (amani, bara):
        await client.close()


async def test_a_held_line_staff_remove_is_never_shown(table, user, baraka, make_user, words):
    staff = await database_sync_to_async(make_user)("msimamizi", is_staff=True, is_superuser=True)
    amani = await open_client(table.pk, user)
    bara = await open_client(table.pk, baraka)
    await amani.send(type="chat", text="mjinga wewe")
    await amani.until(lambda f: "chat-error" in f.ids)

    response = await approve_in_the_admin(staff, "remove")

    assert "1 line removed." in response.text
    assert await bara.nothing_more()
    assert await statuses() == [("mjinga wewe", "removed")]
    assert await approve_in_the_admin(staff, "show_to_table")  # nothing held is left to show
    assert await statuses() == [("mjinga wewe", "removed")]
    for client in (amani, bara):
        await client.close()


async def test_over_real_websockets_a_line_staff_show_in_the_admin_reaches_the_table(
    server, game, user, baraka, make_user, words
):
    """A daphne server, real websocket clients, and the admin's form posted to the same server."""
    staff = await database_sync_to_async(make_user)("msimamizi", is_staff=True, is_superuser=True)
    path = f"/ws/t/{game.table_id}/"
    amani, bara = (
        Socket(server, path, await session_cookie(user)),
        Socket(server, path, await session_cookie(baraka)),
    )
    await amani.open()
    await bara.open()
    await amani.send(type="chat", text="you STUP1D")
    assert HELD in (await amani.until(lambda f: "chat-error" in f.ids)).text()

    held = await database_sync_to_async(lambda: list(ChatMessage.objects.values_list("pk", flat=True)))()
    response = await database_sync_to_async(review_over_http)(server, await session_cookie(staff), held)

    assert response.status_code == 200 and "1 line shown to its table." in response.text
    for socket in (amani, bara):
        assert "you STUP1D" in (await socket.until(lambda f: "chat-log" in f.ids)).text()
    for socket in (amani, bara):
        await socket.close()


def review_over_http(server, cookie, held):
    """Staff show the ``held`` lines to their tables with the admin's form, as a browser posts it."""
    with requests.Session() as browser:
        name, _, value = cookie.partition("=")
        browser.cookies.set(name, value)
        url = server.http_url + reverse("admin:games_chatmessage_changelist") + "?status__exact=held"
        page = browser.get(url, timeout=20)
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text).group(1)
        data = {"action": "show_to_table", "_selected_action": held, "csrfmiddlewaretoken": token}
        return browser.post(url, data=data, headers={"Referer": url}, timeout=20)


async def test_staff_without_the_right_to_change_chat_cannot_review(table, user, make_user, words):
    def viewer():
        from django.contrib.auth.models import Permission

        person = make_user("mgeni", is_staff=True)
        person.user_permissions.add(Permission.objects.get(codename="view_chatmessage"))
        return person

    amani = await open_client(table.pk, user)
    await amani.send(type="chat", text="idiot")
    await amani.until(lambda f: "chat-error" in f.ids)

    response = await approve_in_the_admin(await database_sync_to_async(viewer)(), "show_to_table")

    assert response.status_code == 200
    assert await statuses() == [("idiot", "held")]
    assert await amani.nothing_more()
    await amani.close()


async def test_the_same_line_again_is_refused_within_the_window(table, user, baraka):
    amani = await open_client(table.pk, user)
    await amani.send(type="chat", text="gg")
    await amani.until(lambda f: "gg" in f.text() and "chat-log" in f.ids)

    await amani.send(type="chat", text="  GG!!  ")

    reply = await amani.until(lambda f: "chat-error" in f.ids and f.text())
    assert "You sent that line a moment ago" in reply.text()
    await amani.send(type="chat", text="gg wp")  # another line passes
    await amani.until(lambda f: "gg wp" in f.text())
    assert [text for text, _ in await statuses()] == ["gg", "gg wp"]
    await amani.close()


def test_the_same_line_passes_once_the_window_is_over(table, user, settings):
    settings.CHAT_REPEAT_SECONDS = 30
    chat.post_chat(table.pk, user, "gg")
    with pytest.raises(ServiceError, match="a moment ago"):
        chat.post_chat(table.pk, user, "gg", now=timezone.now() + timedelta(seconds=29))
    assert chat.post_chat(table.pk, user, "gg", now=timezone.now() + timedelta(seconds=31)).status == "shown"


# A chat line's own markup: its time, name and text, and the link to report it (and that alone).
LINE_TAGS = ["ol", "li", "time", "span", "span", "a", "span"]


def tags(html):
    """The start tags in ``html``, in order."""
    found = []
    parser = HTMLParser()
    parser.handle_starttag = lambda tag, attrs: found.append(tag)
    parser.feed(html)
    return found


HOSTILE = [
    "see https://example.com/win and www.example.com",
    "javascript:alert(document.cookie)",
    '<a href="javascript:alert(1)">click</a>',
    "<img src=x onerror=alert(1)>",
    "[link](http://example.com) mailto:a@example.com",
    "\" onmouseover='alert(1)' x=\"",
]


@pytest.mark.parametrize("text", HOSTILE)
async def test_links_and_markup_reach_the_table_as_text(table, user, baraka, text):
    bara = await open_client(table.pk, baraka)
    amani = await open_client(table.pk, user)

    await amani.send(type="chat", text=text)

    line = await bara.until(lambda f: "chat-log" in f.ids)
    shown = re.search(r'<span class="chat__text">(.*?)</span>', line.html, re.S).group(1)
    assert "<" not in shown and ">" not in shown and '"' not in shown  # escaped, nothing a tag
    assert tags(line.html) == LINE_TAGS  # the line's own markup alone
    [link] = re.findall(r'<a [^>]*href="([^"]*)"', line.html)
    assert re.fullmatch(r"/report/amani/\?chat=\d+", link)  # the one link: to report the line
    later = await open_client(table.pk, baraka)
    log = chat_panel(later.frames[0]).split('id="chat-log"')[1].split("</ol>")[0]
    assert set(tags(log)) == {"li", "time", "span", "a"}
    for client in (amani, bara, later):
        await client.close()


@pytest.mark.parametrize("text", ["ok \u202egg", "\u2066hi\u2069", "a\u202bb"])
async def test_a_line_that_would_turn_the_text_around_is_refused(table, user, text):
    amani = await open_client(table.pk, user)
    await amani.send(type="chat", text=text)
    assert "would turn the text around it" in (await amani.until(lambda f: "chat-error" in f.ids)).text()
    assert await statuses() == []
    await amani.close()

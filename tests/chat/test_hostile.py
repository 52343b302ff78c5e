"""Any chat text (hypothesis): the write answers a sentence or takes the line, never
anything else; a line taken is rendered as text alone (no tag, no link), and the admin's
list of lines shows it without a 500; over the websocket, every line is answered."""

import asyncio
import logging

import pytest
from channels.layers import channel_layers
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st

from games.live import frames
from games.models import ChatMessage
from games.play import chat
from games.play.errors import ServiceError
from tests.chat.test_live_chat import HOSTILE, LINE_TAGS, tags
from tests.fuzz.strategies import FUZZ
from tests.realtime.helpers import open_client

pytestmark = pytest.mark.django_db

ANY_TEXT = st.text(st.characters(codec=None, exclude_categories=("Cs",)), max_size=320)
LINKISH = st.lists(
    st.sampled_from(
        [*HOSTILE, "http://", "www.", "<", ">", "&", "\u202e", "\u200b", "javascript:", " ", "idiot", "x"]
    ),
    max_size=8,
).map("".join)


@FUZZ
@given(text=st.one_of(ANY_TEXT, LINKISH))
def test_any_chat_text_is_taken_as_text_or_refused_in_a_sentence(
    table, user, admin_client, words, text, settings
):
    settings.CHAT_BURST = 10_000
    ChatMessage.objects.all().delete()  # each example starts with no line to repeat
    try:
        line = chat.post_chat(table.pk, user, text)
    except ServiceError as refusal:
        assert str(refusal).endswith((".", "!")) and not ChatMessage.objects.exists()
        return
    assert line.status in ("shown", "held")
    assert tags(frames.chat_line(line)) == LINE_TAGS
    response = admin_client.get(reverse("admin:games_chatmessage_changelist"))
    assert response.status_code == 200


@pytest.mark.django_db(transaction=True)
@settings(FUZZ, max_examples=20)
@given(texts=st.lists(st.one_of(ANY_TEXT, LINKISH), min_size=1, max_size=4))
def test_any_chat_text_over_the_websocket_is_answered_and_shown_as_text(table, user, words, texts, caplog):
    channel_layers.backends.clear()  # the in-memory layer belongs to one event loop

    async def exchange():
        client = await open_client(table.pk, user)
        for text in texts:
            await client.send(type="chat", text=text)
            answer = await client.receive()  # each line is answered: a refusal, or taken
            if "chat-error" in answer.ids and not answer.text().strip():  # taken: the line comes next
                line = await client.until(lambda f: "chat-log" in f.ids)
                assert tags(line.html) == LINE_TAGS
        await client.close()

    with caplog.at_level(logging.ERROR):
        asyncio.run(exchange())
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]

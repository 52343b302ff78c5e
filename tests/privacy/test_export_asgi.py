"""Under the ASGI server the export is read chunk by chunk as it is sent (a synchronous
iterator would be read whole into memory first): the response's content is asynchronous,
and its chunks put together are the whole document."""

import json

import pytest
from asgiref.sync import sync_to_async
from django.test import AsyncClient
from django.urls import reverse

from privacy.export import CHUNK_CHARACTERS
from tests.privacy.many_games import seed_finished_games

pytestmark = pytest.mark.django_db(transaction=True)


async def test_the_export_streams_in_chunks_under_asgi(user, baraka):
    await sync_to_async(seed_finished_games)(user, baraka, 400)
    client = AsyncClient()
    await client.aforce_login(user)

    response = await client.post(reverse("own_data_download"))

    assert response.status_code == 200 and response.is_async
    chunks = [chunk async for chunk in response.streaming_content]
    assert len(chunks) > 1
    assert max(len(chunk) for chunk in chunks) < 2 * CHUNK_CHARACTERS + 10_000
    data = json.loads(b"".join(chunks))
    assert len(data["games"]) == 400 and data["profile"]["username"] == "amani"

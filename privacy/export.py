"""A player's own data as one JSON document, written as it is read: each section comes from
``privacy.registry``; a section that is an iterator is written item by item, in chunks of
about ``CHUNK_CHARACTERS``, so memory stays bounded whatever the player's number of games
(bench/data_export.py measures it at 10,000)."""

import json
from collections.abc import AsyncIterator, Iterable, Iterator
from datetime import datetime
from typing import Any

from asgiref.sync import sync_to_async
from django.core.serializers.json import DjangoJSONEncoder

from privacy.registry import sections

FORMAT = "kadi-own-data"
VERSION = 1
CHUNK_CHARACTERS = 64 * 1024


def _dumps(value: Any) -> str:
    return json.dumps(value, cls=DjangoJSONEncoder, ensure_ascii=False)


def _is_stream(value: Any) -> bool:
    return isinstance(value, Iterable) and not isinstance(value, (str, bytes, dict, list, tuple))


def _pieces(user: Any, now: datetime) -> Iterator[str]:
    yield "{" + _dumps("format") + ": " + _dumps(FORMAT) + ", " + _dumps("version") + ": " + _dumps(VERSION)
    yield ", " + _dumps("exported_at") + ": " + _dumps(now)
    for name, provider in sections():
        value = provider(user)
        yield ",\n" + _dumps(name) + ": "
        if not _is_stream(value):
            yield _dumps(value)
            continue
        yield "["
        for index, item in enumerate(value):
            yield ("," if index else "") + "\n" + _dumps(item)
        yield "]"
    yield "}\n"


def chunks(user: Any, now: datetime) -> Iterator[str]:
    """The document in chunks of about ``CHUNK_CHARACTERS`` (a synchronous reader's)."""
    buffer: list[str] = []
    size = 0
    for piece in _pieces(user, now):
        buffer.append(piece)
        size += len(piece)
        if size >= CHUNK_CHARACTERS:
            yield "".join(buffer)
            buffer, size = [], 0
    if buffer:
        yield "".join(buffer)


async def async_chunks(user: Any, now: datetime) -> AsyncIterator[str]:
    """``chunks`` for the ASGI server: each chunk read in Django's one thread for the
    database (a synchronous iterator would be read whole into memory before the first
    byte is sent)."""
    reader = chunks(user, now)
    step = sync_to_async(_next_chunk, thread_sensitive=True)
    while (chunk := await step(reader)) is not None:
        yield chunk


def _next_chunk(reader: Iterator[str]) -> str | None:
    return next(reader, None)

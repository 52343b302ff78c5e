"""Who has the table open (the people frame) after someone came or went: it shows the same
to every viewer, so each process renders it once per language for all of its sockets that
heard the same news (``news``: the announcement's own id), not once per socket; a table
with many watchers made as many database reads at every arrival."""

import asyncio

from cachetools import LRUCache
from django.utils import timezone
from django.utils.translation import get_language

from games.live import frames
from games.live.db_calls import db_call

RENDERS_KEPT = 256  # news at once across this process's tables, at most; older ones are let go

_renders = LRUCache(maxsize=RENDERS_KEPT)  # (table id, news id, language) -> the task rendering it


async def people_frame(table_id, news):
    """The people frame for ``news`` at the table, in the active language (rendered for
    this caller alone for news with no id, from a server of an earlier version)."""
    if news is None:
        return await db_call(frames.people_frame)(table_id, timezone.now())
    key = (table_id, news, get_language())
    render = _renders.get(key)
    if render is None:
        render = _renders[key] = asyncio.ensure_future(db_call(frames.people_frame)(table_id, timezone.now()))
    return await render

"""What a table's websocket sends to one viewer: HTML fragments with ids, which htmx's
websocket extension swaps into the page in place (``hx-swap-oob``).

The table area comes from ``games.table_page`` for the viewer alone, as on the page itself:
a game is read only through ``State.view`` of the viewer's own seat (a spectator's view
otherwise), never the full position. Frames are rendered with a request built from the
socket's scope (a ``Viewer``), so forms carry the viewer's CSRF token as on the page.

After a change, the viewers of a table in one process share one reading of it, and the
parts of the table area that every viewer sees alike (``SHARED``: the board and the move
log) are rendered once, as a spectator sees them, and set into each viewer's render.
"""

import threading
from collections import OrderedDict
from dataclasses import dataclass, field

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest
from django.middleware.csrf import CSRF_SECRET_LENGTH, get_token
from django.template.loader import render_to_string
from django.utils.translation import get_language

from games.live import presence
from games.models import ChatMessage, Presence, Table
from games.table_page import TableReading, read_table, table_context

FULL = "games/live/full.html"  # on connect and resync: everything that changes
CHANGE = "games/live/change.html"  # after a change at the table
CHAT_LINES = 50
READINGS_KEPT = 500  # tables whose latest reading this process keeps
SHARED = {"board": "games/partials/board.html", "move_log": "games/partials/move_log.html"}


@dataclass(frozen=True)
class Frame:
    html: str
    game_id: int | None  # the game shown and its event number (None before a first game)
    seq: int | None


class Viewer:
    """Who a socket renders for: its user, and a stand-in request for templates with their
    CSRF cookie. The CSRF token is masked once per socket, as once per page (masking draws
    32 random characters: per frame, that was a good part of a frame's cost)."""

    def __init__(self, scope):
        self.user = scope["user"]
        self.request = HttpRequest()
        self.request.user = self.user
        self.request.COOKIES = scope.get("cookies", {})
        secret = self.request.COOKIES.get(settings.CSRF_COOKIE_NAME, "")
        if len(secret) == CSRF_SECRET_LENGTH:
            self.request.META["CSRF_COOKIE"] = secret
        self.csrf_token = get_token(self.request)

    def render(self, template, context):
        return render_to_string(template, {**context, "csrf_token": self.csrf_token}, request=self.request)


def table_frame(table_id, viewer, now, full=False, people=False, error="", move_error="", news=None):
    """The table as ``viewer`` sees it now; ``people``: with who is at the table,
    ``full``: with that and the chat too. ``news``: the (game, event number) this render
    follows, which lets the viewers of a table in this process share one reading."""
    latest = _latest(table_id, news)
    reading = latest.reading
    user = viewer.user
    context = table_context(reading.table, user, reading)
    table = reading.table
    context.update(error=error, move_error=move_error, seated_people=None, shared=latest.shared())
    if full or people:
        context.update(people_context(table, now))
    if full:
        context.update(chat_context(table, user))
    game = context["game_row"]
    html = viewer.render(FULL if full else CHANGE, context)
    return Frame(html, game.pk if game else None, game.seq if game else None)


@dataclass
class _Latest:
    """A table's latest reading in this process, and its ``SHARED`` fragments by language."""

    reading: TableReading
    fragments: dict = field(default_factory=dict)

    def shared(self):
        language = get_language()
        if language not in self.fragments:
            self.fragments[language] = _render_shared(self.reading)
        return self.fragments[language]


def _render_shared(reading):
    """The ``SHARED`` fragments as a spectator sees them: nothing hidden is in them."""
    if reading.game is None:
        return {}
    context = table_context(reading.table, AnonymousUser(), reading)
    return {name: render_to_string(template, context) for name, template in SHARED.items()}


_latest_readings = OrderedDict()  # table id -> _Latest
_readings_lock = threading.Lock()  # guards _latest_readings
# Renders may run in several threads (``games.live.db_calls``): the viewers of a table who get
# the same news at once wait for one reading, under their table's lock of these.
_table_locks = tuple(threading.Lock() for _ in range(64))


def _latest(table_id, news):
    """The table read from the database, or, after a change to a game, a reading already as
    new as that change (made for another viewer)."""
    with _table_locks[table_id % len(_table_locks)]:
        with _readings_lock:
            kept = _latest_readings.get(table_id)
        if news and news[0] is not None and kept and kept.reading.game and kept.reading.game.pk == news[0]:
            if kept.reading.game.seq >= news[1]:
                return kept
        latest = _Latest(read_table(Table.objects.get(pk=table_id)))
        with _readings_lock:
            _latest_readings[table_id] = latest
            _latest_readings.move_to_end(table_id)
            if len(_latest_readings) > READINGS_KEPT:
                _latest_readings.popitem(last=False)
        return latest


def current_position(table_id):
    """(game id, event number) of the table's latest game, or (None, None)."""
    table = Table.objects.get(pk=table_id)
    game = table.current_game()
    return (game.pk, game.seq) if game else (None, None)


def people_frame(table_id, now):
    table = Table.objects.get(pk=table_id)
    return render_to_string("games/live/people.html", people_context(table, now))


def people_context(table, now):
    """Who has the table open: the seated players first, then those watching."""
    online = presence.online_user_ids(table.pk, now)
    seats = table.seats.select_related("user").order_by("position")
    seated = {seat.user_id for seat in seats}
    watching = Presence.objects.filter(table=table, user_id__in=online - seated).select_related("user")
    return {
        "seated_people": [
            {
                "name": seat.user.name,
                "bot": seat.user.is_bot,
                "online": seat.user.is_bot or seat.user_id in online,
            }
            for seat in seats
        ],
        "watching": sorted(row.user.name for row in watching),
    }


def chat_context(table, user):
    lines = ChatMessage.objects.filter(table=table).select_related("user").order_by("-pk")[:CHAT_LINES]
    return {
        "chat_lines": reversed(lines),
        "can_chat": user.is_authenticated,
        "chat_max_length": ChatMessage.MAX_LENGTH,
    }


def chat_line(message):
    return render_to_string("games/live/chat_line.html", {"line": message, "oob": True})


def notice(message):
    return render_to_string("games/live/notice.html", {"message": message})


def chat_error(message):
    return render_to_string("games/live/chat_error.html", {"message": message})


def sync_marker(game_id, seq):
    return render_to_string("games/live/sync.html", {"sync_game": game_id, "sync_seq": seq})

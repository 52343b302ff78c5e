"""``/ws/tournament/<id>/``: a tournament page's websocket. Its frames bring the page's head
(status, time left, the next pairing's countdown), the standings' first page, the games in
progress and the podium, and the viewer's own line with their actions, without a reload.

What every watcher sees alike is rendered once per change and language, not once per
watcher: ``shared`` keeps the render of each (tournament, standings version, language), and
every socket of the process awaits the same one; only the viewer's own line (their rank,
streak and buttons, with their CSRF token) is rendered per socket, from the lines read
once. The group message that tells the sockets of a change
(``tournaments.signals.standings_changed``) holds the version alone. A game in progress
shows its players' names and a link to watch: nothing of its hands.

A socket is refused at the handshake to anyone who may not see the tournament (a private
one without its invitation token: the same as a missing id); a log-out or a closed account
closes it, as a table's. It takes a ``{"type":
"refresh"}`` (a fresh frame) and nothing else; past the budget
(``games.live.rate_limit``), it is closed, as a table's socket is.
"""

import asyncio
import json
import logging
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime
from urllib.parse import parse_qs

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import DatabaseError
from django.dispatch import receiver
from django.utils import translation

from games.live import frames
from games.live.channel_layer import running_loop
from games.live.db_calls import db_call
from games.live.news_socket import NewsSocket
from games.live.publishing import in_background
from games.live.refuse import refuse
from games.live.rendering import render_to_string
from tournaments import pages
from tournaments.models import Tournament
from tournaments.signals import standings_changed

log = logging.getLogger(__name__)
RENDERS_KEPT = 256  # (tournament, version, language) renders kept in a process
MAX_ID = 2**63 - 1
YOU = "tournaments/partials/you.html"


def group(tournament_id: int) -> str:
    return f"tournament.{tournament_id}"


@receiver(standings_changed, dispatch_uid="tournaments.live")
def announce(sender, tournament_id: int, seq: int, **kwargs) -> None:
    """A tournament's standings changed (committed): its sockets hear of the new version.
    Sent from a request's thread, a worker's, or an event loop's (a game's end written
    there: ``games.live.loop_statements``)."""
    message = {"type": "standings.changed", "seq": seq}
    layer = get_channel_layer()
    loop = running_loop()
    try:
        if loop is None:
            async_to_sync(layer.group_send)(group(tournament_id), message)
        else:
            in_background(
                loop, layer.group_send(group(tournament_id), message), f"news of {group(tournament_id)}"
            )
    except Exception as error:  # the channel layer is out of reach: a page's refresh catches up
        log.warning("Could not tell tournament %s of its standings: %r", tournament_id, error)


@dataclass(frozen=True)
class Shared:
    """One render of what every watcher of a tournament sees, in one language."""

    tournament: Tournament
    seq: int
    html: dict[str, str]  # "head", "standings", "games", "podium"
    lines: dict[int, pages.Line]  # user id -> their line
    due_at: datetime | None  # the start, or the next pairing


_renders: OrderedDict = OrderedDict()  # (tournament id, seq, language) -> the task rendering it


async def shared(tournament_id: int, seq: int, language: str) -> Shared | None:
    """The render for ``seq`` (None: the tournament is gone), made once in this process
    however many sockets ask for it at once."""
    key = (tournament_id, seq, language)
    task = _renders.get(key)
    if task is None or task.get_loop() is not asyncio.get_running_loop() or _failed(task):
        task = asyncio.ensure_future(db_call(_render)(tournament_id, language))
        _renders[key] = task
        while len(_renders) > RENDERS_KEPT:
            _renders.popitem(last=False)
    return await asyncio.shield(task)


def _failed(task) -> bool:
    return task.done() and (task.cancelled() or task.exception() is not None)


def _render(tournament_id: int, language: str) -> Shared | None:
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        return None
    lines = pages.standings(tournament)
    entrants = sum(1 for line in lines if not line.withdrawn)
    Status = Tournament.Status
    games = pages.games_in_progress(tournament) if tournament.status != Status.SCHEDULED else []
    podium = lines[: pages.PODIUM] if tournament.status == Status.FINISHED else []
    context = pages.head(tournament, entrants)
    with translation.override(language):
        html = {
            "head": render_to_string("tournaments/partials/head.html", context),
            "standings": render_to_string(
                "tournaments/partials/standings.html", {"lines": lines[: pages.PAGE_SIZE]}
            ),
            "games": render_to_string("tournaments/partials/games.html", {"games": games}),
            "podium": render_to_string("tournaments/partials/podium.html", {"podium": podium})
            if podium
            else "",
        }
    lines_by_user = {line.user_id: line for line in lines}
    return Shared(tournament, tournament.seq, html, lines_by_user, context["due_at"])


def _current_seq(tournament_id: int) -> int | None:
    return Tournament.objects.filter(pk=tournament_id).values_list("seq", flat=True).first()


class TournamentConsumer(NewsSocket):
    async def connect(self):
        self.tournament_id = self.scope["url_route"]["kwargs"]["tournament_id"]
        self.token = self.scope["invite"]
        self.viewer = frames.Viewer(self.scope)
        translation.activate(self.viewer.language)
        await self.join(group(self.tournament_id))
        await self.accept()
        await self._tell(None)

    async def refresh(self) -> None:
        await self._tell(None)

    async def standings_changed(self, event):
        await self._tell(event.get("seq"))

    async def _tell(self, seq):
        try:
            if seq is None:
                seq = await db_call(_current_seq)(self.tournament_id)
            render = await shared(self.tournament_id, seq, self.viewer.language) if seq is not None else None
        except DatabaseError as error:  # the next change, or the page's refresh, brings it
            log.warning("tournament %s: standings not read: %r", self.tournament_id, error)
            return
        if render is None:
            self.closing = True
            await self.close()
            return
        await self.send(json.dumps(frame(render, self.viewer, self.token)))


def frame(render: Shared, viewer: frames.Viewer, token: str | None) -> dict:
    """The frame for one viewer: the shared parts, their own line, the countdowns now."""
    user, tournament = viewer.user, render.tournament
    me = render.lines.get(user.pk) if user.is_authenticated else None
    token = token if tournament.private and token and tournament.invite_opens(token) else None
    you = viewer.render(YOU, {"me": me, "tournament": render.tournament, "token": token, "user": user})
    return {
        "seq": render.seq,
        **render.html,
        "you": you,
        "me": user.pk if user.is_authenticated else None,
        "countdowns": {
            "next": pages.seconds_until(render.due_at),
            "end": pages.seconds_until(render.tournament.ends_at),
        },
    }


def _may_watch(tournament_id: int, user, token: str | None) -> bool:
    return pages.visible_tournament(tournament_id, user, token) is not None


_consumer = TournamentConsumer.as_asgi()


async def tournament_socket(scope, receive, send):
    """The route's application: the consumer for whoever may see the tournament, else a
    refusal at the handshake (no consumer, no channel)."""
    tournament_id = scope["url_route"]["kwargs"]["tournament_id"]
    token = (parse_qs(scope.get("query_string", b"").decode("latin-1")).get("invite") or [None])[0]
    user = scope.get("user")  # looked up already by Channels' auth middleware
    if tournament_id > MAX_ID or user is None or not await db_call(_may_watch)(tournament_id, user, token):
        return await refuse(scope, receive, send)
    return await _consumer({**scope, "invite": token}, receive, send)

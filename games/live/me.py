"""``/ws/me/``: one logged-in player's own websocket, opened by every page of the site
(``static/js/challenges.js``), so that a challenge reaches them wherever they are.

It joins the player's challenges group (``realtime.challenges_group``: told after every
write of one of their challenges), their account's and their session's (a log-out or a
closed account ends it, as for a table's socket). After each news it reads their
challenges again and sends one JSON frame: the notification's HTML (the challenges waiting
for their answer, with Accept and Decline forms) and its count for the page's title; the
outcome of a challenge they sent, in a sentence; and, when one was accepted, the table's
address to go to. When the soonest of their open challenges is due, it writes the expiry
(``games.play.challenges.expire_due``), and both players hear of it.

What the page sends is read only to keep the socket honest: a ``{"type": "refresh"}``
brings a fresh frame, anything else a notice; past the budget
(``LIVE_MESSAGE_BURST``/``LIVE_MESSAGE_RATE``) the socket is closed, as a table's is.
"""

import asyncio
import json
import logging

from django.db import DatabaseError
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.live import frames, realtime
from games.live.db_calls import db_call
from games.live.news_socket import NewsSocket
from games.live.refuse import refuse
from games.pages import challenges as challenge_pages
from games.play import challenges

log = logging.getLogger(__name__)
NEWS = "games/partials/challenge_news.html"
Status = challenges.Status


class MeConsumer(NewsSocket):
    expiry = None  # the task that expires the soonest open challenge when it is due

    async def connect(self):
        self.viewer = frames.Viewer(self.scope)
        self.user = self.viewer.user
        translation.activate(self.viewer.language)
        self.told = {}  # challenge key -> the status last told
        await self.join(realtime.challenges_group(self.user.pk))
        await self.accept()
        await self._tell(first=True)

    async def leave(self) -> None:
        if self.expiry is not None:
            self.expiry.cancel()
            self.expiry = None
        await super().leave()

    async def refresh(self) -> None:
        await self._tell()

    async def challenges_changed(self, event):
        await self._tell()

    async def _tell(self, first=False):
        """Send the player's challenges as they are now, and what changed since last told."""
        try:
            frame, soonest = await db_call(self._frame)(first)
        except DatabaseError as error:  # the next news, or the page's refresh, brings it
            log.warning("ws/me %s: challenges not read: %r", self.user.pk, error)
            return
        await self.send(json.dumps(frame))
        self._expire_at(soonest)

    def _frame(self, first):
        now = timezone.now()
        with translation.override(self.viewer.language):
            waiting = challenge_pages.incoming_open(self.user, now)
            known = challenge_pages.statuses(self.user, now)
            said, go = [], None
            for key, (status, row) in known.items():
                before = self.told.get(key)
                self.told[key] = status
                if first or row.incoming or before == status or before is None and status == Status.OPEN:
                    continue
                said.append(_outcome(row))
                if status == Status.ACCEPTED and row.table_url:
                    go = row.table_url
            count = len(waiting)
            frame = {
                "count": count,
                "html": self.viewer.render(NEWS, {"waiting": waiting}),
                "count_words": ngettext(
                    "%(count)d challenge waits for your answer.",
                    "%(count)d challenges wait for your answer.",
                    count,
                )
                % {"count": count},
                "said": said,
            }
            if go:
                frame["go"] = go
            return frame, challenge_pages.soonest_expiry(self.user)

    def _expire_at(self, when):
        """Expire the soonest open challenge when it is due (then its news brings a frame)."""
        if self.expiry is not None:
            self.expiry.cancel()
            self.expiry = None
        if when is not None:
            delay = max(0.0, (when - timezone.now()).total_seconds()) + 0.05
            self.expiry = asyncio.ensure_future(self._expire_after(delay))

    async def _expire_after(self, delay):
        await asyncio.sleep(delay)
        self.expiry = None
        try:
            await db_call(challenges.expire_due)()
        except DatabaseError as error:
            log.warning("ws/me %s: challenges not expired: %r", self.user.pk, error)


def _outcome(row):
    """What became of a challenge the player sent (or one sent to them, withdrawn), in a sentence."""
    words = {
        Status.ACCEPTED: _("%(name)s accepted your challenge: to the table!"),
        Status.DECLINED: _("%(name)s declined your challenge."),
        Status.EXPIRED: _("Your challenge to %(name)s expired unanswered."),
        Status.CANCELLED: _("You withdrew your challenge to %(name)s."),
    }
    return words.get(row.status, "") % {"name": row.other.name}


_me_consumer = MeConsumer.as_asgi()


async def me_socket(scope, receive, send):
    """``ws/me/``: the player's consumer; refused for a visitor (and a bot)."""
    user = scope.get("user")  # looked up already by Channels' auth middleware
    if user is None or not user.is_authenticated or user.is_bot:
        return await refuse(scope, receive, send)
    return await _me_consumer(scope, receive, send)

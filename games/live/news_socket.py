"""A page's websocket that only listens: ``/ws/me/`` (a player's challenges) and a
tournament's page. It joins its own groups and, for a logged-in viewer, their account's and
session's (a log-out or a closed account ends it, as a table's socket); it answers a page's
``{"type": "refresh"}`` with a fresh frame (``refresh``, the subclass's) and anything else with
a notice; past the message budget (``LIVE_MESSAGE_BURST``/``LIVE_MESSAGE_RATE``) it closes.
"""

import json
from contextlib import suppress

from django.utils.translation import gettext as _

from games.live import realtime
from games.live.cleanup import LeavingConsumer
from games.live.consumers import VIEWER_ENDED
from games.live.rate_limit import MessageBudget

MAX_MESSAGE = 200  # characters of a page's message read: a refresh is far shorter


class NewsSocket(MessageBudget, LeavingConsumer):
    groups: tuple[str, ...] = ()

    async def join(self, *own: str) -> None:
        """Join the ``own`` groups, and the logged-in viewer's account's and session's."""
        user, session = self.scope["user"], self.scope.get("session")
        names = list(own)
        if user.is_authenticated:
            names.append(realtime.account_group(user.pk))
            if session is not None and session.session_key:
                names.append(realtime.session_group(session.session_key))
        self.groups = tuple(names)
        for name in self.groups:
            await self.channel_layer.group_add(name, self.channel_name)

    async def refresh(self) -> None:
        """Send the page a fresh frame."""
        raise NotImplementedError

    async def disconnect(self, code):
        await self.leave()

    async def leave(self) -> None:
        groups, self.groups = self.groups, ()
        for name in groups:
            with suppress(Exception):  # cut off from the layer: its subscriptions are gone with it
                await self.channel_layer.group_discard(name, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        if await self.refused_over_budget():
            return
        if _is_refresh(text_data):
            await self.refresh()
        else:
            await self.send(json.dumps({"notice": _("This socket only takes a refresh.")}))

    async def viewer_ended(self, event):
        """The viewer logged out, or their account was closed (``realtime.end_sockets``)."""
        if not self.closing:
            self.closing = True
            await self.close(code=VIEWER_ENDED)


def _is_refresh(text) -> bool:
    if not isinstance(text, str) or len(text) > MAX_MESSAGE:
        return False
    try:
        message = json.loads(text)
    except ValueError:
        return False
    return isinstance(message, dict) and message.get("type") == "refresh"

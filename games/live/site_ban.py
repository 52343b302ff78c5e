"""A player barred from the site opens no websocket: the handshake is refused (HTTP 403),
as ``accounts.site_ban`` refuses their pages. Sockets open when the ban was made were closed
then (``moderation.writes`` ends the account's sockets); this stops a new one."""

from channels.db import database_sync_to_async

from accounts import restrictions
from games.live.refuse import refuse


class RefuseBannedSockets:
    """ASGI middleware, inside the auth stack (``scope["user"]`` is resolved)."""

    def __init__(self, application):
        self.application = application

    async def __call__(self, scope, receive, send):
        user = scope.get("user")
        if scope["type"] == "websocket" and user is not None and user.is_authenticated:
            if await database_sync_to_async(_banned)(user):
                return await refuse(scope, receive, send)
        return await self.application(scope, receive, send)


def _banned(user) -> bool:
    return bool(restrictions.in_force(user, (restrictions.Kind.SITE_BAN,)))

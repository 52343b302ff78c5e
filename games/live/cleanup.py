"""A websocket consumer whose ``leave`` runs however its socket ends: closed by either side,
its application crashed, or cancelled by the server at shutdown or after a timeout. Channels
calls ``websocket_disconnect`` only for a close it hears of; the rest end ``__call__`` alone,
and a consumer that then kept its heartbeat or groups would keep a player "online" for good.
"""

from channels.generic.websocket import AsyncWebsocketConsumer


class LeavingConsumer(AsyncWebsocketConsumer):
    async def __call__(self, scope, receive, send):
        try:
            await super().__call__(scope, receive, send)
        finally:
            await self.leave()

    async def leave(self) -> None:
        """Undo what the socket holds (groups, heartbeat, presence); safe to run twice."""
        raise NotImplementedError

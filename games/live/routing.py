"""Websocket URL routes, mounted by kadi_site/asgi.py. A path that is no route is refused
at the handshake (``Nowhere``), not left to the router, which raises."""

from channels.generic.websocket import AsyncWebsocketConsumer
from django.urls import path, re_path

from games.live.consumers import TableConsumer


class Nowhere(AsyncWebsocketConsumer):
    async def connect(self):
        await self.close()


websocket_urlpatterns = [
    path("ws/t/<int:table_id>/", TableConsumer.as_asgi()),
    re_path(r"", Nowhere.as_asgi()),
]

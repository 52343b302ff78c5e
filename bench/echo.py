"""The floor for bench/realtime.py: the site's ASGI application plus a bare Channels
``group_send`` echo at ``/bench/echo/<room>/`` (every text a client sends reaches every
client in its room, untouched). Served by daphne as ``bench.echo:application``."""

from channels.generic.websocket import AsyncWebsocketConsumer
from channels.routing import URLRouter
from django.urls import path

from kadi_site.asgi import application as site


class EchoConsumer(AsyncWebsocketConsumer):
    async def connect(self):
        self.room = f"echo.{self.scope['url_route']['kwargs']['room']}"
        await self.channel_layer.group_add(self.room, self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        await self.channel_layer.group_discard(self.room, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        await self.channel_layer.group_send(self.room, {"type": "echo", "text": text_data})

    async def echo(self, event):
        await self.send(event["text"])


echo = URLRouter([path("bench/echo/<str:room>/", EchoConsumer.as_asgi())])


async def application(scope, receive, send):
    if scope["type"] == "websocket" and scope["path"].startswith("/bench/echo/"):
        return await echo(scope, receive, send)
    return await site(scope, receive, send)

"""Websocket URL routes, mounted by kadi_site/asgi.py. A path that is no route, or a table
that does not exist, is refused at the handshake (``refuse``), before any consumer starts."""

from django.urls import path, re_path

from games.live.consumers import table_socket
from games.live.me import me_socket
from games.live.refuse import refuse

websocket_urlpatterns = [
    path("ws/t/<int:table_id>/", table_socket),
    path("ws/me/", me_socket),
    re_path(r"", refuse),
]

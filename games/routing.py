"""Websocket URL routes, mounted by kadi_site/asgi.py."""

from django.urls import path

from games.consumers import TableConsumer

websocket_urlpatterns = [
    path("ws/t/<int:table_id>/", TableConsumer.as_asgi()),
]

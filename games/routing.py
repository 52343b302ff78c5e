"""Websocket URL routes, mounted by kadi_site/asgi.py (consumers come with issue 4)."""

websocket_urlpatterns = []

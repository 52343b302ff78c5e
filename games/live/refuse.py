"""Refusing a websocket handshake (HTTP 403) with nothing set up: no consumer, so no
channel of the channel layer (on Redis, a refused consumer's pending read of its channel
ended in a timeout traceback), and nothing logged as an error."""


async def refuse(scope, receive, send):
    """An ASGI application that refuses every websocket it is given."""
    await receive()  # websocket.connect
    await send({"type": "websocket.close"})

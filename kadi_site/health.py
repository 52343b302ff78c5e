"""``GET /healthz``: "ok" from the server process itself, before Django's middleware (no
host check, no HTTPS redirect, no database). The balancer (deploy/haproxy.cfg) asks every
worker each second and sends nobody to one that does not answer."""

PATH = "/healthz"


def with_health_check(app):
    """``app`` (an ASGI HTTP application), answering ``GET /healthz`` itself."""

    async def application(scope, receive, send):
        if scope["path"] != PATH or scope["method"] not in {"GET", "HEAD"}:
            return await app(scope, receive, send)
        headers = [(b"content-type", b"text/plain"), (b"cache-control", b"no-store")]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": b"ok" if scope["method"] == "GET" else b""})

    return application

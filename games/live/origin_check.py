"""Only the site's own pages may open its websockets (a page elsewhere would act with the
visitor's session cookie): a handshake's ``Origin`` must be the very origin the socket was
opened on, scheme, host and port alike (or one of ``CSRF_TRUSTED_ORIGINS``), on a host of
``ALLOWED_HOSTS``, as Django's CSRF check asks of a form post. Channels'
``AllowedHostsOriginValidator`` compares the host alone, so a page on another port of the
same host, or over plain HTTP, passed.
"""

from urllib.parse import urlsplit

from django.conf import settings
from django.http.request import split_domain_port, validate_host

from games.live.refuse import refuse

DEFAULT_PORTS = {"http": 80, "https": 443}


class SameOriginValidator:
    """ASGI middleware: refuses the handshake of a websocket from another origin."""

    def __init__(self, application):
        self.application = application

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket" and not same_origin(scope):
            return await refuse(scope, receive, send)
        return await self.application(scope, receive, send)


def same_origin(scope):
    headers = dict(scope.get("headers", ()))
    origin = _origin(headers.get(b"origin", b"").decode("latin1"))
    if origin is None:
        return False
    if origin in {_origin(trusted) for trusted in settings.CSRF_TRUSTED_ORIGINS}:
        return True
    host = headers.get(b"host", b"").decode("latin1")
    domain, _port = split_domain_port(host)
    if not domain or not validate_host(domain, settings.ALLOWED_HOSTS):
        return False
    return origin == _origin(f"{_page_scheme(scope, headers)}://{host}")


def _origin(text):
    """(scheme, host, port) of an origin, the default port filled in; None for anything
    else (``null``, another scheme, no host)."""
    try:
        parts = urlsplit(text)
        port = parts.port or DEFAULT_PORTS.get(parts.scheme)
    except ValueError:  # a port that is no number, or out of range
        return None
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname:
        return None
    return parts.scheme, parts.hostname, port


def _page_scheme(scope, headers):
    """The scheme of the page that opened the socket: https over TLS, also where a trusted
    proxy says so (``SECURE_PROXY_SSL_HEADER``, as for ``request.is_secure()``)."""
    proxy = settings.SECURE_PROXY_SSL_HEADER
    if proxy:
        header, secure_value = proxy
        name = header.removeprefix("HTTP_").replace("_", "-").lower().encode("latin1")
        if name in headers:
            return "https" if headers[name].decode("latin1") == secure_value else "http"
    return "https" if scope.get("scheme") == "wss" else "http"

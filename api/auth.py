"""Bearer-token authentication and the per-token rate limit of the API's views.

Only ``Authorization: Bearer <token>`` authenticates: a session cookie does not, so the API
needs no CSRF token and a page cannot make a visitor's browser use it.
"""

import time
from functools import wraps
from inspect import iscoroutinefunction

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.cache import cache
from django.http import JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt

from api.tokens import authenticate

DEFAULT_RATE_LIMIT = 300  # requests per token and window, unless settings.API_RATE_LIMIT
DEFAULT_RATE_WINDOW = 60  # seconds, unless settings.API_RATE_WINDOW_SECONDS


def error(message, status, **headers):
    """The API's error response: JSON ``{"error": message}``."""
    response = JsonResponse({"error": str(message)}, status=status)
    for name, value in headers.items():
        response[name.replace("_", "-")] = value
    return response


def unauthorized():
    return error(
        _("Send a valid API token: Authorization: Bearer <token>."),
        401,
        WWW_Authenticate='Bearer realm="kadi"',
    )


def _bearer(request):
    scheme, _space, raw = request.headers.get("Authorization", "").partition(" ")
    return raw.strip() if scheme.lower() == "bearer" else ""


def _over_limit(token_id):
    """Seconds to wait when the token has used up its window's requests, else 0 (a fixed
    window per token in the cache)."""
    limit = getattr(settings, "API_RATE_LIMIT", DEFAULT_RATE_LIMIT)
    window = getattr(settings, "API_RATE_WINDOW_SECONDS", DEFAULT_RATE_WINDOW)
    now = time.time()
    key = f"api-rate:{token_id}:{int(now // window)}"
    cache.add(key, 0, timeout=window + 1)
    try:
        count = cache.incr(key)
    except ValueError:  # expired between add and incr: a new window
        cache.add(key, 1, timeout=window + 1)
        count = 1
    return 0 if count <= limit else max(1, int(window - now % window) + 1)


def _check(request):
    """The request's token, or the response refusing it."""
    token = authenticate(_bearer(request))
    if token is None:
        return None, unauthorized()
    wait = _over_limit(token.pk)
    if wait:
        return None, error(_("Too many requests: wait a little."), 429, Retry_After=str(wait))
    return token, None


def endpoint(method):
    """An API view (sync or async) answering ``method`` only (405 otherwise), with
    ``request.user`` the token's owner; refused with 401 (no, bad or revoked token) or 429
    (over the token's rate limit)."""

    def decorate(view):
        def refusal_or_none(request):
            if request.method != method:
                return error(_("Use %(method)s here.") % {"method": method}, 405, Allow=method)
            token, refusal = _check(request)
            if refusal is None:
                request.user, request.api_token = token.user, token
            return refusal

        if iscoroutinefunction(view):

            @wraps(view)
            async def wrapper(request, *args, **kwargs):
                refusal = await sync_to_async(refusal_or_none)(request)
                return refusal or await view(request, *args, **kwargs)

        else:

            @wraps(view)
            def wrapper(request, *args, **kwargs):
                return refusal_or_none(request) or view(request, *args, **kwargs)

        return csrf_exempt(wrapper)

    return decorate

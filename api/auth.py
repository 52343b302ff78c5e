"""Bearer-token authentication and the per-token rate limit of the API's views.

Only ``Authorization: Bearer <token>`` authenticates: a session cookie does not, so the API
needs no CSRF token and a page cannot make a visitor's browser use it.
"""

from functools import wraps
from inspect import iscoroutinefunction

from asgiref.sync import sync_to_async
from django.conf import settings
from django.views.decorators.csrf import csrf_exempt

from accounts import restrictions
from api.refusals import refuse
from api.tokens import authenticate
from kadi_site import window_counts


def unauthorized():
    return refuse("bad_token", {"WWW-Authenticate": 'Bearer realm="kadi"'})


def wrong_method(method):
    return refuse("wrong_method", {"Allow": method}, method=method)


def _bearer(request):
    scheme, _space, raw = request.headers.get("Authorization", "").partition(" ")
    return raw.strip() if scheme.lower() == "bearer" else ""


def _over_limit(token_id):
    """Seconds to wait when the token has used up its window's requests, else 0 (a fixed
    window per token in the cache)."""
    counted, wait = window_counts.count(f"api-rate:{token_id}", settings.API_RATE_WINDOW_SECONDS)
    return 0 if counted <= settings.API_RATE_LIMIT else wait


def _check(request):
    """The request's token, or the response refusing it."""
    token = authenticate(_bearer(request))
    if token is None:
        return None, unauthorized()
    if banned := restrictions.in_force(token.user, (restrictions.Kind.SITE_BAN,)):
        return None, refuse("banned", until=banned[0].until.isoformat(), reason=banned[0].reason)
    wait = _over_limit(token.pk)
    if wait:
        return None, refuse("rate_limited", {"Retry-After": str(wait)}, seconds=wait)
    return token, None


def endpoint(method):
    """An API view (sync or async) answering ``method`` only (405 otherwise), with
    ``request.user`` the token's owner; refused with 401 (no, bad or revoked token) or 429
    (over the token's rate limit)."""

    def decorate(view):
        def refusal_or_none(request):
            if request.method != method:
                return wrong_method(method)
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

"""Refuses, before any other middleware or view, a request Django cannot read: a Host
header outside ``ALLOWED_HOSTS``, or a query string with more fields than
``DATA_UPLOAD_MAX_NUMBER_FIELDS``.

Left to Django, whatever first reads them raises a ``SuspiciousOperation``: a 400 with an
English "Bad Request (400)" page (with DEBUG on, the debug page, which reads the query string
again and so turned the 400 into a 500), logged as an error with its traceback. Here it is a
400 with one sentence in the visitor's language (``{"error": ..., "code":
"unreadable_request"}`` under /api/, as the bot API's other errors), logged as a warning.
"""

import logging
from inspect import iscoroutinefunction

from django.core.exceptions import DisallowedHost, TooManyFieldsSent
from django.http import HttpResponseBadRequest, JsonResponse
from django.utils import translation
from django.utils.decorators import sync_and_async_middleware
from django.utils.translation import gettext_lazy

API_PREFIX = "/api/"
REFUSALS = {
    DisallowedHost: gettext_lazy("This site does not answer to that host name."),
    TooManyFieldsSent: gettext_lazy("That request sends too many fields."),
}
logger = logging.getLogger(__name__)


@sync_and_async_middleware
def refuse_unreadable_requests(get_response):
    if iscoroutinefunction(get_response):

        async def middleware(request):
            return _refusal(request) or await get_response(request)

    else:

        def middleware(request):
            return _refusal(request) or get_response(request)

    return middleware


def _refusal(request):
    """The 400 answering ``request``, or None when it can be read."""
    try:
        request.get_host()
        request.GET  # noqa: B018 (parsed here, once: Django keeps it)
    except (DisallowedHost, TooManyFieldsSent) as error:
        return _refuse(request, error)
    return None


def _refuse(request, error):
    logger.warning("Refused %s %s: %s", request.method, request.path, error)
    language = translation.get_language_from_request(request)
    with translation.override(language):
        text = str(REFUSALS[type(error)])
    if request.path.startswith(API_PREFIX):
        response = JsonResponse({"error": text, "code": "unreadable_request"}, status=400)
    else:
        response = HttpResponseBadRequest(text, content_type="text/plain; charset=utf-8")
    response["Content-Language"] = language
    return response

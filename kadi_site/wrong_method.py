"""Tells a request whose method its address does not take (405) which one it does, in the
visitor's language: Django answers it with an empty page (a GET of a form's action or of
the log-out). The bot API's own JSON answer is left as it is.
"""

from inspect import iscoroutinefunction

from django.utils.decorators import sync_and_async_middleware
from django.utils.translation import gettext as _


@sync_and_async_middleware
def explain_wrong_method(get_response):
    if iscoroutinefunction(get_response):

        async def middleware(request):
            return _explained(request, await get_response(request))

    else:

        def middleware(request):
            return _explained(request, get_response(request))

    return middleware


def _explained(request, response):
    if response.status_code == 405 and not response.streaming and not response.content:
        allowed = response.get("Allow", "")
        response.content = _("This address does not take %(method)s requests, only %(allowed)s.") % {
            "method": request.method,
            "allowed": allowed,
        }
        response["Content-Type"] = "text/plain; charset=utf-8"
    return response

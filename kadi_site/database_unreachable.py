"""A request whose database failed in the middle (the server restarted, failed over or ended
the connection while the request used it) is answered 503, "try again in a moment", with
Retry-After, rather than 500 and a traceback in the log: nothing was saved (its transaction
was rolled back with the connection) and the next request gets a fresh connection (the
pool checks each one before lending it: settings.DATABASES).
"""

import logging

from django.db import InterfaceError, OperationalError
from django.http import HttpResponse
from django.template.loader import render_to_string
from django.utils.deprecation import MiddlewareMixin

log = logging.getLogger(__name__)
RETRY_AFTER_SECONDS = 2


FAILURES = (OperationalError, InterfaceError)  # a connection lost or ended


class DatabaseUnreachable(MiddlewareMixin):
    def process_exception(self, request, exception):
        if not isinstance(exception, FAILURES):
            return None
        return unreachable(request, exception)


def unreachable(request, exception) -> HttpResponse:
    """The 503 answer; also for a middleware that reads the database before the view
    (``accounts.site_ban``): Django turns what a middleware raises into a 500 before any
    ``process_exception`` sees it."""
    log.warning("%s %s: the database failed: %r", request.method, request.path, exception)
    response = HttpResponse(render_to_string("500.html"), status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response

"""A refused request is a warning in the log, not an error.

Django answers each ``SuspiciousOperation`` with 400 (a form of over 1,000 fields or a body
over ``DATA_UPLOAD_MAX_MEMORY_SIZE``, an admin lookup that reaches a hidden field:
kadi_site/admin_guard.py) and logs it on a ``django.security.<kind>`` logger as an error
with its traceback, though it is what a visitor sent, not a fault of the server.
``settings.LOGGING`` hands those loggers' records to ``RefusalHandler``, which logs each
again as one warning line. Likewise Django's warning for a 403 from a ``PermissionDenied``
(``django.request``) carries the exception's traceback: ``WithoutTraceback`` drops it.
"""

import logging

logger = logging.getLogger(__name__)


class RefusalHandler(logging.Handler):
    def emit(self, record):
        kind = record.name.removeprefix("django.security.")
        logger.warning("Refused (%s): %s", kind, record.getMessage())


class WithoutTraceback(logging.Filter):
    """Drops the traceback of a warning (a 4xx answer): only errors (5xx) keep theirs."""

    def filter(self, record):
        if record.levelno < logging.ERROR:
            record.exc_info = record.exc_text = None
        return True

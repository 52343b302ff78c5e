"""Log-in without holding a database connection while a password is hashed.

Hashing a password takes a deliberate ~0.3 s of CPU. Django's ModelBackend does it with
the request's pooled PostgreSQL connection checked out, so a burst of log-ins held every
connection of the pool (16) while they waited for the CPU, and other visitors' pages timed
out with 500s. Here the connection goes back to the pool first, and at most
``PASSWORD_HASHING_AT_ONCE`` hashes run at a time (the rest queue), so a burst of log-ins
costs other visitors neither connections nor all the CPU.
"""

import threading
from contextlib import contextmanager

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.db import connection

_slots = None
_slots_made = threading.Lock()


def _hashing_slots() -> threading.BoundedSemaphore:
    global _slots
    with _slots_made:
        if _slots is None:
            _slots = threading.BoundedSemaphore(settings.PASSWORD_HASHING_AT_ONCE)
        return _slots


@contextmanager
def hashing_slot():
    """Give this thread's pooled connection back, then wait for a free hashing slot."""
    if getattr(connection, "pool", None) is not None and not connection.in_atomic_block:
        connection.close()  # with a pool, close() returns the connection to it
    with _hashing_slots():
        yield


class PooledModelBackend(ModelBackend):
    def authenticate(self, request, username=None, password=None, **kwargs):
        users = get_user_model()
        if username is None:
            username = kwargs.get(users.USERNAME_FIELD)
        if username is None or password is None:
            return None
        try:
            user = users._default_manager.get_by_natural_key(username)
        except users.DoesNotExist:
            with hashing_slot():
                users().set_password(password)  # as long as a real check: no timing difference
            return None
        with hashing_slot():
            matches = user.check_password(password)
        return user if matches and self.user_can_authenticate(user) else None

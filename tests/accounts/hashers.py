"""A password hasher for tests that notes, at every hash, whether this thread held a
database connection then (``HELD``): the site should hash with its pooled connection
given back (accounts.backends.hashing_slot)."""

from django.contrib.auth.hashers import MD5PasswordHasher
from django.db import connection

HELD = []


class ConnectionNotingHasher(MD5PasswordHasher):
    def encode(self, password, salt):
        HELD.append(connection.connection is not None)
        return super().encode(password, salt)


RIVALS = []


class RivalSignUpHasher(MD5PasswordHasher):
    """Signs up the usernames in ``RIVALS`` while it hashes: as another request's sign-up of
    the same name would, finishing between this form's checks and its save."""

    def encode(self, password, salt):
        from accounts.models import User

        while RIVALS:
            User.objects.create_user(RIVALS.pop())  # no password: nothing to hash
        return super().encode(password, salt)

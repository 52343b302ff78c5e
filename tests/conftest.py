"""Fixtures shared by the whole suite."""

import pytest

PASSWORD = "correct-horse-battery-staple"


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """Real hashing is deliberately slow; the tests only need passwords to check."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def make_user(django_user_model):
    """Create a human user; every user made this way has the password PASSWORD."""

    def make(username: str = "amani", **fields):
        return django_user_model.objects.create_user(username=username, password=PASSWORD, **fields)

    return make


@pytest.fixture
def user(make_user):
    return make_user()

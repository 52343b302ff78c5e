"""The engine tests need neither Django nor a database, and run with ``-p no:django``:
the suite-wide fixtures of tests/conftest.py that need pytest-django are replaced here."""

import pytest


@pytest.fixture
def site_settings():
    """The engine has no settings."""


@pytest.fixture(scope="session")
def release_test_database():
    """The engine has no database."""


@pytest.fixture
def default_language():
    """The engine has no words."""

"""The engine tests need neither Django nor a database, and run with ``-p no:django``."""

import pytest


@pytest.fixture
def fast_password_hashing():
    """Replaces the suite-wide autouse fixture of tests/conftest.py, which needs pytest-django's
    ``settings``; the engine hashes no passwords."""

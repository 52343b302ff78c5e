"""The engine tests need neither Django nor a database, and run with ``-p no:django``:
the suite-wide fixtures of tests/conftest.py that need pytest-django are replaced here. The
PostgreSQL + Redis pass of .ci/run leaves them out: they cannot change with the stack."""

from pathlib import Path

import pytest

HERE = Path(__file__).parent


def pytest_collection_modifyitems(items):
    """Every test of this folder is the same on every stack (hooks see the whole session's items)."""
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.same_on_every_stack)


@pytest.fixture
def site_settings():
    """The engine has no settings."""


@pytest.fixture(scope="session")
def release_test_database():
    """The engine has no database."""


@pytest.fixture
def default_language():
    """The engine has no words."""

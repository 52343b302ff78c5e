import pytest

from tests.fairplay.helpers import pause


@pytest.fixture
def paused(user):
    """amani, under a fair-play pause for an hour."""
    pause(user)
    return user

"""Every test starts in English: a page asked for in Swahili leaves its language active in
the test's thread, where the services' refusals are then worded."""

import pytest
from django.utils import translation


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


from tests.realtime.test_browser import daphne, sessions, two_pages  # noqa: E402, F401 (a daphne, two pages)

import pytest
from django.utils import translation


@pytest.fixture(autouse=True)
def language_reset():
    """Each test of the words starts in the default language: a test client's request in
    Swahili leaves Swahili active in the thread (LocaleMiddleware activates it and nothing
    deactivates it), and pytest-django runs the database tests first."""
    yield
    translation.deactivate()

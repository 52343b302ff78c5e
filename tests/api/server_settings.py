"""Settings of the daphne process the example client plays against: the site's, with bots
that answer at once (the tests' own setting, tests/conftest.py)."""

from kadi_site.settings import *  # noqa: F403

BOT_DELAY = 0

"""The site's settings for the task clusters the tests start, with one change: the
scheduler's first pass comes at once. django-q2's sentinel calls its scheduler when the guard
loop has counted 30 seconds (``counter += guard_cycle``, ``counter >= 30``); a guard cycle of
30 seconds makes the first turn of the loop that call, where the site's clusters wait half a
minute. Nothing else about scheduling, delivery or acknowledgement changes; and, as in the
test suite's own settings (tests/conftest.py), passwords are hashed fast."""

from kadi_site.settings import *  # noqa: F403
from kadi_site.settings import Q_CLUSTER

Q_CLUSTER = {**Q_CLUSTER, "guard_cycle": 30}

# As the test suite's own (tests/conftest.py): load_demo's accounts hashed fast.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

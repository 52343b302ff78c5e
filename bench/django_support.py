"""What the site benchmarks share: Django set up in a throwaway database, and timing summaries.

The database is a test database on the server of DATABASE_URL (SQLite without it), named
``test_database`` so that it never meets the development database or a test run's; it is
dropped at the end unless ``keep`` is set (then a later run can reuse its data).
"""

import os
import statistics
import sys
import time
import warnings
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script from anywhere
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kadi_site.settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402

# WhiteNoise looks for collected static files; the benchmarks do not serve any.
warnings.filterwarnings("ignore", "No directory at", UserWarning)
# Measure as production runs: no query log, no template debugging (both read DEBUG lazily).
settings.DEBUG = False


@contextmanager
def bench_database(name, keep=False):
    """Migrate a fresh database called ``name`` (or reuse it with ``keep``), and drop it after."""
    connection.settings_dict.setdefault("TEST", {})["NAME"] = name
    if connection.vendor == "sqlite" and not keep:
        connection.settings_dict["TEST"]["NAME"] = ""  # in memory
    connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=keep)
    try:
        yield connection
    finally:
        if not keep:
            if connection.vendor == "postgresql":  # connections left open keep a database from being dropped
                connection.close_pool()
                with connection._nodb_cursor() as cursor:
                    cursor.execute(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s",
                        [connection.settings_dict["NAME"]],
                    )
            connection.creation.destroy_test_db(connection.settings_dict["NAME"], verbosity=0)


def client():
    """A test client that the site's ALLOWED_HOSTS accept."""
    return Client(HTTP_HOST="localhost")


def timed_ms(call):
    """Wall time of ``call()`` in milliseconds, and its result."""
    start = time.perf_counter()
    result = call()
    return (time.perf_counter() - start) * 1000, result


def summary(label, times_ms):
    """One line: the label, how many, the median, the 99th percentile and the slowest (ms)."""
    ordered = sorted(times_ms)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return (
        f"{label:<46}{len(ordered):>6}{statistics.median(ordered):>10.2f}{p99:>10.2f}{ordered[-1]:>10.2f}"
    )


SUMMARY_HEADER = f"{'':<46}{'n':>6}{'p50 ms':>10}{'p99 ms':>10}{'max ms':>10}"


def describe_database():
    vendor = connection.vendor
    if vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SHOW server_version")
            return f"PostgreSQL {cursor.fetchone()[0]}, database {connection.settings_dict['NAME']}"
    return f"{vendor} ({connection.settings_dict['NAME']})"

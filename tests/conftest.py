"""Fixtures shared by the whole suite.

Django code is imported inside the fixtures: the engine tests run without Django too."""

import os
from contextlib import contextmanager

import hypothesis
import playwright.sync_api
import pytest

# The test process's PostgreSQL connections say whose they are (pg_stat_activity's
# application_name; the servers tests start say otherwise: tests/realtime/servers.py):
# the fault tests end every backend of the test database but these (tests/realtime/faults.py).
os.environ.setdefault("PGAPPNAME", "kadi tests")

PASSWORD = "correct-horse-battery-staple"


# Hypothesis draws the same examples on every run and every machine (derandomize: a failure
# is the same failure when run again), keeps no example database (nothing to commit, nothing
# one machine remembers that another does not) and gives an example any time it takes (a
# loaded machine is no failure). HYPOTHESIS_PROFILE=explore draws new examples each run.
hypothesis.settings.register_profile(
    "kadi",
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=True,
    suppress_health_check=[hypothesis.HealthCheck.too_slow],
)
hypothesis.settings.register_profile("explore", deadline=None)
hypothesis.settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "kadi"))

# Playwright's expect() waits up to 15 s (its default 5 s, reached by a page behind a busy
# worker: two browsers, their servers and the suite share two cores). Only a failing test
# waits so long; a passing one goes on as soon as the page shows what it expects.
playwright.sync_api.expect.set_options(timeout=15_000)


def seeds_name(node):
    """A test's (or a module's) node id as it is run alone: pytest-xdist's --dist loadgroup
    adds "@" and the test's group to it, which must not change the test's seeds."""
    group = node.get_closest_marker("xdist_group")  # every test has one (below), by position
    return node.nodeid.removesuffix(f"@{group.args[0]}") if group else node.nodeid


# Every game a test deals comes from seeds named after the test (games.play.seeds): the same
# cards on every run, on every machine, whichever worker runs it. A fixture of wider scope
# deals from its module's (or the session's) name; daphne processes a test starts deal from
# the same name (tests/realtime/seeded_asgi.py). A failed test's report lists the seeds drawn.
@contextmanager
def game_seeds_named(name):
    from games.play.seeds import drawn_from
    from tests.realtime.servers import GAME_SEEDS_VARIABLE

    with pytest.MonkeyPatch.context() as patch, drawn_from(name) as drawn:
        patch.setenv(GAME_SEEDS_VARIABLE, name)
        yield drawn


@pytest.fixture(scope="session", autouse=True)
def session_game_seeds():
    with game_seeds_named("session"):
        yield


@pytest.fixture(scope="module", autouse=True)
def module_game_seeds(request):
    with game_seeds_named(request.node.nodeid):
        yield


@pytest.fixture(autouse=True)
def game_seeds(request):
    with game_seeds_named(seeds_name(request.node)) as drawn:
        request.node.game_seeds = drawn
        yield


def pytest_collection_modifyitems(items):
    """Under pytest-xdist (the Makefile runs ``-n`` with ``--dist loadgroup``) each module's
    tests run in one worker, in their order: its module-scoped fixtures are built once, and
    the games its module-scoped servers deal come in the order of a serial run. A test marked
    with a group of its own (``launches_make_prod``) keeps it."""
    for item in items:
        if item.get_closest_marker("xdist_group") is None:
            item.add_marker(pytest.mark.xdist_group(item.module.__name__))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed test's report says which seeds its games were dealt from."""
    report = yield
    drawn = getattr(item, "game_seeds", None)
    if report.failed and drawn:
        report.sections.append(("game seeds", f"drawn from {seeds_name(item)!r}: {drawn}"))
    return report


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix, tmp_path_factory):
    """On SQLite, a test database in a file rather than in memory, so that a daphne process
    started by a test (tests/realtime/servers.py) shares it, as it does on PostgreSQL."""
    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"] == "django.db.backends.sqlite3":
        database.setdefault("TEST", {})["NAME"] = str(tmp_path_factory.mktemp("db") / "test.sqlite3")


@pytest.fixture(autouse=True)
def site_settings(settings):
    """Fast password hashing (real hashing is deliberately slow; the tests only need
    passwords to check), bots that move without a human-paced pause (a test of the pause
    sets BOT_DELAY itself), and no limits on the tables a player makes, or the accounts an
    address makes, an hour that the fixtures would reach."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.BOT_DELAY = 0
    settings.TABLES_PER_HOUR = 10_000  # fixtures make many; tests of the limits set their own
    settings.SIGNUPS_PER_ADDRESS = 10_000
    settings.INVITE_OPENINGS_PER_WINDOW = 10_000  # the limit's own test sets its own


@pytest.fixture(autouse=True)
def default_language():
    """Each test starts in the default language: a Swahili request or consumer leaves
    Swahili active in the thread, and a later test's renders would be in it."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def fresh_process_memory():
    """Forget what this process keeps of tables between tests (the live layer's readings,
    the presence rows' copy): the next test's tables may have the same ids."""
    yield
    from games import presence
    from games.live import readings

    readings._kept.clear()
    presence._memo.clear()


@pytest.fixture
def make_user(django_user_model):
    """Create a human user; every user made this way has the password PASSWORD."""

    def make(username: str = "amani", **fields):
        return django_user_model.objects.create_user(username=username, password=PASSWORD, **fields)

    return make


@pytest.fixture
def user(make_user):
    return make_user()


@pytest.fixture
def table(user):
    """A friendly table (misplays are refused) with ``user`` (amani) in seat 0."""
    from games.play.tables import create_table

    return create_table(user, "Kibanda", 4, "friendly")


@pytest.fixture
def game(table, user, baraka):
    """A game at ``table``: amani in seat 0 against baraka."""
    from games.play.starts import start_game
    from games.play.tables import take_seat

    take_seat(table, baraka)
    return start_game(table, user)


@pytest.fixture
def game_record(user, baraka):
    """The record of a finished game (amani, baraka and a greedy bot), as decoded JSON."""
    import json

    from history.records import export_record
    from tests.history.helpers import new_game, play_to_the_end

    game = play_to_the_end(new_game(user, "friendly", others=(baraka,), bot_levels=("greedy",)))
    return json.loads(json.dumps(export_record(game)))


@pytest.fixture
def staff_client(client, admin_user):
    client.force_login(admin_user)
    return client


@pytest.fixture
def baraka(make_user):
    return make_user("baraka")


@pytest.fixture
def chebet(make_user):
    return make_user("chebet")


@pytest.fixture(scope="session", autouse=True)
def release_test_database(django_db_setup, django_db_blocker):
    """Let the PostgreSQL test database be dropped at the end: close the shared connection
    pool, and end the sessions that daphne processes the tests stopped moments ago may
    still hold (PostgreSQL notices a vanished client a little later)."""
    yield
    from django.db import connections

    with django_db_blocker.unblock():
        for connection in connections.all():
            if connection.vendor != "postgresql":
                continue
            if connection.alias in connection._connection_pools:
                connection.close_pool()
            with connection._nodb_cursor() as cursor:
                cursor.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    " WHERE datname = %s AND pid <> pg_backend_pid()",
                    [connection.settings_dict["NAME"]],
                )

"""Fixtures shared by the whole suite.

Django code is imported inside the fixtures: the engine tests run without Django too."""

import os

import pytest

# The test process's PostgreSQL connections say whose they are (pg_stat_activity's
# application_name; the servers tests start say otherwise: tests/realtime/servers.py):
# the fault tests end every backend of the test database but these (tests/realtime/faults.py).
os.environ.setdefault("PGAPPNAME", "kadi tests")

PASSWORD = "correct-horse-battery-staple"


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

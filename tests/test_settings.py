"""The settings module read under different environments, and the production check."""

import asyncio
import os
import runpy
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.utils.module_loading import import_string

from games.live import db_calls

ROOT = Path(__file__).resolve().parent.parent
SETTINGS_FILE = ROOT / "kadi_site" / "settings.py"
PLAY_SETTINGS = {  # name: default (README, "Configuration")
    "TABLES_PER_HOUR": 20,
    "REPORT_REPEAT_HOURS": 24,
    "CHAT_BURST": 5,
    "CHAT_WINDOW_SECONDS": 10,
    "CHAT_REPEAT_SECONDS": 30,
    "BOT_DELAY": 0.8,
    "BOT_THINK_SECONDS": 5,
    "BOT_POOL_SIZE": None,
    "AWAY_GRACE_SECONDS": 60,
    "MISSED_TURNS_BEFORE_BOT": 3,
    "ABANDON_AFTER_SECONDS": 1800,
    "PRESENCE_HEARTBEAT_SECONDS": 5,
    "PRESENCE_TIMEOUT_SECONDS": 12,
    "PRESENCE_BATCH_SECONDS": 0.2,
    "LIVE_MESSAGE_BURST": 30,
    "LIVE_MESSAGE_RATE": 2,
    "SIGNUPS_PER_ADDRESS": 10,
    "TOURNAMENTS_PER_DAY": 3,
    "TOURNAMENT_PAIRING_SECONDS": 10,
    "TOURNAMENT_BOT_WAIT_SECONDS": 30,
    "API_RATE_LIMIT": 300,
    "API_RATE_WINDOW_SECONDS": 60,
    "API_KEEPALIVE_SECONDS": 5,
    "FOLLOWS_PER_HOUR": 30,
    "BLOCKS_PER_HOUR": 30,
    "PUSH_SUBSCRIPTIONS_PER_PLAYER": 10,
    "PUSH_TIMEOUT_SECONDS": 3,
    "PUSH_TTL_SECONDS": 86400,
    "FAIRPLAY_LOSING_BY": 3,
    "FAIRPLAY_BIG_DRAW": 5,
    "FAIRPLAY_RESIGN_WITHIN": 2,
    "FAIRPLAY_TIMEOUTS": 2,
    "FAIRPLAY_MISSED_TURNS": 3,
    "FAIRPLAY_WINDOW_DAYS": 7,
    "FAIRPLAY_CLEAN_GAMES": 3,
    "FAIRPLAY_PAUSE_MINUTES": 10,
    "FAIRPLAY_PAUSE_GROWTH": 6,
    "FAIRPLAY_PAUSE_MAX_MINUTES": 1440,
    "FINISHING_RATE_GAMES": 20,
    "OWN_DATA_EXPORTS_PER_HOUR": 3,
}
TASK_SETTINGS = {  # the task engine's (timers/): name: default
    "TASK_WORKERS": 2,
    "TASK_TIMEOUT_SECONDS": 120,
    "TASK_RETRY_SECONDS": 180,

    "TURN_BASED_TIMEOUTS_BEFORE_RESIGN": 3,
    "TURN_BASED_TABLES_PER_PLAYER": 10,
    "VACATION_MAX_DAYS": 14,
}
ENV_NAMES = (
    "DJANGO_DEBUG",
    "DJANGO_SECRET_KEY",
    "DJANGO_ALLOWED_HOSTS",
    "DJANGO_SECURE_SSL_REDIRECT",
    "DATABASE_URL",
    "REDIS_URL",
    "REDIS_CACHE_URL",
    "REDIS_PREFIX",
    "DJANGO_EMAIL_HOST",
    "DJANGO_EMAIL_PORT",
    "DJANGO_EMAIL_USER",
    "DJANGO_EMAIL_PASSWORD",
    "DJANGO_EMAIL_USE_TLS",
    "SITE_URL",
    "VAPID_PRIVATE_KEY",
    "VAPID_PUBLIC_KEY",
    "VAPID_SUBJECT",
    "PUSH_SERVICE_HOSTS",
    "STAFF_REQUIRE_2FA",
    *PLAY_SETTINGS,
    *TASK_SETTINGS,
)
PRODUCTION_KEY = "k" * 20 + "-production-secret-with-enough-variety-0123456789"


def read_settings(monkeypatch, **env) -> dict:
    """Evaluate kadi_site/settings.py afresh under exactly this environment."""
    for name in ENV_NAMES:
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(str(SETTINGS_FILE))


def test_defaults_are_for_local_development(monkeypatch):
    config = read_settings(monkeypatch)

    assert config["DEBUG"] is True
    assert config["DATABASES"]["default"]["ENGINE"] == "django.db.backends.sqlite3"
    assert config["DATABASES"]["default"]["NAME"] == str(ROOT / "db.sqlite3")
    assert config["CHANNEL_LAYERS"]["default"]["BACKEND"] == "games.live.memory_layer.InMemoryChannelLayer"
    assert config["STORAGES"]["staticfiles"]["BACKEND"].endswith(".StaticFilesStorage")
    assert "SECURE_SSL_REDIRECT" not in config
    assert config["STAFF_REQUIRE_2FA"] is False  # staff's second factor: asked in production


def test_staff_need_a_second_factor_in_production_unless_told_otherwise(monkeypatch):
    production = {
        "DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": PRODUCTION_KEY, "DJANGO_ALLOWED_HOSTS": "kadi.example",
    }
    assert read_settings(monkeypatch, **production)["STAFF_REQUIRE_2FA"] is True
    assert read_settings(monkeypatch, **production, STAFF_REQUIRE_2FA="0")["STAFF_REQUIRE_2FA"] is False


def test_the_play_settings_are_declared_with_their_defaults_and_read_from_the_environment(monkeypatch):
    assert {name: read_settings(monkeypatch)[name] for name in PLAY_SETTINGS} == PLAY_SETTINGS
    config = read_settings(monkeypatch, BOT_DELAY="0", BOT_POOL_SIZE="2", CHAT_WINDOW_SECONDS="2.5")
    assert (config["BOT_DELAY"], config["BOT_POOL_SIZE"], config["CHAT_WINDOW_SECONDS"]) == (0, 2, 2.5)


@pytest.mark.parametrize(
    "name, value",
    [
        ("TABLES_PER_HOUR", "0"),
        ("REPORT_REPEAT_HOURS", "0"),
        ("BOT_DELAY", "-1"),
        ("CHAT_REPEAT_SECONDS", "0"),
        ("LIVE_MESSAGE_RATE", "0"),
        ("ABANDON_AFTER_SECONDS", "-5"),
        ("FOLLOWS_PER_HOUR", "0"),
        ("BLOCKS_PER_HOUR", "-1"),
        ("PUSH_SUBSCRIPTIONS_PER_PLAYER", "0"),
        ("PUSH_TIMEOUT_SECONDS", "0"),
        ("OWN_DATA_EXPORTS_PER_HOUR", "0"),

        ("TURN_BASED_TIMEOUTS_BEFORE_RESIGN", "0"),
        ("TURN_BASED_TABLES_PER_PLAYER", "-3"),
        ("VACATION_MAX_DAYS", "0"),
        ("TOURNAMENTS_PER_DAY", "0"),
        ("TOURNAMENT_PAIRING_SECONDS", "-1"),
        ("FAIRPLAY_PAUSE_MINUTES", "0"),
        ("FAIRPLAY_WINDOW_DAYS", "-1"),
        ("FINISHING_RATE_GAMES", "0"),
    ],
)
def test_a_play_setting_out_of_range_is_refused_by_name(monkeypatch, name, value):
    with pytest.raises(ValueError, match=name):
        read_settings(monkeypatch, **{name: value})


@pytest.mark.parametrize("value", ["soon", "1.5"])
def test_a_play_setting_that_is_no_number_of_its_kind_is_refused_by_name(monkeypatch, value):
    with pytest.raises(ValueError, match="MISSED_TURNS_BEFORE_BOT must be a whole number"):
        read_settings(monkeypatch, MISSED_TURNS_BEFORE_BOT=value)


def test_the_task_engine_runs_on_the_database_with_its_settings_from_the_environment(monkeypatch):
    config = read_settings(monkeypatch)
    assert {name: config[name] for name in TASK_SETTINGS} == TASK_SETTINGS
    cluster = config["Q_CLUSTER"]
    assert (cluster["orm"], cluster["workers"]) == ("default", 2)
    assert (cluster["timeout"], cluster["retry"]) == (120, 180)
    assert cluster["catch_up"] is False and cluster["ack_failures"] is True
    assert "django_q" in config["INSTALLED_APPS"] and "timers" in config["INSTALLED_APPS"]

    config = read_settings(monkeypatch, TASK_WORKERS="4", TASK_TIMEOUT_SECONDS="5", TASK_RETRY_SECONDS="8")
    cluster = config["Q_CLUSTER"]
    assert (cluster["workers"], cluster["timeout"], cluster["retry"]) == (4, 5, 8)


def test_a_task_cluster_connects_to_postgresql_without_the_pool(monkeypatch):
    """Its processes fork after Django started: a pool's open connections would be shared."""
    monkeypatch.setattr(sys, "argv", ["manage.py", "qcluster"])
    database = read_settings(monkeypatch, DATABASE_URL="postgres://kadi@db.example:5432/kadi")["DATABASES"]["default"]
    assert "pool" not in database["OPTIONS"] and database["CONN_MAX_AGE"] == 60


@pytest.mark.parametrize(
    "env, message",
    [
        ({"TASK_WORKERS": "0"}, "TASK_WORKERS"),
        ({"TASK_RETRY_SECONDS": "soon"}, "TASK_RETRY_SECONDS must be a whole number"),
        ({"TASK_TIMEOUT_SECONDS": "180"}, "TASK_TIMEOUT_SECONDS .* must be less than TASK_RETRY_SECONDS"),
        ({"TASK_TIMEOUT_SECONDS": "30", "TASK_RETRY_SECONDS": "20"}, "must be less than"),
    ],
)
def test_a_task_setting_out_of_range_is_refused_by_name(monkeypatch, env, message):
    """A timeout not below the retry would have a task still running delivered again."""
    with pytest.raises((ValueError, ImproperlyConfigured), match=message):
        read_settings(monkeypatch, **env)

def test_push_keys_come_from_the_environment_made_for_you_in_development(monkeypatch):
    config = read_settings(monkeypatch)
    assert (config["VAPID_PRIVATE_KEY"], config["VAPID_PUBLIC_KEY"]) == ("", "")
    assert config["VAPID_DEV_KEY_FILE"] == ROOT / "vapid-dev-key.pem"  # beside db.sqlite3, ignored by git
    assert config["PUSH_SERVICE_HOSTS"] == [
        "fcm.googleapis.com",
        "updates.push.services.mozilla.com",
        "*.notify.windows.com",
        "web.push.apple.com",
    ]
    assert config["SITE_URL"] == "http://localhost:8000"
    config = read_settings(
        monkeypatch,
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY=PRODUCTION_KEY,
        VAPID_PRIVATE_KEY="private",
        VAPID_PUBLIC_KEY="public",
        VAPID_SUBJECT="mailto:admin@kadi.example",
        PUSH_SERVICE_HOSTS="push.example, *.push.example",
        SITE_URL="https://kadi.example",
    )
    assert config["VAPID_DEV_KEY_FILE"] is None  # never a generated key in production
    assert (config["VAPID_PRIVATE_KEY"], config["VAPID_PUBLIC_KEY"]) == ("private", "public")
    assert config["VAPID_SUBJECT"] == "mailto:admin@kadi.example"
    assert config["PUSH_SERVICE_HOSTS"] == ["push.example", "*.push.example"]
    assert config["SITE_URL"] == "https://kadi.example"


def test_postgres_from_database_url_uses_the_connection_pool(monkeypatch):
    config = read_settings(monkeypatch, DATABASE_URL="postgres://kadi:secret@db.example:5432/kadi")

    database = config["DATABASES"]["default"]
    assert database["ENGINE"] == "django.db.backends.postgresql"
    assert (database["HOST"], database["NAME"], database["USER"]) == ("db.example", "kadi", "kadi")
    # Every thread of games.live.db_calls can hold a connection at once, with more to spare.
    assert database["OPTIONS"]["pool"]["max_size"] > db_calls.THREADS
    assert database["CONN_MAX_AGE"] == 0


def test_e_mail_goes_to_the_console_unless_an_smtp_server_is_set(monkeypatch):
    assert read_settings(monkeypatch)["EMAIL_BACKEND"] == "django.core.mail.backends.console.EmailBackend"

    config = read_settings(
        monkeypatch, DJANGO_EMAIL_HOST="smtp.example", DJANGO_EMAIL_USER="kadi", DJANGO_EMAIL_PASSWORD="pw"
    )

    assert config["EMAIL_BACKEND"] == "django.core.mail.backends.smtp.EmailBackend"
    smtp = (config["EMAIL_HOST"], config["EMAIL_PORT"], config["EMAIL_USE_TLS"])
    assert smtp == ("smtp.example", 587, True)
    assert (config["EMAIL_HOST_USER"], config["EMAIL_HOST_PASSWORD"]) == ("kadi", "pw")


def test_redis_url_selects_the_redis_channel_layer(monkeypatch):
    config = read_settings(monkeypatch, REDIS_URL="redis://127.0.0.1:6379/0")

    layer = config["CHANNEL_LAYERS"]["default"]
    assert layer["BACKEND"] == "games.live.channel_layer.PubSubChannelLayer"
    assert [host["address"] for host in layer["CONFIG"]["hosts"]] == ["redis://127.0.0.1:6379/0"]
    assert layer["CONFIG"]["prefix"] == "asgi"  # channels-redis's own


def test_redis_prefix_begins_the_channel_layers_names(monkeypatch):
    """Two sites (or two test workers) on one Redis server: publish/subscribe channels are the
    whole server's, so only the names keep their tables' news apart."""
    config = read_settings(monkeypatch, REDIS_URL="redis://127.0.0.1:6379/0", REDIS_PREFIX="staging")

    assert config["CHANNEL_LAYERS"]["default"]["CONFIG"]["prefix"] == "staging"


@pytest.mark.parametrize(
    ("layer_url", "cache_url"),
    [
        ("redis://127.0.0.1:6379/0", "redis://127.0.0.1:6379/1"),
        ("redis://r.example:6380", "redis://r.example:6380/1"),
        ("redis://127.0.0.1:6379/15,redis://other:6379/0", "redis://127.0.0.1:6379/14"),
    ],
)
def test_with_redis_all_processes_share_a_cache_beside_the_channel_layer(monkeypatch, layer_url, cache_url):
    """Rate limits count across processes; the cache's clear() cannot empty the layer's database."""
    config = read_settings(monkeypatch, REDIS_URL=layer_url)

    assert config["CACHES"]["default"]["BACKEND"] == "django.core.cache.backends.redis.RedisCache"
    assert config["CACHES"]["default"]["LOCATION"] == cache_url


def test_without_redis_the_cache_is_the_process_own(monkeypatch):
    assert "CACHES" not in read_settings(monkeypatch)  # Django's default: local memory


def redis_layer(monkeypatch):
    """The channel layer the settings make of this run's REDIS_URL, on its own."""
    config = read_settings(monkeypatch, REDIS_URL=os.environ["REDIS_URL"])["CHANNEL_LAYERS"]["default"]
    return import_string(config["BACKEND"])(**config["CONFIG"])


needs_redis = pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs Redis (REDIS_URL)")
REDIS_READ_TIMEOUT = 5  # seconds: redis-py 8's default for a socket's reads


@needs_redis
async def test_a_process_quiet_for_longer_than_redis_reads_wait_keeps_receiving(monkeypatch):
    layer = redis_layer(monkeypatch)
    channel = await layer.new_channel()
    receiving = asyncio.create_task(layer.receive(channel))
    done, _ = await asyncio.wait({receiving}, timeout=REDIS_READ_TIMEOUT + 2)  # the quiet spell
    assert not done  # still waiting, not failed

    await layer.send(channel, {"type": "news", "seq": 1})

    assert await asyncio.wait_for(receiving, timeout=10) == {"type": "news", "seq": 1}
    receiving.cancel()
    await layer.flush()  # this layer's own connections and subscriptions


@needs_redis
async def test_a_burst_of_group_messages_all_arrive(monkeypatch):
    """Every socket of a busy server closing at once sends a message each: with the list-based
    layer, more than its pool's 100 connections at once failed."""
    layer, burst = redis_layer(monkeypatch), 300
    group = f"burst-{os.getpid()}"
    channel = await layer.new_channel()
    await layer.group_add(group, channel)

    await asyncio.gather(*(layer.group_send(group, {"type": "news", "seq": n}) for n in range(burst)))

    received = [await asyncio.wait_for(layer.receive(channel), timeout=10) for _ in range(burst)]
    assert sorted(message["seq"] for message in received) == list(range(burst))
    await layer.flush()


def test_several_redis_urls_shard_the_channel_layer(monkeypatch):
    config = read_settings(monkeypatch, REDIS_URL="redis://10.0.0.1:6379/0, redis://10.0.0.2:6379/0")

    hosts = config["CHANNEL_LAYERS"]["default"]["CONFIG"]["hosts"]
    assert [host["address"] for host in hosts] == ["redis://10.0.0.1:6379/0", "redis://10.0.0.2:6379/0"]


def test_production_needs_a_secret_key(monkeypatch):
    with pytest.raises(ImproperlyConfigured):
        read_settings(monkeypatch, DJANGO_DEBUG="0")


def test_production_turns_on_https_hardening(monkeypatch):
    config = read_settings(
        monkeypatch, DJANGO_DEBUG="0", DJANGO_SECRET_KEY=PRODUCTION_KEY, DJANGO_ALLOWED_HOSTS="kadi.example"
    )

    assert config["DEBUG"] is False
    assert config["ALLOWED_HOSTS"] == ["kadi.example"]
    assert config["SECURE_SSL_REDIRECT"] is True
    assert config["SESSION_COOKIE_SECURE"] and config["CSRF_COOKIE_SECURE"]
    assert config["SECURE_HSTS_SECONDS"] >= 31536000
    assert config["STORAGES"]["staticfiles"]["BACKEND"].endswith("CompressedManifestStaticFilesStorage")


def test_the_ssl_redirect_can_be_turned_off_for_local_production_runs(monkeypatch):
    config = read_settings(
        monkeypatch, DJANGO_DEBUG="0", DJANGO_SECRET_KEY=PRODUCTION_KEY, DJANGO_SECURE_SSL_REDIRECT="0"
    )

    assert config["SECURE_SSL_REDIRECT"] is False
    assert config["SESSION_COOKIE_SECURE"] is True


def test_check_deploy_is_clean_with_production_settings():
    env = {name: value for name, value in os.environ.items() if name not in ENV_NAMES}
    env.update(DJANGO_DEBUG="0", DJANGO_SECRET_KEY=PRODUCTION_KEY, DJANGO_ALLOWED_HOSTS="kadi.example")

    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )

    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout

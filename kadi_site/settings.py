"""Django settings for Kadi, read from the environment.

Defaults suit local development and the test suite (DEBUG on, SQLite, in-memory channel
layer). Production sets DJANGO_DEBUG=0, DJANGO_SECRET_KEY, DJANGO_ALLOWED_HOSTS,
DATABASE_URL and REDIS_URL; the security settings below then switch on.
"""

import os
import sys
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    """Read a yes/no environment variable ("1", "true", "yes", "on" mean yes)."""
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    """Read a comma-separated environment variable."""
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def env_positive(name: str, default: str, kind=int, zero: bool = False):
    """Read a positive number from the environment (``kind``: int or float; ``zero``: 0 too)."""
    text = os.environ.get(name, default)
    try:
        value = kind(text)
    except ValueError:
        raise ValueError(f"{name} must be {'a whole' if kind is int else 'a'} number, not {text!r}") from None
    if value < 0 or (value == 0 and not zero):
        raise ValueError(f"{name} must be a {'non-negative' if zero else 'positive'} number, not {value}")
    return value


DEBUG = env_bool("DJANGO_DEBUG", True)

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("Set DJANGO_SECRET_KEY when DJANGO_DEBUG is off.")
    SECRET_KEY = "django-insecure-local-development-key-never-use-in-production"

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "csp",
    "django_htmx",
    "accounts",
    "games",
    "history",
    "api",
    "django_q",
    "timers",
    "notifications",
    "pwa",
    "tournaments",
    "moderation",
    "fairplay",
    "django_otp",
    "django_otp.plugins.otp_totp",
    "privacy",
]

MIDDLEWARE = [
    "kadi_site.unreadable_requests.refuse_unreadable_requests",  # first: nothing else reads a bad request
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django_otp.middleware.OTPMiddleware",  # request.user.is_verified(): a second factor this session
    "privacy.second_factor.AdminSecondFactorMiddleware",  # STAFF_REQUIRE_2FA: the admin asks for it
    "notifications.language.RememberLanguage",  # a signed-in player's language, kept for their notifications
    "accounts.site_ban.SiteBan",  # a player barred from the site: a page saying why and until when
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "kadi_site.database_unreachable.DatabaseUnreachable",  # a database lost mid-request: 503
    "kadi_site.wrong_method.explain_wrong_method",  # last: its sentence is in the visitor's language
]

ROOT_URLCONF = "kadi_site.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "notifications.context_processors.unseen_notifications",
                "accounts.context_processors.restrictions_in_force",
                "moderation.context_processors.warnings",
            ],
        },
    },
]

WSGI_APPLICATION = "kadi_site.wsgi.application"
ASGI_APPLICATION = "kadi_site.asgi.application"

# Database: DATABASE_URL, else a SQLite file. PostgreSQL uses psycopg 3's connection pool
# (which requires CONN_MAX_AGE = 0, dj-database-url's default), large enough for the
# worker threads that run a server's websocket database calls side by side (games.live.db_calls).
# With CONN_HEALTH_CHECKS the pool checks a connection before each loan (psycopg_pool's
# check_connection, an empty statement): one the server ended since its last use (a restart,
# a failover, pg_terminate_backend) is replaced, not handed to a request or a socket.
DATABASES = {
    "default": dj_database_url.config(default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
}
# The task cluster (`manage.py qcluster`, timers/) forks its processes after Django started:
# django-q2 closes Django's connections before each fork, but a pool keeps its own open, and
# parent and child would then talk over one socket. Its processes connect without the pool,
# each keeping one connection for a minute (CONN_MAX_AGE).
TASK_CLUSTER_PROCESS = sys.argv[1:2] == ["qcluster"]
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    if TASK_CLUSTER_PROCESS:
        DATABASES["default"]["CONN_MAX_AGE"] = 60
    else:
        pool = {"min_size": 2, "max_size": 16, "timeout": 10}
        DATABASES["default"].setdefault("OPTIONS", {})["pool"] = pool
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
    # Values travel apart from the SQL, and a statement run five times on a connection is
    # prepared there: a move's statement (games.play.prepared) took PostgreSQL 0.45 ms to parse and
    # plan with its values written in, 0.14 ms prepared (docs/scaling.md, "Tenth round"). A
    # PgBouncer in front must be 1.21 or newer, with max_prepared_statements set.
    DATABASES["default"].setdefault("OPTIONS", {}).update(server_side_binding=True, prepare_threshold=5)
elif DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Live tables reach the database many times a second: keep each thread's connection open,
    # and use the write-ahead log, so that readers never wait for a writer and commits are cheap.
    # SQLite takes one writer at a time: a transaction takes the write lock when it begins
    # (IMMEDIATE), waiting up to `timeout` seconds for it. A transaction begun as a reader
    # that then writes after another's commit fails at once with "database is locked",
    # whatever the timeout: that lost moves and answered starts with 500.
    DATABASES["default"]["CONN_MAX_AGE"] = 600
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        init_command="PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        transaction_mode="IMMEDIATE",
        timeout=20,
    )
    # The covering index of history.RatingChange is PostgreSQL's speed-up; SQLite uses it
    # without its extra columns, which is fine for a local database.
    SILENCED_SYSTEM_CHECKS = ["models.W040"]

# Channels: Redis when REDIS_URL is set, else in-process (one server process only). Several
# comma-separated URLs shard the layer: channels-redis spreads groups and channels over them
# by a consistent hash (docs/scaling.md).
#
# The layer is Redis's publish/subscribe: a group message is one PUBLISH, which each process
# with a member in the group receives once and hands to its members in memory. (The list-based
# RedisChannelLayer took a pooled connection per group_send, three round trips, and one
# blocking pop per member: a burst of sends, such as every socket of a table closing at once,
# ran its pool dry.) Delivery is at most once: a message published while a process is cut off
# from Redis is lost to it. A table page asks every few seconds whether it shows the latest
# event number (static/js/live.js) and is sent the table again when it does not.
#
# REDIS_PREFIX begins the layer's names in Redis: sites sharing a Redis server (or the test
# suite's parallel workers) each take their own, since publish/subscribe channels are the
# whole server's, whatever the database number.
REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "games.live.channel_layer.PubSubChannelLayer",
            "CONFIG": {
                "hosts": [{"address": url} for url in env_list("REDIS_URL", "")],
                "prefix": os.environ.get("REDIS_PREFIX") or "asgi",
            },
        },
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "games.live.memory_layer.InMemoryChannelLayer"}}


def cache_url(channel_layer_url: str) -> str:
    """The cache's Redis URL: the channel layer's first server, one database along (a
    cache's clear() empties its whole database: the layer's must stay out of it)."""
    parts = urlsplit(channel_layer_url)
    number = int(parts.path.strip("/") or 0)
    return urlunsplit(parts._replace(path=f"/{number + 1 if number < 15 else number - 1}"))


# The cache (the bot API's rate limits, hints, the leaderboard): shared by every process
# through Redis when REDIS_URL is set, else this process's memory.
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": os.environ.get("REDIS_CACHE_URL") or cache_url(env_list("REDIS_URL", "")[0]),
        }
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Logging: Django's defaults, except that a refused request (django.security's loggers, a
# 403 of django.request's) is one warning line, not an error or a traceback (kadi_site/logs.py).
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"without_traceback": {"()": "kadi_site.logs.WithoutTraceback"}},
    "handlers": {"refusals": {"class": "kadi_site.logs.RefusalHandler"}},
    "loggers": {
        "django.security": {"handlers": ["refusals"], "propagate": False},
        "django.request": {"filters": ["without_traceback"]},
    },
}

# Accounts
AUTH_USER_MODEL = "accounts.User"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Log-ins hash passwords without holding a pooled connection, a few at a time (accounts/backends.py).
AUTHENTICATION_BACKENDS = ["accounts.backends.PooledModelBackend"]
PASSWORD_HASHING_AT_ONCE = int(os.environ.get("DJANGO_PASSWORD_HASHING_AT_ONCE", os.cpu_count() or 2))
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"
# Log-in throttling (accounts/throttle.py): this many failures for one username from one
# address within the window lock that pair out until the oldest failure leaves the window.
LOGIN_FAILURE_LIMIT = 5
LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60
# How many reverse proxies in front of daphne append the address they saw to
# X-Forwarded-For (0: clients connect to daphne directly). The throttle keys on the address
# the outermost of them saw; never start daphne with --proxy-headers (it trusts the leftmost
# entry, which the client writes).
TRUSTED_PROXY_COUNT = int(os.environ.get("DJANGO_TRUSTED_PROXIES", "0"))
# Dotted paths of callables (profile_user, request) -> dict, merged into the public
# profile page's context; lets the games app add games played and recent games.
PROFILE_CONTEXT_PROVIDERS: list[str] = ["history.profile.profile_context"]

# The bot API (docs/api.md): requests per token in each window of seconds, and the longest a
# stream goes without a line (a keep-alive newline when there is no news).
API_RATE_LIMIT = env_positive("API_RATE_LIMIT", "300")
API_RATE_WINDOW_SECONDS = env_positive("API_RATE_WINDOW_SECONDS", "60")
API_KEEPALIVE_SECONDS = env_positive("API_KEEPALIVE_SECONDS", "5", float)

# Play (games.play, games.live, games.presence): every figure declared here, read from the
# environment (README, "Configuration"), refused when out of range.
TABLES_PER_HOUR = env_positive("TABLES_PER_HOUR", "20")  # tables one player may make in an hour
REPORT_REPEAT_HOURS = env_positive("REPORT_REPEAT_HOURS", "24")  # hours between reports of one player by one
CHAT_BURST = env_positive("CHAT_BURST", "5")  # chat lines per user and table ...
CHAT_WINDOW_SECONDS = env_positive("CHAT_WINDOW_SECONDS", "10", float)  # ... within this window
CHAT_REPEAT_SECONDS = env_positive("CHAT_REPEAT_SECONDS", "30", float)  # the same line again: refused
BOT_DELAY = env_positive("BOT_DELAY", "0.8", float, zero=True)  # seconds before a bot answers a move
BOT_THINK_SECONDS = env_positive("BOT_THINK_SECONDS", "5", float)  # wall time before greedy moves instead
# The bots' processes: unset, one per CPU; 0 thinks in a thread of the server process.
BOT_POOL_SIZE = env_positive("BOT_POOL_SIZE", "0", zero=True) if "BOT_POOL_SIZE" in os.environ else None
AWAY_GRACE_SECONDS = env_positive("AWAY_GRACE_SECONDS", "60", float)  # no page open: the server plays
MISSED_TURNS_BEFORE_BOT = env_positive("MISSED_TURNS_BEFORE_BOT", "3")  # then a greedy bot takes the seat
ABANDON_AFTER_SECONDS = env_positive("ABANDON_AFTER_SECONDS", str(30 * 60), float)  # unchanged, nobody there
PRESENCE_HEARTBEAT_SECONDS = env_positive("PRESENCE_HEARTBEAT_SECONDS", "5", float)
# A presence row not refreshed for the timeout is gone: two heartbeats and a margin.
PRESENCE_TIMEOUT_SECONDS = env_positive("PRESENCE_TIMEOUT_SECONDS", "12", float)
# Comings and goings at a table within this time are told together.
PRESENCE_BATCH_SECONDS = env_positive("PRESENCE_BATCH_SECONDS", "0.2", float, zero=True)
LIVE_MESSAGE_BURST = env_positive("LIVE_MESSAGE_BURST", "30")  # websocket messages at once ...
LIVE_MESSAGE_RATE = env_positive("LIVE_MESSAGE_RATE", "2", float)  # ... and per second after that
SIGNUPS_PER_ADDRESS = env_positive("SIGNUPS_PER_ADDRESS", "10")  # sign-ups per address in an hour
# Play at once (games.play.play_now, accounts.guests): a quick game's new table waits this
# long for people before bots fill its seats; a guest's account (and games nobody else
# played) is removed this long after it was made, unless they sign up. Guests made from one
# address count as its sign-ups.
QUICK_GAME_WAIT_SECONDS = env_positive("QUICK_GAME_WAIT_SECONDS", "30", float)
GUEST_KEEP_SECONDS = env_positive("GUEST_KEEP_SECONDS", str(7 * 24 * 3600), float)
# Friends (accounts.friends): each follow and block is a row, so a script may not make many.
FOLLOWS_PER_HOUR = env_positive("FOLLOWS_PER_HOUR", "30")  # new follows per player in an hour
BLOCKS_PER_HOUR = env_positive("BLOCKS_PER_HOUR", "30")  # new blocks per player in an hour
# Invitation links (games.invites): openings per address in each window, so that no token
# can be guessed by brute force.
INVITE_OPENINGS_PER_WINDOW = env_positive("INVITE_OPENINGS_PER_WINDOW", "30")
INVITE_WINDOW_SECONDS = env_positive("INVITE_WINDOW_SECONDS", str(10 * 60))
# Challenges (games.play.challenges): how long one waits for an answer; how many one may send in an hour.
CHALLENGE_EXPIRY_SECONDS = env_positive("CHALLENGE_EXPIRY_SECONDS", "300", float)
CHALLENGES_PER_HOUR = env_positive("CHALLENGES_PER_HOUR", "20")
# Turn-based tables (games.play.deadlines, games.play.vacations): timeouts in a game before
# the server resigns for the player; turn-based tables one player may sit at at once; the
# longest vacation (a new one only after as long back as the last lasted).
TURN_BASED_TIMEOUTS_BEFORE_RESIGN = env_positive("TURN_BASED_TIMEOUTS_BEFORE_RESIGN", "3")

# Fair play (fairplay.offences, fairplay.schedule; docs/rules.md "Fair play"): what counts as
# an unfair end of a rated game with people, and the pause before the next rated game.
FAIRPLAY_LOSING_BY = env_positive("FAIRPLAY_LOSING_BY", "3")  # cards more than the smallest hand
FAIRPLAY_BIG_DRAW = env_positive("FAIRPLAY_BIG_DRAW", "5")  # cards drawn in one move
FAIRPLAY_RESIGN_WITHIN = env_positive("FAIRPLAY_RESIGN_WITHIN", "2")  # own moves after it
FAIRPLAY_TIMEOUTS = env_positive("FAIRPLAY_TIMEOUTS", "2")  # turn-based: turns out of time in a game
FAIRPLAY_MISSED_TURNS = env_positive("FAIRPLAY_MISSED_TURNS", "3")  # real-time: in a row, at the end
FAIRPLAY_WINDOW_DAYS = env_positive("FAIRPLAY_WINDOW_DAYS", "7")  # an older offence is forgotten
FAIRPLAY_CLEAN_GAMES = env_positive("FAIRPLAY_CLEAN_GAMES", "3")  # good games that take one off
FAIRPLAY_PAUSE_MINUTES = env_positive("FAIRPLAY_PAUSE_MINUTES", "10")  # after the 2nd offence
FAIRPLAY_PAUSE_GROWTH = env_positive("FAIRPLAY_PAUSE_GROWTH", "6")  # times longer each time
FAIRPLAY_PAUSE_MAX_MINUTES = env_positive("FAIRPLAY_PAUSE_MAX_MINUTES", "1440")
FINISHING_RATE_GAMES = env_positive("FINISHING_RATE_GAMES", "20")  # a player's last games
TURN_BASED_TABLES_PER_PLAYER = env_positive("TURN_BASED_TABLES_PER_PLAYER", "10")
VACATION_MAX_DAYS = env_positive("VACATION_MAX_DAYS", "14")
# Tournaments (tournaments/): private tournaments one player may make in a day; how long the
# first player waiting for a table waits at most before the pairing runs (more players
# gather meanwhile, for tables of similar scores); how long a player left over waits before
# bots fill a table with them (where the tournament allows bots).
TOURNAMENTS_PER_DAY = env_positive("TOURNAMENTS_PER_DAY", "3")
TOURNAMENT_PAIRING_SECONDS = env_positive("TOURNAMENT_PAIRING_SECONDS", "10", float)
TOURNAMENT_BOT_WAIT_SECONDS = env_positive("TOURNAMENT_BOT_WAIT_SECONDS", "30", float)

# The task engine (timers/, docs/architecture.md "Timers"): django-q2 with the database as its
# broker, so no service beyond the database. Its periodic jobs are timers.jobs.JOBS
# (`manage.py schedule_jobs`); `manage.py qcluster` runs them (`make run` beside the server,
# `make prod` as its own processes). A task not acknowledged within TASK_RETRY_SECONDS (its
# cluster was killed mid-task) is delivered again; a task running past TASK_TIMEOUT_SECONDS is
# stopped, which must come first, or a slow task would run twice at once.
TASK_WORKERS = env_positive("TASK_WORKERS", "2")  # worker processes of one cluster
TASK_TIMEOUT_SECONDS = env_positive("TASK_TIMEOUT_SECONDS", "120")
TASK_RETRY_SECONDS = env_positive("TASK_RETRY_SECONDS", "180")
if TASK_TIMEOUT_SECONDS >= TASK_RETRY_SECONDS:
    raise ImproperlyConfigured(
        f"TASK_TIMEOUT_SECONDS ({TASK_TIMEOUT_SECONDS}) must be less than TASK_RETRY_SECONDS "
        f"({TASK_RETRY_SECONDS}): a task still running would be delivered again"
    )
Q_CLUSTER = {
    "name": "kadi",
    "orm": "default",  # the broker: a table of the site's database (SQLite or PostgreSQL)
    "workers": TASK_WORKERS,
    "timeout": TASK_TIMEOUT_SECONDS,
    "retry": TASK_RETRY_SECONDS,
    # A job sweeps everything due: runs missed while no cluster ran are not replayed one by one.
    "catch_up": False,
    # A failed run is acknowledged (kept in the admin's failed tasks, logged): the next periodic
    # run tries again, rather than the broker re-delivering it after every retry.
    "ack_failures": True,
    "max_attempts": 3,
    "save_limit": 250,  # successful runs kept for the admin (failures are all kept)
    "poll": 1,  # an idle cluster asks the broker's table once a second
    "label": _("Task engine"),  # its name in the admin
}

# E-mail (password resets): through DJANGO_EMAIL_HOST's SMTP server when it is set, else
# printed on the console.
DEFAULT_FROM_EMAIL = os.environ.get("DJANGO_DEFAULT_FROM_EMAIL", "kadi@localhost")
EMAIL_HOST = os.environ.get("DJANGO_EMAIL_HOST", "")
if EMAIL_HOST:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_PORT = int(os.environ.get("DJANGO_EMAIL_PORT", "587"))
    EMAIL_HOST_USER = os.environ.get("DJANGO_EMAIL_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("DJANGO_EMAIL_PASSWORD", "")
    EMAIL_USE_TLS = env_bool("DJANGO_EMAIL_USE_TLS", True)
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"

# Notifications (the notifications app): the site's address for links in e-mails; Web Push
# signed with the VAPID keys from the environment (base64url; in development, with none set, a
# pair is made once into VAPID_DEV_KEY_FILE beside the database, outside git; in production
# without keys, push is off); the push services' hosts a browser's subscription may name ("*."
# allows subdomains); the browsers one player may subscribe (one more drops their oldest); how
# long one push request may take, and how long a push service keeps an undelivered message.
SITE_URL = os.environ.get("SITE_URL", "http://localhost:8000")
VAPID_PRIVATE_KEY = os.environ.get("VAPID_PRIVATE_KEY", "")
VAPID_PUBLIC_KEY = os.environ.get("VAPID_PUBLIC_KEY", "")
VAPID_SUBJECT = os.environ.get("VAPID_SUBJECT", "mailto:kadi@localhost")
VAPID_DEV_KEY_FILE = BASE_DIR / "vapid-dev-key.pem" if DEBUG else None
PUSH_SERVICE_HOSTS = env_list(
    "PUSH_SERVICE_HOSTS",
    "fcm.googleapis.com,updates.push.services.mozilla.com,*.notify.windows.com,web.push.apple.com",
)
PUSH_SUBSCRIPTIONS_PER_PLAYER = env_positive("PUSH_SUBSCRIPTIONS_PER_PLAYER", "10")
PUSH_TIMEOUT_SECONDS = env_positive("PUSH_TIMEOUT_SECONDS", "3", float)
PUSH_TTL_SECONDS = env_positive("PUSH_TTL_SECONDS", str(24 * 3600))

# A player's own data (privacy): downloads per player in an hour; the export's sections and
# what each app erases of a deleted account, by dotted path (privacy.registry), so that an
# app adds its own part here.
OWN_DATA_EXPORTS_PER_HOUR = env_positive("OWN_DATA_EXPORTS_PER_HOUR", "3")
OWN_DATA_SECTIONS = {
    "profile": "privacy.own_data.profile",
    "games": "privacy.own_data.games",
    "ratings": "privacy.own_data.ratings",
    "rating_history": "privacy.own_data.rating_history",
    "chat": "privacy.own_data.chat",
    "follows": "privacy.own_data.follows",
    "api_tokens": "privacy.own_data.api_tokens",
    "vacations": "privacy.own_data.vacations",
    "tournaments": "privacy.own_data.tournaments",
    "reports_made": "privacy.own_data.reports_made",
    "notifications": "notifications.own_data.notifications",
    "notification_settings": "notifications.own_data.notification_settings",
    "push_devices": "notifications.own_data.push_devices",
}
OWN_DATA_ERASERS = ["notifications.own_data.erase", "privacy.second_factor.erase"]
# Staff's second factor (django-otp, TOTP): the admin refuses a staff session not verified
# with one. Off by default in development (DEBUG), on in production unless set to 0.
STAFF_REQUIRE_2FA = env_bool("STAFF_REQUIRE_2FA", not DEBUG)
OTP_TOTP_ISSUER = "Kadi"

# Internationalisation: English and Swahili. The language comes from the visitor's choice
# (the header's switcher, Django's set_language: a cookie), else Accept-Language, else English.
# The catalogues live in locale/ (`make messages` refreshes them; the compiled .mo files are
# committed, so a checkout serves Swahili without gettext's tools).
LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("sw", _("Swahili"))]
USE_I18N = True
LOCALE_PATHS = [BASE_DIR / "locale"]
FORMAT_MODULE_PATH = ["kadi_site.formats"]  # Swahili dates as Kenya writes them (Django has none)
TIME_ZONE = "UTC"
USE_TZ = True

# Static files, served by WhiteNoise (hashed and compressed outside DEBUG: run collectstatic).
STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        ),
    },
}

# Content-Security-Policy (django-csp) on every response: scripts and styles from the site's
# own static files only (no inline code, no eval, no style attributes; htmx is told not to
# inject its indicator style in base.html), websockets and fetches to the site itself.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "font-src": [SELF],
        "worker-src": [SELF],  # the service worker, /sw.js (pwa)
        "manifest-src": [SELF],  # the web app manifest, /manifest.webmanifest (pwa)
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SESSION_COOKIE_HTTPONLY = True

# HTTPS hardening, on whenever DEBUG is off (`manage.py check --deploy` is clean then).
if not DEBUG:
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = 365 * 24 * 60 * 60
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    # Behind a TLS-terminating proxy that sets X-Forwarded-Proto (and strips it from clients).
    if env_bool("DJANGO_BEHIND_TLS_PROXY", False):
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

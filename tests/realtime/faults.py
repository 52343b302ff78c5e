"""Faults injected into the real stack by the fault tests and the soak test: PostgreSQL
backends terminated (only those of the test's own database), Redis connections killed
(only on the test's own Redis server), a Redis server of the test's own restarted."""

import os
import subprocess
import time
from urllib.parse import urlsplit

import psycopg
import redis
from django.db import connection

from deploy.prod import wait_until_listening
from tests.realtime.servers import free_port


def own_backend():
    """The backend process id of this thread's Django connection (the test's own, which
    flushes the database after the test), connecting it if need be."""
    connection.ensure_connection()
    return connection.connection.info.backend_pid


def terminate_backends(spare):
    """End every backend of the test database (as a PostgreSQL restart or a failover ends
    them) but ``spare`` (``own_backend()``) and the test process's others (named by
    tests/conftest.py); from a connection of its own. Returns how many. Only the test
    database's: other databases are left alone."""
    query = "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
    query += " WHERE datname = current_database() AND pid <> pg_backend_pid() AND pid <> %s"
    query += " AND application_name <> %s"
    return _count(query, [spare, os.environ.get("PGAPPNAME", "")])


def terminate_own_backend():
    """End this thread's backend only: the test process's other threads (the executor that
    runs async tests' queries) keep theirs, so no later test meets a dead connection."""
    query = "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE pid = %s"
    return _count(query, [own_backend()])


def _count(query, params):
    with psycopg.connect(_conninfo(), autocommit=True) as own, own.cursor() as cursor:
        cursor.execute(query, params)
        return cursor.fetchone()[0]


def _conninfo():
    settings_dict = connection.settings_dict
    return psycopg.conninfo.make_conninfo(
        dbname=settings_dict["NAME"],
        user=settings_dict["USER"] or None,
        password=settings_dict["PASSWORD"] or None,
        host=settings_dict["HOST"] or None,
        port=settings_dict["PORT"] or None,
    )


def kill_redis_clients(url, kind="pubsub"):
    """Kill the connections of type ``kind`` ("pubsub" or "normal") on the Redis server at
    ``url`` (the test's own); returns how many."""
    client = redis.Redis.from_url(url)
    try:
        return client.client_kill_filter(_type=kind, skipme=True)
    finally:
        client.close()


class RedisServer:
    """A redis-server of the test's own, on a free port, that can be restarted on that port."""

    def __init__(self):
        self.port = free_port()
        self.process = None

    @property
    def url(self):
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self):
        self.process = subprocess.Popen(
            [
                "redis-server",
                "--bind",
                "127.0.0.1",
                "--port",
                str(self.port),
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_until_listening(self.port, lambda: self.process.poll() is not None)
        return self

    def stop(self):
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)

    def restart(self, down_for=0.5):
        """Stop the server, leave it down ``down_for`` seconds, start it again on its port."""
        self.stop()
        time.sleep(down_for)
        return self.start()


def redis_port(url):
    return urlsplit(url).port or 6379

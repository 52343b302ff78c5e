"""Daphne servers in their own processes, on free loopback ports, for the multi-process
test, the browser test and bench/realtime.py."""

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DAPHNE = Path(sys.executable).with_name("daphne")
READY_WITHIN = 30  # seconds


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def database_url(settings_dict):
    """A DATABASE_URL for the database a Django connection uses (PostgreSQL, or a SQLite file)."""
    if settings_dict["ENGINE"] == "django.db.backends.sqlite3":
        return f"sqlite:///{settings_dict['NAME']}"
    user, password = settings_dict["USER"], settings_dict["PASSWORD"]
    credentials = f"{user}:{password}@" if password else f"{user}@" if user else ""
    host = settings_dict["HOST"] or "localhost"
    port = settings_dict["PORT"] or 5432
    return f"postgres://{credentials}{host}:{port}/{settings_dict['NAME']}"


class DaphneServer:
    """``daphne <app>`` on 127.0.0.1:``port``, with ``env`` added to this process's."""

    def __init__(self, env, port=None, log=None, app="kadi_site.asgi:application"):
        self.app = app
        self.env = {**os.environ, **env}
        self.port = port or free_port()
        self.log = log
        self.process = None

    @property
    def ws_url(self):
        return f"ws://127.0.0.1:{self.port}"

    @property
    def http_url(self):
        return f"http://127.0.0.1:{self.port}"

    def start(self):
        self.process = subprocess.Popen(
            [str(DAPHNE), "-b", "127.0.0.1", "-p", str(self.port), self.app],
            cwd=ROOT,
            env=self.env,
            stdout=self.log or subprocess.DEVNULL,
            stderr=subprocess.STDOUT if self.log else subprocess.DEVNULL,
        )
        deadline = time.monotonic() + READY_WITHIN
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"daphne exited with {self.process.returncode}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return self
            except OSError:
                time.sleep(0.05)  # polling a port that is not open yet: nothing to wait on
        self.stop()
        raise RuntimeError(f"daphne did not listen on port {self.port} within {READY_WITHIN} s")

    def stop(self):
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def kill(self):
        """Die as a crashed server does: no goodbye to anyone."""
        self.process.kill()
        self.process.wait()

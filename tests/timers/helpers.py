"""Task clusters (``manage.py qcluster``) in their own processes, on the running test's
database, and a deadline-bounded wait for what they do."""

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from django.db import connection

from deploy.prod import ROOT
from tests.realtime.servers import database_url

CLUSTER_SETTINGS = "tests.timers.cluster_settings"
WITHIN = 30  # seconds at most for what a cluster does


def wait_until(condition, within=WITHIN, what="the condition"):
    """Poll ``condition()`` until it is true (returned), failing after ``within`` seconds."""
    deadline = time.monotonic() + within
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"no {what} within {within} s")
        time.sleep(0.05)  # polled: another process writes what is waited for


def cluster_env(**extra):
    """The environment of a process working on this test's database, with the test settings."""
    return {
        **os.environ,
        "DATABASE_URL": database_url(connection.settings_dict),
        "DJANGO_SETTINGS_MODULE": CLUSTER_SETTINGS,
        "TASK_WORKERS": "1",
        "PGAPPNAME": "kadi task cluster",
        **extra,
    }


class Cluster:
    """``manage.py qcluster`` in a session of its own (its sentinel, pusher, monitor and
    workers are its children), its output in ``log``."""

    def __init__(self, log: Path, **env):
        self.log = log
        self.env = cluster_env(**env)
        self.process = None

    def start(self):
        with open(self.log, "ab") as output:
            self.process = subprocess.Popen(
                [sys.executable, "manage.py", "qcluster"],
                cwd=ROOT,
                env=self.env,
                stdout=output,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        return self

    def output(self):
        return self.log.read_text() if self.log.exists() else ""

    def running(self):
        """Whether the cluster said it runs (its guard loop, and so its scheduler, began)."""
        return "running." in self.output()

    def stop(self):
        """SIGTERM, as a launcher stops it: the cluster finishes what it holds and exits."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=WITHIN)
            except subprocess.TimeoutExpired:
                self.kill()

    def kill(self):
        """SIGKILL to every process of the cluster at once: no goodbye, no acknowledgement."""
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait()


def twice_at_once(job):
    """What each of two threads' ``job()`` returned, started together."""
    results, errors = [], []
    start = threading.Barrier(2)

    def run():
        try:
            start.wait()
            results.append(job())
        except Exception as error:  # reported below, with the thread's result missing
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    return results

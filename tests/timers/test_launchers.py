"""``make run``'s launcher (deploy/dev.py) on a free port with a fresh SQLite file: it migrates,
loads the demo and schedules the jobs, then serves the site and runs the task cluster beside
it; Ctrl-C stops both (and every process of the cluster)."""

import os
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import urllib.request

import pytest

from deploy.prod import ROOT
from tests.realtime.servers import free_port
from tests.timers.helpers import CLUSTER_SETTINGS, wait_until

STARTED = 90  # seconds at most to migrate a fresh database and start both
# `make run` is SQLite's (its own file here, whatever the suite's database): once is enough
pytestmark = pytest.mark.same_on_every_stack


def gone(pid):
    """No process is left in ``pid``'s process group (each child leads its own)."""
    try:
        os.killpg(pid, 0)
    except ProcessLookupError:
        return True
    return False


def jobs_run(database):
    """The runs of the site's jobs the cluster recorded in ``database``."""
    query = "SELECT count(*) FROM django_q_task WHERE func LIKE 'games.%'"
    with sqlite3.connect(database) as connection:
        return connection.execute(query).fetchone()[0]


def test_make_run_serves_the_site_and_runs_the_jobs_and_ctrl_c_stops_both(tmp_path):
    port, database = free_port(), tmp_path / "kadi.sqlite3"
    env = {
        **{name: value for name, value in os.environ.items() if name not in {"DATABASE_URL", "REDIS_URL"}},
        "DATABASE_URL": f"sqlite:///{database}",
        "DJANGO_SETTINGS_MODULE": CLUSTER_SETTINGS,  # the scheduler's first pass at once
        "TASK_WORKERS": "1",
    }
    launcher = subprocess.Popen(
        [sys.executable, "-m", "deploy.dev", "--port", str(port)],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    lines = []
    reader = threading.Thread(target=lambda: lines.extend(launcher.stdout), daemon=True)
    reader.start()
    try:
        said = wait_until(lambda: re.search(r"task cluster pid (\d+)", "".join(lines)), STARTED, "start")
        server = int(re.search(r"server pid (\d+) on ", "".join(lines))[1])
        cluster = int(said[1])
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as page:
            assert page.status == 200
        wait_until(lambda: jobs_run(database) > 0, what="a job run by the cluster")
    finally:
        launcher.send_signal(signal.SIGINT)
        code = launcher.wait(timeout=30)
        reader.join(timeout=5)
    assert code == 0, "".join(lines)
    assert gone(server) and gone(cluster)
    assert "Schedule created: games.play.challenges.expire_due" in "".join(lines)

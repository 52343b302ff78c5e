"""Daphne servers in their own processes, on free loopback ports, for the multi-process
test, the browser test and bench/realtime.py; and the production topology (``make prod``:
daphne workers behind HAProxy) for the topology test and the bench."""

import os
import re
import signal
import socket
import subprocess
import sys
import threading

from deploy.prod import DAPHNE, READY_WITHIN, ROOT, SetupError, wait_until_listening

SERVER_ENV = {"PGAPPNAME": "kadi server"}  # its database connections, as pg_stat_activity names them
# The site, dealing games from the running test's seeds (tests/realtime/seeded_asgi.py).
SEEDED_APP = "tests.realtime.seeded_asgi:application"
GAME_SEEDS_VARIABLE = "KADI_TEST_GAME_SEEDS"  # the name of the running test's seeds


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


class LoopbackServer:
    """Something serving the site on 127.0.0.1:``self.port``."""

    port: int

    @property
    def ws_url(self):
        return f"ws://127.0.0.1:{self.port}"

    @property
    def http_url(self):
        return f"http://127.0.0.1:{self.port}"


class DaphneServer(LoopbackServer):
    """``daphne <app>`` on 127.0.0.1:``port``, with ``env`` added to this process's."""

    def __init__(self, env, port=None, log=None, app=SEEDED_APP):
        self.app = app
        self.env = {**os.environ, **SERVER_ENV, **env}
        self.port = port or free_port()
        self.log = log
        self.process = None

    def process_ids(self):
        return [self.process.pid]

    def start(self):
        self.process = subprocess.Popen(
            [str(DAPHNE), "-b", "127.0.0.1", "-p", str(self.port), self.app],
            cwd=ROOT,
            env=self.env,
            stdout=self.log or subprocess.DEVNULL,
            stderr=subprocess.STDOUT if self.log else subprocess.DEVNULL,
        )
        try:
            wait_until_listening(self.port, lambda: self.process.poll() is not None)
        except SetupError:
            self.stop()
            raise
        return self

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


class Topology(LoopbackServer):
    """deploy/prod.py (what ``make prod`` runs): ``workers`` daphne processes behind HAProxy,
    all on free loopback ports, with ``env`` added to this process's. Follows the launcher's
    output to know each worker's process (w1 is worker 1) and keeps every line."""

    STARTED = re.compile(r"kadi-prod: worker (\d+) pid (\d+) on ")
    CLUSTER = re.compile(r"kadi-prod: task cluster (\d+) pid (\d+)")
    SERVING = re.compile(r"kadi-prod: serving .* \(haproxy pid (\d+),")

    def __init__(self, env, workers=2, app=SEEDED_APP, log=None, task_clusters=0):
        self.env = {**os.environ, **SERVER_ENV, **env}
        self.log = log  # a text file that gets every line too
        self.port = free_port()
        self.worker_ports = [free_port() for _ in range(workers)]
        self.app = app
        self.pids = {}  # worker number -> process id, as the launcher last said
        self.task_clusters = task_clusters  # none by default: the benches measure the workers alone
        self.cluster_pids = {}  # task cluster number -> process id, likewise
        self.balancer_pid = None
        self.lines = []
        self.changed = threading.Condition()
        self.process = None

    def process_ids(self):
        """The workers' and the balancer's."""
        with self.changed:
            return [*self.pids.values(), self.balancer_pid]

    def output(self):
        """What the launcher, its workers and HAProxy printed."""
        with self.changed:
            return "".join(self.lines)

    def start(self):
        command = [sys.executable, "-m", "deploy.prod", "--workers", str(len(self.worker_ports))]
        command += ["--port", str(self.port), "--bind", "127.0.0.1", "--app", self.app]
        command += ["--worker-ports", ",".join(map(str, self.worker_ports))]
        command += ["--task-clusters", str(self.task_clusters)]
        self.process = subprocess.Popen(
            command, cwd=ROOT, env=self.env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )
        threading.Thread(target=self._follow, name="kadi-prod output", daemon=True).start()
        try:  # the launcher migrates and collects the static files first
            self._wait_for(lambda: self.balancer_pid is not None, within=4 * READY_WITHIN, what="serving")
        except RuntimeError:
            self.stop()
            raise
        return self

    def _follow(self):
        for line in self.process.stdout:
            if self.log is not None:
                self.log.write(line)
                self.log.flush()
            with self.changed:
                self.lines.append(line)
                if started := self.STARTED.match(line):
                    self.pids[int(started[1])] = int(started[2])
                elif cluster := self.CLUSTER.match(line):
                    self.cluster_pids[int(cluster[1])] = int(cluster[2])
                elif serving := self.SERVING.match(line):
                    self.balancer_pid = int(serving[1])
                self.changed.notify_all()
        with self.changed:
            self.changed.notify_all()  # the launcher has exited

    def _wait_for(self, condition, within, what):
        with self.changed:
            met = self.changed.wait_for(lambda: condition() or self.process.poll() is not None, within)
            if not met or not condition():
                raise RuntimeError(f"make prod: no {what} within {within} s:\n" + "".join(self.lines))

    def kill_worker(self, number):
        """Kill worker ``number`` as a crash would; returns the process id it had."""
        return _kill(self.pids, number)

    def wait_for_restart(self, number, old_pid):
        """The launcher has started worker ``number`` again and it listens: its new process id."""
        return self._wait_for_new(self.pids, number, old_pid, f"worker {number} again")

    def kill_cluster(self, number):
        """Kill task cluster ``number``'s main process as a crash would; its process id."""
        return _kill(self.cluster_pids, number)

    def wait_for_cluster_restart(self, number, old_pid):
        """The launcher has started task cluster ``number`` again: its new process id."""
        return self._wait_for_new(self.cluster_pids, number, old_pid, f"task cluster {number} again")

    def _wait_for_new(self, pids, number, old_pid, what):
        self._wait_for(lambda: pids[number] != old_pid, within=READY_WITHIN, what=what)
        return pids[number]

    def stop(self):
        """Ctrl-C, as an operator would: the launcher stops HAProxy and every worker."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def _kill(pids, number):
    """SIGKILL process ``number`` of ``pids`` (a launcher's, by number); its process id."""
    pid = pids[number]
    os.kill(pid, signal.SIGKILL)
    return pid

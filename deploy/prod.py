"""The production topology on one machine: ``make prod WORKERS=N`` runs this.

Checks the environment, migrates, collects the static files and makes the task engine's
schedules match its jobs (``manage.py schedule_jobs``), then starts N daphne workers on
loopback ports (``PORT+1`` to ``PORT+N`` unless ``--worker-ports``), HAProxy on ``PORT`` in
front of them (deploy/haproxy.cfg) and ``--task-clusters`` task clusters (``manage.py
qcluster``, each with ``TASK_WORKERS`` worker processes) that run the periodic jobs. The
workers share state only through PostgreSQL and the Redis channel layer, so the balancer
needs no sticky sessions (it sends a table's websockets to one worker all the same, which is
cheaper: deploy/haproxy.cfg). A worker or a task cluster that dies is started again; Ctrl-C
(or SIGTERM) stops the balancer, then every worker and cluster (a cluster stopped mid-task
leaves its task to be delivered again: docs/architecture.md, "Timers").

Prints one line per worker started (``worker N pid P on 127.0.0.1:PORT``), one per task
cluster (``task cluster N pid P``) and ``serving ...`` once every process listens;
tests/realtime/servers.py reads these lines.

    python -m deploy.prod --workers 4 --task-clusters 1 --port 8000
"""

import argparse
import asyncio
import fcntl
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from functools import partial
from pathlib import Path
from string import Template

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = Path(__file__).with_name("haproxy.cfg")
DAPHNE = Path(sys.executable).with_name("daphne")
READY_WITHIN = 30  # seconds for a process to listen on its port
RESTARTS_PER_MINUTE = 5  # a worker dying more often than this is broken, not unlucky
REQUIRED = {
    "DATABASE_URL": "PostgreSQL, e.g. postgres://user:password@host:5432/kadi",
    "REDIS_URL": "the channel layer the workers share, e.g. redis://127.0.0.1:6379/0",
    "DJANGO_SECRET_KEY": "a long random key (python -c 'import secrets; print(secrets.token_urlsafe(50))')",
    "DJANGO_ALLOWED_HOSTS": "the site's host names, comma-separated, e.g. kadi.example",
}


class SetupError(Exception):
    """The topology cannot start; the message says why."""


def problems(env):
    """What is missing or wrong in ``env`` for production, in words (empty when all is well)."""
    found = [f"{name} is not set: {meaning}" for name, meaning in REQUIRED.items() if not env.get(name)]
    if env.get("DJANGO_DEBUG", "1").strip().lower() not in {"0", "false", "no", "off"}:
        found.append("DJANGO_DEBUG must be 0: the workers serve the public")
    database = env.get("DATABASE_URL", "")
    if database and not database.startswith(("postgres://", "postgresql://")):
        found.append("DATABASE_URL must be PostgreSQL: several processes write at once")
    return found


def haproxy_config(port, worker_ports, bind="0.0.0.0"):
    """deploy/haproxy.cfg with the balancer's address and, in each backend, one server line
    per worker: health-checked in one, following those checks in the other."""
    workers = list(enumerate(worker_ports, start=1))
    servers = "\n".join(f"    server w{n} 127.0.0.1:{p} check inter 1s fall 2 rise 1" for n, p in workers)
    tracking = "\n".join(f"    server w{n} 127.0.0.1:{p} track workers/w{n}" for n, p in workers)
    # a table's sockets: to worker (id modulo the workers) + 1 while it is up (see haproxy.cfg)
    rule = "    use-server w{0} if {{ var(txn.worker) -m int {1} }}"
    table_rules = "\n".join(rule.format(n, n - 1) for n, _ in workers)
    return Template(TEMPLATE.read_text()).substitute(
        bind=bind,
        port=port,
        servers=servers,
        tracking_servers=tracking,
        table_rules=table_rules,
        workers=len(workers),
    )


def find_haproxy():
    """The haproxy binary (Debian puts it in /usr/sbin, not always on a user's PATH), or None."""
    found = shutil.which("haproxy") or "/usr/sbin/haproxy"
    return found if os.access(found, os.X_OK) else None


def listening(port, host="127.0.0.1"):
    try:
        socket.create_connection((host, port), timeout=0.2).close()
        return True
    except OSError:
        return False


def wait_until_listening(port, exited, within=READY_WITHIN, host="127.0.0.1"):
    """Block until something accepts connections on ``host:port``; raise if ``exited()``
    (the process that should listen has exited) or after ``within`` seconds."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if exited():
            raise SetupError(f"the process for port {port} exited before listening")
        if listening(port, host):
            return
        time.sleep(0.05)  # a port that is not open yet gives nothing to wait on
    raise SetupError(f"nothing listened on port {port} within {within} s")


async def until_listening(process, port, host="127.0.0.1"):
    """``wait_until_listening`` for an asyncio subprocess."""
    def exited():
        return process.returncode is not None

    await asyncio.to_thread(wait_until_listening, port, exited, host=host)


def say(text):
    print(f"kadi-prod: {text}", flush=True)


def end_group(leader_pid):
    """SIGKILL what is left of the process group a dead child led (each child leads its own:
    a task cluster's sentinel and workers outlive its main process when that is killed)."""
    try:
        os.killpg(leader_pid, signal.SIGKILL)
    except ProcessLookupError:  # nothing left
        pass


def prepare(env):
    """Migrate, collect the static files (WhiteNoise serves them, hashed and compressed) and
    schedule the periodic jobs. One launcher at a time per checkout: two collectstatic runs
    into the one staticfiles/ folder delete each other's files mid-write (seen in CI)."""
    with open(ROOT / ".prepare.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes, or the process dies
        commands = (["migrate", "--noinput"], ["collectstatic", "--noinput", "-v", "0"], ["schedule_jobs"])
        for command in commands:
            say("manage.py " + " ".join(command))
            subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True)


class Topology:
    """The workers and the balancer, run and watched by one asyncio loop."""

    def __init__(self, env, bind, port, worker_ports, app, haproxy, task_clusters=1):
        self.env, self.app, self.haproxy = env, app, haproxy
        self.bind, self.port, self.worker_ports = bind, port, worker_ports
        self.task_clusters = task_clusters
        self.workers = {}  # worker number -> its asyncio process
        self.clusters = {}  # task cluster number -> its asyncio process
        self.balancer = None
        self.stopping = asyncio.Event()
        self.failed = False  # a process could not be kept running: exit with 1

    async def _spawn(self, *command):
        # A process group of its own: Ctrl-C reaches only this launcher, which stops the others in order.
        return await asyncio.create_subprocess_exec(*command, cwd=ROOT, env=self.env, process_group=0)

    async def _start_worker(self, number):
        port = self.worker_ports[number - 1]
        process = await self._spawn(
            # Requests are logged once, by HAProxy (so the health checks are not).
            *(str(DAPHNE), "--access-log", os.devnull),
            *("-b", "127.0.0.1", "-p", str(port), self.app),
        )
        self.workers[number] = process
        await until_listening(process, port)
        say(f"worker {number} pid {process.pid} on 127.0.0.1:{port}")
        return process

    async def _start_cluster(self, number):
        process = await self._spawn(sys.executable, "manage.py", "qcluster")
        self.clusters[number] = process
        say(f"task cluster {number} pid {process.pid}")
        return process

    async def _keep_running(self, name, process, start):
        """Start ``name`` again (``await start()``) whenever it dies, unless it keeps dying."""
        restarts = []
        while True:
            code = await process.wait()
            end_group(process.pid)  # what it left behind: a killed cluster's sentinel and workers
            if self.stopping.is_set():
                return
            now = time.monotonic()
            restarts = [at for at in restarts if now - at < 60] + [now]
            if len(restarts) > RESTARTS_PER_MINUTE:
                self._fail(f"{name} died {len(restarts)} times within a minute")
                return
            say(f"{name} exited with {code}: starting it again")
            try:
                process = await start()
            except SetupError as error:
                self._fail(f"{name} did not come back ({error})")
                return

    async def run(self, config_file):
        loop = asyncio.get_running_loop()
        for stop_signal in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(stop_signal, self.stopping.set)
        watchers = []
        try:
            for number in range(1, len(self.worker_ports) + 1):
                process = await self._start_worker(number)
                restart = partial(self._start_worker, number)
                watchers.append(asyncio.create_task(self._keep_running(f"worker {number}", process, restart)))
            for number in range(1, self.task_clusters + 1):
                process = await self._start_cluster(number)
                restart = partial(self._start_cluster, number)
                watcher = self._keep_running(f"task cluster {number}", process, restart)
                watchers.append(asyncio.create_task(watcher))
            self.balancer = await self._spawn(self.haproxy, "-db", "-f", str(config_file))
            reachable_at = "127.0.0.1" if self.bind == "0.0.0.0" else self.bind
            await until_listening(self.balancer, self.port, reachable_at)
            say(
                f"serving http://{self.bind}:{self.port} (haproxy pid {self.balancer.pid}, "
                f"{len(self.worker_ports)} workers, {self.task_clusters} task clusters); Ctrl-C stops"
            )
            balancer_exit = asyncio.create_task(self.balancer.wait())
            stop = asyncio.create_task(self.stopping.wait())
            await asyncio.wait({balancer_exit, stop}, return_when=asyncio.FIRST_COMPLETED)
            stop.cancel()
            if balancer_exit.done() and not self.stopping.is_set():
                self._fail(f"haproxy exited with {self.balancer.returncode}")
            return 1 if self.failed else 0
        finally:
            self.stopping.set()
            await self._stop_all()
            for watcher in watchers:
                watcher.cancel()

    def _fail(self, reason):
        say(f"{reason}: stopping")
        self.failed = True
        self.stopping.set()

    async def _stop_all(self):
        """The balancer first (no new connections), then the workers (daphne closes its sockets)
        and the task clusters (each finishes the tasks it holds)."""
        for group in ([self.balancer], [*self.workers.values(), *self.clusters.values()]):
            running = [process for process in group if process is not None and process.returncode is None]
            for process in running:
                process.terminate()
            for process in running:
                try:
                    await asyncio.wait_for(process.wait(), timeout=10)
                except TimeoutError:
                    process.kill()
                    await process.wait()


def parse_arguments(argv):
    parser = argparse.ArgumentParser(description="N daphne workers behind HAProxy (make prod).")
    parser.add_argument("--workers", type=int, default=2, help="daphne processes (default 2)")
    parser.add_argument(
        "--task-clusters", type=int, default=1, help="task clusters, manage.py qcluster (default 1; 0: none)"
    )
    parser.add_argument("--port", type=int, default=8000, help="the balancer's port (default 8000)")
    parser.add_argument("--bind", default="0.0.0.0", help="the balancer's address (default 0.0.0.0)")
    parser.add_argument(
        "--worker-ports",
        type=lambda text: [int(port) for port in text.split(",")],
        help="comma-separated loopback ports of the workers (default: PORT+1 to PORT+N)",
    )
    parser.add_argument(
        "--app", default="kadi_site.asgi:application", help="the ASGI application (the bench adds its echo)"
    )
    args = parser.parse_args(argv)
    args.worker_ports = args.worker_ports or [args.port + n for n in range(1, args.workers + 1)]
    if args.workers < 1 or len(args.worker_ports) != args.workers:
        parser.error("give one port per worker, and at least one worker")
    if args.task_clusters < 0:
        parser.error("task clusters: 0 or more")
    return args


def main(argv=None):
    args = parse_arguments(argv)
    # HAProxy replaces X-Forwarded-For with the address it saw: one trusted proxy.
    env = {"DJANGO_TRUSTED_PROXIES": "1", **os.environ}
    found = problems(env)
    haproxy = find_haproxy()
    if haproxy is None:
        found.append("haproxy is not installed: apt-get install haproxy")
    if found:
        print("make prod cannot start:\n  " + "\n  ".join(found), file=sys.stderr)
        return 2
    prepare(env)
    with tempfile.TemporaryDirectory(prefix="kadi-prod-") as folder:
        config_file = Path(folder) / "haproxy.cfg"
        config_file.write_text(haproxy_config(args.port, args.worker_ports, args.bind))
        topology = Topology(
            env, args.bind, args.port, args.worker_ports, args.app, haproxy, task_clusters=args.task_clusters
        )
        try:
            return asyncio.run(topology.run(config_file))
        except SetupError as error:
            say(f"could not start: {error}")
            return 1


def run(argv=None):
    """``main``, with Ctrl-C during the migration ending quietly."""
    try:
        return main(argv)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(run())

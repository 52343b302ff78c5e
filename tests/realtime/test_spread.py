"""How the balancer (deploy/haproxy.cfg, as deploy/prod.py renders it, run by the real
HAProxy) spreads tables over the workers: 1,000 tables over 4 workers, a table's sockets
always on one worker. The workers here are stand-ins that answer every request (health
checks included) with 200: what is measured is the balancer's rule, not the site."""

import collections
import subprocess
import threading
import time
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from deploy.prod import find_haproxy, haproxy_config, wait_until_listening
from tests.realtime.helpers import needs_haproxy
from tests.realtime.servers import free_port

TABLES = 1000
WORKERS = 4


class _Answer(BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


class Workers:
    """The stand-in workers, each of which can be stopped and started again on its port."""

    def __init__(self):
        self.ports = [free_port() for _ in range(WORKERS)]
        self.running = {}

    def start(self, number):
        server = self.running[number] = ThreadingHTTPServer(("127.0.0.1", self.ports[number - 1]), _Answer)
        threading.Thread(target=server.serve_forever, daemon=True).start()

    def stop(self, number):
        server = self.running.pop(number)
        server.shutdown()
        server.server_close()


@pytest.fixture
def workers():
    started = Workers()
    for number in range(1, WORKERS + 1):
        started.start(number)
    yield started
    for number in list(started.running):
        started.stop(number)


@pytest.fixture
def balancer(tmp_path, workers):
    """HAProxy on a free port with deploy/prod.py's configuration for ``workers``."""
    needs_haproxy()
    port = free_port()
    config = tmp_path / "haproxy.cfg"
    config.write_text(haproxy_config(port, workers.ports, bind="127.0.0.1"))
    command = [find_haproxy(), "-db", "-f", str(config)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_until_listening(port, lambda: process.poll() is not None)
        yield port
    finally:
        process.terminate()
        process.wait(timeout=10)


def worker_of(port, path):
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as response:
        return response.headers["X-Kadi-Worker"]


def up_workers(port, count=WORKERS):
    """Wait until the balancer counts ``count`` workers up (its health checks ran)."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if len({worker_of(port, "/") for _ in range(3 * WORKERS)}) == count:
            return
        time.sleep(0.1)
    raise AssertionError(f"the balancer did not see {count} workers up")


def test_a_thousand_tables_spread_evenly_over_four_workers_each_table_on_one(balancer):
    up_workers(balancer)
    first = {table: worker_of(balancer, f"/ws/t/{table}/") for table in range(1, TABLES + 1)}
    again = {table: worker_of(balancer, f"/ws/t/{table}/") for table in range(1, TABLES + 1, 7)}

    assert all(first[table] == worker for table, worker in again.items())  # a table keeps its worker
    spread = collections.Counter(first.values())
    print(f"\n{TABLES} tables over {WORKERS} workers: {dict(sorted(spread.items()))}")
    assert sorted(spread) == [f"w{n}" for n in range(1, WORKERS + 1)]
    assert max(spread.values()) - min(spread.values()) <= TABLES // 100  # within 1% of a worker's share
    six = collections.Counter(first[table] for table in range(101, 107))  # the six tables
    assert max(six.values()) <= 2


def test_a_down_workers_tables_go_to_the_others_and_come_back(balancer, workers):
    up_workers(balancer)
    tables = range(1, 201)
    before = {table: worker_of(balancer, f"/ws/t/{table}/") for table in tables}

    workers.stop(2)
    up_workers(balancer, WORKERS - 1)
    meanwhile = {table: worker_of(balancer, f"/ws/t/{table}/") for table in tables}
    moved = {table for table in tables if meanwhile[table] != before[table]}
    assert moved == {table for table in tables if before[table] == "w2"}  # only the down worker's
    assert len(set(meanwhile[table] for table in moved)) == WORKERS - 1  # shared out

    workers.start(2)
    up_workers(balancer)
    assert {table: worker_of(balancer, f"/ws/t/{table}/") for table in tables} == before

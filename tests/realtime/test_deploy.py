"""``make prod``'s launcher before it starts anything, the balancer's configuration, and the
health check the balancer asks each worker (the topology itself: test_topology.py)."""

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from channels.testing import HttpCommunicator

from deploy.prod import ROOT, find_haproxy, haproxy_config
from kadi_site.asgi import application
from tests.realtime.helpers import needs_haproxy
from tests.realtime.servers import free_port

PRODUCTION = ("DATABASE_URL", "REDIS_URL", "DJANGO_DEBUG", "DJANGO_SECRET_KEY", "DJANGO_ALLOWED_HOSTS")


def launch(**env):
    """Run deploy/prod.py with only ``env`` of the production variables set."""
    base = {name: value for name, value in os.environ.items() if name not in PRODUCTION}
    command = [sys.executable, "-m", "deploy.prod", "--workers", "1", "--port", str(free_port())]
    return subprocess.run(command, cwd=ROOT, env={**base, **env}, capture_output=True, text=True, timeout=60)


def test_make_prod_refuses_to_start_without_the_production_settings():
    result = launch()

    assert result.returncode == 2
    for name in ("DATABASE_URL", "REDIS_URL", "DJANGO_SECRET_KEY", "DJANGO_ALLOWED_HOSTS", "DJANGO_DEBUG"):
        assert name in result.stderr
    assert "migrate" not in result.stdout  # it stopped before touching anything


def test_make_prod_refuses_sqlite_and_debug():
    result = launch(
        DATABASE_URL="sqlite:///kadi.sqlite3",
        REDIS_URL="redis://127.0.0.1:6379/9",
        DJANGO_SECRET_KEY="k" * 50,
        DJANGO_ALLOWED_HOSTS="kadi.example",
        DJANGO_DEBUG="1",
    )

    assert result.returncode == 2
    assert "DATABASE_URL must be PostgreSQL" in result.stderr and "DJANGO_DEBUG must be 0" in result.stderr
    assert "REDIS_URL" not in result.stderr


def test_the_balancer_configuration_is_valid_haproxy():
    needs_haproxy()
    config = haproxy_config(8000, [8001, 8002, 8003])
    assert config.count("\n    server w") == 6  # checked in one backend, tracked in the other
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "haproxy.cfg"
        path.write_text(config)
        result = subprocess.run([find_haproxy(), "-c", "-f", str(path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


async def test_the_health_check_answers_before_django():
    # No Host header: Django would refuse the request; the health check does not ask.
    response = await HttpCommunicator(application, "GET", "/healthz").get_response()

    assert (response["status"], response["body"]) == (200, b"ok")

"""A daphne server on a database of its own making for the log-in tests: the test database
on PostgreSQL; a migrated SQLite file otherwise (the test's in-memory one cannot be shared).
Users are made by ``manage.py shell`` in that server's settings, so they carry real
password hashes. Requests are plain HTTP (http.client), one connection each."""

import http.client
import os
import subprocess
import sys
from urllib.parse import urlencode

from tests.realtime.servers import ROOT, DaphneServer

CSRF = "k" * 32  # a client may choose its CSRF secret: the form posts the same


def manage(url, *args):
    done = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env={**os.environ, "DATABASE_URL": url},
        capture_output=True, text=True,
    )
    assert done.returncode == 0, done.stderr


def make_users(url, usernames, password):
    """Users with the same password, hashed once (for real) and copied."""
    first, *others = usernames
    code = (
        "from accounts.models import User\n"
        f"user = User.objects.create_user({first!r}, password={password!r})\n"
        f"User.objects.bulk_create([User(username=name, password=user.password) for name in {others!r}])"
    )
    manage(url, "shell", "-c", code)


def start(url, log, **env):
    return DaphneServer({"DATABASE_URL": url, **env}, log=log).start()


def request(server, method, path, fields=None, headers=None, timeout=120):
    """(status, body) of one request on a fresh connection."""
    client = http.client.HTTPConnection("127.0.0.1", server.port, timeout=timeout)
    try:
        body = urlencode(fields) if fields is not None else None
        sent = {"Cookie": f"csrftoken={CSRF}", **(headers or {})}
        if body is not None:
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        client.request(method, path, body=body, headers=sent)
        response = client.getresponse()
        return response.status, response.read().decode()
    finally:
        client.close()


def log_in(server, username, password, headers=None):
    fields = {"username": username, "password": password, "csrfmiddlewaretoken": CSRF}
    return request(server, "POST", "/accounts/login/", fields, headers)[0]

"""The log-in throttle behind proxies and under bursts, and log-ins that leave the
connection pool to other visitors (issue 10, items 7 and 8)."""

import os
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.urls import reverse

from accounts.models import LoginFailure
from tests.accounts.servers import log_in, make_users, request, start
from tests.conftest import PASSWORD

PROXY = "10.0.0.2"


def post(client, password, forwarded=None, address=PROXY):
    extra = {"REMOTE_ADDR": address}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    return client.post(reverse("login"), {"username": "amani", "password": password}, **extra)


@pytest.mark.django_db
def test_behind_a_proxy_the_address_it_saw_is_throttled_whatever_the_client_writes(client, user, settings):
    settings.TRUSTED_PROXY_COUNT = 1
    statuses = [post(client, "wrong", f"198.51.100.{n}, 203.0.113.7").status_code for n in range(5)]
    assert statuses == [200, 200, 200, 200, 429]
    assert post(client, PASSWORD, "1.1.1.1, 9.9.9.9, 203.0.113.7").status_code == 429
    assert post(client, PASSWORD, "203.0.113.8").status_code == 302  # someone else behind the proxy
    assert set(LoginFailure.objects.values_list("ip_address", flat=True)) == {"203.0.113.7"}


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("proxies", "address", "forwarded"),
    [
        (0, "not-an-ip", None),
        (1, PROXY, "not-an-ip"),
        (1, PROXY, "\x00, ::1x"),
        (2, PROXY, "203.0.113.7"),  # fewer entries than proxies: misconfigured, no address
        (1, "", ""),
    ],
)
def test_addresses_that_are_not_ip_addresses_are_counted_as_unknown(
    client, user, settings, proxies, address, forwarded
):
    settings.TRUSTED_PROXY_COUNT = proxies
    assert post(client, "wrong", forwarded, address).status_code == 200
    assert list(LoginFailure.objects.values_list("ip_address", flat=True)) == [None]


def test_parallel_wrong_passwords_never_run_past_the_limit(server_database_url, daphne_log):
    """A burst of wrong passwords, with the right one among them, against a real server:
    at most the limit of failures is counted, and the rest are refused unchecked."""
    log, log_path = daphne_log
    make_users(server_database_url, ["amani"], PASSWORD)
    server = start(server_database_url, log)
    try:
        passwords = ["wrong"] * 24 + [PASSWORD] + ["wrong"] * 5
        with ThreadPoolExecutor(len(passwords)) as pool:
            statuses = list(pool.map(lambda password: log_in(server, "amani", password), passwords))
        assert 500 not in statuses
        assert statuses.count(200) <= 5  # the form again after a wrong password: counted
        right = statuses[24]
        # The right password got in only if it came before the limit was reached.
        assert right == 429 or statuses.count(200) < 5
        status, _page = request(server, "GET", "/")
        assert status == 200
    finally:
        server.stop()
    assert "Traceback" not in log_path.read_text()


@pytest.mark.skipif(
    not os.environ.get("DATABASE_URL", "").startswith("postgres"),
    reason="the connection pool is PostgreSQL's (DATABASE_URL)",
)
def test_a_burst_of_log_ins_leaves_every_other_page_answering(server_database_url, daphne_log):
    """40 log-ins at once, real password hashing (~0.3 s of CPU each), against a daphne on
    PostgreSQL whose pool holds 16 connections: every other visitor's page still answers."""
    log, log_path = daphne_log
    names = [f"player{n}" for n in range(40)]  # one each: the throttle counts log-ins in flight
    make_users(server_database_url, names, PASSWORD)
    server = start(server_database_url, log)
    try:
        with ThreadPoolExecutor(64) as pool:
            logins = [pool.submit(log_in, server, name, PASSWORD) for name in names]
            pages = []
            while not all(login.done() for login in logins):
                pages.append(request(server, "GET", "/rules/")[0])
                pages.append(request(server, "GET", "/leaderboard/")[0])
            statuses = [login.result() for login in logins]
        assert set(statuses) == {302}
        assert pages and set(pages) == {200}
    finally:
        server.stop()
    assert "Traceback" not in log_path.read_text()

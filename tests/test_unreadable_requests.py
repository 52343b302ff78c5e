"""Requests Django cannot read before any view runs (a Host header outside ALLOWED_HOSTS, a
query string with more fields than DATA_UPLOAD_MAX_NUMBER_FIELDS) are refused with 400 and
one sentence in the visitor's language (JSON under /api/), logged as a warning: never a 500,
a debug page, or an error with a traceback in the server's log."""

import logging

import pytest

pytestmark = pytest.mark.django_db

TOO_MANY_FIELDS = "&".join(f"f{i}=x" for i in range(1001))  # Django's default limit: 1,000


def errors(caplog):
    return [record.getMessage() for record in caplog.records if record.levelno >= logging.ERROR]


@pytest.mark.parametrize("debug", [True, False])
@pytest.mark.parametrize("path", ["/", "/leaderboard/", "/history/u/amani/", "/t/1/"])
def test_a_query_string_with_too_many_fields_is_refused(client, settings, caplog, user, debug, path):
    settings.DEBUG = debug  # the debug page read the query string again: a 500

    response = client.get(f"{path}?{TOO_MANY_FIELDS}")

    assert response.status_code == 400
    assert response.content.decode() == "That request sends too many fields."
    assert errors(caplog) == []


@pytest.mark.parametrize("debug", [True, False])
def test_a_host_outside_allowed_hosts_is_refused(client, settings, caplog, debug):
    settings.DEBUG = debug

    response = client.get("/", HTTP_HOST="evil.example")

    assert response.status_code == 400
    assert response.content.decode() == "This site does not answer to that host name."
    assert errors(caplog) == []
    assert any(record.levelno == logging.WARNING for record in caplog.records)


def test_the_refusal_is_in_the_visitors_language(client):
    response = client.get(f"/?{TOO_MANY_FIELDS}", HTTP_ACCEPT_LANGUAGE="sw")

    assert response.status_code == 400 and response["Content-Language"] == "sw"
    assert response.content.decode() == "Ombi hilo lina sehemu nyingi mno."


def test_the_api_refuses_in_json(client, caplog):
    response = client.get(f"/api/openapi.json?{TOO_MANY_FIELDS}")

    assert response.status_code == 400
    assert response.json() == {"error": "That request sends too many fields."}
    assert errors(caplog) == []

"""Requests Django cannot read before any view runs (a Host header outside ALLOWED_HOSTS, a
query string with more fields than DATA_UPLOAD_MAX_NUMBER_FIELDS) are refused with 400 and
one sentence in the visitor's language (JSON under /api/), logged as a warning: never a 500,
a debug page, or an error with a traceback in the server's log. Requests Django refuses later
(a form too large to read, an admin lookup of a hidden field) are logged as warnings too."""

import logging

import pytest

pytestmark = pytest.mark.django_db

TOO_MANY_FIELDS = "&".join(f"f{i}=x" for i in range(1001))  # Django's default limit: 1,000


class Records(logging.Handler):
    def __init__(self):
        super().__init__()
        self.records = []

    def emit(self, record):
        self.records.append(record)


@pytest.fixture
def server_log():
    """The records that reach the root logger's handlers, as daphne's log shows them
    (caplog also reads loggers that do not propagate)."""
    handler = Records()
    logging.getLogger().addHandler(handler)
    yield handler.records
    logging.getLogger().removeHandler(handler)


def errors(records):
    return [record.getMessage() for record in records if record.levelno >= logging.ERROR]


def warned(records, text):
    return any(record.levelno == logging.WARNING and text in record.getMessage() for record in records)


@pytest.mark.parametrize("debug", [True, False])
@pytest.mark.parametrize("path", ["/", "/leaderboard/", "/history/u/amani/", "/t/1/"])
def test_a_query_string_with_too_many_fields_is_refused(client, settings, server_log, user, debug, path):
    settings.DEBUG = debug  # the debug page read the query string again: a 500

    response = client.get(f"{path}?{TOO_MANY_FIELDS}")

    assert response.status_code == 400
    assert response.content.decode() == "That request sends too many fields."
    assert errors(server_log) == []


@pytest.mark.parametrize("debug", [True, False])
def test_a_host_outside_allowed_hosts_is_refused(client, settings, server_log, debug):
    settings.DEBUG = debug

    response = client.get("/", HTTP_HOST="evil.example")

    assert response.status_code == 400
    assert response.content.decode() == "This site does not answer to that host name."
    assert errors(server_log) == []
    assert warned(server_log, "evil.example")


def test_the_refusal_is_in_the_visitors_language(client):
    response = client.get(f"/?{TOO_MANY_FIELDS}", HTTP_ACCEPT_LANGUAGE="sw")

    assert response.status_code == 400 and response["Content-Language"] == "sw"
    assert response.content.decode() == "Ombi hilo lina sehemu nyingi mno."


def test_the_api_refuses_in_json(client, server_log):
    response = client.get(f"/api/openapi.json?{TOO_MANY_FIELDS}")

    assert response.status_code == 400
    assert response.json() == {"error": "That request sends too many fields.", "code": "unreadable_request"}
    assert errors(server_log) == []


@pytest.mark.parametrize(
    "data",
    [
        TOO_MANY_FIELDS,  # DATA_UPLOAD_MAX_NUMBER_FIELDS
        "username=amani&password=" + "x" * 2_700_000,  # DATA_UPLOAD_MAX_MEMORY_SIZE (2.5 MB)
    ],
)
def test_a_form_too_large_to_read_is_refused_with_a_warning(client, server_log, user, data):
    response = client.post("/accounts/login/", data, content_type="application/x-www-form-urlencoded")

    assert response.status_code == 400
    assert errors(server_log) == []
    assert warned(server_log, "DATA_UPLOAD")


def test_an_admin_lookup_of_a_hidden_field_is_refused_with_a_warning(staff_client, server_log):
    response = staff_client.get("/admin/games/game/?seed__gt=1")  # kadi_site/admin_guard.py

    assert response.status_code == 400
    assert errors(server_log) == []
    assert warned(server_log, "seed__gt")


def test_a_forbidden_request_is_one_warning_line_without_a_traceback(staff_client, server_log):
    """Django logs a PermissionDenied's 403 as a warning with the exception's traceback."""
    response = staff_client.post("/admin/games/table/rules-preview/", {"_table": "abc"})

    assert response.status_code == 403
    assert warned(server_log, "Forbidden")
    assert [record.getMessage() for record in server_log if record.exc_info] == []

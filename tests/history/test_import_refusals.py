"""Every bad upload to the import page gets a 400 with a clear message, and stores nothing
(issue 10, item 10). Each of these answered 500 (or a blank form) before the schema."""

import json
import logging

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from games.models import Game, Table
from history.forms import MAX_RECORD_BYTES

pytestmark = pytest.mark.django_db


def post_file(client, content: bytes):
    upload = SimpleUploadedFile("game.json", content, content_type="application/json")
    return client.post(reverse("history:import"), {"record": upload})


def assert_refused(client, content, message, caplog):
    games, tables = Game.objects.count(), Table.objects.count()
    with caplog.at_level(logging.WARNING):
        response = post_file(client, content)
    assert response.status_code == 400
    assert message in response.text, response.text
    assert (Game.objects.count(), Table.objects.count()) == (games, tables)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def changed(original, path, value):
    """``original`` as JSON text with the item at ``path`` (keys and indexes) set to ``value``."""
    record = json.loads(json.dumps(original))
    *parents, last = path
    target = record
    for key in parents:
        target = target[key]
    target[last] = value
    return json.dumps(record).encode()


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("rules", "preset"), {"name": "classic"}, "The record&#x27;s rules are invalid: preset"),
        (("rules", "hand_size"), True, "The record&#x27;s rules are invalid: hand_size"),
        (("rules", "answer_ranks"), ["Q", {"x": 1}], "The record&#x27;s rules are invalid: answer_ranks"),
        (("seed",), 2**64, "The seed must be a whole number from"),
        (("seed",), 2**63, "The seed must be a whole number from"),
        (("seed",), 1.5, "The seed must be a whole number from"),
        (("started_at",), "2025-13-45T00:00:00+00:00", "is not a date and time"),
        (("started_at",), "0001-01-01T00:00:00+05:00", "is not a date and time"),
        (("finished_at",), 1700000000, "is not a date and time"),
        (("finished_at",), "2025-01-31T18:00:00", "is not a date and time"),
        (("finished_at",), {"year": 2025}, "is not a date and time"),
        (("table",), "Kibanda\x00", "The table name must be text"),
        (("table",), "x" * 500, "The table name must be text"),
        (("players", 0, "username"), "amani\x00", "Player 1 of the record: username"),
        (("players", 1), "baraka", "Player 2 of the record"),
        (("moves", 0), ["draw"], "The moves must be a list"),
        (("result", "places"), [1, {"a": 2}], "one place for every player"),
        (("result", "winner"), 10, "The winner must be one of the seats"),
        (("first_seat",), True, "The first player must be one of the seats."),
        (("version",), "1", "version must be a whole number"),
        (("surprise",), 1, "a field this site does not know: “surprise”"),
    ],
)
def test_malformed_fields_are_refused(staff_client, game_record, path, value, message, caplog):
    assert_refused(staff_client, changed(game_record, path, value), message, caplog)


def test_a_lone_surrogate_in_the_table_name_is_refused(staff_client, game_record, caplog):
    text = json.dumps(game_record | {"table": "KIBANDA"}).replace("KIBANDA", "Kibanda \\ud800")
    assert_refused(staff_client, text.encode(), "That file is not JSON", caplog)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"[1, 2, 3]", "This is not a Kadi game record."),
        (b"null", "This is not a Kadi game record."),
        (b'"kadi-game-record"', "This is not a Kadi game record."),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (b'{"format": ' + b"[" * 5000 + b"]" * 5000 + b"}", "nested too deeply"),
        (b"\xff\xfe{}", "That file is not JSON"),
        (b"", "The submitted file is empty."),
    ],
)
def test_documents_that_are_not_records_are_refused(staff_client, content, message, caplog):
    assert_refused(staff_client, content, message, caplog)


def test_a_file_over_the_size_cap_is_refused(staff_client, caplog):
    assert_refused(staff_client, b" " * (MAX_RECORD_BYTES + 1), "too large for a game record", caplog)


def test_a_post_without_a_file_says_so(staff_client, caplog):
    with caplog.at_level(logging.WARNING):
        response = staff_client.post(reverse("history:import"), {})
    assert response.status_code == 400
    assert "This field is required." in response.text


def test_the_rules_schema_follows_the_engine_options():
    """A new option in games.engine.rules.OPTIONS is read (and checked) from records at once."""
    from games.engine.rules import OPTIONS
    from history.record_schema import RecordRules

    assert set(RecordRules.model_fields) == {"preset", *(option.name for option in OPTIONS)}


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("players", 0, "username"), "amani\x00", "Player 1 of the record: username: must hold no control"),
        (("players", 0, "name"), "x" * 151, "Player 1 of the record: name: must be at most 150 characters"),
        (("players", 0, "seat"), 10, "Player 1 of the record: seat: must be less than 10"),
        (("rules", "jokers"), 1, "rules are invalid: jokers: is not one of this option&#x27;s values"),
        (("rules", "hand_size"), 9, "rules are invalid: hand_size: must be at most 7"),
        (("rules", "voluntary_draw"), 1, "rules are invalid: voluntary_draw: must be true or false"),
    ],
)
def test_schema_refusals_are_in_the_sites_own_words(staff_client, game_record, path, value, message, caplog):
    """Not pydantic's English ("String should match pattern '^[^\\x00-\\x1f\\x7f]*$'")."""
    assert_refused(staff_client, changed(game_record, path, value), message, caplog)


def test_schema_refusals_are_translated(staff_client, game_record, caplog):
    staff_client.cookies["django_language"] = "sw"
    content = changed(game_record, ("players", 0, "name"), "x" * 151)
    assert_refused(staff_client, content, "Mchezaji 1 wa rekodi: name: herufi 150 au chache tu", caplog)

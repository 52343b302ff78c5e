"""The bot API makes turn-based tables and challenges: ``pace`` and ``move_seconds`` in
POST /api/table and /api/challenge/<name>, listed in the OpenAPI document; any other value
of them is refused with a sentence and a stable code, never a 500, and makes nothing."""

import json

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api.refusals import REFUSALS
from games.models import Challenge, Table
from tests.turns.helpers import reload

pytestmark = pytest.mark.django_db
SETTINGS = settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
JSON_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**12), max_value=10**12),
    st.floats(allow_nan=False),
    st.text(max_size=20),
    st.lists(st.integers(), max_size=3),
    st.sampled_from(["live", "turn", 3600, 86400]),
)


@pytest.fixture
def auth(user):
    from api.tokens import create_token

    return {"HTTP_AUTHORIZATION": f"Bearer {create_token(user, 'my bot')[1]}"}


def _post(client, path, body, auth):
    return client.post(path, json.dumps(body), content_type="application/json", **auth)


def test_a_turn_based_table_with_a_bot_starts_with_a_deadline(client, auth):
    body = {"pace": "turn", "move_seconds": 43200, "bots": ["greedy"]}
    answer = _post(client, "/api/table", body, auth).json()
    table = Table.objects.get(pk=answer["table"])
    assert (table.pace, table.move_seconds) == ("turn", 43200)
    assert reload(table.current_game()).move_deadline is not None


def test_a_turn_based_challenge_shows_its_time_per_move(client, auth, baraka):
    answer = _post(client, "/api/challenge/baraka", {"pace": "turn", "move_seconds": 259200}, auth).json()
    assert answer["challenge"]["move_seconds"] == 259200
    assert Challenge.objects.get(key=answer["challenge"]["id"]).move_seconds == 259200


def test_the_document_lists_the_new_fields(client):
    document = client.get("/api/openapi.json").json()
    body = document["paths"]["/table"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert body["properties"]["pace"]["enum"] == ["live", "turn"]
    assert body["properties"]["move_seconds"]["enum"] == [3600, 43200, 86400, 259200, None]
    assert "too_many_turn_based_tables" in json.dumps(document)


def test_the_cap_is_refused_with_its_code(client, auth, settings):
    settings.TURN_BASED_TABLES_PER_PLAYER = 1
    assert (
        _post(client, "/api/table", {"pace": "turn", "move_seconds": 3600, "seats": 2}, auth).status_code
        == 200
    )
    again = _post(client, "/api/table", {"pace": "turn", "move_seconds": 3600, "seats": 2}, auth)
    assert again.status_code == 409 and again.json()["code"] == "too_many_turn_based_tables"
    assert "amani already sits at 1 turn-based table" in again.json()["error"]


@SETTINGS
@given(pace=JSON_VALUES, move_seconds=JSON_VALUES, timer=st.one_of(st.none(), st.integers(-5, 100)))
def test_any_pace_and_time_per_move_gets_an_answer_and_only_good_ones_make_a_table(
    auth, pace, move_seconds, timer
):
    before = Table.objects.count()
    body = {"pace": pace, "move_seconds": move_seconds, "timer": timer, "bots": ["random"]}
    response = _post(Client(), "/api/table", body, auth)
    good_pace = pace in (None, "live", "turn") and type(pace) is not bool
    good = (
        good_pace
        and (
            (
                pace == "turn"
                and type(move_seconds) is int
                and move_seconds in (3600, 43200, 86400, 259200)
                and not timer
            )
            or (pace != "turn" and move_seconds is None and (timer is None or timer > 0))
        )
        and (timer is None or timer > 0)
    )
    if good:
        assert response.status_code == 200, response.json()
        assert Table.objects.count() == before + 1
    else:
        answer = response.json()
        assert response.status_code in (400, 409) and answer["code"] in REFUSALS and answer["error"]
        assert REFUSALS[answer["code"]].status == response.status_code
        assert Table.objects.count() == before

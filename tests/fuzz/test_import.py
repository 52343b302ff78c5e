"""The game-record import, fuzzed: any JSON document, and real records with any part
replaced by any JSON value, get a 400 with a reason or are imported; never a 500, never a
logged error, and a refused record stores nothing."""

import json
import logging

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from games.models import Game
from tests.fuzz.strategies import FUZZ, json_values

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(staff_client, caplog):
    caplog.set_level(logging.WARNING)
    return staff_client


def upload(client, content, caplog):
    games = Game.objects.count()
    file = SimpleUploadedFile("game.json", content, content_type="application/json")
    response = client.post(reverse("history:import"), {"record": file})
    assert response.status_code in (302, 400)
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []
    assert Game.objects.count() == games + (response.status_code == 302)
    if response.status_code == 400:
        assert 'class="errorlist' in response.text


def paths(value, prefix=()):
    """Every path (keys and indexes) into a JSON value."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:6]):
            yield from paths(item, (*prefix, index))


@FUZZ
@given(document=json_values)
def test_any_json_document(staff, caplog, document):
    upload(staff, json.dumps(document).encode(), caplog)


@FUZZ
@given(data=st.data(), value=json_values)
def test_a_record_with_any_part_replaced(staff, game_record, caplog, data, value):
    path = data.draw(st.sampled_from([p for p in paths(game_record) if p]))
    changed = json.loads(json.dumps(game_record))
    target = changed
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    upload(staff, json.dumps(changed).encode(), caplog)


@FUZZ
@given(content=st.binary(max_size=200))
def test_any_bytes(staff, caplog, content):
    upload(staff, content, caplog)

"""Hostile input to the API: any move path, query and Authorization header gets a clear
JSON answer (never a 500), and a refused move changes nothing."""

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api.refusals import REFUSALS
from games.models import Game

pytestmark = pytest.mark.django_db

ANSWERS = {200, 400, 401, 404, 405, 409, 429}
MOVE_WORDS = st.sampled_from(["7H", "5S", "4C", "9H", "draw", "pass", "accept", "!", "@S", "@X", "AH", "JK"])
PATHS = st.one_of(
    st.lists(MOVE_WORDS, min_size=1, max_size=6).map("-".join),
    st.text(min_size=1, max_size=300),
    st.text(st.sampled_from("%-!@/ .?#&=+0123456789ABCDHSJKQ"), min_size=1, max_size=40),
)
SETTINGS = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@SETTINGS
@given(move=PATHS, seq=st.one_of(st.none(), st.text(max_size=12)))
def test_any_move_path_gets_an_answer_and_only_legal_moves_are_made(game, auth, move, seq):
    before = Game.objects.get(pk=game.pk).move_count
    query = {} if seq is None else {"seq": seq}
    response = Client().post(f"/api/bot/game/{game.pk}/move/{move}", query_params=query, **auth)
    assert response.status_code in ANSWERS
    if response.status_code != 200:
        code = response.json()["code"]
        assert code in REFUSALS and REFUSALS[code].status == response.status_code and response.json()["error"]
        assert Game.objects.get(pk=game.pk).move_count == before


@SETTINGS
@given(header=st.one_of(st.text(max_size=300), st.text(max_size=120).map("Bearer ".__add__)))
def test_any_authorization_header_is_refused_cleanly(game, header):
    for path in (f"/api/bot/game/{game.pk}/move/7H", f"/api/table/{game.table_id}/join"):
        response = Client().post(path, HTTP_AUTHORIZATION=header)
        assert response.status_code == 401 and response.json()["code"] == "bad_token"


@SETTINGS
@given(path=st.text(max_size=80))
def test_any_path_under_the_api_answers_in_json(auth, path):
    response = Client().get("/api/" + path, **auth)
    assert response.status_code < 500
    if response.status_code != 200:
        assert response.json()["code"] in REFUSALS

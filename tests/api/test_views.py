"""The bot API's move, resign and join endpoints: tokens, refusals and their status codes."""

import pytest
from django.test import Client

from api.tokens import create_token, revoke_token
from games.models import Game
from games.play.moves import submit_move
from tests.games.helpers import put_position

pytestmark = pytest.mark.django_db


def move_url(game, move):
    return f"/api/bot/game/{game.pk}/move/{move}"


def test_a_move_through_the_api_is_made(client, auth, game):
    response = client.post(move_url(game, "7H"), **auth)
    assert response.status_code == 200
    assert response.json() == {"ok": True, "index": 0, "move": "7H"}
    assert Game.objects.get(pk=game.pk).move_count == 1


@pytest.mark.parametrize("written", ["5H-5S-!", "5H%205S%20!", "5H 5S !"])
def test_spaces_are_written_as_dashes_or_encoded(client, auth, game, written):
    put_position(game, hands=("5H 5S 4C", "9H QD KC"), discard=("7H",), turn=0)
    response = client.post(move_url(game, written), **auth)
    assert response.status_code == 200 and response.json()["move"] == "5H 5S !"


def test_no_token_a_bad_one_and_a_revoked_one_are_refused(client, user, game, token):
    assert client.post(move_url(game, "7H")).status_code == 401
    bad = client.post(move_url(game, "7H"), HTTP_AUTHORIZATION="Bearer kadi_not-a-token")
    assert bad.status_code == 401 and bad["WWW-Authenticate"].startswith("Bearer")
    assert "error" in bad.json() and bad.json()["code"] == "bad_token"
    revoke_token(user, user.api_tokens.get().pk)
    assert client.post(move_url(game, "7H"), HTTP_AUTHORIZATION=f"Bearer {token}").status_code == 401
    assert Game.objects.get(pk=game.pk).move_count == 0


def test_a_session_cookie_does_not_authenticate(client, user, game):
    client.force_login(user)
    assert client.post(move_url(game, "7H")).status_code == 401


@pytest.mark.django_db(transaction=True)  # the stream reads through Channels' database thread
def test_another_players_game_is_not_found_like_a_missing_one(client, make_user, game):
    other = make_user("wanjiru")
    auth = {"HTTP_AUTHORIZATION": f"Bearer {create_token(other, 'x')[1]}"}
    theirs = client.post(move_url(game, "7H"), **auth)
    missing = client.post(f"/api/bot/game/{game.pk + 1000}/move/7H", **auth)
    assert theirs.status_code == missing.status_code == 404
    assert theirs.json() == missing.json()
    stream = client.get(f"/api/bot/game/stream/{game.pk}", **auth)
    assert stream.status_code == 404 and stream.json() == missing.json()
    assert client.post(f"/api/bot/game/{game.pk}/resign", **auth).status_code == 404


def test_a_bad_move_is_refused_with_the_reason_and_its_codes(client, auth, game):
    response = client.post(move_url(game, "9H"), **auth)
    assert response.status_code == 400
    assert response.json() == {
        "error": "That move is not allowed: you do not hold 9 of hearts",
        "code": "illegal_move",
        "rule": "not_held",
    }
    unreadable = client.post(move_url(game, "XX"), **auth).json()
    assert unreadable["code"] == "not_a_move" and unreadable["rule"] == "not_a_card"
    assert "not a move" in unreadable["error"]
    too_long = client.post(move_url(game, "7H-" * 100), **auth)
    assert too_long.status_code == 400 and too_long.json()["rule"] == "too_long"
    assert Game.objects.get(pk=game.pk).move_count == 0


def test_a_misplay_at_a_table_that_punishes_it_is_made_with_its_penalty(client, auth, game):
    """misplay: penalty: a play of held cards that breaks a rule is made, as a misplay (200),
    and the answer says which rule it broke and the cards drawn for it."""
    game.rules = {**game.rules, "misplay": "penalty"}
    put_position(game, hands=("9C 5S 4C", "9H QD KC"), discard=("7D",), turn=0)
    response = client.post(move_url(game, "9C"), **auth)
    assert response.status_code == 200
    answer = response.json()
    assert answer["ok"] and answer["move"] == "9C" and answer["misplay"]["rule"] == "no_match_aces_wild"
    assert answer["misplay"]["penalty"] > 0 and "does not match" in answer["misplay"]["reason"]


def test_two_decks_play_both_copies_and_refuse_a_third_by_its_rule(client, auth, game):
    """decks: 2 (issue 48): "7H-7H" plays both copies; a third copy, and a copy the hand
    lacks, are refused with their rules' names."""
    game.rules = {**game.rules, "decks": 2}
    put_position(game, hands=("7H 7H 5S 4C", "9H QD KC"), discard=("7S",), turn=0)
    third = client.post(move_url(game, "7H-7H-7H"), **auth)
    assert third.status_code == 400 and third.json()["rule"] == "more_copies_than_decks"
    lacking = client.post(move_url(game, "5S-5S"), **auth)
    assert lacking.status_code == 400 and lacking.json()["rule"] == "hold_one_copy"
    both = client.post(move_url(game, "7H-7H"), **auth)
    assert both.status_code == 200 and both.json()["move"] == "7H 7H"


def test_the_reason_is_in_the_language_the_request_asks_for(client, auth, game):
    """As every API error: LocaleMiddleware reads Accept-Language (English by default)."""
    put_position(game, hands=("7H 5S 4C", "KD QD 9C"), discard=("7D",))
    english = client.post(move_url(game, "9C"), **auth).json()["error"]
    swahili = client.post(move_url(game, "9C"), HTTP_ACCEPT_LANGUAGE="sw", **auth).json()["error"]
    assert english == "That move is not allowed: you do not hold 9 of clubs"
    assert swahili == "Hatua hiyo hairuhusiwi: huna 9 ya maua"


def test_out_of_turn_and_stale_moves_conflict(client, auth, game, baraka):
    submit_move(game.pk, game.players.get(seat=0).user, "7H")
    out_of_turn = client.post(move_url(game, "5S"), **auth)
    assert out_of_turn.status_code == 409 and out_of_turn.json()["code"] == "not_your_turn"
    assert out_of_turn.json()["error"].startswith("It is not your turn")
    submit_move(game.pk, baraka, "9H")
    stale = client.post(move_url(game, "draw") + "?seq=1", **auth)
    assert stale.status_code == 409 and stale.json()["code"] == "stale_move"
    assert "seq" in stale.json()["error"] and "page" not in stale.json()["error"]  # said to a program
    bad_seq = client.post(move_url(game, "draw") + "?seq=x", **auth)
    assert bad_seq.status_code == 400 and bad_seq.json()["code"] == "bad_seq"
    assert client.post(move_url(game, "draw") + "?seq=2", **auth).status_code == 200


def test_resigning_ends_a_two_player_game(client, auth, game):
    assert client.post(f"/api/bot/game/{game.pk}/resign", **auth).json() == {"ok": True}
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.winner == 1
    again = client.post(f"/api/bot/game/{game.pk}/resign", **auth)
    assert again.status_code == 409 and again.json() == {"error": "This game is over.", "code": "game_over"}
    assert client.post(move_url(game, "7H"), **auth).json()["code"] == "game_over"


def test_joining_a_table(client, make_user, table):
    other = make_user("wanjiru")
    auth = {"HTTP_AUTHORIZATION": f"Bearer {create_token(other, 'x')[1]}"}
    assert client.post(f"/api/table/{table.pk}/join?seat=2", **auth).json() == {
        "ok": True, "table": table.pk, "seat": 2,
    }
    again = client.post(f"/api/table/{table.pk}/join", **auth)
    assert again.status_code == 409 and again.json()["code"] == "already_seated"
    assert again.json()["error"] == "You already have a seat at this table."
    assert client.post(f"/api/table/{table.pk + 99}/join", **auth).json()["code"] == "no_such_table"
    assert client.post(f"/api/table/{table.pk}/join?seat=-1", **auth).json()["code"] == "no_such_seat"
    third = {"HTTP_AUTHORIZATION": f"Bearer {create_token(make_user('juma'), 'x')[1]}"}
    taken = client.post(f"/api/table/{table.pk}/join?seat=2", **third)
    assert taken.status_code == 409 and taken.json()["code"] == "seat_taken"
    beyond = client.post(f"/api/table/{table.pk}/join?seat=9", **third)
    assert beyond.status_code == 400 and beyond.json()["code"] == "no_such_seat"


def test_the_wrong_method_and_unknown_endpoints_answer_in_json(client, auth, game):
    wrong = client.get(move_url(game, "7H"), **auth)
    assert wrong.status_code == 405 and wrong["Allow"] == "POST" and wrong.json()["code"] == "wrong_method"
    unknown = client.get("/api/nothing/here", **auth)
    assert unknown.status_code == 404 and unknown.json()["code"] == "no_such_endpoint"


def test_the_rate_limit_is_per_token(client, settings, user, auth, game):
    settings.API_RATE_LIMIT = 3
    for _ in range(3):
        assert client.post(move_url(game, "9H"), **auth).status_code == 400
    over = client.post(move_url(game, "7H"), **auth)
    assert over.status_code == 429 and int(over["Retry-After"]) >= 1 and over.json()["code"] == "rate_limited"
    assert over["Retry-After"] in over.json()["error"]
    assert Game.objects.get(pk=game.pk).move_count == 0
    another = {"HTTP_AUTHORIZATION": f"Bearer {create_token(user, 'second')[1]}"}
    assert client.post(move_url(game, "7H"), **another).status_code == 200


def test_the_api_answers_in_json_without_a_csrf_token(auth, game):
    """A program sends no CSRF token: every path under /api/, known or not, answers it in
    JSON, never with the site's HTML page refusing a form without one."""
    client = Client(enforce_csrf_checks=True)
    for path in ("/api/nothing/here", f"/api/bot/game/{10**20}/move/7H", f"/api/table/{10**20}/join"):
        response = client.post(path, **auth)
        assert response.status_code == 404 and "error" in response.json(), path
    document = client.post("/api/openapi.json")
    assert document.status_code == 405 and document["Allow"] == "GET" and "error" in document.json()
    assert client.get("/api/openapi.json").json()["openapi"].startswith("3.1")

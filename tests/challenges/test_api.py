"""The bot API's new endpoints: POST /api/table, /api/challenge/<username>, and accept,
decline, cancel of a challenge; the event stream's challenge events and gameStart; hostile
bodies and ids (hypothesis): a clear JSON refusal with its documented status, nothing changed."""

import json

import pytest
from asgiref.sync import sync_to_async
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api.refusals import REFUSALS
from api.tokens import create_token
from games.models import Challenge, Game, Table
from games.play import challenges
from tests.api.test_streams import assert_documented, open_stream

pytestmark = pytest.mark.django_db
Status = Challenge.Status


@pytest.fixture
def amani_auth(amani):
    return {"HTTP_AUTHORIZATION": f"Bearer {create_token(amani, 'bot')[1]}"}


@pytest.fixture
def wanjiru_auth(wanjiru):
    return {"HTTP_AUTHORIZATION": f"Bearer {create_token(wanjiru, 'bot')[1]}"}


def post(path, auth, body=None):
    data = "" if body is None else json.dumps(body)
    return Client().post(path, data, content_type="application/json", **auth)


def assert_refused(response, code):
    assert response.status_code == REFUSALS[code].status, response.content
    assert response.json()["code"] == code and response.json()["error"]


def test_a_table_with_bots_starts_at_once(amani_auth, amani):
    response = post("/api/table", amani_auth, {"preset": "chains", "bots": ["greedy", "random"], "timer": 30})
    assert response.status_code == 200, response.content
    table = Table.objects.get(pk=response.json()["table"])
    game = Game.objects.get(pk=response.json()["game"])
    assert game.table_id == table.pk and game.is_running and game.player_count == 3
    assert (table.preset, table.turn_timer_seconds, table.created_by_id) == ("chains", 30, amani.pk)


def test_a_table_with_a_free_seat_waits(amani_auth):
    response = post("/api/table", amani_auth, {"seats": 3, "bots": ["greedy"], "overrides": {"jokers": 0}})
    assert response.json()["game"] is None
    assert Table.objects.get(pk=response.json()["table"]).rule_overrides == {"jokers": 0}


def test_a_table_of_ten_on_two_decks_starts_with_nine_bots(amani_auth):
    bots = ["random", "greedy", "clever"] * 3
    response = post("/api/table", amani_auth, {"bots": bots, "overrides": {"decks": 2}})
    assert response.status_code == 200, response.content
    game = Game.objects.get(pk=response.json()["game"])
    assert game.player_count == 10 and game.is_running
    assert len(game.engine_state().hands) == 10


def test_more_than_five_seats_on_one_deck_are_refused_in_words(amani_auth, wanjiru):
    table = post("/api/table", amani_auth, {"seats": 6, "bots": ["greedy"]})
    assert_refused(table, "bad_terms")
    assert "two decks" in table.json()["error"]
    challenge = post("/api/challenge/wanjiru", amani_auth, {"bots": ["greedy"] * 4})
    assert_refused(challenge, "bad_terms")
    assert "two decks" in challenge.json()["error"]
    assert not Table.objects.exists() and not Challenge.objects.exists()


def test_a_private_table_answers_its_invitation_link(amani_auth):
    response = post("/api/table", amani_auth, {"seats": 3, "bots": ["greedy"], "private": True})
    table = Table.objects.get(pk=response.json()["table"])
    assert table.private
    assert response.json()["invite"] == f"http://testserver/t/{table.pk}/join/{table.invite_token}/"
    public = post("/api/table", amani_auth, {"seats": 3})
    assert "invite" not in public.json() and not Table.objects.get(pk=public.json()["table"]).private


def test_a_challenge_accepted_through_the_api(amani_auth, wanjiru_auth):
    made = post("/api/challenge/wanjiru", amani_auth, {"preset": "friendly", "bots": ["greedy"]})
    summary = made.json()["challenge"]
    assert made.status_code == 200 and summary["status"] == "open" and summary["direction"] == "out"
    assert_documented(summary, "Challenge")
    key = summary["id"]
    assert_refused(
        post(f"/api/challenge/{key}/accept", amani_auth), "no_such_challenge"
    )  # not the challenger
    accepted = post(f"/api/challenge/{key}/accept", wanjiru_auth).json()["challenge"]
    assert (
        accepted["status"] == "accepted" and Table.objects.get(pk=accepted["table"]).current_game().is_running
    )
    assert_refused(post(f"/api/challenge/{key}/accept", wanjiru_auth), "challenge_decided")
    assert Game.objects.count() == 1


def test_the_challengers_tables_an_hour_refuse_the_challenge_never_the_accept(
    amani_auth, wanjiru_auth, settings
):
    settings.TABLES_PER_HOUR = 1
    key = post("/api/challenge/wanjiru", amani_auth, {"preset": "classic"}).json()["challenge"]["id"]
    assert post("/api/table", amani_auth, {"seats": 2, "bots": ["greedy"]}).status_code == 200
    accepted = post(f"/api/challenge/{key}/accept", wanjiru_auth)
    assert accepted.status_code == 200 and accepted.json()["challenge"]["status"] == "accepted"
    refused = post("/api/challenge/wanjiru", amani_auth, {"preset": "classic"})
    assert_refused(refused, "refused")
    assert "You have made 1 table in the last hour" in refused.json()["error"]


def test_a_challenge_declined_and_one_cancelled(amani_auth, wanjiru_auth):
    first = post("/api/challenge/wanjiru", amani_auth).json()["challenge"]["id"]
    second = post("/api/challenge/wanjiru", amani_auth).json()["challenge"]["id"]
    assert_refused(post(f"/api/challenge/{first}/cancel", wanjiru_auth), "no_such_challenge")
    assert post(f"/api/challenge/{first}/decline", wanjiru_auth).json()["challenge"]["status"] == "declined"
    assert post(f"/api/challenge/{second}/cancel", amani_auth).json()["challenge"]["status"] == "cancelled"
    assert_refused(post(f"/api/challenge/{second}/accept", wanjiru_auth), "challenge_decided")


def test_a_bot_accepts_at_once(amani_auth, greedy_bot):
    answer = post(f"/api/challenge/{greedy_bot.username}", amani_auth).json()["challenge"]
    assert answer["status"] == "accepted" and Table.objects.get(pk=answer["table"]).current_game().is_running


def test_refusals(amani_auth, amani, wanjiru):
    assert_refused(post("/api/challenge/nobody-here", amani_auth), "no_such_player")
    assert_refused(post("/api/challenge/amani", amani_auth), "cannot_challenge")
    assert_refused(post("/api/challenge/wanjiru", amani_auth, {"preset": "nope"}), "bad_terms")
    assert_refused(post("/api/challenge/wanjiru", amani_auth, {"seats": 3}), "bad_body")
    assert_refused(post("/api/table", amani_auth, {"seats": 2, "bots": ["greedy", "greedy"]}), "bad_terms")
    assert_refused(
        Client().post("/api/challenge/wanjiru", "{", content_type="application/json", **amani_auth),
        "bad_body",
    )
    assert_refused(Client().get("/api/challenge/wanjiru", **amani_auth), "wrong_method")
    assert_refused(Client().post("/api/table"), "bad_token")
    assert not Challenge.objects.exists() and not Table.objects.exists()


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
    max_leaves=12,
)
FIELDS = st.fixed_dictionaries(
    {},
    optional={
        "preset": st.sampled_from(["classic", "chains", "x"]) | JSON,
        "overrides": st.dictionaries(st.sampled_from(["jokers", "hand_size", "nope"]), JSON, max_size=2)
        | JSON,
        "timer": st.integers(-5, 5000) | JSON,
        "bots": st.lists(st.sampled_from(["greedy", "random", "god"]), max_size=5) | JSON,
        "seats": st.integers(-1, 7) | JSON,
    },
)
BODIES = st.one_of(FIELDS.map(json.dumps), JSON.map(json.dumps), st.text(max_size=60))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=BODIES, where=st.sampled_from(["/api/table", "/api/challenge/wanjiru"]))
def test_any_body_gets_a_clear_answer(amani_auth, wanjiru, body, where):
    tables = Table.objects.count()
    response = Client().post(where, body, content_type="application/json", **amani_auth)
    assert response.status_code in (200, 400, 409, 429), response.content
    if response.status_code != 200:
        code = response.json()["code"]
        assert code in REFUSALS and REFUSALS[code].status == response.status_code and response.json()["error"]
        assert Table.objects.count() == tables
    Challenge.objects.update(status=Status.CANCELLED)  # the next example is not over the open limit


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(key=st.text(max_size=40), action=st.sampled_from(["accept", "decline", "cancel"]))
def test_no_guessed_id_acts_on_a_challenge(amani, wanjiru, wanjiru_auth, key, action):
    challenge = Challenge.objects.first() or challenges.create(amani, wanjiru, challenges.Terms("classic"))
    response = Client().post(f"/api/challenge/{key}/{action}", **wanjiru_auth)
    assert response.status_code in (404, 405) or key == challenge.key
    assert Challenge.objects.get(pk=challenge.pk).status == Status.OPEN


@pytest.mark.django_db(transaction=True)
async def test_the_event_stream_tells_challenges_and_the_game_they_start(amani, wanjiru):
    raw = (await sync_to_async(create_token)(wanjiru, "stream"))[1]
    stream = await open_stream("/api/stream/event", raw)
    challenge = await sync_to_async(challenges.create)(amani, wanjiru, challenges.Terms("classic"))
    event = await stream.next()
    assert event["type"] == "challenge" and event["challenge"]["id"] == challenge.key
    assert event["challenge"]["direction"] == "in" and event["challenge"]["challenger"] == "amani"
    assert_documented(event, "Event")
    await sync_to_async(challenges.accept)(challenge.key, wanjiru)
    accepted, start = await stream.next(), await stream.next()
    assert accepted["type"] == "challengeAccepted" and start["type"] == "gameStart"
    assert start["game"]["table"] == accepted["challenge"]["table"]
    declined = await sync_to_async(challenges.create)(amani, wanjiru, challenges.Terms("classic"))
    assert (await stream.next())["type"] == "challenge"
    await sync_to_async(challenges.cancel)(declined.key, amani)
    assert (await stream.next())["type"] == "challengeCanceled"
    await stream.close()

"""The bot API's tournaments: the list, a tournament with its standings and one's own entry,
joining and withdrawing through the real writes (``tournaments.writes.entries``), the
refusals of every kind of bad request (a private tournament told to an outsider exactly as
a missing one), and the event stream's ``tournamentGameStart`` when the pairing's signal
says a table was made."""

import asyncio
import json
from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.db import transaction
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api.tokens import create_token
from tests.api.test_streams import WAIT, assert_documented, open_stream
from tests.tournaments import rows
from tournaments import signals
from tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db
Status = Tournament.Status


def get(client, auth, path):
    return client.get(path, **auth)


def post(client, auth, path, body=None, raw=None):
    data = raw if raw is not None else ("" if body is None else json.dumps(body))
    return client.post(path, data=data, content_type="application/json", **auth)


def documented(answer, schema):
    assert_documented(answer, schema)
    return answer


@pytest.fixture
def running(baraka):
    made = rows.tournament("Kadi Night", seats=2)
    rows.enter(made, baraka)
    return made


def test_the_list_has_the_upcoming_the_running_and_the_recently_finished(client, auth, running, baraka):
    now = timezone.now()
    soon = rows.tournament("Tomorrow", status=Status.SCHEDULED, starts_at=now + timedelta(days=1))
    rows.tournament("Hidden", private=True)
    done = rows.tournament("Last night", status=Status.FINISHED, finished_at=now - timedelta(hours=10))
    rows.tournament("Last month", status=Status.FINISHED, finished_at=now - timedelta(days=30))
    ending = rows.tournament("Ending", status=Status.ENDING)
    answer = get(client, auth, "/api/tournaments")
    assert answer.status_code == 200
    listed = answer.json()
    assert [t["id"] for t in listed["upcoming"]] == [soon.pk]
    assert {t["id"] for t in listed["running"]} == {running.pk, ending.pk}
    assert [t["id"] for t in listed["finished"]] == [done.pk]
    (night,) = [t for t in listed["running"] if t["id"] == running.pk]
    assert night["entrants"] == 1 and night["seats"] == 2 and night["bots_allowed"] and night["rated"]
    assert night["preset"] == "friendly" and night["rules"]["misplay"] == "reject"
    assert night["ends"] == running.ends_at.isoformat() and night["status"] == "running"
    assert "invite_token" not in json.dumps(listed)
    for summary in listed["running"]:
        assert_documented(summary, "Tournament")


def test_a_tournament_shows_its_standings_and_your_own_entry(client, auth, user, running, baraka, chebet):
    rows.enter(running, user, chebet)
    rows.score(rows.seat(running, baraka, chebet))
    answer = documented(get(client, auth, f"/api/tournament/{running.pk}").json(), "TournamentDetail")
    assert [(s["rank"], s["username"], s["points"]) for s in answer["standings"]] == [
        (1, "baraka", 12),
        (2, "amani", 0),
        (3, "chebet", 0),
    ]
    assert answer["standings"][0]["wins"] == 1 and answer["standings"][0]["streak"] == 1
    assert answer["you"]["rank"] == 2 and answer["you"]["table"] is None and answer["entrants"] == 3


def test_your_entry_names_the_table_and_game_you_play_at(client, auth, user, running, baraka):
    rows.enter(running, user)
    made = rows.seat(running, user, baraka)
    you = get(client, auth, f"/api/tournament/{running.pk}").json()["you"]
    assert (you["table"], you["game"]) == (made.table_id, made.game_id)


def test_join_then_withdraw_then_join_again(client, auth, user, running):
    joined = post(client, auth, f"/api/tournament/{running.pk}/join")
    assert joined.status_code == 200
    assert joined.json() == {"ok": True, "tournament": running.pk, "state": "in"}
    entry = Entry.objects.get(tournament=running, user=user)
    assert entry.waiting_since is not None
    left = post(client, auth, f"/api/tournament/{running.pk}/withdraw")
    assert left.json()["state"] == "withdrawn"
    again = post(client, auth, f"/api/tournament/{running.pk}/withdraw")
    assert (again.status_code, again.json()["code"]) == (409, "refused")
    assert "withdrawn" in again.json()["error"]
    assert post(client, auth, f"/api/tournament/{running.pk}/join").json()["state"] == "in"


def test_joining_twice_is_refused(client, auth, user, running):
    assert post(client, auth, f"/api/tournament/{running.pk}/join").status_code == 200
    twice = post(client, auth, f"/api/tournament/{running.pk}/join")
    assert twice.status_code == 409
    assert twice.json() == {"error": "You are in this tournament already.", "code": "already_in"}
    assert Entry.objects.filter(tournament=running, user=user).count() == 1


@pytest.mark.parametrize("status", [Status.FINISHED, Status.ENDING])
def test_a_tournament_over_is_not_joined(client, auth, user, status):
    over = rows.tournament("Over", status=status, finished_at=timezone.now())
    answer = post(client, auth, f"/api/tournament/{over.pk}/join")
    assert (answer.status_code, answer.json()["code"]) == (409, "tournament_over")
    assert not Entry.objects.filter(user=user).exists()
    assert get(client, auth, f"/api/tournament/{over.pk}").json()["status"] == status


def test_a_tournament_without_bots_refuses_a_program(client, auth, user):
    people_only = rows.tournament("People only", bots_allowed=False)
    answer = post(client, auth, f"/api/tournament/{people_only.pk}/join")
    assert answer.status_code == 403
    assert answer.json() == {
        "error": "This tournament does not allow bots: only people play in it.",
        "code": "bots_not_allowed",
    }
    assert not Entry.objects.filter(user=user).exists()


def test_a_private_tournament_is_nothing_to_an_outsider(client, auth, user, baraka):
    secret = rows.tournament("Family", private=True, created_by=baraka)
    rows.enter(secret, baraka)
    missing = Tournament.objects.order_by("pk").last().pk + 1000
    for path in ("/api/tournament/{}", "/api/tournament/{}/join", "/api/tournament/{}/withdraw"):
        send = get if path.count("/") == 3 else post
        hidden = send(client, auth, path.format(secret.pk))
        nothing = send(client, auth, path.format(missing))
        assert hidden.status_code == nothing.status_code == 404
        assert (
            hidden.json()
            == nothing.json()
            == {"error": "There is no such tournament.", "code": "no_such_tournament"}
        )
        assert dict(hidden.headers).keys() == dict(nothing.headers).keys()
    wrong = post(client, auth, f"/api/tournament/{secret.pk}/join", {"invite": "guessed" * 3})
    assert wrong.json()["code"] == "no_such_tournament"
    peeked = get(client, auth, f"/api/tournament/{secret.pk}?invite={'x' * 5000}")
    assert peeked.json()["code"] == "no_such_tournament"
    assert not Entry.objects.filter(user=user).exists()


def test_a_private_tournament_opens_with_its_invitation(client, auth, user, baraka):
    secret = rows.tournament("Family", private=True, created_by=baraka)
    shown = get(client, auth, f"/api/tournament/{secret.pk}?invite={secret.invite_token}")
    assert shown.status_code == 200 and shown.json()["private"] and shown.json()["you"] is None
    assert secret.invite_token not in shown.content.decode()
    joined = post(client, auth, f"/api/tournament/{secret.pk}/join", {"invite": secret.invite_token})
    assert joined.status_code == 200
    assert get(client, auth, f"/api/tournament/{secret.pk}").json()["you"]["state"] == "in"  # an entrant now
    assert secret.pk not in [
        t["id"] for kind in get(client, auth, "/api/tournaments").json().values() for t in kind
    ]


def test_guessed_ids_are_refused_alike(client, auth):
    for guess in (0, 1, 999_999, 10**17):
        answer = get(client, auth, f"/api/tournament/{guess}")
        assert (answer.status_code, answer.json()["code"]) == (404, "no_such_tournament")
        joined = post(client, auth, f"/api/tournament/{guess}/join")
        assert (joined.status_code, joined.json()["code"]) == (404, "no_such_tournament")
    for path in ("/api/tournament/abc", "/api/tournament/-1/join", f"/api/tournament/{10**19}"):
        answer = get(client, auth, path)
        assert (answer.status_code, answer.json()["code"]) == (404, "no_such_endpoint")


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        ("{not json", "The body is not JSON."),
        ('["invite"]', "The body is a JSON object."),
        ('{"invite": 12}', "invite: the wrong type of value."),
        ('{"invite": "x", "user": "baraka"}', "user: no such field; the fields are: invite"),
        ('{"invite": "' + "x" * 9000 + '"}', "The body is longer than 8192 bytes."),
        ("\xff\xfe", "The body is not JSON."),
    ],
)
def test_a_bad_join_body_is_refused_and_changes_nothing(client, auth, user, running, raw, words):
    answer = post(client, auth, f"/api/tournament/{running.pk}/join", raw=raw)
    assert answer.status_code == 400
    assert answer.json() == {"error": words, "code": "bad_body"}
    assert not Entry.objects.filter(user=user).exists()


def test_withdrawing_someone_else_is_impossible(client, auth, user, running, baraka):
    """The token's player is the only one an API write acts on: naming another is refused,
    and a player not in the tournament has nothing to withdraw."""
    named = post(client, auth, f"/api/tournament/{running.pk}/withdraw", {"user": "baraka"})
    assert (named.status_code, named.json()["code"]) == (400, "bad_body")
    not_in = post(client, auth, f"/api/tournament/{running.pk}/withdraw")
    assert not_in.status_code == 409
    assert not_in.json() == {"error": "You are not in this tournament.", "code": "not_in"}
    assert Entry.objects.get(tournament=running, user=baraka).state == Entry.State.IN


def test_the_wrong_method_and_no_token(client, auth, running):
    assert post(client, auth, "/api/tournaments").json()["code"] == "wrong_method"
    assert get(client, auth, f"/api/tournament/{running.pk}/join").status_code == 405
    assert client.get("/api/tournaments").json()["code"] == "bad_token"
    assert client.post(f"/api/tournament/{running.pk}/join").status_code == 401


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    body=st.one_of(
        st.binary(max_size=300), st.dictionaries(st.text(max_size=8), st.none() | st.text(max_size=70))
    ),
    invite=st.text(max_size=80),
)
def test_no_body_or_invitation_is_a_server_error(client, auth, running, body, invite):
    raw = body if isinstance(body, bytes) else json.dumps(body)
    for path in (f"/api/tournament/{running.pk}/join", f"/api/tournament/{running.pk}/withdraw"):
        answer = client.post(path, data=raw, content_type="application/json", **auth)
        assert answer.status_code in (200, 400, 404, 409), answer.content
        assert answer.json()["code"] if answer.status_code != 200 else answer.json()["ok"]
    shown = client.get(f"/api/tournament/{running.pk}", {"invite": invite}, **auth)
    assert shown.status_code == 200


async def listening(group):
    """Once an open stream's channel is in ``group`` (it waits for news there)."""
    layer = get_channel_layer()
    async with asyncio.timeout(WAIT):
        while not layer.groups.get(group):
            await asyncio.sleep(0.01)


@pytest.mark.django_db(transaction=True)
async def test_the_event_stream_says_when_a_tournament_game_starts(settings, user, baraka):
    """The stream, waiting, hears of the new table from the pairing's signal, not from its
    keep-alive look: the keep-alive is longer than the test waits."""
    settings.API_KEEPALIVE_SECONDS = 60
    made = await sync_to_async(rows.tournament)("Arena", seats=2)
    await sync_to_async(rows.enter)(made, user, baraka)
    token = (await sync_to_async(create_token)(user, "bot"))[1]
    stream = await open_stream("/api/stream/event", token)
    told = asyncio.ensure_future(stream.next())
    await listening(f"events.{user.pk}")

    def pair():
        with transaction.atomic():
            table = rows.seat(made, user, baraka)
            users = [user.pk, baraka.pk]
            transaction.on_commit(
                lambda: signals.tables_made.send(sender=Tournament, tournament=made, user_ids=users)
            )
        return table

    table = await sync_to_async(pair)()
    expected = {
        "type": "tournamentGameStart",
        "tournament": made.pk,
        "table": table.table_id,
        "game": table.game_id,
    }
    assert await told == expected
    assert_documented(expected, "Event")
    start = await stream.next()
    assert start["type"] == "gameStart" and start["game"]["id"] == table.game_id
    await stream.close()


@pytest.mark.django_db(transaction=True)
async def test_a_stream_opened_later_says_it_too(user, baraka):
    made = await sync_to_async(rows.tournament)("Arena", seats=2)
    await sync_to_async(rows.enter)(made, user, baraka)
    table = await sync_to_async(rows.seat)(made, user, baraka)
    token = (await sync_to_async(create_token)(user, "bot"))[1]
    stream = await open_stream("/api/stream/event", token)
    assert (await stream.next())["type"] == "tournamentGameStart"
    assert (await stream.next())["game"]["id"] == table.game_id
    await stream.close()

"""``/ws/tournament/<id>/`` (issue 46, point 4): the standings pushed to every watcher when
a player joins, rendered once per change for all of them, with each viewer's own line;
refused to another site, to outsiders of a private tournament (as a missing id) and past
the message budget; a closed account's socket is closed; what a page sends cannot break it
(hypothesis); a game in progress shows its players, nothing of their hands."""

import json

import pytest
from channels.db import database_sync_to_async
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.live.consumers import VIEWER_ENDED
from games.live.rate_limit import TOO_MANY_MESSAGES
from tests.realtime.helpers import ORIGIN, WAIT, JsonSocket, session_cookie
from tests.tournaments.page_states import a_tournament, entrant, tournament_game
from tournaments import live
from tournaments.models import Tournament
from tournaments.writes import entries

pytestmark = pytest.mark.django_db(transaction=True)
Status = Tournament.Status
join = database_sync_to_async(entries.join)


async def watch(tournament, user=None, query=""):
    cookie = await session_cookie(user) if user else None
    watcher = JsonSocket(f"/ws/tournament/{tournament.pk}/{query}", cookie)
    connected, _code = await watcher.communicator.connect(timeout=WAIT)
    assert connected
    await watcher.receive()
    return watcher


async def refused(path, origin=ORIGIN, user=None):
    watcher = JsonSocket(path, await session_cookie(user) if user else None, origin=origin)
    connected, _code = await watcher.communicator.connect(timeout=WAIT)
    return not connected


@pytest.fixture
def running(make_user):
    tournament = a_tournament("Jioni Cup", Status.RUNNING, seats=2)
    entrant(tournament, make_user("amani"), points=12, games=1)
    return tournament


async def test_a_join_pushes_the_standings_to_every_watcher_rendered_once(running, make_user):
    baraka, chebet = (
        await database_sync_to_async(make_user)("baraka"),
        await database_sync_to_async(make_user)("chebet"),
    )
    visitor, chebets_page = await watch(running), await watch(running, chebet)
    barakas_page = await watch(running, baraka)
    first = visitor.frames[0]
    assert "amani" in first["standings"] and "baraka" not in first["standings"]
    assert "Join the tournament" in barakas_page.frames[0]["you"]

    await join(running.pk, baraka)

    seq = running.seq + 1
    frames = [await page.until(lambda f: f["seq"] == seq) for page in (visitor, chebets_page, barakas_page)]
    assert all(">baraka</a>" in frame["standings"] for frame in frames)
    assert len({frame["standings"] for frame in frames}) == 1  # one render for all of them
    assert [key for key in live._renders if key[:2] == (running.pk, seq)] == [(running.pk, seq, "en")]
    assert "You are number 2, with 0 points from 0 games." in frames[2]["you"]
    assert 'name="csrfmiddlewaretoken"' in frames[2]["you"] and "Withdraw" in frames[2]["you"]
    assert "Join the tournament" in frames[1]["you"] and "Log in" in frames[0]["you"]
    assert frames[2]["me"] == baraka.pk and frames[0]["me"] is None
    assert "2 players" in frames[0]["head"]
    for page in (visitor, chebets_page, barakas_page):
        await page.communicator.disconnect()


async def test_the_countdown_to_the_next_pairing_comes_with_each_frame(running, make_user, settings):
    settings.TOURNAMENT_PAIRING_SECONDS = 30
    page = await watch(running)
    assert page.frames[0]["countdowns"]["next"] is None  # one player waits: no table to fill
    assert 3500 <= page.frames[0]["countdowns"]["end"] <= 3541
    await join(running.pk, await database_sync_to_async(make_user)("baraka"))
    frame = await page.until(lambda f: f["countdowns"]["next"] is not None)
    assert 0 <= frame["countdowns"]["next"] <= 30 and "Next tables in" in frame["head"]
    await page.communicator.disconnect()


async def test_a_game_in_progress_shows_its_players_and_nothing_of_their_hands(running, make_user):
    baraka = await database_sync_to_async(make_user)("baraka")
    await database_sync_to_async(entrant)(running, baraka)
    amani = await database_sync_to_async(lambda: running.entries.get(user__username="amani").user)()
    made = await database_sync_to_async(tournament_game)(running, [amani, baraka])
    page = await watch(running)
    frame = page.frames[0]
    assert "amani, baraka" in frame["games"] and "Watch" in frame["games"]
    assert str(made.game.seed) not in json.dumps(frame) and "data-card" not in json.dumps(frame)
    await page.communicator.disconnect()


async def test_another_site_a_missing_id_and_an_outsider_of_a_private_tournament_are_refused(make_user):
    owner, outsider = (
        await database_sync_to_async(make_user)("amani"),
        await database_sync_to_async(make_user)("baraka"),
    )
    secret = await database_sync_to_async(a_tournament)(
        "Siri", Status.RUNNING, private=True, created_by=owner
    )
    public = await database_sync_to_async(a_tournament)("Wazi", Status.RUNNING)
    assert await refused(f"/ws/tournament/{public.pk}/", origin=(b"origin", b"http://evil.example"))
    assert await refused(f"/ws/tournament/{public.pk}/", origin=(b"origin", b"http://127.0.0.1:8001"))
    assert await refused(f"/ws/tournament/{public.pk + 1000}/")
    assert await refused(f"/ws/tournament/{2**64}/")
    assert await refused(f"/ws/tournament/{secret.pk}/", user=outsider)
    assert await refused(f"/ws/tournament/{secret.pk}/?invite=wrong", user=outsider)
    opened = await watch(secret, outsider, f"?invite={secret.invite_token}")
    assert f'name="invite" value="{secret.invite_token}"' in opened.frames[0]["you"]
    await opened.communicator.disconnect()
    owners = await watch(secret, owner)
    await owners.communicator.disconnect()


async def test_a_refresh_brings_a_frame_anything_else_a_notice_and_too_many_close_it(running, settings):
    settings.LIVE_MESSAGE_BURST, settings.LIVE_MESSAGE_RATE = 5, 0.001
    page = await watch(running)
    await page.communicator.send_to(text_data=json.dumps({"type": "refresh"}))
    assert "amani" in (await page.receive())["standings"]
    for hostile in ("not json", json.dumps({"type": "join"}), "x" * 10_000):
        await page.communicator.send_to(text_data=hostile)
        assert (await page.receive()) == {"notice": "This socket only takes a refresh."}
    await page.communicator.send_to(bytes_data=b"\x00\xff")
    assert "notice" in await page.receive()
    await page.communicator.send_to(text_data="{}")
    closed = await page.communicator.receive_output(timeout=WAIT)
    assert closed == {"type": "websocket.close", "code": TOO_MANY_MESSAGES, "reason": "too many messages"}


MESSAGES = st.one_of(
    st.text(min_size=1, max_size=300),
    st.binary(min_size=1, max_size=50),
    st.fixed_dictionaries({"type": st.text(max_size=10)}, optional={"x": st.integers()}).map(json.dumps),
)


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(messages=st.lists(MESSAGES, max_size=5))
async def test_whatever_a_page_sends_the_socket_answers_and_stays_open(running, messages):
    page = await watch(running)
    for message in messages:
        if isinstance(message, bytes):
            await page.communicator.send_to(bytes_data=message)
        else:
            await page.communicator.send_to(text_data=message)
        frame = await page.receive()
        assert set(frame) == {"notice"} or "standings" in frame
    await page.communicator.send_to(text_data=json.dumps({"type": "refresh"}))
    assert "standings" in await page.receive()
    await page.communicator.disconnect()


async def test_a_closed_account_ends_its_sockets(running, make_user):
    baraka = await database_sync_to_async(make_user)("baraka")
    page = await watch(running, baraka)
    baraka.is_active = False
    await database_sync_to_async(baraka.save)()  # the admin closes the account
    closed = await page.communicator.receive_output(timeout=WAIT)
    assert closed == {"type": "websocket.close", "code": VIEWER_ENDED}

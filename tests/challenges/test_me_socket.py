"""``/ws/me/``: a player's own socket on every page. A new challenge reaches the challenged
at once (the notification's HTML with Accept and Decline forms, its count for the title);
the challenger hears it was accepted (the table to go to), declined or expired; visitors and
other sites are refused; what the page sends cannot break it (hypothesis)."""

import json
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.urls import reverse
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.live.consumers import VIEWER_ENDED
from games.live.rate_limit import TOO_MANY_MESSAGES
from games.models import Challenge
from games.play import challenges
from kadi_site.asgi import application
from tests.realtime.helpers import HOST, ORIGIN, WAIT, open_client, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)


class Me:
    """A page's /ws/me/ socket; ``frames``: the JSON frames received."""

    def __init__(self, cookie=None, origin=ORIGIN):
        headers = [origin, HOST] + ([(b"cookie", cookie.encode())] if cookie else [])
        self.communicator = WebsocketCommunicator(application, "/ws/me/", headers=headers)
        self.frames = []

    async def receive(self):
        frame = json.loads(await self.communicator.receive_from(timeout=WAIT))
        self.frames.append(frame)
        return frame

    async def until(self, predicate):
        while not predicate(frame := await self.receive()):
            pass
        return frame


async def open_me(user):
    me = Me(await session_cookie(user))
    connected, _code = await me.communicator.connect(timeout=WAIT)
    assert connected
    await me.receive()
    return me


create = database_sync_to_async(challenges.create)
accept = database_sync_to_async(challenges.accept)
decline = database_sync_to_async(challenges.decline)
Terms = challenges.Terms


async def test_a_challenge_reaches_the_challenged_and_its_acceptance_sends_the_challenger_to_the_table(
    amani, wanjiru
):
    wanjiru_page, amani_page = await open_me(wanjiru), await open_me(amani)
    assert wanjiru_page.frames[0]["count"] == 0

    challenge = await create(amani, wanjiru, Terms("classic"))

    frame = await wanjiru_page.until(lambda f: f["count"] == 1)
    assert (
        "amani challenges you!" in frame["html"]
        and frame["count_words"] == "1 challenge waits for your answer."
    )
    assert reverse("games:accept_challenge", args=[challenge.key]) in frame["html"]
    assert 'name="csrfmiddlewaretoken"' in frame["html"]
    await accept(challenge.key, wanjiru)
    told = await amani_page.until(lambda f: f.get("go"))
    table_id = (await database_sync_to_async(Challenge.objects.get)(pk=challenge.pk)).table_id
    assert told["go"] == reverse("games:table", args=[table_id])
    assert told["said"] == ["wanjiru accepted your challenge: to the table!"]
    assert (await wanjiru_page.until(lambda f: f["count"] == 0))["html"].strip() == ""
    for page in (wanjiru_page, amani_page):
        await page.communicator.disconnect()


async def test_the_challenger_is_told_of_a_decline_and_an_expiry(amani, wanjiru, settings):
    amani_page = await open_me(amani)
    first = await create(amani, wanjiru, Terms("classic"))
    await decline(first.key, wanjiru)
    frame = await amani_page.until(lambda f: f["said"])
    assert frame["said"] == ["wanjiru declined your challenge."] and "go" not in frame

    second = await create(amani, wanjiru, Terms("classic"))
    soon = timezone.now() + timedelta(seconds=0.3)
    await database_sync_to_async(Challenge.objects.filter(pk=second.pk).update)(expires_at=soon)
    await amani_page.communicator.send_to(
        text_data=json.dumps({"type": "refresh"})
    )  # the socket sets its timer
    frame = await amani_page.until(lambda f: f["said"])  # the socket expires it when due: no one else does
    assert frame["said"] == ["Your challenge to wanjiru expired unanswered."]
    status = (await database_sync_to_async(Challenge.objects.get)(pk=second.pk)).status
    assert status == Challenge.Status.EXPIRED
    await amani_page.communicator.disconnect()


async def test_the_sweep_expires_a_challenge_and_tells_the_challenger(amani, wanjiru, table, settings):
    """A challenge due while no socket's timer waits for it (this one's is set for the
    expiry it read first) is written expired by the sweep of any process with a table open
    (``games.live.heartbeats``), and its challenger's page hears it."""
    settings.ABANDON_SWEEP_SECONDS = 0.2
    amani_page = await open_me(amani)
    challenge = await create(amani, wanjiru, Terms("classic"))
    await amani_page.receive()  # the socket read the challenge's expiry: its timer waits 300 s
    past = timezone.now() - timedelta(seconds=1)
    await database_sync_to_async(Challenge.objects.filter(pk=challenge.pk).update)(expires_at=past)
    viewer = await open_client(table.pk, amani)  # a table open: this process's sweep runs
    frame = await amani_page.until(lambda f: f["said"])
    assert frame["said"] == ["Your challenge to wanjiru expired unanswered."]
    status = (await database_sync_to_async(Challenge.objects.get)(pk=challenge.pk)).status
    assert status == Challenge.Status.EXPIRED
    await viewer.close()
    await amani_page.communicator.disconnect()


async def test_visitors_and_other_sites_get_no_socket(amani):
    anonymous = Me()
    assert (await anonymous.communicator.connect(timeout=WAIT))[0] is False
    foreign = Me(await session_cookie(amani), origin=(b"origin", b"http://evil.example"))
    assert (await foreign.communicator.connect(timeout=WAIT))[0] is False


async def test_a_flood_closes_the_socket_and_a_logout_ends_it(amani, settings):
    settings.LIVE_MESSAGE_BURST, settings.LIVE_MESSAGE_RATE = 3, 0.001
    page = await open_me(amani)
    for _ in range(5):
        await page.communicator.send_to(text_data="{}")
    while True:
        output = await page.communicator.receive_output(timeout=WAIT)
        if output["type"] == "websocket.close":
            break
    assert output["code"] == TOO_MANY_MESSAGES

    from games.live import realtime

    other = await open_me(amani)
    await database_sync_to_async(realtime.end_sockets)(realtime.account_group(amani.pk), "closed")
    while (output := await other.communicator.receive_output(timeout=WAIT))["type"] != "websocket.close":
        pass
    assert output["code"] == VIEWER_ENDED


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    frames=st.lists(
        st.one_of(
            st.text(min_size=1, max_size=300),
            st.binary(min_size=1, max_size=50),
            st.fixed_dictionaries({"type": st.text(max_size=10)}, optional={"x": st.integers()}).map(
                json.dumps
            ),
        ),
        max_size=6,
    )
)
async def test_no_frame_breaks_the_socket(amani, frames):
    page = await open_me(amani)
    for data in frames:
        if isinstance(data, bytes):
            await page.communicator.send_to(bytes_data=data)
        else:
            await page.communicator.send_to(text_data=data)
        answer = await page.receive()
        assert set(answer) <= {"notice", "count", "html", "count_words", "said", "go"}
    await page.communicator.send_to(text_data=json.dumps({"type": "refresh"}))
    assert (await page.receive())["count"] == 0
    await page.communicator.disconnect()

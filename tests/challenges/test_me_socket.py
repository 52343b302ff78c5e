"""``/ws/me/``: a player's own socket on every page. A new challenge reaches the challenged
at once (the notification's HTML with Accept and Decline forms, its count for the title);
the challenger hears it was accepted (the table to go to), declined or expired; visitors and
other sites are refused; what the page sends cannot break it (hypothesis)."""

import json
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.urls import reverse
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.live.consumers import VIEWER_ENDED
from games.live.rate_limit import TOO_MANY_MESSAGES
from games.models import Challenge
from games.play import challenges
from tests.realtime.helpers import ORIGIN, WAIT, JsonSocket, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)


def me_socket(cookie=None, origin=ORIGIN):
    """A page's /ws/me/ socket."""
    return JsonSocket("/ws/me/", cookie, origin)


async def open_me(user):
    me = me_socket(await session_cookie(user))
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


async def test_the_task_engines_sweep_expires_a_challenge_and_tells_the_challenger(amani, wanjiru):
    """A challenge due while no socket's timer waits for it (this one's is set for the
    expiry it read first) is written expired by the task engine's sweep (the job
    ``games.play.challenges.expire_due``, timers.jobs), and its challenger's page hears it."""
    amani_page = await open_me(amani)
    challenge = await create(amani, wanjiru, Terms("classic"))
    await amani_page.receive()  # the socket read the challenge's expiry: its timer waits 300 s
    past = timezone.now() - timedelta(seconds=1)
    await database_sync_to_async(Challenge.objects.filter(pk=challenge.pk).update)(expires_at=past)
    assert await database_sync_to_async(challenges.expire_due)() == 1  # as a task worker runs it
    frame = await amani_page.until(lambda f: f["said"])
    assert frame["said"] == ["Your challenge to wanjiru expired unanswered."]
    status = (await database_sync_to_async(Challenge.objects.get)(pk=challenge.pk)).status
    assert status == Challenge.Status.EXPIRED
    await amani_page.communicator.disconnect()


async def test_visitors_and_other_sites_get_no_socket(amani):
    anonymous = me_socket()
    assert (await anonymous.communicator.connect(timeout=WAIT))[0] is False
    foreign = me_socket(await session_cookie(amani), origin=(b"origin", b"http://evil.example"))
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

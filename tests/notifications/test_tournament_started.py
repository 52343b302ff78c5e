"""A tournament one joined has begun: its people are told on the site and by push (never by
e-mail: its first tables are made at once, so a batched e-mail would come too late), with a
link to its page; the kind is switched in the settings like the others. The signal is sent
here as the tournament's start sends it, once committed (``tournaments.signals``)."""

import json

import http_ece
import pytest
from django.db import transaction
from django.utils import translation

from notifications import push, texts
from notifications.models import Channel, Kind, Notification, Preference, channel_allowed
from tests.notifications.test_push import subscribe
from tests.tournaments import rows
from tournaments import signals
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db
SETTINGS = "/settings/notifications/"


def start(tournament, users, capture):
    """Send ``tournament_started`` as the tournament's start does: on commit."""
    with capture(execute=True), transaction.atomic():
        ids = [user.pk for user in users]
        transaction.on_commit(
            lambda: signals.tournament_started.send(sender=Tournament, tournament=tournament, user_ids=ids)
        )


def told(user):
    return list(Notification.objects.filter(user=user, kind=Kind.TOURNAMENT_STARTED))


def test_each_entrant_is_told_with_a_link_to_the_page(
    user, baraka, chebet, django_capture_on_commit_callbacks
):
    night = rows.tournament("Kadi Night")
    start(night, [user, baraka], django_capture_on_commit_callbacks)
    (mine,) = told(user)
    assert mine.url == f"/tournaments/{night.pk}/" and mine.listed
    assert texts.title(mine) == "Tournament started"
    assert texts.body(mine) == "Kadi Night has begun: your first table is being made."
    assert len(told(baraka)) == 1 and told(chebet) == []
    with translation.override("sw"):
        assert "Kadi Night" in texts.body(mine)


def test_told_once_and_the_sites_bots_are_not_told(user, django_capture_on_commit_callbacks):
    from games.play.tables import bot_account

    night = rows.tournament("Kadi Night")
    bot = bot_account("greedy")
    start(night, [user, bot], django_capture_on_commit_callbacks)
    start(night, [user, bot], django_capture_on_commit_callbacks)  # a start sent twice
    assert len(told(user)) == 1 and told(bot) == []


def test_a_private_tournaments_link_opens_for_its_entrant(client, user, django_capture_on_commit_callbacks):
    """The link carries no invitation: the page opens for an entrant without it."""
    secret = rows.tournament("Family", private=True)
    rows.enter(secret, user)
    start(secret, [user], django_capture_on_commit_callbacks)
    (mine,) = told(user)
    assert "invite" not in mine.url
    client.force_login(user)
    assert client.get(mine.url).status_code == 200


def test_on_the_site_and_by_push_by_default_never_by_email(user):
    preference = Preference.of(user)
    assert preference.is_on(Kind.TOURNAMENT_STARTED, Channel.SITE)
    assert preference.is_on(Kind.TOURNAMENT_STARTED, Channel.PUSH)
    assert not preference.is_on(Kind.TOURNAMENT_STARTED, Channel.EMAIL)
    assert not channel_allowed(Kind.TOURNAMENT_STARTED, Channel.EMAIL)


def test_it_is_pushed(user, browser, push_service, django_capture_on_commit_callbacks):
    subscribe(user, browser, push_service.url("/push/amani"))
    night = rows.tournament("Kadi Night")
    start(night, [user], django_capture_on_commit_callbacks)
    (mine,) = told(user)
    assert push.deliver(mine.pk) == 1
    (request,) = push_service.received
    data = json.loads(
        http_ece.decrypt(request["body"], private_key=browser.private_key, auth_secret=browser.auth)
    )
    assert data["body"] == "Kadi Night has begun: your first table is being made."
    assert data["url"] == f"/tournaments/{night.pk}/"


def test_switched_in_the_settings(client, user, baraka, django_capture_on_commit_callbacks):
    client.force_login(user)
    page = client.get(SETTINGS).content.decode()
    assert 'name="tournament_started__site"' in page and 'name="tournament_started__push"' in page
    assert 'name="tournament_started__email"' not in page
    form = {"email_interval": "3600", "time_zone": "Africa/Nairobi", "challenge__site": "on"}
    assert client.post(SETTINGS, form).status_code == 302
    assert not Preference.of(user).is_on(Kind.TOURNAMENT_STARTED, Channel.SITE)
    start(rows.tournament("Kadi Night"), [user, baraka], django_capture_on_commit_callbacks)
    assert told(user) == [] and len(told(baraka)) == 1

    form["tournament_started__push"] = "on"  # push only: stored for the push, off the site's list
    assert client.post(SETTINGS, form).status_code == 302
    start(rows.tournament("Kadi Day"), [user], django_capture_on_commit_callbacks)
    (pushed_only,) = told(user)
    assert not pushed_only.listed

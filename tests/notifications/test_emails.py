"""The batched e-mails (Django's test outbox): one per player per interval, nothing already
seen, in the player's language, with one-click unsubscribe links that need no log-in and
cannot be forged or used for another player."""

import re
import threading
from datetime import time, timedelta

import pytest
from django.core import mail, signing
from django.db import connection
from django.utils import timezone

from notifications import emails, unsubscribe
from notifications.models import Kind, Notification, Preference
from notifications.send import notify

pytestmark = pytest.mark.django_db


@pytest.fixture
def amani(make_user):
    return make_user("amani", email="amani@example.com")


def challenge(user, ref, name="baraka"):
    return notify(user, Kind.CHALLENGE, ref, "/challenges/", name=name)


def test_one_email_per_interval_with_what_is_unseen(amani):
    now = timezone.now()
    challenge(amani, "challenge:1")
    challenge(amani, "challenge:2", "chebet")
    seen = challenge(amani, "challenge:3", "wanjiru")
    Notification.objects.filter(pk=seen.pk).update(seen_at=now)

    assert emails.send_due(now + timedelta(seconds=1)) == 1
    (message,) = mail.outbox
    assert message.to == ["amani@example.com"]
    assert "baraka challenges you to a game." in message.body
    assert "chebet challenges you to a game." in message.body
    assert "wanjiru" not in message.body  # seen on the site: not e-mailed
    assert "https://kadi.example/challenges/" in message.body

    challenge(amani, "challenge:4", "zawadi")
    assert emails.send_due(now + timedelta(minutes=30)) == 0  # within the hour
    assert emails.send_due(now + timedelta(minutes=61)) == 1
    assert "zawadi" in mail.outbox[1].body and "baraka" not in mail.outbox[1].body
    assert emails.send_due(now + timedelta(hours=3)) == 0  # nothing new


def test_nothing_for_kinds_off_or_without_address_or_in_quiet_hours(amani, make_user):
    now = timezone.now()
    nobody = make_user("baraka")  # no address
    challenge(nobody, "challenge:1")
    notify(amani, Kind.FRIEND_SEATED, "seat:1", "/t/1/", name="chebet", table="Mti")  # never by e-mail
    notify(amani, Kind.GAME_OVER, "game:1", "/t/1/", place=1, players=2, table="Mti")  # off by default
    assert emails.send_due(now + timedelta(seconds=1)) == 0

    challenge(amani, "challenge:2")
    local = (now + timedelta(seconds=1)).astimezone(timezone.get_fixed_timezone(180))  # Nairobi is UTC+3
    start = (local - timedelta(hours=1)).time().replace(microsecond=0)
    end = (local + timedelta(hours=1)).time().replace(microsecond=0)
    Preference.objects.filter(user=amani).update(quiet_start=start, quiet_end=end, time_zone="Africa/Nairobi")
    assert emails.send_due(now + timedelta(seconds=1)) == 0
    assert emails.send_due(now + timedelta(hours=2)) == 1


def test_the_email_is_in_the_players_language(amani):
    Preference.objects.create(user=amani, language="sw")
    challenge(amani, "challenge:1")
    emails.send_due(timezone.now() + timedelta(seconds=1))
    assert "baraka anakupa changamoto ya mchezo." in mail.outbox[0].body.lower()


@pytest.mark.django_db(transaction=True)
def test_two_workers_at_once_send_one_email(make_user):
    if connection.vendor == "sqlite":
        pytest.skip("SQLite takes one writer at a time: the race is PostgreSQL's")
    amani = make_user("amani", email="amani@example.com")
    challenge(amani, "challenge:1")
    later = timezone.now() + timedelta(seconds=1)
    counts = []
    barrier = threading.Barrier(2)

    def run():
        barrier.wait()
        counts.append(emails.send_due(later))
        connection.close()

    threads = [threading.Thread(target=run) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(counts) == [0, 1]
    assert len(mail.outbox) == 1


def unsubscribe_link(message) -> str:
    return re.search(
        r"<https://kadi.example(/notifications/unsubscribe/[^>]+)>", message.extra_headers["List-Unsubscribe"]
    ).group(1)


def test_the_headers_and_the_link_stop_emails_without_log_in(amani, client):
    challenge(amani, "challenge:1")
    emails.send_due(timezone.now() + timedelta(seconds=1))
    (message,) = mail.outbox
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    link = unsubscribe_link(message)
    assert f"https://kadi.example{link}" in message.body

    page = client.get(link)
    assert page.status_code == 200 and b"Stop all e-mails from Kadi?" in page.content
    assert Preference.of(amani).is_on(Kind.CHALLENGE, "email")  # a GET changes nothing

    done = client.post(link, {"List-Unsubscribe": "One-Click"})  # RFC 8058's one-click POST
    assert done.status_code == 200
    preference = Preference.of(amani)
    assert not any(preference.is_on(kind, "email") for kind in Kind.values)
    assert preference.is_on(Kind.CHALLENGE, "push")


def test_a_link_for_one_kind_stops_that_kind_only(amani, client):
    client.post(f"/notifications/unsubscribe/{unsubscribe.token(amani, Kind.YOUR_TURN)}/")
    preference = Preference.of(amani)
    assert not preference.is_on(Kind.YOUR_TURN, "email")
    assert preference.is_on(Kind.CHALLENGE, "email")


def test_a_tampered_or_forged_link_is_refused_with_a_sentence(amani, make_user, client):
    baraka = make_user("baraka", email="baraka@example.com")
    token = unsubscribe.token(amani)
    forged_payload = signing.dumps({"u": baraka.pk, "k": "all", "e": "0" * 16}, salt="another.salt")
    value, _, signature = token.rpartition(":")
    for bad in (token[:-2] + "xx", forged_payload, "set-password", value + ":" + signature[::-1]):
        answer = client.post(f"/notifications/unsubscribe/{bad}/")
        assert answer.status_code == 400
        assert b"This unsubscribe link is not valid" in answer.content
    assert Preference.of(baraka).is_on(Kind.CHALLENGE, "email")
    assert Preference.of(amani).is_on(Kind.CHALLENGE, "email")


def test_anothers_link_is_refused_to_a_signed_in_player_and_after_an_address_change(amani, make_user, client):
    baraka = make_user("baraka", email="baraka@example.com")
    token = unsubscribe.token(amani)
    client.force_login(baraka)
    answer = client.post(f"/notifications/unsubscribe/{token}/")
    assert answer.status_code == 403 and b"another player" in answer.content
    client.logout()
    amani.email = "new@example.com"
    amani.save()
    assert client.post(f"/notifications/unsubscribe/{token}/").status_code == 400
    assert Preference.of(amani).is_on(Kind.CHALLENGE, "email")


def test_quiet_hours_across_midnight_in_the_players_time_zone(amani):
    preference = Preference(
        user=amani, quiet_start=time(22, 0), quiet_end=time(7, 0), time_zone="Africa/Nairobi"
    )
    utc = timezone.get_fixed_timezone(0)
    at = lambda h, m=0: timezone.datetime(2025, 3, 1, h, m, tzinfo=utc)  # noqa: E731 (Nairobi = UTC+3)
    assert preference.quiet_at(at(19, 0))  # 22:00 in Nairobi
    assert preference.quiet_at(at(21, 30))  # 00:30
    assert preference.quiet_at(at(3, 59))  # 06:59
    assert not preference.quiet_at(at(4, 0))  # 07:00
    assert not preference.quiet_at(at(18, 59))  # 21:59
    preference.time_zone = "America/Los_Angeles"  # the same hours on another clock
    assert not preference.quiet_at(at(19, 0))  # 11:00 there
    assert preference.quiet_at(at(7, 0))  # 23:00 there


def test_a_turn_already_moved_is_not_emailed(amani, make_user, django_capture_on_commit_callbacks):
    """A turn-based game's "your turn" goes by e-mail only while that turn still waits."""
    from games.play.moves import submit_move
    from tests.play.helpers import good_move
    from tests.turns.helpers import turn_game

    amani.email = "amani@example.com"
    amani.save()
    with django_capture_on_commit_callbacks(execute=True):
        game = turn_game(amani, make_user("baraka"), name="Barua")
    later = timezone.now() + timedelta(seconds=1)
    with django_capture_on_commit_callbacks(execute=True):
        submit_move(game.pk, amani, good_move(game))  # amani moved before any e-mail went
    assert emails.send_due(later) == 0
    assert mail.outbox == []
    with django_capture_on_commit_callbacks(execute=True):
        game.refresh_from_db()
        submit_move(game.pk, game.players.get(seat=1).user, good_move(game))  # amani's turn again
    assert emails.send_due(later + timedelta(seconds=1)) == 1
    assert "It is your turn at Barua." in mail.outbox[0].body

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from accounts.models import LoginFailure, LoginThrottle, User
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def log_in(client, username, password, address="10.0.0.1", url=None):
    return client.post(
        url or reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=address
    )


def logged_in_user_id(client):
    return client.session.get("_auth_user_id")


def fail_until_locked(client, username, address="10.0.0.1"):
    """Make the failures allowed before the lockout; the last one trips it."""
    for _ in range(5):
        response = log_in(client, username, "wrong password", address)
    return response


def test_log_in_with_the_right_password(client, user):
    response = log_in(client, "amani", PASSWORD)

    assert response.status_code == 302
    assert response.url == "/"
    assert int(logged_in_user_id(client)) == user.pk


def test_log_in_follows_next(client, user):
    response = client.post(
        reverse("login") + "?next=/accounts/settings/", {"username": "amani", "password": PASSWORD}
    )

    assert response.url == "/accounts/settings/"


def test_a_wrong_password_is_refused_with_the_form_shown_again(client, user):
    response = log_in(client, "amani", "not my password")

    assert response.status_code == 200
    assert response.context["form"].has_error("__all__", "invalid_login")
    assert logged_in_user_id(client) is None


def test_log_out_needs_a_post(client, user):
    client.force_login(user)

    assert client.get(reverse("logout")).status_code == 405
    response = client.post(reverse("logout"))
    assert response.status_code == 302
    assert logged_in_user_id(client) is None


def test_bots_cannot_log_in_even_with_a_password_set(client):
    bot = User.objects.create_bot("random-1", User.BotLevel.RANDOM)
    assert log_in(client, "random-1", "").status_code == 200

    bot.set_password(PASSWORD)
    bot.save()
    response = log_in(client, "random-1", PASSWORD)

    assert response.context["form"].has_error("__all__", "bot")
    assert logged_in_user_id(client) is None


def test_five_failures_lock_the_username_out_with_a_clear_message(client, user):
    for _ in range(4):
        assert log_in(client, "amani", "wrong password").status_code == 200

    response = log_in(client, "amani", "wrong password")

    assert response.status_code == 429
    assert "Too many failed log-in attempts. Please try again in 15 minutes." in response.text
    assert reverse("password_reset") in response.text


def test_a_locked_out_username_is_refused_even_with_the_right_password(client, user):
    fail_until_locked(client, "amani")

    response = log_in(client, "amani", PASSWORD)

    assert response.status_code == 429
    assert logged_in_user_id(client) is None
    assert LoginFailure.objects.count() == 5, "refused attempts do not extend the lockout"


def test_the_lockout_concerns_only_that_address(client, user):
    fail_until_locked(client, "amani", address="10.0.0.1")

    assert log_in(client, "amani", PASSWORD, address="10.0.0.2").status_code == 302


def test_the_lockout_ends_when_the_oldest_failure_leaves_the_window(client, user):
    fail_until_locked(client, "amani")
    oldest = LoginFailure.objects.earliest("created_at")
    oldest.created_at = timezone.now() - timedelta(minutes=15, seconds=1)
    oldest.save()

    assert log_in(client, "amani", PASSWORD).status_code == 302


def test_the_remaining_wait_is_shown_in_minutes(client, user):
    fail_until_locked(client, "amani")
    LoginFailure.objects.update(created_at=timezone.now() - timedelta(minutes=13, seconds=30))

    response = log_in(client, "amani", PASSWORD)

    assert "Please try again in 2 minutes." in response.text


def test_a_successful_log_in_forgets_earlier_failures(client, user):
    for _ in range(4):
        log_in(client, "amani", "wrong password")
    log_in(client, "amani", PASSWORD)
    client.post(reverse("logout"))

    assert not LoginFailure.objects.exists()
    assert log_in(client, "amani", "wrong password").status_code == 200


def test_the_admin_log_in_is_throttled_too(client, make_user):
    make_user("boss", is_staff=True, is_superuser=True)
    admin_login = reverse("admin:login")
    for _ in range(5):
        response = log_in(client, "boss", "wrong password", url=admin_login)

    assert "Too many failed log-in attempts" in response.text
    response = log_in(client, "boss", PASSWORD, url=admin_login)
    assert logged_in_user_id(client) is None


def test_cron_forgets_the_throttle_rows_of_pairs_with_no_recent_failure(client, user, make_user):
    """One ``LoginThrottle`` row is made per (username, address) that tries; once the pair's
    failures have left the window, ``manage.py prune_login_throttle`` deletes it."""
    baraka = make_user("baraka")
    log_in(client, "baraka", "wrong")  # an old failure, out of the window by now
    LoginFailure.objects.update(created_at=timezone.now() - timedelta(days=1))
    log_in(client, user.username, "wrong")  # recent: its pair stays
    assert LoginThrottle.objects.count() == 2

    out = StringIO()
    call_command("prune_login_throttle", stdout=out)

    assert list(LoginThrottle.objects.values_list("username", flat=True)) == [user.username]
    assert "1" in out.getvalue()
    assert log_in(client, baraka.username, PASSWORD).status_code == 302  # its next attempt works

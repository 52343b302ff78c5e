from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import SignUp, User
from tests.accounts import hashers
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def signup_data(username="kamau", **extra):
    return {"username": username, "email": "", "password1": PASSWORD, "password2": PASSWORD, **extra}


def test_signing_up_creates_a_human_account_and_logs_it_in(client):
    response = client.post(reverse("signup"), signup_data(email="kamau@example.com"))

    assert response.status_code == 302
    assert response.url == "/"
    user = User.objects.get(username="kamau")
    assert user.email == "kamau@example.com"
    assert not user.is_bot
    assert int(client.session["_auth_user_id"]) == user.pk


def test_sign_up_rejects_a_taken_username(client, user):
    response = client.post(reverse("signup"), signup_data(username=user.username))

    assert response.status_code == 200
    assert response.context["form"].has_error("username", "unique")
    assert User.objects.count() == 1


@pytest.mark.parametrize("username", ["AMANI", "Kamau"])
def test_sign_up_rejects_a_name_another_player_shows(client, make_user, username):
    """Another's username in other capitals, or another's display name: either would show
    two players under one name at a table."""
    make_user("amani")
    make_user("wanjiru", display_name="kamau")

    response = client.post(reverse("signup"), signup_data(username=username))

    assert response.status_code == 200
    assert response.context["form"].errors["username"]
    assert User.objects.count() == 2


def test_sign_up_rejects_mismatched_passwords(client):
    response = client.post(reverse("signup"), signup_data(password2="something-else-entirely"))

    assert response.context["form"].has_error("password2", "password_mismatch")
    assert not User.objects.exists()


def test_a_logged_in_user_is_sent_home_from_the_sign_up_page(client, user):
    client.force_login(user)

    assert client.get(reverse("signup")).url == "/"


def test_a_weak_password_is_reported_under_the_password_field(client):
    response = client.post(reverse("signup"), signup_data(password1="12345678", password2="12345678"))

    form = response.context["form"]
    assert form.has_error("password1", "password_too_common") and not form.errors.get("password2")
    assert not User.objects.exists()


@pytest.mark.skipif(connection.vendor != "postgresql", reason="only PostgreSQL has the connection pool")
@pytest.mark.django_db(transaction=True)
def test_sign_up_and_password_change_hash_without_holding_a_connection(client, settings):
    settings.PASSWORD_HASHERS = ["tests.accounts.hashers.ConnectionNotingHasher"]
    hashers.HELD.clear()
    assert client.post(reverse("signup"), signup_data()).status_code == 302
    new = "another-horse-battery-staple"
    data = {"old_password": PASSWORD, "new_password1": new, "new_password2": new}
    assert client.post(reverse("password_change"), data).status_code == 302

    assert hashers.HELD == [False, False, False]  # sign-up's hash, the old password's check, the new hash


@pytest.mark.django_db(transaction=True)  # as a server runs: no test transaction around the request
def test_a_username_taken_while_signing_up_is_refused_like_any_taken_one(client, settings):
    settings.PASSWORD_HASHERS = ["tests.accounts.hashers.RivalSignUpHasher"]
    hashers.RIVALS[:] = ["kamau"]  # signed up by another request once this form has checked the name

    response = client.post(reverse("signup"), signup_data(username="kamau"))

    assert response.status_code == 200
    assert response.context["form"].has_error("username", "unique")
    assert User.objects.filter(username="kamau").count() == 1
    assert "_auth_user_id" not in client.session


def test_an_address_makes_so_many_accounts_an_hour(settings):
    settings.SIGNUPS_PER_ADDRESS = 2
    here, elsewhere = Client(REMOTE_ADDR="198.51.100.7"), Client(REMOTE_ADDR="203.0.113.9")
    for name in ("kamau", "wanjiru"):
        assert here.post(reverse("signup"), signup_data(name)).status_code == 302
        here.post(reverse("logout"))
    response = here.post(reverse("signup"), signup_data("otieno"))
    assert response.status_code == 429
    assert "2 accounts have been made from your address in the last hour" in response.content.decode()
    assert not User.objects.filter(username="otieno").exists()
    assert elsewhere.post(reverse("signup"), signup_data("otieno")).status_code == 302
    SignUp.objects.update(created_at=timezone.now() - timedelta(minutes=61))
    assert here.post(reverse("signup"), signup_data("akinyi")).status_code == 302
    assert SignUp.objects.count() == 1  # the sign-ups that left the hour are forgotten


@pytest.mark.parametrize(("username", "refused"), [("\u0430mani", True), ("amani", False), ("иван", False)])
def test_sign_up_refuses_a_username_of_lookalike_alphabets_mixed(client, username, refused):
    response = client.post(reverse("signup"), signup_data(username))
    if refused:  # "аmani" with a Cyrillic а, which would pass for "amani"
        assert response.status_code == 200 and response.context["form"].has_error("username", "mixed_scripts")
        assert not User.objects.exists()
    else:
        assert response.status_code == 302 and User.objects.get().username == username

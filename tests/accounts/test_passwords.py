import re

import pytest
from django.core import mail
from django.urls import reverse

from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "a-brand-new-passphrase-42"


def test_password_change(client, user):
    client.force_login(user)

    response = client.post(
        reverse("password_change"),
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )

    assert response.url == reverse("password_change_done")
    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD)
    assert client.get(reverse("password_change_done")).status_code == 200


def test_password_change_needs_the_old_password(client, user):
    client.force_login(user)

    response = client.post(
        reverse("password_change"),
        {"old_password": "a guess", "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )

    assert response.context["form"].has_error("old_password", "password_incorrect")
    user.refresh_from_db()
    assert user.check_password(PASSWORD)


def test_password_reset_mails_a_link_that_sets_a_new_password(client, make_user):
    user = make_user("njeri", email="njeri@example.com")

    response = client.post(reverse("password_reset"), {"email": "njeri@example.com"})
    assert response.url == reverse("password_reset_done")
    assert client.get(response.url).status_code == 200

    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["njeri@example.com"]
    assert "njeri" in message.body
    link = re.search(r"https?://testserver(/accounts/password/reset/\S+/)", message.body).group(1)

    # The link redirects to a token-free URL, where the new password is chosen.
    form_page = client.get(link, follow=True)
    assert form_page.context["validlink"]
    response = client.post(
        form_page.redirect_chain[-1][0], {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
    )
    assert response.url == reverse("password_reset_complete")
    assert client.get(response.url).status_code == 200
    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD)

    # A used link is no longer valid.
    assert not client.get(link, follow=True).context["validlink"]


def test_password_reset_for_an_unknown_address_sends_nothing_but_looks_the_same(client):
    response = client.post(reverse("password_reset"), {"email": "nobody@example.com"})

    assert response.url == reverse("password_reset_done")
    assert mail.outbox == []


def test_a_weak_new_password_is_reported_under_the_new_password_field(client, user):
    client.force_login(user)
    data = {"old_password": PASSWORD, "new_password1": "password", "new_password2": "password"}
    response = client.post(reverse("password_change"), data)

    form = response.context["form"]
    assert form.has_error("new_password1", "password_too_common") and not form.errors.get("new_password2")

"""API tokens: made on the profile's token page and shown once, stored as a digest only,
revocable, with a label and the time of last use; the admin lists them without secrets."""

import pytest
from django.urls import reverse

from api.models import ApiToken
from api.tokens import TokenError, authenticate, create_token, digest, token_revoked

pytestmark = pytest.mark.django_db


def test_a_token_is_shown_once_and_stored_as_a_digest(client, user):
    client.force_login(user)
    made = client.post(reverse("api_tokens"), {"label": "my bot"}, follow=True)
    row = ApiToken.objects.get(user=user)
    raw = made.context["new_token"]
    assert raw.startswith("kadi_") and raw in made.content.decode()
    assert row.digest == digest(raw) and raw not in (row.digest, row.prefix) and row.label == "my bot"
    listed = client.get(reverse("api_tokens")).content.decode()  # a reload: shown once
    assert "my bot" in listed and row.prefix in listed and raw not in listed
    assert ApiToken.objects.count() == 1


def test_revoking_a_token_refuses_it_from_then_on(client, user):
    row, raw = create_token(user, "Tatu-bot")
    assert authenticate(raw) == row
    client.force_login(user)
    client.post(reverse("api_token_revoke", args=[row.pk]))
    assert authenticate(raw) is None
    assert "Tatu-bot" not in client.get(reverse("api_tokens")).content.decode()


def test_one_cannot_revoke_anothers_token(client, user, baraka):
    row, raw = create_token(baraka, "theirs")
    client.force_login(user)
    client.post(reverse("api_token_revoke", args=[row.pk]))
    assert authenticate(raw) == row


def test_last_use_is_noted(user):
    row, raw = create_token(user, "x")
    assert row.last_used_at is None
    authenticate(raw)
    row.refresh_from_db()
    assert row.last_used_at is not None


def test_labels_are_required_and_bots_have_no_tokens(user, django_user_model):
    with pytest.raises(TokenError):
        create_token(user, "  ")
    with pytest.raises(TokenError):
        create_token(user, "x" * 61)
    with pytest.raises(TokenError):
        create_token(django_user_model.objects.create_bot("greedy-bot-1", "greedy"), "x")


def test_the_page_needs_a_login(client):
    assert client.get(reverse("api_tokens")).status_code == 302


def test_the_admin_shows_no_digest_and_makes_no_tokens(admin_client, user):
    row, raw = create_token(user, "x")
    page = admin_client.get(reverse("admin:api_apitoken_change", args=[row.pk])).content.decode()
    assert row.digest not in page and raw not in page
    assert admin_client.get(reverse("admin:api_apitoken_add")).status_code == 403


def test_an_admin_can_revoke_tokens_and_their_streams_end(
    admin_client, user, django_capture_on_commit_callbacks
):
    row, raw = create_token(user, "x")
    told = []

    def tell(sender, token_id, **kwargs):
        told.append(token_id)

    token_revoked.connect(tell, weak=False, dispatch_uid="t")
    changelist = reverse("admin:api_apitoken_changelist")
    try:
        with django_capture_on_commit_callbacks(execute=True):
            admin_client.post(changelist, {"action": "revoke", "_selected_action": [row.pk]})
    finally:
        token_revoked.disconnect(dispatch_uid="t")
    assert authenticate(raw) is None
    assert told == [row.pk]  # api.streams ends its streams (tests/api/test_streams.py)


def test_a_label_with_a_control_character_is_refused(client, user):
    """NUL is refused by PostgreSQL (a 500 there) and other control characters are no text."""
    client.force_login(user)
    for label in ("my\x00bot", "bell\x07", "two\nlines"):
        page = client.post(reverse("api_tokens"), {"label": label}, follow=True)
        assert "That label holds characters that are not text." in page.content.decode()
    assert not ApiToken.objects.exists()

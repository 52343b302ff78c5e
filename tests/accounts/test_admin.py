import pytest
from django.urls import reverse

from accounts.models import User
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client, make_user):
    client.force_login(make_user("boss", is_staff=True, is_superuser=True))
    return client


def test_the_user_list_shows_and_filters_bots(admin_client):
    User.objects.create_bot("greedy-1", User.BotLevel.GREEDY)

    response = admin_client.get(reverse("admin:accounts_user_changelist"), {"bot_level": "greedy"})

    assert response.status_code == 200
    assert list(response.context["cl"].result_list) == [User.objects.get(username="greedy-1")]


def test_the_change_page_offers_display_name_and_bot_level(admin_client, user):
    page = admin_client.get(reverse("admin:accounts_user_change", args=[user.pk])).text
    assert 'name="display_name"' in page
    assert 'name="bot_level"' in page


def test_an_admin_can_add_a_user(admin_client):
    response = admin_client.post(
        reverse("admin:accounts_user_add"),
        {"username": "otieno", "usable_password": "true", "password1": PASSWORD, "password2": PASSWORD},
    )

    assert response.status_code == 302
    assert User.objects.get(username="otieno").check_password(PASSWORD)

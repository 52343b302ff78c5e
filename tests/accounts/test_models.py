import pytest
from django.contrib.auth import get_user_model

from accounts.models import User

pytestmark = pytest.mark.django_db


def test_the_site_uses_the_custom_user_model():
    assert get_user_model() is User


def test_a_new_user_is_human_and_named_by_username(user):
    assert user.bot_level == ""
    assert not user.is_bot
    assert user.name == "amani"


def test_display_name_is_shown_instead_of_the_username(make_user):
    assert make_user("wanjiru", display_name="Wanjiru K.").name == "Wanjiru K."


def test_create_bot_makes_a_bot_without_a_usable_password():
    bot = User.objects.create_bot("greedy-1", User.BotLevel.GREEDY, display_name="Greedy bot")
    bot.refresh_from_db()
    assert bot.is_bot
    assert bot.get_bot_level_display() == "greedy bot"
    assert not bot.has_usable_password()


def test_profile_url(user):
    assert user.get_absolute_url() == "/accounts/u/amani/"

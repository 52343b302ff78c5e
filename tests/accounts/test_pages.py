import pytest
from django.urls import reverse

from accounts.models import User

pytestmark = pytest.mark.django_db


def games_played_for_test(profile_user, request):
    """A stand-in for the history app's profile context provider."""
    return {"games_played": 3}


def test_the_profile_page_is_public(client, make_user):
    make_user("wanjiru", display_name="Wanjiru K.")

    response = client.get(reverse("profile", args=["wanjiru"]))

    assert response.status_code == 200
    page = response.text
    assert "Wanjiru K." in page
    assert "Joined" in page
    assert "provisional" in page
    assert "No games yet." in page


def test_the_profile_shows_what_context_providers_supply(client, user, settings):
    settings.PROFILE_CONTEXT_PROVIDERS = [f"{__name__}.games_played_for_test"]

    response = client.get(reverse("profile", args=[user.username]))

    assert response.context["games_played"] == 3
    assert "<dd>3</dd>" in response.text


def test_a_bot_profile_says_it_is_a_bot(client):
    User.objects.create_bot("greedy-1", User.BotLevel.GREEDY)

    assert "greedy bot" in client.get(reverse("profile", args=["greedy-1"])).text


def test_unknown_and_inactive_users_have_no_profile(client, make_user):
    make_user("gone", is_active=False)

    assert client.get(reverse("profile", args=["nobody"])).status_code == 404
    assert client.get(reverse("profile", args=["gone"])).status_code == 404


def test_settings_need_a_log_in(client):
    response = client.get(reverse("account_settings"))

    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


SETTINGS = {"hand_order": "suit", "preferred_preset": "classic"}  # the form's other fields


def test_settings_update_display_name_and_email(client, user):
    client.force_login(user)

    response = client.post(
        reverse("account_settings"),
        {
            "display_name": "Amani O.",
            "email": "amani@example.com",
            "hand_order": "rank",
            "preferred_preset": "chains",
            "turn_notification": "on",
        },
        follow=True,
    )

    user.refresh_from_db()
    assert (user.display_name, user.email) == ("Amani O.", "amani@example.com")
    assert (user.hand_order, user.turn_notification, user.preferred_preset) == ("rank", True, "chains")
    assert "Your settings have been saved." in response.text
    assert "Amani O." in response.text, "the new name shows in the header"


def test_settings_reject_an_invalid_email(client, user):
    client.force_login(user)

    response = client.post(reverse("account_settings"), {"display_name": "", "email": "not-an-address"})

    assert response.context["form"].has_error("email", "invalid")


def test_the_header_offers_log_in_and_sign_up_to_visitors(client):
    page = client.get(reverse("login")).text

    assert f'href="{reverse("signup")}"' in page
    assert 'hx-headers=\'{"X-CSRFToken": "' in page


@pytest.mark.parametrize("path", ["/accounts/u/{}/", "/history/u/{}/"])
@pytest.mark.parametrize("name", ["%00", "amani%00", "a%0Ab", "%C0"])
def test_a_username_with_control_characters_is_not_found(client, user, path, name):
    """Found by the fuzz tests: PostgreSQL refused the NUL with a 500."""
    assert client.get(path.format(name)).status_code == 404


def test_settings_refuse_a_display_name_that_turns_the_text_around_it(client, user):
    client.force_login(user)

    response = client.post(reverse("account_settings"), {"display_name": "amani\u202e", **SETTINGS})

    assert response.context["form"].has_error("display_name", "reordering")
    user.refresh_from_db()
    assert user.display_name == ""


@pytest.mark.parametrize(
    ("name", "refused"),
    [("Wanjiкu", True), ("Νjeri", True), ("Ζήνων", False), ("Иван 2", False), ("Jean-Clément", False)],
)
def test_settings_refuse_a_display_name_of_lookalike_alphabets_mixed(client, user, name, refused):
    client.force_login(user)
    response = client.post(reverse("account_settings"), {"display_name": name, **SETTINGS})
    user.refresh_from_db()
    if refused:  # a Cyrillic к; a Greek capital nu
        assert response.context["form"].has_error("display_name", "mixed_scripts")
        assert "keep to one" in response.content.decode() and user.display_name == ""
    else:
        assert response.status_code == 302 and user.display_name == name


@pytest.mark.parametrize("name", ["Baraka", "wanjiru k."])
def test_settings_refuse_a_display_name_another_player_shows(client, user, baraka, make_user, name):
    make_user("wanjiru", display_name="Wanjiru K.")
    client.force_login(user)

    response = client.post(reverse("account_settings"), {"display_name": name, **SETTINGS})

    assert response.context["form"].has_error("display_name", "someone_elses")
    user.refresh_from_db()
    assert user.display_name == ""


def test_settings_take_ones_own_username_in_other_capitals(client, user):
    client.force_login(user)

    client.post(reverse("account_settings"), {"display_name": "AMANI", **SETTINGS})

    user.refresh_from_db()
    assert user.display_name == "AMANI"


def test_settings_refuse_a_display_name_with_nothing_visible(client, user):
    """Zero-width characters alone would show the player to others as a blank name."""
    client.force_login(user)

    data = {"display_name": "\u200b\u200d", **SETTINGS}
    response = client.post(reverse("account_settings"), data)

    assert response.context["form"].has_error("display_name", "invisible")
    assert "A display name needs at least one visible character." in response.text
    user.refresh_from_db()
    assert user.display_name == ""

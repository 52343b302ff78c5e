"""Choosing the language: Accept-Language, the switcher (Django's set_language, a plain form
with a button), <html lang>, and the rules document in the reader's language."""

import re
from datetime import UTC, datetime

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.formats import date_format

pytestmark = pytest.mark.django_db


def test_the_header_switcher_is_a_plain_form_that_sets_the_language(client):
    page = client.get(reverse("games:rules")).text
    form = re.search(
        r'<form action="/i18n/setlang/" method="post" class="language-form">(.*?)</form>',
        page, re.S
    )
    assert form and '<button type="submit"' in form.group(1)
    assert '<option value="sw" lang="sw">Kiswahili</option>' in form.group(1)  # each name in its own language
    assert '<input type="hidden" name="next" value="/rules/">' in form.group(1)
    response = client.post(reverse("set_language"), {"language": "sw", "next": reverse("games:rules")})
    assert response.status_code == 302 and response["Location"] == reverse("games:rules")
    swahili = client.get(reverse("games:rules")).text
    assert '<html lang="sw">' in swahili and "<h1>Jinsi ya kucheza Kadi</h1>" in swahili
    assert '<option value="sw" lang="sw" selected>Kiswahili</option>' in swahili


def test_accept_language_picks_swahili_and_the_rules_document(client):
    english = client.get(reverse("games:rules"), HTTP_ACCEPT_LANGUAGE="en-GB").text
    assert '<html lang="en">' in english and "<h1>How to play Kadi</h1>" in english
    swahili = client.get(reverse("games:rules"), HTTP_ACCEPT_LANGUAGE="sw-KE,sw;q=0.9").text
    assert '<html lang="sw">' in swahili and "<h1>Jinsi ya kucheza Kadi</h1>" in swahili
    assert ">Sheria<" in swahili and ">Msimamo<" in swahili


def test_the_profile_offers_the_switcher_to_its_owner(client, user, baraka):
    client.force_login(user)
    own = client.get(reverse("profile", args=[user.username])).text
    assert 'id="language-profile"' in own and 'id="language-header"' in own
    other = client.get(reverse("profile", args=[baraka.username])).text
    assert 'id="language-profile"' not in other


def test_an_unknown_language_changes_nothing(client):
    client.post(reverse("set_language"), {"language": "xx", "next": "/"})
    assert '<html lang="en">' in client.get("/").text


def test_swahili_dates_are_written_as_in_kenya():
    moment = datetime(2026, 11, 23, 18, 45, tzinfo=UTC)
    with translation.override("sw"):
        assert date_format(moment, "DATETIME_FORMAT") == "23 Novemba 2026, 18:45"
        assert date_format(moment, "SHORT_DATE_FORMAT") == "23/11/2026"


ENGLISH_FROM_DJANGO = (  # Django's own Swahili catalogue lacks these
    "Required. 150 characters",
    "Enter a valid username",
    "Ensure this value has at most",
    "This password is too short",
    "didn’t match",
    "Your password can’t",
    "Your password must contain",
)


def test_the_account_forms_help_and_errors_from_django_are_in_swahili(client, user):
    sw = {"HTTP_ACCEPT_LANGUAGE": "sw"}
    pages = [client.get(reverse("signup"), **sw).text]
    bad_name = {"username": "a b" + "x" * 150, "password1": "Ab1!", "password2": "Ab1?"}
    pages.append(client.post(reverse("signup"), bad_name, **sw).text)
    client.force_login(user)
    pages.append(client.get(reverse("password_change"), **sw).text)
    pages.append(client.post(reverse("account_settings"), {"display_name": "x" * 41}, **sw).text)
    assert "Hakikisha thamani hii ina herufi 40 au chache" in pages[-1]
    for page in pages:
        assert [text for text in ENGLISH_FROM_DJANGO if text in page] == []


def test_the_new_table_forms_turn_clocks_are_in_the_readers_language(client, user):
    client.force_login(user)
    swahili = client.get(reverse("games:lobby"), HTTP_ACCEPT_LANGUAGE="sw").text
    english = client.get(reverse("games:lobby"), HTTP_ACCEPT_LANGUAGE="en").text
    assert "sekunde 15 kwa zamu" in swahili and "seconds a turn" not in swahili
    assert "15 seconds a turn" in english

"""With DEBUG off, the pages for a missing address (404), a request refused (400, 403), a
form whose CSRF token is missing or stale, and a server error (500) are the site's own, in
the visitor's language, rather than Django's bare English ones."""

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.utils import translation

pytestmark = pytest.mark.django_db


def text(response):
    return response.content.decode()


@pytest.mark.parametrize(("language", "sentence"), [
    ("en", "There is nothing at this address."),
    ("sw", "Hakuna kitu kwenye anwani hii."),
])
def test_a_missing_address_is_explained_in_the_visitors_language(client, language, sentence):
    for path in ("/nowhere/", "/t/999999/", "/games/999999/replay/"):
        response = client.get(path, HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 404 and sentence in text(response), path
        assert 'href="/"' in text(response)  # the site's header: the way back to the lobby


def test_a_form_without_its_csrf_token_is_explained(user):
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)

    response = client.post("/tables/new/", {"name": "x"}, HTTP_ACCEPT_LANGUAGE="sw")

    assert response.status_code == 403
    assert "Fomu hii imepitwa na wakati" in text(response)
    assert user.username in text(response)  # still shown as logged in


def test_a_refused_request_is_explained(staff_client):
    response = staff_client.get("/admin/games/game/?seed__gt=1", HTTP_ACCEPT_LANGUAGE="sw")

    assert response.status_code == 400 and "Ombi hilo halikuweza kusomwa." in text(response)


def test_the_server_error_page_needs_no_request():
    with translation.override("sw"):
        page = render_to_string("500.html")  # as Django renders it: no request, no context
    assert "Hitilafu kwenye seva" in page

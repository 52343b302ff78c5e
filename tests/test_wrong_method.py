"""A request with a method the address does not take (a GET of a form's action, of the
log-out) is told so in a sentence in the visitor's language, not with an empty page; pages
answer HEAD as they answer GET."""

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("path", ["/t/1/seat/take/", "/accounts/logout/", "/accounts/tokens/1/revoke/"])
def test_a_get_of_a_post_only_address_is_told_which_method_it_takes(client, user, path):
    client.force_login(user)

    response = client.get(path)

    assert response.status_code == 405 and response["Allow"] in ("POST", "POST, OPTIONS")
    assert response.content.decode() == f"This address does not take GET requests, only {response['Allow']}."


def test_the_sentence_is_in_the_visitors_language(client, user):
    client.force_login(user)

    response = client.get("/t/1/start/", HTTP_ACCEPT_LANGUAGE="sw")

    assert response.content.decode() == "Anwani hii haipokei maombi ya GET, ila POST tu."


@pytest.mark.parametrize("path", ["/", "/rules/", "/leaderboard/", "/history/"])
def test_pages_answer_head(client, path):
    assert client.head(path).status_code == 200

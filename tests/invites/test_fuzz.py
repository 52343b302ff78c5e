"""Hostile invitation links (hypothesis): tokens of every shape (near misses of the right
one, too long, any Unicode, path tricks, huge table ids) and fuzzed posts are a clear
refusal, never a 500, and seat nobody."""

import logging
from urllib.parse import quote

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.models import Seat
from tests.fuzz.strategies import FUZZ, form_text
from tests.fuzz.test_forms import fields
from tests.invites.conftest import link

pytestmark = pytest.mark.django_db
GONE = "This invitation link no longer works; ask for a new one."
TRICKS = [
    "..", ".", "%2e%2e", "..%2f..%2fadmin", "%00", "%2F", "\\..\\", "%252e", "' OR 1=1 --", "a" * 10_000,
]


def near_misses(token):
    """The right token with one character changed, cut short, grown, or in another case."""
    return st.one_of(
        st.integers(0, len(token) - 1).map(lambda i: token[:i] + "AB"[token[i] == "A"] + token[i + 1 :]),
        st.integers(0, len(token) - 1).map(lambda i: token[:i]),
        st.text(min_size=1, max_size=3).map(lambda extra: token + extra),
        st.just(token.swapcase()),
    )


def refused(response, caplog):
    assert response.status_code in (404, 405), response.status_code
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []
    if response.status_code == 404 and "text/html" in response.get("Content-Type", ""):
        assert GONE in response.text or "There is nothing at this address" in response.text


@pytest.fixture
def quiet(caplog):
    caplog.set_level(logging.WARNING)
    return caplog


@FUZZ
@given(data=st.data(), post=st.booleans(), table_shift=st.sampled_from([0, 0, 0, 1, 2**63, 10**30]))
def test_wrong_tokens_are_refused(client, private_table, baraka, quiet, data, post, table_shift):
    token = private_table.invite_token
    if table_shift:  # the right token at another (or no possible) table
        guess = token
    else:
        guess = data.draw(st.one_of(near_misses(token), form_text, st.sampled_from(TRICKS)))
    client.force_login(baraka)
    path = f"/t/{private_table.pk + table_shift}/join/{quote(guess, safe='%./')}/"
    response = client.post(path, {"action": "seat"}) if post else client.get(path)
    refused(response, quiet)
    assert not Seat.objects.filter(user=baraka).exists()


@FUZZ
@given(data=fields("action"))
def test_fuzzed_posts_seat_only_on_the_seat_button(client, private_table, baraka, quiet, data):
    client.force_login(baraka)
    response = client.post(link(private_table), data)
    assert response.status_code < 500
    assert [r for r in quiet.records if r.levelno >= logging.ERROR] == []
    seat = Seat.objects.filter(user=baraka)
    assert seat.exists() == (data.get("action") == "seat")
    seat.delete()

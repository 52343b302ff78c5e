"""What daphne's own libraries refuse (kadi_site.protocol_refusals) is answered, against a
real daphne process: a request line or a header too long to read gets 414 or 431 with a
sentence, where the connection used to be dropped without a word."""

import http.client

import pytest

LINE_LIMIT = 16 * 1024  # Twisted's longest request or header line


def answer(server, path="/", headers=None):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=20)
    try:
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.read().decode()
    finally:
        connection.close()


@pytest.mark.django_db(transaction=True)
def test_an_address_too_long_to_read_is_answered_414(server):
    status, words = answer(server, "/?q=" + "a" * LINE_LIMIT)

    assert status == 414
    assert words == "That address is too long. / Anwani hiyo ni ndefu mno.\n"


@pytest.mark.django_db(transaction=True)
def test_a_header_too_long_to_read_is_answered_431(server):
    status, words = answer(server, headers={"X-Padding": "b" * LINE_LIMIT})

    assert status == 431
    assert "too long" in words


@pytest.mark.django_db(transaction=True)
def test_a_long_address_within_the_limit_is_served(server):
    status, _ = answer(server, "/?q=" + "a" * (LINE_LIMIT // 2), headers={"Host": "127.0.0.1"})

    assert status < 500 and status not in (414, 431)

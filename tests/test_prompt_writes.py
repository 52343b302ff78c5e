"""A websocket's writes are sent at once (kadi_site.prompt_writes): on real loopback TCP
connections, with the asyncio reactor daphne runs (made here, never run: its turns are
played by hand through the connection's ``doWrite``)."""

import asyncio
import select
import socket
import struct

import pytest
from twisted.internet import asyncioreactor, error, tcp
from twisted.internet.protocol import Protocol

from kadi_site.asgi import application  # noqa: F401  (installs the prompt writes, as daphne's import does)
from kadi_site.prompt_writes import PromptServer

BIG = bytes(range(256)) * (tcp.Server.SEND_LIMIT // 128)  # twice what Twisted sends at a time


@pytest.fixture
def reactor():
    loop = asyncio.new_event_loop()
    yield asyncioreactor.AsyncioSelectorReactor(loop)
    loop.close()


@pytest.fixture
def pair():
    """(the server's end, the client's end) of a loopback TCP connection, both non-blocking."""
    with socket.create_server(("127.0.0.1", 0)) as listener:
        client = socket.create_connection(listener.getsockname())
        server, _ = listener.accept()
    server.setblocking(False)
    client.setblocking(False)
    yield server, client
    server.close()
    client.close()


def connection(server_socket, reactor, nagle=False):
    """The server's end as daphne's port makes it: a connection of the site's TCP ports,
    with its protocol attached; Nagle turned off as autobahn does for a websocket."""
    conn = tcp.Port.transport(server_socket, Protocol(), server_socket.getpeername(), None, 0, reactor)
    conn.protocol.makeConnection(conn)
    if not nagle:
        conn.setTcpNoDelay(True)
    return conn


def received(client):
    """What has reached the client so far."""
    chunks = []
    while True:
        try:
            chunk = client.recv(1 << 20)
        except BlockingIOError:
            return b"".join(chunks)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)


def test_the_site_s_tcp_ports_make_prompt_connections():
    assert tcp.Port.transport is PromptServer


def test_a_websocket_s_write_is_sent_before_the_reactor_turns(pair, reactor):
    conn = connection(pair[0], reactor)
    conn.write(b"a frame")
    assert received(pair[1]) == b"a frame"
    assert conn not in reactor.getWriters()  # nothing left for the reactor to send


def test_with_nagle_on_a_write_waits_for_the_reactor_as_twisted_s_do(pair, reactor):
    conn = connection(pair[0], reactor, nagle=True)
    conn.write(b"the head, ")
    conn.write(b"the body")
    assert received(pair[1]) == b""
    assert conn in reactor.getWriters()
    conn.doWrite()
    assert received(pair[1]) == b"the head, the body"


def test_what_the_socket_cannot_take_waits_and_later_writes_stay_behind_it(pair, reactor):
    server_socket, client = pair
    conn = connection(server_socket, reactor)
    conn.write(BIG)
    conn.write(b"and then this")
    assert conn in reactor.getWriters()  # the rest waits for the reactor
    got = received(client)
    assert len(got) < len(BIG)
    while len(got) < len(BIG) + len(b"and then this"):
        assert select.select([], [server_socket], [], 5)[1]  # room in the socket's buffer
        conn.doWrite()  # the reactor's turn
        got += received(client)
    assert got == BIG + b"and then this"
    assert conn not in reactor.getWriters()


def test_a_failed_send_is_left_to_the_reactor_which_ends_the_connection(pair, reactor):
    server_socket, client = pair
    conn = connection(server_socket, reactor)
    client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    client.close()  # with a reset
    assert select.select([server_socket], [], [], 5)[0]  # the reset has arrived
    conn.write(b"too late")  # does not raise
    assert conn in reactor.getWriters()
    assert isinstance(conn.doWrite(), error.ConnectionLost)  # what makes the reactor close it


def test_twisted_still_has_what_prompt_writes_reads(pair, reactor):
    """The Twisted internals ``PromptServer`` reads, by name: an upgrade that drops or
    reshapes one fails here first, saying which (docs/architecture.md, "internals")."""
    conn = connection(pair[0], reactor)
    names = (
        "connected",
        "disconnecting",
        "_writeDisconnected",
        "TLS",
        "_tempDataBuffer",
        "dataBuffer",
        "offset",
    )
    missing = [name for name in names if not hasattr(conn, name)]
    assert not missing, f"Twisted's tcp.Server lacks {missing}: kadi_site/prompt_writes.py reads them"
    assert conn._tempDataBuffer == [] and conn.dataBuffer == b"" and conn.offset == 0
    assert tcp.Port.transport is PromptServer  # install() replaced the class the ports make

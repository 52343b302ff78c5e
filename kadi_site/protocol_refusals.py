"""What daphne's libraries refuse below the site (a websocket message over the size limit,
a request line or header too long to read) is refused with an answer that says why, not
a dropped TCP connection. Daphne offers no setting for either, so both are set here, from
kadi_site.asgi, which daphne imports before it starts serving.

Websockets (autobahn's option ``failByDrop``, on by default, which daphne leaves alone):
a client that breaks the protocol (a message over daphne's limit of 1 MB, text that is not
UTF-8, a bad frame) had its connection dropped, and a browser saw a connection that died
(close code 1006). With the option off, the server closes with the standard code and
reason: 1009 for a message too big, 1007 for text that is not UTF-8, 1002 for a protocol
error; it reads no more of the offending message, and drops the connection all the same
if the client does not close in turn (autobahn's closing-handshake timeout). Daphne sets
its factory's options once, when it starts serving: that call adds this one.

HTTP (Twisted's ``HTTPChannel``): a request line or a header line longer than 16 KB was
answered by closing the connection (curl: "empty reply from server"). It is answered 414
(the address) or 431 (a header), with a sentence in English and Swahili (nothing of the
request is read: not its language either), and the connection is closed.
"""

from daphne.ws_protocol import WebSocketFactory
from twisted.web.http import HTTPChannel

_daphne_options = WebSocketFactory.setProtocolOptions


def _with_closing_handshake(factory, **options):
    _daphne_options(factory, **{"failByDrop": False, **options})


TOO_LONG = {
    414: (b"URI Too Long", "That address is too long. / Anwani hiyo ni ndefu mno."),
    431: (
        b"Request Header Fields Too Large",
        "A header of that request is too long. / Kichwa cha ombi hilo ni kirefu mno.",
    ),
}


def _answer_too_long(channel, line):
    """Twisted's ``LineReceiver.lineLengthExceeded`` for the HTTP channel: the request's
    first line (nothing of the request read yet) or one of its headers is too long."""
    status = 414 if channel._receivedHeaderSize == 0 else 431
    reason, words = TOO_LONG[status]
    body = (words + "\n").encode()
    head = (
        b"HTTP/1.1 %d %s\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: %d\r\n"
        b"Connection: close\r\n\r\n" % (status, reason, len(body))
    )
    channel.transport.write(head + body)
    channel.transport.loseConnection()


WebSocketFactory.setProtocolOptions = _with_closing_handshake
HTTPChannel.lineLengthExceeded = _answer_too_long

"""Daphne's websockets end a broken connection with the closing handshake, not a dropped
TCP connection, so that the client learns why.

Daphne's websocket library (autobahn) drops the TCP connection when a client breaks the
protocol: a message over daphne's size limit (1 MB), text that is not UTF-8, a bad frame
(its option ``failByDrop``, on by default, which daphne leaves alone). A browser then
sees a connection that died (close code 1006) for a message it sent too big. With the
option off, the server closes with the standard code and reason instead: 1009 for a
message too big, 1007 for text that is not UTF-8, 1002 for a protocol error; it reads
no more of the offending message, and drops the connection all the same if the client
does not close in turn (autobahn's closing-handshake timeout).

Daphne sets its factory's options once, when it starts serving (``Server.run``), after it
imported the application (kadi_site.asgi imports this module): that call adds this one.
"""

from daphne.ws_protocol import WebSocketFactory

_daphne_options = WebSocketFactory.setProtocolOptions


def _with_closing_handshake(factory, **options):
    _daphne_options(factory, **{"failByDrop": False, **options})


WebSocketFactory.setProtocolOptions = _with_closing_handshake

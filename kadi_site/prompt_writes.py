"""A websocket's frames leave the server when daphne writes them, not at the event loop's
next turn.

Twisted's TCP connections keep every write in a buffer and send it when the reactor next
finds the socket writable. Under daphne's asyncio reactor that is: register the socket as a
writer (a system call), wait until every other callback of the loop's turn has run (the
other viewers' frames, other tables' moves), send, unregister (another system call). On a
busy server (bench/realtime.py, PostgreSQL + Redis, 50 tables, think 1 s) a frame waited
0.7 ms at the median and 6.3 ms at the 99th percentile between daphne's write and its
send, beside a move's 6.5 ms median from one player to the others (docs/scaling.md,
"Eighteenth round").

``PromptServer`` sends what it is given at once, as far as the socket takes it, when
nothing of an earlier write is still waiting. What the socket does not take (its buffer
full: a slow reader) waits in Twisted's buffer as before, and every later write behind it,
so the bytes keep their order. A send that fails leaves the data to the reactor's turn,
which ends the connection as it always did.

Only a connection with Nagle's algorithm off does this: autobahn turns it off for every
websocket. A plain HTTP response is written in pieces (its head, its body), which
Twisted's buffer sends together; sent one by one with Nagle on, the second piece could wait
for the first one's acknowledgement.

Daphne listens through Twisted's ``tcp.Port``, after importing kadi_site.asgi, which calls
``install``: the port's accepted connections are then ``PromptServer``.
"""

from twisted.internet import tcp


class PromptServer(tcp.Server):
    prompt = False  # Nagle's algorithm is off (setTcpNoDelay): writes are sent at once

    def setTcpNoDelay(self, enabled):
        super().setTcpNoDelay(enabled)
        self.prompt = bool(enabled)

    def write(self, data):
        if data and self._sends_at_once():
            sent = self.writeSomeData(data)
            if isinstance(sent, int):  # else the connection failed: the reactor's turn ends it
                if sent == len(data):
                    return
                data = data[sent:]
        super().write(data)

    def _sends_at_once(self):
        """Nagle off, open, not over TLS started on it, and nothing of an earlier write waiting."""
        return (
            self.prompt
            and self.connected
            and not self.disconnecting
            and not self._writeDisconnected
            and not self.TLS
            and not self._tempDataBuffer
            and len(self.dataBuffer) == self.offset
        )


def install():
    """Make the connections that Twisted's TCP ports accept from now on ``PromptServer``."""
    tcp.Port.transport = PromptServer

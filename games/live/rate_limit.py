"""How many messages a websocket may send: a token bucket per socket, and the close that
ends a socket past it (``TOO_MANY_MESSAGES``: daphne sends only 1000 or 3000-4999 of its own,
and turns any other code into 1011 and a traceback)."""

import time
from collections.abc import Callable

from django.conf import settings

TOO_MANY_MESSAGES = 4008  # 4000 + 1008, the standard's "policy violation"


class TokenBucket:
    """A burst of ``capacity`` actions, refilled at ``rate`` per second."""

    def __init__(self, capacity: int, rate: float, now: Callable[[], float] = time.monotonic) -> None:
        self.capacity = capacity
        self.rate = rate
        self.now = now
        self.tokens = float(capacity)
        self.stamp = now()

    def take(self) -> bool:
        """Spend one token; False when none is left."""
        now = self.now()
        self.tokens = min(self.capacity, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class MessageBudget:
    """For a websocket consumer: ``LIVE_MESSAGE_BURST`` messages at once, then
    ``LIVE_MESSAGE_RATE`` a second. ``closing`` is set once the server closes the socket;
    what the client still sends is ignored."""

    closing = False
    budget: TokenBucket | None = None

    async def refused_over_budget(self) -> bool:
        """Whether to ignore this message: the socket is closing, or this message is past the
        budget (then the socket closes with ``TOO_MANY_MESSAGES``)."""
        if self.closing:
            return True
        if self.budget is None:
            self.budget = TokenBucket(settings.LIVE_MESSAGE_BURST, settings.LIVE_MESSAGE_RATE)
        if self.budget.take():
            return False
        self.closing = True
        await self.close(code=TOO_MANY_MESSAGES, reason="too many messages")
        return True

"""A token bucket: a burst of ``capacity`` actions, refilled at ``rate`` per second."""

import time


class TokenBucket:
    def __init__(self, capacity, rate, now=time.monotonic):
        self.capacity = capacity
        self.rate = rate
        self.now = now
        self.tokens = float(capacity)
        self.stamp = now()

    def take(self):
        """Spend one token; False when none is left."""
        now = self.now()
        self.tokens = min(self.capacity, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

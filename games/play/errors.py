"""The refusals of the writes: a request the site refuses raises one of these, with a message
for the user, and changes nothing."""


class ServiceError(Exception):
    """A request the site refuses; ``str(error)`` is a translated message for the user, and
    ``code`` a stable name of the refusal for a program (the bot API's ``code``)."""

    code = "refused"

    def __init__(self, message: str, code: str | None = None):
        super().__init__(message)
        if code is not None:
            self.code = code


class StaleMove(ServiceError):
    """A move made against an older position (a stale page, a double click, a resend)."""

    code = "stale_move"


class TooFast(ServiceError):
    """More of something than a player may do in a while (tables made)."""


class NotNow(ServiceError):
    """A move or resignation at the wrong moment: not the player's turn, or the game is over."""


class MoveRefused(ServiceError):
    """A move the rules refuse here (``code`` "illegal_move"), or move text that cannot be
    read ("not_a_move"); ``rule`` names the reason (``games.text.refusals.reason_code``)."""

    def __init__(self, message: str, code: str, rule: str):
        super().__init__(message, code)
        self.rule = rule

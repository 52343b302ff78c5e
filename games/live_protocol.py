"""The messages a table's websocket accepts, checked before anything acts on them.

Each is a JSON object with a ``type``:

- ``{"type": "move", "move": "QH 8H 4H !", "seq": 12, "client_move_id": "k3j9x"}``: a move
  made against event number ``seq``; a resent ``client_move_id`` is never applied twice;
- ``{"type": "resign"}``;
- ``{"type": "chat", "text": "..."}``;
- ``{"type": "resync", "game": 7, "seq": 12}``: the game and event number the client last
  saw; it gets a fresh render unless those are still current.

htmx's websocket extension sends a form's fields as strings (plus a ``HEADERS`` object), so
numbers may come as strings of digits, and keys not listed here are ignored.
"""

import json
import re
from dataclasses import dataclass

from django.utils.translation import gettext as _

MAX_MESSAGE_LENGTH = 4096  # characters of JSON; the longest valid message is far shorter
MAX_MOVE_LENGTH = 200
CLIENT_MOVE_ID = re.compile(r"[A-Za-z0-9_-]{1,40}")
KINDS = ("move", "resign", "chat", "resync")


class ProtocolError(ValueError):
    """A message the server cannot act on; ``str(error)`` is a translated message."""


@dataclass(frozen=True)
class Message:
    kind: str
    move: str = ""
    seq: int | None = None
    game: int | None = None
    client_move_id: str = ""
    text: str = ""


def parse(raw):
    """A ``Message`` from a websocket text frame, or ``ProtocolError``."""
    if not isinstance(raw, str):
        raise ProtocolError(_("Messages are JSON text."))
    if len(raw) > MAX_MESSAGE_LENGTH:
        raise ProtocolError(_("That message is too long."))
    try:
        data = json.loads(raw)
    except ValueError:
        raise ProtocolError(_("That message is not JSON.")) from None
    if not isinstance(data, dict) or data.get("type") not in KINDS:
        raise ProtocolError(_("Unknown kind of message."))
    kind = data["type"]
    if kind == "move":
        move = data.get("move")
        if not isinstance(move, str) or not move.strip():
            raise ProtocolError(_("Choose cards, or draw."))
        if len(move) > MAX_MOVE_LENGTH:
            raise ProtocolError(_("That move is too long."))
        client_move_id = data.get("client_move_id")
        if not isinstance(client_move_id, str) or not CLIENT_MOVE_ID.fullmatch(client_move_id):
            raise ProtocolError(_("A move needs a client move id (1 to 40 letters, digits, - or _)."))
        return Message(kind, move=move.strip(), seq=_number(data.get("seq"), required=True),
                       client_move_id=client_move_id)
    if kind == "chat":
        text = data.get("text")
        if not isinstance(text, str):
            raise ProtocolError(_("A chat message needs a text."))
        return Message(kind, text=text)
    if kind == "resync":
        return Message(kind, seq=_number(data.get("seq")), game=_number(data.get("game")))
    return Message(kind)


def _number(value, required=False):
    """A whole number ≥ 0 given as a number or a string of digits; None when absent (or "")."""
    if value is None or value == "":
        if required:
            raise ProtocolError(_("A move needs the event number it was made against."))
        return None
    if isinstance(value, bool):
        raise ProtocolError(_("Expected a whole number."))
    if isinstance(value, int) and value >= 0:
        return value
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 12:
        return int(value)
    raise ProtocolError(_("Expected a whole number."))

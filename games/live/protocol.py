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

Hostile input is refused before it is parsed or used: a frame too long, nested deeper than
``MAX_DEPTH`` (Python's parser recurses: 2,000 brackets would overflow its stack), or
holding a string no page could send (a control character such as NUL, which PostgreSQL
refuses, or a lone surrogate, which is no UTF-8 at all).
"""

import json
import re
from dataclasses import dataclass

from django.utils.translation import gettext as _

MAX_MESSAGE_LENGTH = 4096  # characters of JSON; the longest valid message is far shorter
MAX_DEPTH = 4  # nested objects and arrays: a message is an object, htmx adds one level (HEADERS)
MAX_MOVE_LENGTH = 200
CLIENT_MOVE_ID = re.compile(r"[A-Za-z0-9_-]{1,40}")
MAX_NUMBER = 10**12 - 1  # event and game numbers: far below a database integer's limit
KINDS = ("move", "resign", "chat", "resync")
# Control characters (tab and line breaks aside: a pasted chat line) and lone surrogates.
NOT_TEXT = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")


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
    if _depth(raw) > MAX_DEPTH:
        raise ProtocolError(_("That message is nested too deeply."))
    try:
        data = json.loads(raw)
    except ValueError:
        raise ProtocolError(_("That message is not JSON.")) from None
    if not isinstance(data, dict) or data.get("type") not in KINDS:
        raise ProtocolError(_("Unknown kind of message."))
    _check_strings(data)
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


def _depth(raw):
    """How deeply the JSON text's arrays and objects nest (brackets inside strings do not
    count), read without parsing it."""
    depth = deepest = 0
    in_string = escaped = False
    for char in raw:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _check_strings(value):
    """Refuse any string (key or value) with a control character or a lone surrogate."""
    if isinstance(value, dict):
        for key, item in value.items():
            _check_strings(key)
            _check_strings(item)
    elif isinstance(value, list):
        for item in value:
            _check_strings(item)
    elif isinstance(value, str) and NOT_TEXT.search(value):
        raise ProtocolError(_("That message holds characters that are not text."))


def _number(value, required=False):
    """A whole number ≥ 0 given as a number or a string of digits; None when absent (or "")."""
    if value is None or value == "":
        if required:
            raise ProtocolError(_("A move needs the event number it was made against."))
        return None
    if isinstance(value, bool):
        raise ProtocolError(_("Expected a whole number."))
    if isinstance(value, int) and 0 <= value <= MAX_NUMBER:
        return value
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 12:
        return int(value)
    raise ProtocolError(_("Expected a whole number."))


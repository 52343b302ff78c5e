"""The JSON bodies of the API's requests (POST /api/table, /api/challenge/<name>, and a
tournament's join, whose body may carry its invitation): read into a challenge's ``Terms``
and a seat count, or refused with a sentence naming what is wrong. Only the shape is checked
here; ``games.play`` (and ``tournaments.writes``) check the rules and limits."""

import json

from django.utils.translation import gettext as _

from games.engine.rules import DEFAULT_PRESET
from games.models import MAX_SEATS, Table
from games.play.challenges import Terms

MAX_BODY = 8192  # bytes: a body of every option is about 1 KB
MAX_BOTS = MAX_SEATS - 1  # a table of ten: you and nine bots
FIELDS = {
    "preset": str,
    "overrides": dict,
    "timer": int,
    "bots": list,
    "seats": int,
    "private": bool,
    "pace": str,
    "move_seconds": int,
    "invite": str,
}


class BadBody(ValueError):
    """A body the API cannot read; ``str(error)`` says why."""


def read(request, allowed: tuple[str, ...]) -> dict:
    """The body's fields (each of ``allowed``, of its JSON type; an empty body is ``{}``)."""
    raw = request.body
    if len(raw) > MAX_BODY:
        raise BadBody(_("The body is longer than %(size)d bytes.") % {"size": MAX_BODY})
    if not raw.strip():
        return {}
    try:
        body = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise BadBody(_("The body is not JSON.")) from None
    if not isinstance(body, dict):
        raise BadBody(_("The body is a JSON object."))
    for name, value in body.items():
        if name not in allowed:
            raise BadBody(
                _("%(name)s: no such field; the fields are: %(fields)s")
                % {"name": name[:40], "fields": ", ".join(allowed)}
            )
        kind = FIELDS[name]
        if value is not None and (type(value) is not kind):
            raise BadBody(_("%(name)s: the wrong type of value.") % {"name": name})
    bots = body.get("bots") or []
    if len(bots) > MAX_BOTS or not all(isinstance(level, str) and len(level) < 20 for level in bots):
        raise BadBody(_("bots: a list of at most %(count)d bot levels.") % {"count": MAX_BOTS})
    return body


def terms(body: dict) -> Terms:
    return Terms(
        preset=body.get("preset") or DEFAULT_PRESET,
        overrides=body.get("overrides") or {},
        turn_timer_seconds=body.get("timer"),
        bot_levels=tuple(body.get("bots") or ()),
        pace=Table.Pace.LIVE if body.get("pace") is None else body["pace"],
        move_seconds=body.get("move_seconds"),
    )

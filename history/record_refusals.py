"""A record's schema errors (pydantic's) in the site's own translated words."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.models import MAX_SEATS, MIN_SEATS
from history.record_schema import MAX_MOVES, MOVE_LENGTH, SEED_HIGH, SEED_LOW, TABLE_NAME_LENGTH

SHOWN_INPUT = 40  # characters of a refused value repeated in a message


def refusal(error):
    """The message for pydantic's error dict ``error`` (the first one found)."""
    location, kind = error["loc"], error["type"]
    if kind == "json_invalid":
        if "recursion limit" in error["msg"]:
            return _("The record is nested too deeply to be a game record.")
        return _("That file is not JSON: %(reason)s") % {"reason": error["ctx"]["error"]}
    if not location:
        return _("This is not a Kadi game record.")
    field = location[0]
    if kind == "extra_forbidden":
        name = _shown(location[-1])
        return _("The record has a field this site does not know: “%(name)s”.") % {"name": name}
    if field == "rules":
        return _("The record's rules are invalid: %(reason)s") % {"reason": _reason(location[1:], error)}
    if field == "players" and len(location) > 1:
        return _("Player %(number)d of the record: %(reason)s") % {
            "number": location[1] + 1, "reason": _reason(location[2:], error),
        }
    if field == "result" and location[1:2] == ("winner",):
        return _("The winner must be one of the seats, or null.")
    if field in ("started_at", "finished_at"):
        return _("“%(value)s” is not a date and time with a time zone, from 2000 to today.") % {
            "value": _shown(error["input"])
        }
    if field == "preset":
        return _("There is no rules preset called “%(preset)s”.") % {"preset": _shown(error["input"])}
    message = _field_messages().get(field)
    return message if message else _("The record's “%(field)s” is invalid: %(reason)s") % {
        "field": _shown(field), "reason": error["msg"],
    }


def _field_messages():
    return {
        "format": _("This is not a Kadi game record."),
        "version": _("The record's version must be a whole number."),
        "table": ngettext(
            "The table name must be text of at most %(n)d character, without control characters.",
            "The table name must be text of at most %(n)d characters, without control characters.",
            TABLE_NAME_LENGTH,
        ) % {"n": TABLE_NAME_LENGTH},
        "players": _("A game has %(low)d to %(high)d players.") % {"low": MIN_SEATS, "high": MAX_SEATS},
        "seed": _("The seed must be a whole number from %(low)d to %(high)d.")
        % {"low": SEED_LOW, "high": SEED_HIGH},
        "first_seat": _("The first player must be one of the seats."),
        "moves": _(
            "The moves must be a list of at most %(count)d move texts, each at most %(length)d "
            "characters without control characters."
        ) % {"count": MAX_MOVES, "length": MOVE_LENGTH},
        "result": _("The result needs one place for every player, and a winner among them."),
    }


def _reason(where, error):
    """What is wrong, after the path inside the part it is about (``jokers: …``)."""
    path = ".".join(str(part) for part in where)
    problem = _problem(error)
    return f"{path}: {problem}" if path else problem


def _problem(error):
    """pydantic's error in the site's words, for every kind the schema's players and rules
    can raise (pydantic's own English, a regular expression and all, for any other)."""
    kind, context = error["type"], error.get("ctx") or {}
    limit = next((context[key] for key in ("max_length", "ge", "le", "lt") if key in context), None)
    if kind == "string_too_long":
        return ngettext(
            "must be at most %(limit)d character long", "must be at most %(limit)d characters long", limit
        ) % {"limit": limit}
    if kind == "too_long":
        return ngettext("must hold at most %(limit)d item", "must hold at most %(limit)d items", limit) % {
            "limit": limit
        }
    messages = {
        "missing": _("is missing"),
        "string_type": _("must be text"),
        "string_too_short": _("must not be empty"),
        "string_pattern_mismatch": _("must hold no control characters"),
        "int_type": _("must be a whole number"),
        "bool_type": _("must be true or false"),
        "list_type": _("must be a list"),
        "literal_error": _("is not one of this option's values"),
        "greater_than_equal": _("must be at least %(limit)s"),
        "less_than_equal": _("must be at most %(limit)s"),
        "less_than": _("must be less than %(limit)s"),
    }
    return messages[kind] % {"limit": limit} if kind in messages else error["msg"]


def _shown(value):
    text = str(value)
    return text if len(text) <= SHOWN_INPUT else text[: SHOWN_INPUT - 1] + "…"

"""A notification's words, put together when read, in the active language: a title and a
sentence from its kind and the parameters stored with it (names, a table's name, a place).
Hidden information never reaches here: no receiver stores a card."""

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games.text.tables import table_title
from notifications.models import Kind, Notification


def title(notification: Notification) -> str:
    return {
        Kind.YOUR_TURN: _("Your turn"),
        Kind.CHALLENGE: _("A challenge"),
        Kind.CHALLENGE_ANSWERED: _("Your challenge"),
        Kind.GAME_OVER: _("Game over"),
        Kind.REMATCH_OFFERED: _("Play again?"),
        Kind.FRIEND_SEATED: _("A friend sat down"),
        Kind.TOURNAMENT_STARTED: _("Tournament started"),
    }.get(notification.kind, _("Kadi"))


def body(notification: Notification) -> str:
    """The sentence shown in the list, the push and the e-mail."""
    params = notification.params
    name = str(params.get("name", ""))
    table = table_title(str(params.get("table_kind", "")), str(params.get("table", "")), params.get("owner"))
    kind = notification.kind
    if kind == Kind.YOUR_TURN:
        return _("It is your turn at %(table)s.") % {"table": table}
    if kind == Kind.CHALLENGE:
        return _("%(name)s challenges you to a game.") % {"name": name}
    if kind == Kind.CHALLENGE_ANSWERED:
        if params.get("answer") == "accepted":
            return _("%(name)s accepted your challenge: the game has begun.") % {"name": name}
        return _("%(name)s declined your challenge.") % {"name": name}
    if kind == Kind.GAME_OVER:
        place, players = int(params.get("place") or 0), int(params.get("players") or 0)
        if place == 1:
            return _("You won the game at %(table)s.") % {"table": table}
        words = pgettext(
            "a game's result", "The game at %(table)s is over: you came %(place)d of %(players)d."
        )
        return words % {"table": table, "place": place, "players": players}
    if kind == Kind.REMATCH_OFFERED:
        return _("%(name)s offers to play again at %(table)s.") % {"name": name, "table": table}
    if kind == Kind.FRIEND_SEATED:
        return _("Your friend %(name)s sat down at %(table)s: there is a free seat.") % {
            "name": name,
            "table": table,
        }
    if kind == Kind.TOURNAMENT_STARTED:
        return _("%(tournament)s has begun: your first table is being made.") % {
            "tournament": str(params.get("tournament", ""))
        }
    return ""

"""Where a report points (a table, a game, a chat line), read from the ids a report link
carries: each must be the reported player's (their seat, their game, their line) and one the
reporter may see, else the report is refused with one sentence for every case, so a link
cannot probe what exists."""

from collections.abc import Mapping
from dataclasses import dataclass

from django.db.models import Q
from django.utils.translation import gettext as _

from accounts.models import User
from games.models import ChatMessage, Game, GamePlayer, Seat, Table
from games.whereabouts import may_see_table
from moderation.writes import Refused

MAX_ID = 2**63 - 1  # the largest id a database integer holds


@dataclass(frozen=True)
class Context:
    table: Table | None = None
    game: Game | None = None
    chat_message: ChatMessage | None = None

    def ids(self) -> dict[str, int]:
        """The ids to carry on to the form's POST (and to link the report from)."""
        found = {"table": self.table, "game": self.game, "chat": self.chat_message}
        return {name: row.pk for name, row in found.items() if row is not None}


def read(params: Mapping[str, str], subject: User, reporter: User, grants: Mapping[int, str]) -> Context:
    """The context ``params`` (``table``, ``game``, ``chat``: ids) name, checked; ``Refused``
    when any names nothing of ``subject``'s that ``reporter`` may see."""
    ids = {name: _id(params.get(name)) for name in ("table", "game", "chat")}
    refused = Refused(
        _("That link does not point to a table, game or chat line of this player that you can see.")
    )
    if any(value is False for value in ids.values()):
        raise refused
    table = game = line = None
    if ids["chat"] is not None:
        line = ChatMessage.objects.select_related("table").filter(pk=ids["chat"], user=subject).first()
        if line is None or not may_see_table(reporter, line.table, grants):
            raise refused
        table = line.table
    if ids["game"] is not None:
        game = Game.objects.select_related("table").filter(pk=ids["game"], players__user=subject).first()
        if game is None or not may_see_table(reporter, game.table, grants, ended_game=True):
            raise refused
    if ids["table"] is not None and table is None:
        table = Table.objects.filter(pk=ids["table"]).first()
        if table is None or not _was_at(subject, table) or not may_see_table(reporter, table, grants):
            raise refused
    return Context(table=table, game=game, chat_message=line)


def _id(value: str | None) -> int | None | bool:
    """The id ``value`` holds, None when absent or empty, False when it is no id."""
    if value is None or value == "":
        return None
    if not (value.isascii() and value.isdigit()) or len(value) > 19 or not 0 < int(value) <= MAX_ID:
        return False
    return int(value)


def _was_at(user: User, table: Table) -> bool:
    """Whether ``user`` sits at ``table``, played one of its games or wrote in its chat."""
    return (
        Seat.objects.filter(table=table, user=user).exists()
        or GamePlayer.objects.filter(game__table=table, user=user).exists()
        or ChatMessage.objects.filter(Q(table=table) & Q(user=user)).exists()
    )

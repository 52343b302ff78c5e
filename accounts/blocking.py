"""What a block forbids at a table, asked by ``games.play`` before a seat is taken or a
chat line written: a blocked player takes no seat at a table where their blocker sits or
which the blocker made (nor the blocker one beside them), and writes nothing in the chat of
a table where their blocker sits.

Each check answers a sentence to refuse with, or None. A blocked player's sentence is
neutral: it never says who blocked them, or that anyone did.
"""

from django.db.models import Q
from django.utils.translation import gettext as _

from accounts.models import Block, User
from games.models import Seat, Table


def seat_refusal(table: Table, user: User) -> str | None:
    """Why ``user`` may not sit at ``table`` because of a block, or None."""
    others = Q(pk__in=Seat.objects.filter(table=table).values("user")) | Q(pk=table.created_by_id)
    people = User.objects.filter(others).exclude(pk=user.pk).values("pk")
    blockers = set(
        Block.objects.filter(Q(blocker=user, blocked__in=people) | Q(blocked=user, blocker__in=people))
        .values_list("blocker_id", flat=True)
        .distinct()
    )
    if user.pk in blockers:
        return _("A player you blocked is at this table.")
    if blockers:
        return _("You cannot take a seat at this table.")
    return None


def chat_refusal(table_id: int, user: User) -> str | None:
    """Why ``user`` may not write in the chat of table ``table_id`` because of a block, or None."""
    seated = Seat.objects.filter(table_id=table_id).values("user")
    if Block.objects.filter(blocked=user, blocker__in=seated).exists():
        return _("You cannot chat at this table.")
    return None


def blocked_pairs(user_ids: set[int]) -> set[tuple[int, int]]:
    """The pairs among ``user_ids`` one of whom blocked the other, both ways round: who may
    not share a table made for them all at once (a tournament's pairing)."""
    pairs = Block.objects.filter(blocker__in=user_ids, blocked__in=user_ids).values_list(
        "blocker_id", "blocked_id"
    )
    return {pair for blocker, blocked in pairs for pair in ((blocker, blocked), (blocked, blocker))}

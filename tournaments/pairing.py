"""Who sits with whom: the waiting players grouped into tables (pure Python: the pairing
write, the bench and the tests call it; docs/rules.md, "Tournaments", tells players).

Players sit in score order (most points first; among equal points whoever waited longest
first), cut into tables of ``seats``, so that similar scores play together. A table holding
two players who met at their last table (or who blocked one another: ``avoid``) swaps one of
them with a player of the table above or below where that leaves fewer such meetings; nobody
moves more than one table from their place in score order. The players who do not fill a
table are those who arrived last: they wait for the next pairing. Where the tournament lets
bots play (``bot_wait`` given), once the longest-waiting of them has waited ``bot_wait`` they
sit together at one table and bots take its free seats (at 2 or 3 seats, two or more left over
play each other and the bots rather than wait for one more person).
"""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from itertools import combinations


@dataclass(frozen=True)
class Waiting:
    """A player waiting for a table: their id, points, since when they wait, and the ids of
    the players they should not meet now (their last table's)."""

    id: int
    points: int
    since: datetime
    avoid: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Group:
    """One new table: its players' ids (in score order) and how many bots fill it."""

    players: tuple[int, ...]
    bots: int = 0


@dataclass(frozen=True)
class Pairing:
    """The new tables, and the ids of the players left waiting."""

    groups: tuple[Group, ...]
    left: tuple[int, ...]


def score_order(waiting: Sequence[Waiting]) -> list[Waiting]:
    """Most points first; among equal points, whoever waited longest; then by id."""
    return sorted(waiting, key=lambda w: (-w.points, w.since, w.id))


def pair(waiting: Sequence[Waiting], seats: int, now: datetime, bot_wait: timedelta | None = None) -> Pairing:
    """Group ``waiting`` into tables of ``seats`` (see the module's docstring); ``bot_wait``
    None: no bots, leftovers wait."""
    if seats < 2:
        raise ValueError("a table has two seats at least")
    extra = len(waiting) % seats
    last_come = sorted(waiting, key=lambda w: (w.since, w.id), reverse=True)[:extra]
    left_ids = {w.id for w in last_come}
    ordered = [w for w in score_order(waiting) if w.id not in left_ids]
    tables = [ordered[start : start + seats] for start in range(0, len(ordered), seats)]
    _avoid_meetings(tables)
    groups = [Group(tuple(w.id for w in score_order(table))) for table in tables]
    left = score_order(last_come)
    if left and bot_wait is not None and min(w.since for w in left) <= now - bot_wait:
        groups.append(Group(tuple(w.id for w in left), bots=seats - len(left)))
        left = []
    return Pairing(tuple(groups), tuple(w.id for w in left))


def meetings(table: Sequence[Waiting]) -> int:
    """How many pairs at ``table`` should not meet (either avoids the other)."""
    return sum(1 for a, b in combinations(table, 2) if b.id in a.avoid or a.id in b.avoid)


def _avoid_meetings(tables: list[list[Waiting]]) -> None:
    """Swap players between neighbouring tables, in place, wherever a swap leaves fewer
    meetings to avoid at the two, each player staying within one table of their own."""
    home = {w.id: index for index, table in enumerate(tables) for w in table}
    for index in range(len(tables)):
        while meetings(tables[index]):
            swap = _best_swap(tables, index, home)
            if swap is None:
                break
            other, mine, theirs = swap
            a, b = tables[index][mine], tables[other][theirs]
            tables[index][mine], tables[other][theirs] = b, a


def _best_swap(tables: list[list[Waiting]], index: int, home: dict[int, int]) -> tuple[int, int, int] | None:
    """The swap of a player of table ``index`` with one of a neighbouring table that removes
    the most meetings (then the one between the closest scores), or None."""
    table = tables[index]
    best: tuple[int, int, tuple[int, int, int]] | None = None
    for other in (index + 1, index - 1):
        if not 0 <= other < len(tables):
            continue
        before = meetings(table) + meetings(tables[other])
        for mine, a in enumerate(table):
            if abs(home[a.id] - other) > 1:
                continue
            for theirs, b in enumerate(tables[other]):
                if abs(home[b.id] - index) > 1:
                    continue
                here = table[:mine] + [b] + table[mine + 1 :]
                there = tables[other][:theirs] + [a] + tables[other][theirs + 1 :]
                gain = before - meetings(here) - meetings(there)
                key = (gain, -abs(a.points - b.points), (other, mine, theirs))
                if gain > 0 and (best is None or key[:2] > best[:2]):
                    best = key
    return None if best is None else best[2]

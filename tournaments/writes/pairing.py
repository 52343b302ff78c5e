"""Starting a tournament and seating its waiting players at new tables, when due.

``pair_if_due`` does it all in one transaction holding the tournament's row lock: two
workers at once pair once (the second finds nobody waiting), and a worker killed half way
leaves nothing made (the next run pairs). Each table is a normal games table out of the lobby,
made in bulk (``games.play.starts.start_tables``): anyone's to watch at a public tournament,
through its invitation link at a private one; rated as the tournament; its game started at
once; bots (``BOT_LEVEL``) take the free seats the pairing gives them where the tournament
allows bots. It runs on the commit of a join, a return from a pause and a counted game, and in the
periodic job (``tournaments.writes.schedule``).
"""

from datetime import datetime, timedelta
from functools import partial

from django.conf import settings
from django.db import transaction
from django.db.models import OuterRef, Subquery
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from accounts import blocking, restrictions
from games.play.starts import NewTable, TableTerms, start_tables
from tournaments import pairing, queue, signals
from tournaments.models import Entry, Tournament, TournamentTable
from tournaments.writes import entries

BOT_LEVEL = "greedy"


def pair_if_due(tournament_id: int, now: datetime | None = None) -> int:
    """Start the tournament if its start is due, then seat its waiting players if a pairing
    is due (``tournaments.queue.pairing_due_at``); returns how many tables it made."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
        if tournament is None:
            return 0
        if tournament.status == Tournament.Status.SCHEDULED and tournament.starts_at <= now:
            _start(tournament)
        due = queue.pairing_due_at(tournament)
        if due is None or due > now or now >= tournament.ends_at:
            return 0
        return _pair(tournament, now)


def pair_on_commit(tournament_id: int) -> None:
    """Pair the tournament once the current transaction commits (a player came to wait)."""
    transaction.on_commit(partial(pair_if_due, tournament_id), robust=True)


def _start(tournament: Tournament) -> None:
    tournament.status = Tournament.Status.RUNNING
    tournament.save(update_fields=["status"])
    user_ids = list(tournament.entries.exclude(state=Entry.State.WITHDRAWN).values_list("user_id", flat=True))
    send = partial(
        signals.tournament_started.send, sender=Tournament, tournament=tournament, user_ids=user_ids
    )
    transaction.on_commit(send, robust=True)
    entries.changed(tournament)


def _pair(tournament: Tournament, now: datetime) -> int:
    waiting = list(queue.waiting(tournament).select_related("user"))
    if tournament.rated:  # a player barred from rated games (a ban, the fair-play pause) waits it out
        barred = restrictions.restricted(
            {entry.user_id for entry in waiting},
            restrictions.RATED,  # type: ignore[arg-type]  # str kinds; tuples to mypy without django-stubs
            now,
        )
        waiting = [entry for entry in waiting if entry.user_id not in barred]
    by_user = {entry.user_id: entry for entry in waiting}
    blocked = _blocked(set(by_user))
    players = [
        pairing.Waiting(
            entry.user_id,
            entry.points,
            entry.waiting_since or entry.joined_at,
            frozenset(entry.last_opponents) | blocked.get(entry.user_id, frozenset()),
        )
        for entry in waiting
    ]
    bot_wait = timedelta(seconds=settings.TOURNAMENT_BOT_WAIT_SECONDS) if tournament.bots_allowed else None
    groups = pairing.pair(players, tournament.seats, now, bot_wait).groups
    number = tournament.tables.count()
    names = [_table_name(tournament, number + n) for n in range(1, len(groups) + 1)]
    new = [
        NewTable(name, [by_user[user_id].user for user_id in group.players], group.bots, BOT_LEVEL)
        for name, group in zip(names, groups, strict=True)
    ]
    terms = TableTerms(
        tournament.preset,
        tournament.rule_overrides,
        tournament.turn_timer_seconds,
        rated=tournament.rated,
        private=tournament.private,  # a public tournament's games are anyone's to watch
    )
    games = start_tables(new, terms)
    made = [(group, game) for group, game in zip(groups, games, strict=True) if game is not None]
    if not made:
        return 0
    rows = TournamentTable.objects.bulk_create(
        TournamentTable(tournament=tournament, table_id=game.table_id, game=game) for _group, game in made
    )
    # Each entry seated points at the table whose game it plays: one statement for them all.
    seated = [user_id for group, _game in made for user_id in group.players]
    at_table = TournamentTable.objects.filter(
        pk__in=[row.pk for row in rows], game__players__user=OuterRef("user")
    )
    queue.waiting(tournament).filter(user__in=seated).update(
        table=Subquery(at_table.values("pk")[:1]), waiting_since=None
    )
    entries.changed(tournament)
    send = partial(signals.tables_made.send, sender=Tournament, tournament=tournament, user_ids=seated)
    transaction.on_commit(send, robust=True)
    return len(rows)


def _table_name(tournament: Tournament, number: int) -> str:
    """ "<tournament> · table N", in the site's language whoever's request pairs; a private
    tournament's tables do not name it (anyone with a table's link may watch)."""
    with translation.override(settings.LANGUAGE_CODE):
        if tournament.private:
            return _("Tournament table %(number)d") % {"number": number}
        suffix = " " + _("· table %(number)d") % {"number": number}
    return tournament.name[: 80 - len(suffix)] + suffix


def _blocked(user_ids: set[int]) -> dict[int, frozenset[int]]:
    """Who among ``user_ids`` blocked or was blocked by whom: the pairing keeps them apart
    where it can (a table holding both is not made: they wait for the next pairing)."""
    avoid: dict[int, set[int]] = {}
    for one, other in blocking.blocked_pairs(user_ids):
        avoid.setdefault(one, set()).add(other)
    return {user_id: frozenset(others) for user_id, others in avoid.items()}

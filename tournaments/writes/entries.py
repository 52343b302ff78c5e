"""Tournaments made by players, and entries: join, pause, come back, withdraw.

Site decisions (docs/rules.md, "Tournaments"): guests and the site's own bots do not enter
(bots fill free seats where a tournament allows them); a program playing through the bot
API enters only a tournament that allows bots; a withdrawn player may join again and keeps
their points; pausing or withdrawing at a table lets that game finish and count, and only
keeps the player from being paired again. A private tournament is joined through its
invitation link (its creator and entrants need none); to anyone else it does not exist.
"""

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import partial
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts import shown_text
from accounts.models import User
from games.engine import Rules
from games.engine.rules import PRESETS
from games.models import MIN_SEATS
from games.play.errors import ServiceError, TooFast
from games.play.fair_play import check_rated
from tournaments import signals
from tournaments.models import MAX_TABLE_SEATS, Entry, Tournament
from tournaments.writes import pairing

NOT_FOUND = "not_found"
SHORTEST_MINUTES, LONGEST_MINUTES = 5, 7 * 24 * 60
TURN_CLOCKS = (15, 30, 60)  # seconds a move: what a player's own tournament may choose


@dataclass(frozen=True)
class Terms:
    """What a player's tournament is: its name, rules, table size, clock and times."""

    name: str
    starts_at: datetime
    minutes: int = 60
    preset: str = "classic"
    overrides: dict[str, Any] = field(default_factory=dict)
    seats: int = 4
    turn_timer_seconds: int | None = 30
    rated: bool = True
    bots_allowed: bool = False


def create(user: User, terms: Terms, now: datetime | None = None) -> Tournament:
    """A private tournament made by ``user`` (entered at once), refused with a sentence for
    terms out of range and past ``TOURNAMENTS_PER_DAY`` made in the last day."""
    now = now or timezone.now()
    if user.is_guest or user.is_bot:
        raise ServiceError(_("Sign up to make a tournament."), "sign_up")
    _check_terms(terms, now)
    with transaction.atomic():
        User.objects.select_for_update().filter(pk=user.pk).first()  # one count at a time per player
        made = Tournament.objects.filter(created_by=user, created_at__gte=now - timedelta(days=1)).count()
        limit = settings.TOURNAMENTS_PER_DAY
        if made >= limit:
            raise TooFast(
                ngettext(
                    "You have made %(count)d tournament in the last day: wait before making another.",
                    "You have made %(count)d tournaments in the last day: wait before making another.",
                    limit,
                )
                % {"count": limit},
                "too_many",
            )
        tournament = Tournament.objects.create(
            name=terms.name.strip(),
            preset=terms.preset,
            rule_overrides=dict(terms.overrides),
            seats=terms.seats,
            turn_timer_seconds=terms.turn_timer_seconds,
            minutes=terms.minutes,
            rated=terms.rated,
            bots_allowed=terms.bots_allowed,
            starts_at=terms.starts_at,
            private=True,
            created_by=user,
        )
        Entry.objects.create(tournament=tournament, user=user, waiting_since=now)
        changed(tournament)
    return tournament


def _check_terms(terms: Terms, now: datetime) -> None:
    name = (terms.name or "").strip() if isinstance(terms.name, str) else ""
    if not shown_text.shows_something(name):
        raise ServiceError(_("Give the tournament a name."), "bad_terms")
    if shown_text.reorders(name):
        raise ServiceError(_("That name holds characters that would turn the text around it."), "bad_terms")
    if len(name) > Tournament._meta.get_field("name").max_length:
        raise ServiceError(_("That name is too long."), "bad_terms")
    if terms.preset not in PRESETS:
        raise ServiceError(_("Choose one of the rules presets."), "bad_terms")
    if not isinstance(terms.overrides, dict):
        raise ServiceError(_("House rules are a set of options."), "bad_terms")
    try:
        Rules.from_dict({**terms.overrides, "preset": terms.preset})
    except (ValueError, TypeError) as error:
        raise ServiceError(
            _("These house rules are invalid: %(reason)s") % {"reason": error}, "bad_terms"
        ) from None
    if type(terms.seats) is not int or not MIN_SEATS <= terms.seats <= MAX_TABLE_SEATS:
        words = _("A tournament's tables have %(low)d to %(high)d seats.")
        raise ServiceError(words % {"low": MIN_SEATS, "high": MAX_TABLE_SEATS}, "bad_terms")
    if terms.turn_timer_seconds not in TURN_CLOCKS:
        raise ServiceError(_("Choose a turn clock: 15, 30 or 60 seconds."), "bad_terms")
    if type(terms.minutes) is not int or not SHORTEST_MINUTES <= terms.minutes <= LONGEST_MINUTES:
        words = _("A tournament lasts %(low)d minutes to %(high)d days.")
        raise ServiceError(words % {"low": SHORTEST_MINUTES, "high": LONGEST_MINUTES // 1440}, "bad_terms")
    if not isinstance(terms.starts_at, datetime) or timezone.is_naive(terms.starts_at):
        raise ServiceError(_("Give the start as a date and time."), "bad_terms")
    if not now - timedelta(minutes=1) <= terms.starts_at <= now + timedelta(days=30):
        raise ServiceError(_("A tournament starts now or within 30 days."), "bad_terms")


def visible(tournament: Tournament, user: User | None, token: str | None = None) -> bool:
    """Whether ``user`` (None: a visitor) may know ``tournament`` exists: it is public, or
    they made it, entered it, or hold its invitation token."""
    if not tournament.private or (token is not None and tournament.invite_opens(token)):
        return True
    if user is None or not user.is_authenticated:
        return False
    return tournament.created_by_id == user.pk or tournament.entries.filter(user=user).exists()


def join(
    tournament_id: int,
    user: User,
    token: str | None = None,
    by_program: bool = False,
    now: datetime | None = None,
) -> Entry:
    """Enter ``user`` (``by_program``: through the bot API) into the tournament, or bring a
    withdrawn entry back, waiting for a table; refused with a sentence otherwise."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = _locked(tournament_id, user, token)
        if user.is_guest:
            raise ServiceError(_("Sign up to play in tournaments."), "sign_up")
        if user.is_bot:
            raise ServiceError(
                _("The site's bots do not enter tournaments: they fill free seats."), "refused"
            )
        if by_program and not tournament.bots_allowed:
            raise ServiceError(_("This tournament does not allow bots."), "bots_not_allowed")
        if tournament.status in (Tournament.Status.ENDING, Tournament.Status.FINISHED):
            raise ServiceError(_("This tournament is over."), "over")
        if tournament.rated:
            check_rated(user)
        entry = Entry.objects.filter(tournament=tournament, user=user).first()
        if entry is not None and entry.state != Entry.State.WITHDRAWN:
            raise ServiceError(_("You are in this tournament already."), "already_in")
        if entry is None:
            entry = Entry.objects.create(tournament=tournament, user=user, waiting_since=now)
        else:
            _set_state(entry, Entry.State.IN, now)
        changed(tournament)
        pairing.pair_on_commit(tournament.pk)
    return entry


def pause(tournament_id: int, user: User, now: datetime | None = None) -> Entry:
    """Stop being paired (a game being played finishes and counts); ``resume`` comes back."""
    return _move(tournament_id, user, Entry.State.PAUSED, (Entry.State.IN,), now)


def resume(tournament_id: int, user: User, now: datetime | None = None) -> Entry:
    """Back from a pause: waiting for a table again (once any game still played is over)."""
    entry = _move(tournament_id, user, Entry.State.IN, (Entry.State.PAUSED,), now)
    pairing.pair_on_commit(entry.tournament_id)  # the move has committed: pairs now
    return entry


def withdraw(tournament_id: int, user: User, now: datetime | None = None) -> Entry:
    """Leave the tournament (its points stay in the standings; joining again brings them back)."""
    return _move(tournament_id, user, Entry.State.WITHDRAWN, (Entry.State.IN, Entry.State.PAUSED), now)


def _move(
    tournament_id: int, user: User, state: str, allowed: tuple[str, ...], now: datetime | None
) -> Entry:
    now = now or timezone.now()
    with transaction.atomic():
        tournament = _locked(tournament_id, user, None)
        entry = (
            Entry.objects.filter(tournament=tournament, user=user).first() if user.is_authenticated else None
        )
        if entry is None:
            raise ServiceError(_("You are not in this tournament."), "not_in")
        if tournament.status == Tournament.Status.FINISHED:
            raise ServiceError(_("This tournament is over."), "over")
        if entry.state not in allowed:
            words = {
                Entry.State.PAUSED: _("You are paused already."),
                Entry.State.IN: _("You are taking part already."),
            }.get(state, _("You have withdrawn already."))
            if entry.state == Entry.State.WITHDRAWN:
                words = _("You have withdrawn from this tournament: join it again to play.")
            raise ServiceError(words, "refused")
        _set_state(entry, state, now)
        changed(tournament)
    return entry


def _set_state(entry: Entry, state: str, now: datetime) -> None:
    entry.state = state
    entry.waiting_since = now if state == Entry.State.IN and entry.table_id is None else None
    entry.save(update_fields=["state", "waiting_since"])


def _locked(tournament_id: int, user: User, token: str | None) -> Tournament:
    """The tournament's row, locked; one ``user`` may not know of is refused as not found."""
    tournament = (
        Tournament.objects.select_for_update().filter(pk=tournament_id).first()
        if (type(tournament_id) is int)
        else None
    )
    if tournament is None or not visible(tournament, user, token):
        raise ServiceError(_("There is no such tournament."), NOT_FOUND)
    return tournament


def changed(tournament: Tournament) -> None:
    """Move the tournament's standings version on and announce it once committed (call in
    the transaction of the write, with the row locked)."""
    Tournament.objects.filter(pk=tournament.pk).update(seq=tournament.seq + 1)
    tournament.seq += 1
    send = partial(
        signals.standings_changed.send, sender=Tournament, tournament_id=tournament.pk, seq=tournament.seq
    )
    transaction.on_commit(send, robust=True)

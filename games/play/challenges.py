"""Challenges: one player invites another to a game; every write of them.

Accepting locks the challenge's row, so two accepts at once make one table: the second
finds it decided and is refused, as a replayed accept is. Accepting (or challenging a bot,
which accepts at once) makes the table through ``games.play.tables``, seats both players and
the extra bots, and starts the game. Each write tells both players once it commits
(``games.signals.challenge_changed``): the live layer's ``/ws/me/`` sockets and the API's
event streams listen.

An open challenge past its expiry counts as expired wherever it is read; ``expire_due``
writes it so (the sockets of its players call it when the time comes, and the task engine
every minute, ``timers.jobs``, for those nobody's socket was there to see).
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import partial
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.friends import blocked_either_way
from accounts.models import Follow, User
from games import bots, signals
from games.engine.rules import PRESETS, Rules
from games.models import MAX_SEATS, MIN_SEATS, Challenge, Seat, Table, pace_errors, seat_errors
from games.play.errors import ServiceError, TooFast
from games.play.fair_play import check_people, check_rated, rated_refusal
from games.play.starts import start_game
from games.play.tables import add_bot, check_tables_made, check_turn_based_seats, create_table, take_seat

OPEN_CHALLENGES_LIMIT = 5  # challenges one player may have waiting for an answer at once
MAX_TURN_TIMER_SECONDS = 3600
# Any: its members are str at run time, tuples to mypy, which reads Django as Any (no django-stubs)
Status: Any = Challenge.Status


@dataclass(frozen=True)
class Terms:
    """What a challenge offers: the rules (a preset and overrides), the turn clock, the
    levels of the bots seated beside the two players, and the pace: real-time, or
    turn-based with ``move_seconds`` a move (``Table.Pace``)."""

    preset: str
    overrides: dict[str, Any] = field(default_factory=dict)
    turn_timer_seconds: int | None = None
    bot_levels: tuple[str, ...] = ()
    pace: str = Table.Pace.LIVE  # type: ignore[assignment]  # a str; a tuple to mypy without django-stubs
    move_seconds: int | None = None


def refusal(challenger: User, challenged: User) -> str | None:
    """Why ``challenger`` may not challenge ``challenged`` at all, in a sentence, or None.
    A blocked player is told no more than that they cannot: never that they were blocked."""
    if not challenger.is_authenticated:
        return _("Log in to challenge a player.")
    if challenger.is_bot:
        return _("Bots do not challenge anyone.")
    if challenger.is_guest:
        return _("Guests cannot challenge players: sign up (it keeps your games) and try again.")
    if challenger.pk == challenged.pk:
        return _("You cannot challenge yourself.")
    if not challenged.is_active:
        return _("There is no such player.")
    if blocked_either_way(challenger, challenged):
        return _("You cannot challenge this player.")
    if challenged.is_guest:
        return _("%(name)s plays as a guest and takes no challenges.") % {"name": challenged.name}
    if challenged.is_bot:
        return None
    if barred := rated_refusal(challenger):  # a challenge's game is rated, with people
        return barred
    wants = challenged.challenges_from
    if wants == User.ChallengesFrom.NOBODY:
        return _("%(name)s takes no challenges.") % {"name": challenged.name}
    if wants == User.ChallengesFrom.FRIENDS and not _friends(challenger, challenged):
        return _("%(name)s takes challenges from friends only.") % {"name": challenged.name}
    return None


def create(challenger: User, challenged: User, terms: Terms) -> Challenge:
    """``challenger`` challenges ``challenged`` on ``terms``. A bot accepts at once: the
    challenge comes back accepted, with its table started. Refused (``ServiceError``) per
    ``refusal``, for terms the rules refuse, past ``OPEN_CHALLENGES_LIMIT`` open challenges
    and ``CHALLENGES_PER_HOUR`` challenges an hour, and past ``TABLES_PER_HOUR`` tables
    (``TooFast``): the table is the challenger's, and it is checked now, so that the other
    player's accept is never refused for the challenger's count."""
    if reason := refusal(challenger, challenged):
        raise ServiceError(reason, "cannot_challenge")
    overrides = _checked_overrides(terms)
    if 2 + len(terms.bot_levels) > MAX_SEATS:
        words = _("A table has %(most)d seats at most: two players and %(bots)d bots.")
        raise ServiceError(words % {"most": MAX_SEATS, "bots": MAX_SEATS - 2}, "bad_terms")
    rules = Rules.from_dict({"preset": terms.preset, **overrides})
    if wrong := seat_errors(2 + len(terms.bot_levels), rules):  # refused now, not at the accept
        raise ServiceError(str(next(iter(wrong.values()))), "bad_terms")
    with transaction.atomic():
        # the challenger's row locked: two challenges sent at once are counted one after the other
        User.objects.select_for_update().filter(pk=challenger.pk).first()
        _check_counts(challenger)
        check_tables_made(challenger)
        if terms.pace == Table.Pace.TURN:
            check_turn_based_seats(challenger)
        challenge = Challenge.objects.create(
            challenger=challenger,
            challenged=challenged,
            preset=terms.preset,
            rule_overrides=overrides,
            turn_timer_seconds=terms.turn_timer_seconds,
            move_seconds=terms.move_seconds if terms.pace == Table.Pace.TURN else None,
            bot_levels=list(terms.bot_levels),
            expires_at=timezone.now() + timedelta(seconds=settings.CHALLENGE_EXPIRY_SECONDS),
        )
        if challenged.is_bot:
            _accepted(challenge)
        _announce(challenge)
    return challenge


def accept(key: str, user: User) -> Challenge:
    """``user`` accepts challenge ``key`` sent to them: the table is made, both players and
    the bots seated, and the game started; the challenge comes back with its ``table``."""

    def act(challenge: Challenge) -> None:
        if blocked_either_way(challenge.challenger, user):
            raise ServiceError(_("You cannot accept this challenge."), "cannot_challenge")
        check_people([challenge.challenger, user], user)
        _accepted(challenge)

    return _decide(key, user, "challenged", act)


def decline(key: str, user: User) -> Challenge:
    """``user`` declines challenge ``key`` sent to them (the challenger is told)."""
    return _decide(key, user, "challenged", partial(_close, status=Status.DECLINED))


def cancel(key: str, user: User) -> Challenge:
    """``user`` withdraws challenge ``key`` they sent."""
    return _decide(key, user, "challenger", partial(_close, status=Status.CANCELLED))


def expire_due(now: datetime | None = None) -> int:
    """Mark every open challenge past its expiry as expired, telling its players; how many."""
    now = now or timezone.now()
    with transaction.atomic():
        # locked in one order, so two runs at once queue rather than deadlock; the second
        # finds the rows the first wrote no longer open (PostgreSQL reads a locked row again)
        due = Challenge.objects.select_for_update().filter(status=Status.OPEN, expires_at__lte=now)
        due = list(due.order_by("pk"))
        for challenge in due:
            _close(challenge, Status.EXPIRED)
            _announce(challenge)
    return len(due)


def _decide(key: str, user: User, party: str, act: Callable[[Challenge], None]) -> Challenge:
    """Run ``act(challenge)`` on the open challenge ``key`` where ``user`` is ``party``
    (challenger or challenged), under its row lock, and tell both players. Anyone else's, or
    no such challenge: ``no_such_challenge``, alike. An expired one is written so and refused."""
    with transaction.atomic():
        challenge = (
            Challenge.objects.select_for_update()
            .select_related("challenger", "challenged")
            .filter(key=str(key)[:24], **{party: user})
            .first()
        )
        if challenge is None:
            raise ServiceError(_("There is no such challenge."), "no_such_challenge")
        expired = challenge.current_status(timezone.now()) == Status.EXPIRED
        if challenge.status == Status.OPEN and not expired:
            act(challenge)
            _announce(challenge)
            return challenge
        if expired and challenge.status == Status.OPEN:
            _close(challenge, Status.EXPIRED)
            _announce(challenge)
    # outside the transaction: the expiry just written stays written
    if expired:
        raise ServiceError(_("This challenge has expired."), "challenge_expired")
    raise ServiceError(_decided_words(challenge.status), "challenge_decided")


def _decided_words(status: str) -> str:
    return {
        Status.ACCEPTED: _("This challenge was accepted already."),
        Status.DECLINED: _("This challenge was declined."),
        Status.CANCELLED: _("This challenge was withdrawn."),
    }.get(status, _("This challenge has expired."))


def table_for(
    creator: User,
    terms: Terms,
    seat_count: int | None = None,
    opponent: User | None = None,
    private: bool = False,
    limited: bool = True,
) -> Table:
    """A new table on ``terms`` made by ``creator`` (seated first), ``opponent`` seated next,
    then the bots; started at once when every seat is taken (``seat_count`` None: as many
    seats as players and bots); ``private``: out of the lobby, other seats only through its
    invitation link. Refused (``ServiceError``) for terms the rules refuse, seats left for
    people to a player barred from rated games, and unless not ``limited``, past
    ``TABLES_PER_HOUR`` (``tables.create_table``)."""
    overrides = _checked_overrides(terms)
    players = 1 + (opponent is not None) + len(terms.bot_levels)
    fewest = max(players, MIN_SEATS)
    seat_count = fewest if seat_count is None else seat_count
    if not (type(seat_count) is int and fewest <= seat_count <= MAX_SEATS):
        words = _("Seats: from %(low)d (the players and bots seated, two at least) to %(high)d.")
        raise ServiceError(words % {"low": fewest, "high": MAX_SEATS}, "bad_terms")
    if seat_count > players:  # seats left for people (the API adds no bots later): rated, with them
        check_rated(creator)
    others = f" – {opponent.name}" if opponent is not None else ""
    with transaction.atomic():
        table = create_table(
            creator,
            f"{creator.name}{others}"[:80],
            seat_count,
            terms.preset,
            turn_timer_seconds=terms.turn_timer_seconds,
            pace=terms.pace,
            move_seconds=terms.move_seconds,
            rule_overrides=overrides,
            private=private,
            limited=limited,
        )
        if opponent is not None and opponent.is_bot:  # this very account, which "add a bot" might not pick
            Seat.objects.create(table=table, position=1, user=opponent)
        elif opponent is not None:
            take_seat(table, opponent, 1, invited=True)  # the challenge is their invitation
        for level in terms.bot_levels:
            add_bot(table, level)
        if players == seat_count:
            start_game(table, creator)
    return table


def _accepted(challenge: Challenge) -> None:
    """Make the challenge's table, seat everyone, start the game, and mark it accepted."""
    terms = Terms(
        preset=challenge.preset,
        overrides=challenge.rule_overrides,
        turn_timer_seconds=challenge.turn_timer_seconds,
        bot_levels=tuple(challenge.bot_levels),
        pace=Table.Pace.TURN if challenge.move_seconds else Table.Pace.LIVE,  # type: ignore[arg-type]
        move_seconds=challenge.move_seconds,
    )
    # A challenge's table is the two players' own: private, not a seat for the lobby. Its
    # challenger's tables an hour were checked when they challenged (``create``).
    challenger, challenged = challenge.challenger, challenge.challenged
    challenge.table = table_for(challenger, terms, opponent=challenged, private=True, limited=False)
    _close(challenge, Status.ACCEPTED)


def _close(challenge: Challenge, status: str) -> None:
    challenge.status = status
    challenge.decided_at = timezone.now()
    challenge.save(update_fields=["status", "decided_at", "table"])


def _announce(challenge: Challenge) -> None:
    users = (challenge.challenger_id, challenge.challenged_id)
    send = partial(signals.challenge_changed.send, sender=Challenge, user_ids=users)
    transaction.on_commit(send, robust=True)


def _checked_overrides(terms: Terms) -> dict[str, Any]:
    """The overrides as stored (only those differing from the preset), after every check of
    the terms; a refusal names what is wrong."""
    if terms.preset not in PRESETS:
        raise ServiceError(_("Choose one of the rules presets."), "bad_terms")
    if not isinstance(terms.overrides, dict):
        raise ServiceError(_("House rule overrides are options and their values."), "bad_terms")
    try:
        rules = Rules.from_dict({**terms.overrides, "preset": terms.preset})
    except (ValueError, TypeError) as error:
        raise ServiceError(
            _("These house rules are invalid: %(reason)s") % {"reason": error}, "bad_terms"
        ) from None
    clock = terms.turn_timer_seconds
    if clock is not None and not (type(clock) is int and 0 < clock <= MAX_TURN_TIMER_SECONDS):
        words = _("A turn clock is a number of seconds, up to %(most)d.") % {"most": MAX_TURN_TIMER_SECONDS}
        raise ServiceError(words, "bad_terms")
    if terms.pace not in Table.Pace.values:
        raise ServiceError(_("A table is real-time or turn-based."), "bad_terms")
    if wrong := pace_errors(terms.pace, terms.move_seconds, terms.turn_timer_seconds):
        raise ServiceError(str(next(iter(wrong.values()))), "bad_terms")
    levels = terms.bot_levels
    if not all(isinstance(level, str) and level in bots.LEVELS for level in levels):
        raise ServiceError(_("There is no such bot."), "bad_terms")
    return rules.overrides(terms.preset)


def _check_counts(challenger: User) -> None:
    waiting = Challenge.objects.filter(
        challenger=challenger, status=Status.OPEN, expires_at__gt=timezone.now()
    ).count()
    if waiting >= OPEN_CHALLENGES_LIMIT:
        words = ngettext(
            "You have %(count)d challenge waiting for an answer: wait for it, or withdraw it.",
            "You have %(count)d challenges waiting for an answer: wait for them, or withdraw one.",
            waiting,
        )
        raise ServiceError(words % {"count": waiting}, "too_many_challenges")
    limit = settings.CHALLENGES_PER_HOUR
    since = timezone.now() - timedelta(hours=1)
    if Challenge.objects.filter(challenger=challenger, created_at__gte=since).count() >= limit:
        words = ngettext(
            "You have sent %(count)d challenge in the last hour: wait a while before sending another.",
            "You have sent %(count)d challenges in the last hour: wait a while before sending another.",
            limit,
        )
        raise TooFast(words % {"count": limit}, "challenge_rate")


def _friends(a: User, b: User) -> bool:
    return (
        Follow.objects.filter(follower=a, followed=b).exists()
        and Follow.objects.filter(follower=b, followed=a).exists()
    )

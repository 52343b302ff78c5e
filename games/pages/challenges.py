"""What the challenge pages and the ``/ws/me/`` notifications show one player (reads only):
their challenges, incoming and outgoing, each in words, with its status as of now (an open
challenge past its expiry reads as expired before anything writes it so)."""

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Q
from django.urls import reverse

from accounts.models import User
from games.models import Challenge
from games.pages.play_forms import move_time_words, turn_clock_words
from games.text.rules import override_labels, preset_label

RECENT = 20  # challenges of each direction the page lists
Status = Challenge.Status


@dataclass(frozen=True)
class ChallengeRow:
    key: str
    incoming: bool
    other: User  # the challenger of an incoming challenge, the challenged of an outgoing one
    rules: str
    house_rules: list[str]
    clock: str
    bot_levels: list[str]
    status: str
    status_label: str
    expires_at: datetime
    table_url: str | None


def _row(challenge: Challenge, user: User, now: datetime) -> ChallengeRow:
    incoming = challenge.challenged_id == user.pk
    status = challenge.current_status(now)
    table_id = challenge.table_id
    return ChallengeRow(
        key=challenge.key,
        incoming=incoming,
        other=challenge.challenger if incoming else challenge.challenged,
        rules=preset_label(challenge.preset),
        house_rules=override_labels(challenge.rule_overrides),
        # a turn-based challenge's clock is its time per move: "1 day a move"
        clock=move_time_words(challenge.move_seconds)
        if challenge.move_seconds
        else turn_clock_words(challenge.turn_timer_seconds),
        bot_levels=list(challenge.bot_levels),
        status=status,
        status_label=Status(status).label,
        expires_at=challenge.expires_at,
        table_url=reverse("games:table", args=[table_id]) if table_id else None,
    )


def _of(user):
    return Challenge.objects.filter(Q(challenger=user) | Q(challenged=user)).select_related(
        "challenger", "challenged"
    )


def incoming_open(user: User, now: datetime) -> list[ChallengeRow]:
    """The challenges waiting for ``user``'s answer, oldest first: the notification's."""
    waiting = _of(user).filter(challenged=user, status=Status.OPEN, expires_at__gt=now).order_by("created_at")
    return [_row(challenge, user, now) for challenge in waiting]


def statuses(user: User, now: datetime) -> dict[str, tuple[str, ChallengeRow]]:
    """Each recent challenge of ``user``'s by key: its status now and its row (what a
    ``/ws/me/`` socket compares with what it last told)."""
    rows = [_row(challenge, user, now) for challenge in _of(user)[: 2 * RECENT]]
    return {row.key: (row.status, row) for row in rows}


def soonest_expiry(user: User) -> datetime | None:
    """When the next open challenge of ``user``'s (either way) expires, or None."""
    open_ones = _of(user).filter(status=Status.OPEN).order_by("expires_at")
    return open_ones.values_list("expires_at", flat=True).first()


def challenge_lists(user: User, now: datetime) -> dict[str, list[ChallengeRow]]:
    """The challenges page's lists: the latest incoming and outgoing, newest first."""
    mine = _of(user)
    return {
        "incoming": [_row(c, user, now) for c in mine.filter(challenged=user)[:RECENT]],
        "outgoing": [_row(c, user, now) for c in mine.filter(challenger=user)[:RECENT]],
    }

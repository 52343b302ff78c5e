"""Every write of the moderation app: a player's report, and a moderator's action (with the
restriction it makes, the report it closes, the log row every moderator reads)."""

from datetime import datetime, timedelta
from functools import partial

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Restriction, User
from games.live import realtime
from games.models import ChatMessage, Game, Table
from moderation.models import ModerationAction, Report

MODERATE = "moderation.moderate"
Kind = ModerationAction.Kind
RESTRICTS = {  # the actions that restrict, and the restriction each makes
    Kind.MUTE: Restriction.Kind.MUTE,
    Kind.RATED_BAN: Restriction.Kind.RATED_BAN,
    Kind.SITE_BAN: Restriction.Kind.SITE_BAN,
}


class Refused(Exception):
    """A write refused, with the sentence saying why (nothing was written)."""


def report_refusal(reporter: User, subject: User) -> str | None:
    """Why ``reporter`` may not report ``subject`` now, or None."""
    if not reporter.is_authenticated or reporter.is_guest:
        return _("Sign up to report a player.")
    if reporter.pk == subject.pk:
        return _("You cannot report yourself.")
    if subject.is_bot:
        return _("Bots cannot be reported: they only play.")
    return None


def make_report(
    reporter: User,
    subject: User,
    reason: str,
    note: str = "",
    *,
    table: Table | None = None,
    game: Game | None = None,
    chat_message: ChatMessage | None = None,
    now: datetime | None = None,
) -> Report:
    """``reporter``'s report about ``subject``; refused (``Refused``) for oneself, a bot, a
    guest's, and a second one about the same player within ``REPORT_REPEAT_HOURS``. The
    reporter's row is locked, so two reports sent at once make one."""
    if refusal := report_refusal(reporter, subject):
        raise Refused(refusal)
    now = now or timezone.now()
    since = now - timedelta(hours=settings.REPORT_REPEAT_HOURS)
    with transaction.atomic():
        User.objects.select_for_update().filter(pk=reporter.pk).first()
        if Report.objects.filter(reporter=reporter, subject=subject, created_at__gt=since).exists():
            raise Refused(
                _("You reported %(name)s already today: a moderator will read it.") % {"name": subject.name}
            )
        return Report.objects.create(
            reporter=reporter,
            subject=subject,
            reason=reason,
            note=note,
            table=table,
            game=game,
            chat_message=chat_message,
        )


def act(
    moderator: User,
    subject: User,
    kind: str,
    *,
    duration: timedelta | None = None,
    reason: str = "",
    private_note: str = "",
    report: Report | None = None,
    now: datetime | None = None,
) -> ModerationAction:
    """A moderator's action on ``subject`` (about ``report``, which it closes), logged: a
    warning shown for ``duration``, chat muted, rated games or the site barred for
    ``duration`` (an ``accounts.Restriction``), or the report closed as unfounded. Only a
    holder of ``moderation.moderate`` acts (``PermissionDenied``). A site ban closes the
    player's open sockets and streams once it commits."""
    if not (moderator.is_active and moderator.is_staff and moderator.has_perm(MODERATE)):
        raise PermissionDenied
    if kind != Kind.CLOSE and (duration is None or duration <= timedelta(0)):
        raise Refused(_("Choose for how long."))
    if kind != Kind.CLOSE and not reason.strip():
        raise Refused(_("Write the reason the player will read."))
    if report is not None and report.subject_id != subject.pk:
        raise Refused(_("This report is about another player."))
    now = now or timezone.now()
    until = now + duration if kind != Kind.CLOSE else None
    with transaction.atomic():
        restriction = None
        if kind in RESTRICTS:
            restriction = Restriction.objects.create(
                user=subject, kind=RESTRICTS[kind], until=until, reason=reason, created_by=moderator
            )
        if report is not None:
            Report.objects.filter(pk=report.pk).update(status=Report.Status.CLOSED)
        action = ModerationAction.objects.create(
            moderator=moderator,
            subject=subject,
            report=report,
            kind=kind,
            duration=duration if kind != Kind.CLOSE else None,
            until=until,
            restriction=restriction,
            reason=reason,
            private_note=private_note,
        )
        if kind == Kind.SITE_BAN:
            transaction.on_commit(
                partial(realtime.end_sockets, realtime.account_group(subject.pk), "banned"), robust=True
            )
    return action

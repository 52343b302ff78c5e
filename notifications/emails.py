"""The batched e-mails: at most one per player per interval they chose, with what they were
told and have not seen since the last one (a turn already moved is news no more). A
periodic job (``send_due``, C1) sends them.

Safe twice at once: each player's e-mail is built and sent under a lock on their preference
row, which holds the time of their last e-mail; a second worker waits for the lock, then
finds the e-mail sent and the interval not yet passed. If sending fails the transaction rolls
back and the next run tries again. Quiet hours hold an e-mail back until they end.
"""

from datetime import datetime, timedelta

from django.conf import settings
from django.core.mail import EmailMessage
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import ngettext

from games.models import Game
from notifications import texts, unsubscribe
from notifications.models import SLOW_KINDS, Channel, Notification, Preference

OLDEST = timedelta(days=7)  # a player's first e-mail looks back this far, no further


def send_due(now: datetime | None = None) -> int:
    """Send every e-mail that is due; how many were sent."""
    now = now or timezone.now()
    waiting = (
        Notification.objects.filter(
            seen_at=None, emailed_at=None, kind__in=SLOW_KINDS, created_at__gt=now - OLDEST
        )
        .exclude(user__email="")
        .values_list("user_id", flat=True)
        .distinct()
    )
    user_ids = sorted(set(waiting))
    Preference.objects.bulk_create([Preference(user_id=pk) for pk in user_ids], ignore_conflicts=True)
    return sum(_send_one(pk, now) for pk in user_ids)


def _send_one(user_id: int, now: datetime) -> bool:
    with transaction.atomic():
        preference = Preference.objects.select_for_update().select_related("user").get(pk=user_id)
        last = preference.last_emailed_at
        if last is not None and now - last < timedelta(seconds=preference.email_interval):
            return False
        if preference.quiet_at(now):
            return False
        kinds = [kind for kind in SLOW_KINDS if preference.is_on(kind, Channel.EMAIL)]
        news = list(
            Notification.objects.filter(
                user_id=user_id,
                seen_at=None,
                emailed_at=None,
                kind__in=kinds,
                created_at__gt=now - OLDEST,
                created_at__lte=now,
            ).order_by("created_at", "pk")
        )
        news = _still_news(news)
        if not news:
            return False
        _message(preference, news).send()
        Notification.objects.filter(pk__in=[n.pk for n in news]).update(emailed_at=now)
        preference.last_emailed_at = now
        preference.save(update_fields=["last_emailed_at"])
    return True


def _still_news(news: list[Notification]) -> list[Notification]:
    """``news`` less each "your turn" whose game has moved on since (the player moved, or the
    server moved for them): an e-mail never asks for a move already made. One query."""
    turns = {n.pk: n.turn_position() for n in news if n.turn_position()}
    if not turns:
        return news
    games = Game.objects.filter(pk__in={game for game, _moves in turns.values()})
    now_at = dict(games.values_list("pk", "move_count"))
    return [n for n in news if n.pk not in turns or now_at.get(turns[n.pk][0]) == turns[n.pk][1]]


def _message(preference: Preference, news: list[Notification]) -> EmailMessage:
    """The e-mail, in the player's language: each notification's sentence and link, a link to
    stop e-mails of each kind it holds, and the one-click unsubscribe headers (RFC 8058)."""
    user, site = preference.user, settings.SITE_URL.rstrip("/")
    everything = site + reverse("notifications:unsubscribe", args=[unsubscribe.token(user)])
    with translation.override(preference.language):
        items = [{"text": texts.body(n), "url": site + n.url} for n in news]
        by_kind = {n.kind: n for n in news}
        stops = (
            [
                {
                    "kind": n.get_kind_display(),
                    "url": site + reverse("notifications:unsubscribe", args=[unsubscribe.token(user, kind)]),
                }
                for kind, n in by_kind.items()
            ]
            if len(by_kind) > 1
            else []
        )
        subject = ngettext(
            "Kadi: %(count)d thing waiting for you", "Kadi: %(count)d things waiting for you", len(items)
        ) % {"count": len(items)}
        body = render_to_string(
            "notifications/email.txt",
            {
                "user": user,
                "items": items,
                "stops": stops,
                "everything": everything,
                "settings_url": site + reverse("notifications:settings"),
            },
        )
    return EmailMessage(
        subject,
        body,
        to=[user.email],
        headers={
            "List-Unsubscribe": f"<{everything}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
    )

"""The write of a notification: stored for the site's list, then pushed to the player's
browsers by the task engine (a task queued once the transaction commits: ``push.deliver``
runs in a task cluster, so a slow push service never holds a move, a request or a socket).
E-mail is never sent here: ``notifications.emails`` batches it.

A kind the player turned off on every channel is not stored at all; one turned off on the
site only is stored unlisted (the push or e-mail still read it). Quiet hours in the player's
time zone hold push and e-mail back; the site's list always gets it. A receiver called twice
for one event stores one notification (``ref``), and pushes it once.
"""

from functools import partial

from django.db import IntegrityError, transaction
from django.utils import timezone
from django_q.tasks import async_task

from accounts.models import User
from notifications.models import Channel, Notification, Preference, PushSubscription

PUSH = "notifications.push.deliver"  # the task that pushes a notification to its player's browsers


def notify(user: User, kind: str, ref: str, url: str, **params) -> Notification | None:
    """Tell ``user`` (a person) of ``kind``: ``params`` are the text's names and numbers,
    ``url`` where it leads, ``ref`` what it is about. Returns the notification stored, or
    None (a bot, a kind turned off everywhere, or told before)."""
    if user.is_bot:
        return None
    preference = Preference.of(user)
    on = {channel: preference.is_on(kind, channel) for channel in Channel.values}
    if not any(on.values()):
        return None
    try:
        with transaction.atomic():
            notification = Notification.objects.create(
                user=user, kind=kind, ref=ref[:60], url=url[:200], params=params, listed=on[Channel.SITE]
            )
    except IntegrityError:  # told already (a signal sent twice, two workers at once)
        return None
    pushed = on[Channel.PUSH] and not preference.quiet_at(timezone.now())
    if pushed and PushSubscription.objects.filter(user=user).exists():  # else no task to run
        transaction.on_commit(partial(async_task, PUSH, notification.pk), robust=True)
    return notification


def mark_seen(user: User) -> int:
    """Everything on ``user``'s list counts as seen (they opened it): no e-mail will repeat it."""
    return Notification.objects.filter(user=user, seen_at=None, listed=True).update(seen_at=timezone.now())

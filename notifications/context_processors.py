"""The header's count of unseen notifications: one query for a signed-in player, when a page
shows the header (a fragment that does not read it costs nothing), none for a visitor."""

from functools import cached_property

from django.http import HttpRequest

from notifications.models import Notification


class Unseen:
    def __init__(self, user):
        self.user = user

    @cached_property
    def count(self) -> int:
        return Notification.objects.filter(user=self.user, seen_at=None, listed=True).count()


def unseen_notifications(request: HttpRequest) -> dict:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated or user.is_bot:
        return {}
    return {"notifications_unseen": Unseen(user)}

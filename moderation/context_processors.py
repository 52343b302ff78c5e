"""A moderator's warning, shown to its player on every page until it runs out
(``templates/base.html``). Read lazily, as ``accounts.context_processors``: a live frame
never shows it."""

from django.utils import timezone
from django.utils.functional import SimpleLazyObject

from moderation.models import ModerationAction


def warnings(request) -> dict:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    rows = ModerationAction.objects.filter(
        subject=user, kind=ModerationAction.Kind.WARN, until__gt=timezone.now()
    ).values_list("reason", flat=True)
    return {"moderator_warnings": SimpleLazyObject(lambda: list(rows))}

"""What every page tells a restricted player: each restriction in force, why and until when
(``templates/base.html``). The site-ban middleware read them already for this request. Read
lazily: a live frame rendered with its viewer's request (``games.live.frames``) never shows
them, and must not query for them on the event loop."""

from django.utils.functional import SimpleLazyObject

from accounts import restrictions


def restrictions_in_force(request) -> dict:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}

    def notices() -> list[str]:
        found = getattr(request, "restrictions", None)
        if found is None:
            found = restrictions.in_force(user)
        return [restrictions.said(row) for row in found]

    return {"restriction_notices": SimpleLazyObject(notices)}

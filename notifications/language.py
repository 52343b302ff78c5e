"""The language a player's notifications are written in: the one they last used the site in.

Users have no language field; the site's language is a cookie (Django's ``set_language``).
So the notification preferences keep it, written when the player logs in, when they switch
language in the header (``RememberLanguage``), and when they save the notification settings.
"""

from django.conf import settings
from django.urls import reverse

from accounts.models import User
from notifications.models import Preference


def remember(user: User, code: str) -> None:
    """Keep ``code`` as ``user``'s language (a site language; anything else is ignored)."""
    if code not in dict(settings.LANGUAGES) or not user.is_authenticated or user.is_bot:
        return
    Preference.objects.bulk_create([Preference(user=user, language=code)], ignore_conflicts=True)
    Preference.objects.filter(user=user).exclude(language=code).update(language=code)


def remember_on_log_in(sender, request, user, **kwargs) -> None:
    """Receiver of ``user_logged_in``: the language the player logs in with."""
    remember(user, getattr(request, "LANGUAGE_CODE", settings.LANGUAGE_CODE))


class RememberLanguage:
    """Middleware: a signed-in player's switch of language (a POST to ``set_language``) is kept."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if request.method == "POST" and request.path == reverse("set_language"):
            cookie = response.cookies.get(settings.LANGUAGE_COOKIE_NAME)
            if cookie is not None and request.user.is_authenticated:
                remember(request.user, cookie.value)
        return response

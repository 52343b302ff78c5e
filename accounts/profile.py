"""Extra context for the public profile page, supplied by other apps.

settings.PROFILE_CONTEXT_PROVIDERS lists dotted paths of callables taking
(profile_user, request) and returning a dict, so this app shows games played and recent
games without importing the games app.
"""

from django.conf import settings
from django.http import HttpRequest
from django.utils.module_loading import import_string

from accounts.models import User


def provided_context(profile_user: User, request: HttpRequest) -> dict:
    context = {}
    for path in settings.PROFILE_CONTEXT_PROVIDERS:
        context.update(import_string(path)(profile_user, request))
    return context

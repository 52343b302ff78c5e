"""The table's chat: a line from a player, refused when it shows nothing, turns the text
around it, is too long, or comes too fast after others."""

from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts import blocking, shown_text
from accounts.models import User
from games.models import ChatMessage, Table
from games.play.errors import ServiceError


def post_chat(table_id: int, user: User, text: str, now: datetime | None = None) -> ChatMessage:
    """Add ``user``'s line to a table's chat and return the ``ChatMessage``; refuses lines
    with nothing visible (zero-width characters alone), overlong lines and more than
    ``CHAT_BURST`` lines per ``CHAT_WINDOW_SECONDS``."""
    text = (text or "").strip()
    # A socket's user is as it was when the socket opened: the account may be closed since.
    if not user.is_authenticated or not get_user_model().objects.filter(pk=user.pk, is_active=True).exists():
        raise ServiceError(_("Log in to chat."))
    if user.is_guest:
        raise ServiceError(_("Guests cannot chat: sign up to chat at the tables."), "guest")
    if not shown_text.shows_something(text):
        raise ServiceError(_("Write something first."))
    if shown_text.reorders(text):
        raise ServiceError(_("That line holds characters that would turn the text around it."))
    if len(text) > ChatMessage.MAX_LENGTH:
        raise ServiceError(
            _("A message has at most %(count)d characters.") % {"count": ChatMessage.MAX_LENGTH}
        )
    if not Table.objects.filter(pk=table_id).exists():
        raise ServiceError(_("There is no such table."))
    if refusal := blocking.chat_refusal(table_id, user):
        raise ServiceError(refusal, "blocked")
    window = timedelta(seconds=settings.CHAT_WINDOW_SECONDS)
    recent = ChatMessage.objects.filter(
        table_id=table_id, user=user, created_at__gte=(now or timezone.now()) - window
    )
    if recent.count() >= settings.CHAT_BURST:
        raise ServiceError(_("You are sending messages too fast: wait a few seconds."))
    return ChatMessage.objects.create(table_id=table_id, user=user, text=text)

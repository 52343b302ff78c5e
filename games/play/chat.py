"""The table's chat: a line from a player, refused when it shows nothing, turns the text
around it, is too long, comes too fast after others or repeats one just sent, or where the
chat is off (the table's, or the player's own "Hide chat"); a line the word filter flags
(``games.play.chat_filter``) is kept back, held for staff to review (``review``)."""

from datetime import datetime, timedelta
from functools import partial

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts import blocking, restrictions, shown_text
from accounts.models import Restriction, User
from games import signals
from games.models import ChatMessage, Table
from games.play import chat_filter
from games.play.errors import ServiceError

REPEATS_LOOKED_AT = 50  # a player's latest lines at a table compared with a new one


def post_chat(table_id: int, user: User, text: str, now: datetime | None = None) -> ChatMessage:
    """Add ``user``'s line to a table's chat and return the ``ChatMessage``, held (not for the
    table's eyes) when the word filter flags it; refuses lines with nothing visible
    (zero-width characters alone), overlong lines, more than ``CHAT_BURST`` lines per
    ``CHAT_WINDOW_SECONDS``, the same line again within ``CHAT_REPEAT_SECONDS``, and any
    line where the chat is off."""
    text = (text or "").strip()
    # A socket's user is as it was when the socket opened: the account may be closed since.
    if not user.is_authenticated or not get_user_model().objects.filter(pk=user.pk, is_active=True).exists():
        raise ServiceError(_("Log in to chat."))
    if user.is_guest:
        raise ServiceError(_("Guests cannot chat: sign up to chat at the tables."), "guest")
    if muted := restrictions.refusal(user, (Restriction.Kind.MUTE,)):  # type: ignore[arg-type]  # a str to Django
        raise ServiceError(muted, "muted")
    if not shown_text.shows_something(text):
        raise ServiceError(_("Write something first."))
    if shown_text.reorders(text):
        raise ServiceError(_("That line holds characters that would turn the text around it."))
    if len(text) > ChatMessage.MAX_LENGTH:
        raise ServiceError(
            _("A message has at most %(count)d characters.") % {"count": ChatMessage.MAX_LENGTH}
        )
    chat_off = Table.objects.filter(pk=table_id).values_list("chat_off", flat=True).first()
    if chat_off is None:
        raise ServiceError(_("There is no such table."))
    if chat_off:
        raise ServiceError(_("The chat is turned off at this table."), "chat_off")
    if get_user_model().objects.filter(pk=user.pk, chat_off=True).exists():
        raise ServiceError(_("You hid the chat: show it again in your settings to write here."), "chat_off")
    if refusal := blocking.chat_refusal(table_id, user):
        raise ServiceError(refusal, "blocked")
    now = now or timezone.now()
    window = timedelta(seconds=settings.CHAT_WINDOW_SECONDS)
    recent = ChatMessage.objects.filter(table_id=table_id, user=user, created_at__gte=now - window)
    if recent.count() >= settings.CHAT_BURST:
        raise ServiceError(_("You are sending messages too fast: wait a few seconds."))
    if _repeats(table_id, user, text, now):
        raise ServiceError(_("You sent that line a moment ago: say something new."), "repeated")
    status = ChatMessage.Status.HELD if chat_filter.flagged(text) else ChatMessage.Status.SHOWN
    return ChatMessage.objects.create(table_id=table_id, user=user, text=text, status=status)


def _repeats(table_id: int, user: User, text: str, now: datetime) -> bool:
    """Whether ``user`` sent the same line (in the word filter's plain form: "GG!!" is "gg")
    at the table within ``CHAT_REPEAT_SECONDS``."""
    plain = chat_filter.plain_words(text) or [text]
    since = now - timedelta(seconds=settings.CHAT_REPEAT_SECONDS)
    latest = ChatMessage.objects.filter(table_id=table_id, user=user, created_at__gte=since).order_by("-pk")
    return any(
        (chat_filter.plain_words(line) or [line]) == plain
        for line in latest.values_list("text", flat=True)[:REPEATS_LOOKED_AT]
    )


def review(message_ids: list[int], show: bool) -> int:
    """Staff's word on held lines (the admin): shown to the table (announced once committed,
    ``games.signals.chat_line_shown``, unless the table's chat is off since) or removed.
    Returns how many lines it changed; lines already shown or removed stay as they are."""
    with transaction.atomic():
        held = list(
            ChatMessage.objects.select_for_update(of=("self",))
            .filter(pk__in=message_ids, status=ChatMessage.Status.HELD)
            .select_related("table", "user")
        )
        status = ChatMessage.Status.SHOWN if show else ChatMessage.Status.REMOVED
        ChatMessage.objects.filter(pk__in=[line.pk for line in held]).update(status=status)
        for line in held:
            line.status = status
            if show and not line.table.chat_off:
                send = partial(signals.chat_line_shown.send, sender=ChatMessage, message=line)
                transaction.on_commit(send, robust=True)
    return len(held)

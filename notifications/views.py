"""The notification pages: the list, the settings, the browsers' push subscriptions, and the
e-mails' unsubscribe links (which need no log-in)."""

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST, require_safe

from notifications import send, subscriptions, texts, unsubscribe, vapid
from notifications.forms import PreferenceForm
from notifications.models import Channel, Notification, Preference, PushSubscription

PER_PAGE = 20


@login_required
@require_safe
def notification_list(request: HttpRequest) -> HttpResponse:
    """The player's own notifications, newest first; those not seen yet are marked so (the
    page's script, or its button, then says they were seen: a GET writes nothing)."""
    rows = Notification.objects.filter(user=request.user, listed=True).order_by("-created_at", "-pk")
    page = Paginator(rows, PER_PAGE).get_page(request.GET.get("page"))
    items = [{"notification": n, "title": texts.title(n), "body": texts.body(n)} for n in page]
    return render(request, "notifications/list.html", {"page": page, "items": items})


@login_required
@require_POST
def mark_seen(request: HttpRequest) -> HttpResponse:
    """Everything on the player's list counts as seen: no e-mail will repeat it."""
    send.mark_seen(request.user)
    if request.htmx or request.headers.get("Accept") == "application/json":
        return HttpResponse(status=204)
    return redirect("notifications:list")


@login_required
def settings_page(request: HttpRequest) -> HttpResponse:
    """Which kinds go by which channel, the e-mails' interval, quiet hours, and this player's
    browsers with push notifications."""
    preference = Preference.of(request.user)
    form = PreferenceForm(request.POST if request.method == "POST" else None, preference=preference)
    if request.method == "POST":
        if form.is_valid():
            form.save(get_language())
            messages.success(request, _("Your notification settings are saved."))
            return redirect("notifications:settings")
    context = {
        "form": form,
        "channels": Channel.choices,
        "devices": PushSubscription.objects.filter(user=request.user),
        "public_key": vapid.public_key(),
    }
    return render(request, "notifications/settings.html", context, status=400 if form.errors else 200)


@login_required
@require_POST
def push_subscribe(request: HttpRequest) -> JsonResponse:
    """Store this browser's push subscription (its JSON, as ``PushSubscription.toJSON()``)."""
    try:
        label = subscriptions.device_label(request.headers.get("User-Agent", ""))
        subscription = subscriptions.subscribe(request.user, request.body, label)
    except subscriptions.Refused as refusal:
        return JsonResponse({"error": str(refusal)}, status=400)
    return JsonResponse({"id": subscription.pk, "label": subscription.label})


@login_required
@require_POST
def push_unsubscribe(request: HttpRequest) -> JsonResponse:
    """Forget this browser's subscription (the JSON names its endpoint)."""
    try:
        data = json.loads(request.body[: subscriptions.MAX_BODY])
        endpoint = data["endpoint"] if isinstance(data, dict) else None
    except (ValueError, KeyError, UnicodeDecodeError):
        endpoint = None
    if not isinstance(endpoint, str):
        return JsonResponse({"error": _("That is not a push subscription.")}, status=400)
    return JsonResponse({"removed": subscriptions.unsubscribe(request.user, endpoint)})


@login_required
@require_POST
def remove_device(request: HttpRequest, device_id: int) -> HttpResponse:
    """The settings' "remove" beside one of the player's devices."""
    if subscriptions.remove(request.user, device_id):
        messages.success(request, _("That device gets no more push notifications."))
    return redirect("notifications:settings")


@csrf_exempt  # a mail client's one-click POST (RFC 8058) has no CSRF token: the signed link is the proof
def unsubscribe_link(request: HttpRequest, token: str) -> HttpResponse:
    """An e-mail's unsubscribe link, without log-in: GET asks to confirm, POST stops the
    e-mails (a form's button, or a mail client's ``List-Unsubscribe=One-Click``)."""
    if request.method not in ("GET", "HEAD", "POST"):
        return HttpResponse(status=405, headers={"Allow": "GET, HEAD, POST"})
    try:
        user, kind = unsubscribe.read(token)
    except unsubscribe.Refused as refusal:
        return render(request, "notifications/unsubscribe.html", {"refusal": str(refusal)}, status=400)
    if request.user.is_authenticated and request.user.pk != user.pk:
        refusal = _(
            "This link stops another player's e-mails: change your own in your notification settings."
        )
        return render(request, "notifications/unsubscribe.html", {"refusal": refusal}, status=403)
    kind_label = "" if kind == unsubscribe.ALL else dict(Notification._meta.get_field("kind").choices)[kind]
    if request.method == "POST":
        unsubscribe.stop(user, kind)
        return render(request, "notifications/unsubscribe.html", {"done": True, "kind_label": kind_label})
    return render(request, "notifications/unsubscribe.html", {"token": token, "kind_label": kind_label})

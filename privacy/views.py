"""The privacy pages: download one's data, delete one's account, staff's second factor.
Thin: the work is in ``export``, ``downloads``, ``erasure`` and ``second_factor``."""

import segno
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.core.handlers.asgi import ASGIRequest
from django.http import HttpResponseNotFound, StreamingHttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from privacy import downloads, erasure, export, second_factor
from privacy.forms import CodeForm, DeleteAccountForm


@login_required
@require_POST
def download(request):
    """The player's own data as a JSON file, streamed as it is read (a POST: it is counted)."""
    now = timezone.now()
    if refusal := downloads.start_download(request.user, now):
        messages.error(request, refusal)
        return redirect("account_settings")
    chunks = export.async_chunks if isinstance(request, ASGIRequest) else export.chunks
    response = StreamingHttpResponse(
        chunks(request.user, now), content_type="application/json; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="kadi-{now:%Y-%m-%d}.json"'
    response["Cache-Control"] = "no-store"
    return response


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def delete_account(request):
    """The warning and the password that confirm it; then the player is logged out and told."""
    refusal = erasure.refusal(request.user)
    form = DeleteAccountForm(request.user, request.POST if request.method == "POST" and not refusal else None)
    if form.is_bound and form.is_valid():
        erasure.erase_account(request.user)
        logout(request)
        messages.success(
            request,
            _("Your account has been deleted. Your games stay for the others, under “Deleted player”."),
        )
        return redirect("games:lobby")
    status = 400 if form.is_bound else 200
    return render(request, "privacy/delete_account.html", {"form": form, "refusal": refusal}, status=status)


def _staff_only(view):
    """Second factors are staff's: anyone else is answered "no such page"."""

    @login_required
    def wrapped(request, *args, **kwargs):
        if not request.user.is_staff:
            return HttpResponseNotFound()
        return view(request, *args, **kwargs)

    return wrapped


def _next_page(request) -> str:
    back = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(back, {request.get_host()}, request.is_secure()):
        return back
    return ""


@_staff_only
@require_http_methods(["GET", "HEAD", "POST"])
def setup_second_factor(request):
    """A new key, as an otpauth:// address and its QR code, saved once a code of the app's
    confirms it (a GET writes nothing)."""
    form = CodeForm(request.POST if request.method == "POST" else None)
    device, signed = second_factor.new_device(request.user)
    if form.is_bound:
        shown = second_factor.shown_device(request.user, request.POST.get("key", ""))
        if shown is None:
            form.add_error(None, _("This page is too old: scan the new code below."))
        elif form.is_valid():
            if not (refusal := second_factor.confirm(request, shown, form.cleaned_data["code"])):
                messages.success(request, _("Your second factor is set up."))
                return redirect(_next_page(request) or "account_settings")
            form.add_error("code", refusal)
            device, signed = shown, request.POST["key"]  # the same key: its app has it already
    context = {
        "form": form,
        "key": signed,
        "uri": device.config_url,
        "qr": segno.make(device.config_url).svg_inline(scale=4, title=_("The key as a QR code")),
        "next": _next_page(request),
    }
    return render(request, "privacy/second_factor_setup.html", context, status=400 if form.is_bound else 200)


@_staff_only
@require_http_methods(["GET", "HEAD", "POST"])
def verify_second_factor(request):
    form = CodeForm(request.POST if request.method == "POST" else None)
    if form.is_bound and form.is_valid():
        if not (refusal := second_factor.verify(request, form.cleaned_data["code"])):
            return redirect(_next_page(request) or "admin:index")
        form.add_error("code", refusal)
    context = {"form": form, "next": _next_page(request)}
    return render(request, "privacy/second_factor_verify.html", context, status=400 if form.is_bound else 200)

"""The token page: a player's API tokens, made (shown once), listed and revoked."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from api.models import ApiToken
from api.tokens import TokenError, create_token, revoke_token

NEW_TOKEN = "api_new_token"  # the session key holding a new token until the page shows it


@login_required
@require_http_methods(["GET", "POST"])
def tokens(request):
    """GET lists the tokens, and shows a token just made, this once; POST (``label``) makes
    one, then redirects (so that a reload makes no second token)."""
    if request.method == "POST":
        try:
            row, request.session[NEW_TOKEN] = create_token(request.user, request.POST.get("label", ""))
        except TokenError as refusal:
            messages.error(request, str(refusal))
        else:
            messages.success(request, _("Token “%(label)s” made.") % {"label": row.label})
        return redirect("api_tokens")
    context = {
        "tokens": ApiToken.objects.filter(user=request.user, revoked_at=None),
        "new_token": request.session.pop(NEW_TOKEN, None),
        "can_have_tokens": not request.user.is_bot and not request.user.is_guest,
    }
    return render(request, "api/tokens.html", context)


@login_required
@require_POST
def revoke(request, token_id):
    try:
        revoke_token(request.user, token_id)
    except TokenError as refusal:
        messages.error(request, str(refusal))
    else:
        messages.success(request, _("The token is revoked: programs using it are refused from now on."))
    return redirect("api_tokens")

"""The invitation link's pages: ``/t/<id>/join/<token>/`` shows the table and a "Take a
seat" button (a GET changes nothing), its POST seats the visitor or lets them watch; the
owner's buttons renew and revoke the link. A wrong or revoked token is a 404 page saying
so, and every opening counts towards the address's limit (``games.invites``).
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from accounts import blocking
from games import invites
from games.models import Seat, Table
from games.play import errors, tables
from games.templatetags.table_names import table_title

MAX_TABLE_ID = 2**63 - 1  # no database integer is larger: a longer id is no table
ACTIONS = ("seat", "watch")


def invite_panel(request: HttpRequest, table: Table) -> dict | None:
    """The table page's invitation panel for its owner, the staff and its seated players
    (the link and, for those who may, renew and revoke); None for anyone else."""
    user = request.user
    manages = tables.may_manage_invite(table, user)
    if not manages and not (user.is_authenticated and Seat.objects.filter(table=table, user=user).exists()):
        return None
    token = table.invite_token
    link = request.build_absolute_uri(reverse("games:join", args=[table.pk, token])) if token else ""
    return {"link": link, "manages": manages}


@require_http_methods(["GET", "HEAD", "POST"])
def join(request: HttpRequest, table_id: int, token: str) -> HttpResponse:
    """The invitation page (GET), or its button used (POST ``action``: seat or watch)."""
    if invites.over_limit(request):
        message = _("Too many invitation links were opened from your address: wait a few minutes.")
        return _refused(request, _("Too many tries"), message, 429)
    table = Table.objects.filter(pk=table_id).first() if 0 < table_id <= MAX_TABLE_ID else None
    if table is None or not table.invite_opens(token):
        message = _("This invitation link no longer works; ask for a new one.")
        return _refused(request, _("Invitation not found"), message, 404)
    if request.method == "POST":
        return _use(request, table)
    return render(request, "games/invite.html", _page(request, table))


def _refused(request, heading, message, status):
    context = {"heading": heading, "message": message}
    return render(request, "games/invite_refused.html", context, status=status)


def _page(request, table, error=None):
    user = request.user
    seated = user.is_authenticated and table.seats.filter(user=user).exists()
    free = table.seats.count() < table.seat_count
    return {
        "table": table,
        "link": request.path,
        "seated": seated,
        "seat_free": free,
        "may_watch": _may_watch(table),
        "blocked": blocking.seat_refusal(table, user) if user.is_authenticated and not seated else None,
        "error": error,
    }


def _may_watch(table):
    return not table.private or table.spectators == Table.Spectators.LINK


def _use(request, table):
    action = request.POST.get("action")
    if action not in ACTIONS:
        return render(request, "games/invite.html", _page(request, table, _("Choose a button.")), status=400)
    if action == "watch":
        if not _may_watch(table):
            error = _("Only the players may watch this table.")
            return render(request, "games/invite.html", _page(request, table, error), status=403)
        invites.grant(request.session, table)
        return redirect("games:table", table_id=table.pk)
    if not request.user.is_authenticated:
        return redirect_to_login(request.path)
    invites.grant(request.session, table)
    try:
        tables.take_seat(table, request.user, None, invited=True)
    except errors.ServiceError as refusal:
        if refusal.code == "already_seated":
            return redirect("games:table", table_id=table.pk)
        if refusal.code == "table_full" and _may_watch(table):
            messages.info(request, _("The table is full: you are watching its game."))
            return redirect("games:table", table_id=table.pk)
        if refusal.code == "table_full":
            invites.forget(request.session, table.pk)
            error = _("The table is full, and only its players may watch.")
        else:
            invites.forget(request.session, table.pk)
            error = str(refusal)
        return render(request, "games/invite.html", _page(request, table, error), status=409)
    messages.success(request, _("You took a seat at “%(table)s”.") % {"table": table_title(table)})
    return redirect("games:table", table_id=table.pk)


def _owner_action(change, done):
    """A POST of the table's owner (or the staff) changing its invitation link, then back to
    the table with ``done`` said (or the refusal)."""

    @login_required
    @require_POST
    def view(request, table_id):
        table = invites.visible_table(request, table_id)
        try:
            change(table, request.user)
        except errors.ServiceError as refusal:
            messages.error(request, str(refusal))
        else:
            messages.success(request, str(done))
        return redirect("games:table", table_id=table.pk)

    return view


renew = _owner_action(
    tables.renew_invite, gettext_lazy("A new invitation link is ready; the old one no longer works.")
)
revoke = _owner_action(tables.revoke_invite, gettext_lazy("The invitation link no longer works."))

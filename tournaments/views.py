"""The tournament pages: the list, a tournament's page, a player's new private tournament,
and the entry's actions (join, pause, resume, withdraw) and the countdown's pairing call.

Views stay thin: ``tournaments.writes`` makes every change (refusing with a sentence),
``tournaments.pages`` reads what a page shows. A private tournament is a 404 to anyone who
may not see it, the very page of a missing id. An action answers an HTMX request with the
page's live part re-rendered (the refusal in it), any other with a redirect to the page
(the refusal flashed).
"""

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from games.play.errors import ServiceError, TooFast
from tournaments import pages
from tournaments.forms import NewTournamentForm
from tournaments.writes import entries
from tournaments.writes.pairing import pair_if_due

MAX_ID = 2**63 - 1  # the largest id a database integer holds: a longer one is no tournament
LIVE = "tournaments/partials/live.html"


def _token(data) -> str | None:
    token = data.get("invite")
    return token if isinstance(token, str) and token else None


def _tournament_or_404(request, tournament_id: int, token: str | None):
    tournament = (
        pages.visible_tournament(tournament_id, request.user, token) if tournament_id <= MAX_ID else None
    )
    if tournament is None:
        raise Http404
    return tournament


def _context(request, tournament, token, page_number=None, refusal=None):
    detail = pages.detail(tournament, request.user, page_number, token)
    return {
        **pages.head(tournament, detail.entrants),
        "detail": detail,
        "token": detail.token,
        "refusal": refusal,
    }


@require_safe
def tournament_list(request):
    context = {"sections": pages.sections(), "joined": pages.joined_ids(request.user)}
    return render(request, "tournaments/list.html", context)


@require_safe
def detail(request, tournament_id):
    token = _token(request.GET)
    tournament = _tournament_or_404(request, tournament_id, token)
    context = _context(request, tournament, token, request.GET.get("page"))
    return render(request, "tournaments/detail.html", context)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def new(request):
    """A player's private tournament; on success its page, with the invitation link to share."""
    form = NewTournamentForm(request.POST if request.method == "POST" else None)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            try:
                tournament = entries.create(request.user, form.terms(timezone.now()))
            except ServiceError as refusal:
                form.add_error(None, str(refusal))
                status = 429 if isinstance(refusal, TooFast) else 400
            else:
                messages.success(request, _("Your tournament is ready: share its invitation link."))
                return redirect("tournaments:detail", tournament_id=tournament.pk)
    return render(request, "tournaments/new.html", {"form": form}, status=status)


def entry_action(write):
    """A POST-only, logged-in action on one's own entry: ``write(tournament_id, user, token)``."""

    def decorate(view):
        @login_required
        @require_POST
        @wraps(view)
        def wrapped(request, tournament_id):
            token = _token(request.POST)
            tournament = _tournament_or_404(request, tournament_id, token)
            refusal = None
            try:
                write(tournament.pk, request.user, token)
            except ServiceError as error:
                if error.code == entries.NOT_FOUND:
                    raise Http404 from None
                refusal = str(error)
            return _answer(request, tournament, token, refusal)

        return wrapped

    return decorate


def _answer(request, tournament, token, refusal):
    if request.htmx:
        tournament.refresh_from_db()
        return render(request, LIVE, _context(request, tournament, token, refusal=refusal))
    if refusal:
        messages.error(request, refusal)
    address = reverse("tournaments:detail", args=[tournament.pk])
    if token and tournament.private:
        address += "?" + urlencode({"invite": token})
    return redirect(address)


@entry_action(lambda tournament_id, user, token: entries.join(tournament_id, user, token))
def join(request, tournament_id):
    """Enter the tournament (a private one with its invitation token)."""


@entry_action(lambda tournament_id, user, token: entries.pause(tournament_id, user))
def pause(request, tournament_id):
    """Stop being paired for a while."""


@entry_action(lambda tournament_id, user, token: entries.resume(tournament_id, user))
def resume(request, tournament_id):
    """Back from a pause."""


@entry_action(lambda tournament_id, user, token: entries.withdraw(tournament_id, user))
def withdraw(request, tournament_id):
    """Leave the tournament (the points stay)."""


@require_POST
def pair(request, tournament_id):
    """The page's countdown reached zero: start the tournament or pair its waiting players
    if that is due (else nothing); the standings' push brings the outcome to every page."""
    tournament = _tournament_or_404(request, tournament_id, _token(request.POST))
    pair_if_due(tournament.pk)
    return HttpResponse(status=204)

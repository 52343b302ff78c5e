"""The "Your turn" page (``/waiting/``) and the vacation form's answers. Thin:
``games.pages.waiting`` reads, ``games.play.vacations`` writes and refuses."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from games.pages.play_forms import VacationForm
from games.pages.waiting import waiting_games
from games.play import errors, vacations


@login_required
@require_safe
def waiting(request):
    games = waiting_games(request.user, timezone.now())
    return render(request, "games/waiting.html", {"waiting_games": games})


@login_required
@require_POST
def vacation(request):
    """Start (``days``) or end one's vacation; the answer, or the refusal in a sentence, is
    said on the settings page, where the form is."""
    form = VacationForm(request.POST)
    if not form.is_valid():
        for problems in form.errors.values():
            for problem in problems:
                messages.error(request, problem)
        return redirect("account_settings")
    try:
        if form.cleaned_data["action"] == "start":
            vacations.start(request.user, form.cleaned_data["days"])
        else:
            vacations.stop(request.user)
    except errors.ServiceError as refusal:
        messages.error(request, str(refusal))
    else:
        messages.success(request, vacation_news(form.cleaned_data["action"]))
    return redirect("account_settings")


def vacation_news(action: str) -> str:
    if action == "start":
        return _("Your vacation has begun: your turn-based games wait for you.")
    return _("Welcome back: your turn-based deadlines run again.")

"""The challenge pages: the form to challenge a player, the list of one's challenges
(``/challenges/``, which works without JavaScript), and the answers to one (accept,
decline, withdraw). Thin: ``games.play.challenges`` writes and refuses, ``games.pages.challenges``
reads. Someone else's challenge, or none, is a 404 alike."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from accounts.models import User
from games.pages.challenges import challenge_lists
from games.pages.play_forms import ChallengeForm
from games.play import challenges, errors


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def new_challenge(request, username):
    """The challenge form for ``username`` (GET), and sending it (POST): to the table at once
    against a bot, else to the challenges page to wait for the answer."""
    player = get_object_or_404(User, username=username, is_active=True)
    refusal = challenges.refusal(request.user, player)
    form = ChallengeForm(request.POST or None)
    status = 200 if refusal is None else 403
    if request.method == "POST" and refusal is None:
        status = 400
        if form.is_valid():
            terms = challenges.Terms(
                preset=form.cleaned_data["preset"],
                overrides=form.rule_overrides,
                turn_timer_seconds=form.cleaned_data["turn_timer_seconds"],
                bot_levels=form.bot_levels(),
                pace=form.cleaned_data["pace"],
                move_seconds=form.cleaned_data["move_seconds"],
            )
            try:
                challenge = challenges.create(request.user, player, terms)
            except errors.ServiceError as error:
                form.add_error(None, str(error))
                status = 429 if isinstance(error, errors.TooFast) else 409
            else:
                if challenge.table_id:
                    return redirect("games:table", table_id=challenge.table_id)
                messages.success(request, _("Challenge sent to %(name)s.") % {"name": player.name})
                return redirect("games:challenges")
    context = {"player": player, "form": form, "refusal": refusal}
    return render(request, "games/challenge_form.html", context, status=status)


@login_required
@require_safe
def challenge_list(request):
    return render(request, "games/challenges.html", challenge_lists(request.user, timezone.now()))


def _answer(write, done):
    """A POST-only view making ``write(key, user)``: a refusal is said on the challenges page;
    someone else's challenge is a 404."""

    @login_required
    @require_POST
    def view(request, key):
        try:
            challenge = write(key, request.user)
        except errors.ServiceError as refusal:
            if refusal.code == "no_such_challenge":
                raise Http404(str(refusal)) from None
            messages.error(request, str(refusal))
            return redirect("games:challenges")
        if done is None:
            return redirect("games:table", table_id=challenge.table_id)
        messages.success(request, done)
        return redirect("games:challenges")

    return view


accept = _answer(challenges.accept, None)
decline = _answer(challenges.decline, gettext_lazy("You declined the challenge."))
cancel = _answer(challenges.cancel, gettext_lazy("You withdrew the challenge."))

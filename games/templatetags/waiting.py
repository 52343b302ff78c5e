"""The turn-based pieces of every page: ``{% waiting_count as count %}`` (games waiting for the
reader's move, for the header's "Your turn (2)" link: one COUNT, none for a visitor not
signed in) and ``{% vacation_panel %}`` (the settings page's vacation form)."""

from django import template
from django.conf import settings

from games.pages.play_forms import VacationForm
from games.pages.waiting import waiting_count as count_for
from games.play.vacations import current

register = template.Library()


@register.simple_tag(takes_context=True)
def waiting_count(context) -> int:
    request = context.get("request")
    user = getattr(request, "user", None)
    return count_for(user) if user is not None else 0


@register.inclusion_tag("games/partials/vacation.html", takes_context=True)
def vacation_panel(context) -> dict:
    user = context["request"].user
    return {
        "vacation": current(user),
        "form": VacationForm(initial={"action": "start", "days": 7}),
        "max_days": settings.VACATION_MAX_DAYS,
        "csrf_token": context.get("csrf_token"),
    }

"""The form of a player's own (private) tournament. It checks the shape of what was posted;
``tournaments.writes.entries.create`` decides what is allowed (and how many a day)."""

from datetime import datetime, timedelta

from django import forms
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from games.models import MIN_SEATS, PRESET_CHOICES
from games.pages.play_forms import turn_clock_words
from tournaments.models import MAX_TABLE_SEATS, Tournament
from tournaments.writes.entries import TURN_CLOCKS, Terms

STARTS_IN = (0, 5, 15, 30, 60, 180, 24 * 60)  # minutes from now
LASTS = (15, 30, 60, 120, 180, 24 * 60)  # minutes


def minutes_words(minutes: int) -> str:
    if minutes and minutes % 60 == 0:
        hours = minutes // 60
        return ngettext("%(n)d hour", "%(n)d hours", hours) % {"n": hours}
    return ngettext("%(n)d minute", "%(n)d minutes", minutes) % {"n": minutes}


def _starts_in_choices():
    return [(0, gettext("now"))] + [
        (n, gettext("in %(time)s") % {"time": minutes_words(n)}) for n in STARTS_IN if n
    ]


class NewTournamentForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=Tournament._meta.get_field("name").max_length)
    preset = forms.ChoiceField(label=_("Rules"), choices=PRESET_CHOICES.items())
    seats = forms.TypedChoiceField(
        label=_("Seats per table"),
        coerce=int,
        choices=[(n, n) for n in range(MIN_SEATS, MAX_TABLE_SEATS + 1)],
        initial=4,
    )
    turn_timer_seconds = forms.TypedChoiceField(label=_("Turn clock"), coerce=int, initial=30)
    starts_in = forms.TypedChoiceField(label=_("Starts"), coerce=int, initial=15)
    minutes = forms.TypedChoiceField(label=_("Lasts"), coerce=int, initial=60)
    rated = forms.BooleanField(label=_("Rated"), required=False, initial=True)
    bots_allowed = forms.BooleanField(label=_("Bots may play"), required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)  # the choices' words in the request's language
        self.fields["turn_timer_seconds"].choices = [(n, turn_clock_words(n)) for n in TURN_CLOCKS]
        self.fields["starts_in"].choices = _starts_in_choices()
        self.fields["minutes"].choices = [(n, minutes_words(n)) for n in LASTS]

    def terms(self, now: datetime) -> Terms:
        """The tournament's terms from a valid form, starting from ``now``."""
        data = self.cleaned_data
        return Terms(
            name=data["name"],
            starts_at=now + timedelta(minutes=data["starts_in"]),
            minutes=data["minutes"],
            preset=data["preset"],
            seats=data["seats"],
            turn_timer_seconds=data["turn_timer_seconds"],
            rated=data["rated"],
            bots_allowed=data["bots_allowed"],
        )

"""Forms of the history pages: the history filters, the leaderboard's views, a record to import."""

from django import forms
from django.utils.translation import gettext_lazy as _

from games.text.rules import PRESET_LABEL_WORDS
from history import leaderboard
from history.player_games import DRAWN, LOST, WON

MAX_RECORD_BYTES = 1024 * 1024  # a game at the highest turn limit takes well under this
DATE_INPUT = forms.DateInput(attrs={"type": "date"})


class HistoryFilterForm(forms.Form):
    result = forms.ChoiceField(
        label=_("Result"),
        required=False,
        choices=[("", _("any")), (WON, _("won")), (LOST, _("lost")), (DRAWN, _("drawn"))],
    )
    preset = forms.ChoiceField(
        label=_("Rules"), required=False, choices=[("", _("any")), *PRESET_LABEL_WORDS.items()]
    )
    opponent = forms.CharField(label=_("Against"), required=False, max_length=150)
    date_from = forms.DateField(label=_("From"), required=False, widget=DATE_INPUT)
    date_to = forms.DateField(label=_("To"), required=False, widget=DATE_INPUT)

    def clean(self):
        cleaned = super().clean()
        start, end = cleaned.get("date_from"), cleaned.get("date_to")
        if start and end and start > end:
            raise forms.ValidationError(_("The first day comes after the last."))
        return cleaned


class LeaderboardForm(forms.Form):
    view = forms.ChoiceField(
        label=_("Ranking"),
        required=False,
        choices=[(leaderboard.ALL_TIME, _("all time")), (leaderboard.RECENT, _("last 30 days"))],
    )
    kind = forms.ChoiceField(
        label=_("Players"),
        required=False,
        choices=[
            (leaderboard.EVERYONE, _("everyone")),
            (leaderboard.HUMANS, _("people")),
            (leaderboard.BOTS, _("bots")),
        ],
    )

    provisional = forms.BooleanField(label=_("Include provisional ratings (marked ?)"), required=False)

    def clean_view(self):
        return self.cleaned_data["view"] or leaderboard.ALL_TIME


class ImportForm(forms.Form):
    record = forms.FileField(
        label=_("Game record"), help_text=_("A JSON file exported from a game's page.")
    )

    def clean_record(self):
        upload = self.cleaned_data["record"]
        if upload.size > MAX_RECORD_BYTES:
            raise forms.ValidationError(
                _("That file is too large for a game record (at most %(n)d KiB).")
                % {"n": MAX_RECORD_BYTES // 1024}
            )
        return upload.read()  # the JSON text: history.records checks it against the record's schema

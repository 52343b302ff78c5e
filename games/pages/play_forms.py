"""The forms players fill in on the site: a new table, a seat, a bot, a move.

They only check the shape of what was posted; ``games.play`` decides what is allowed.
(The admin's house-rules form lives in ``games.pages.forms``.)
"""

from django import forms
from django.conf import settings
from django.core.validators import MaxValueValidator
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from games.bots import LEVELS
from games.bots.levels import LABELS as LEVEL_LABELS
from games.engine import Rules
from games.engine.rules import OPTIONS
from games.models import MAX_SEATS, MIN_SEATS, MOVE_SECONDS_CHOICES, Table, pace_errors, seat_errors
from games.pages.forms import OptionFields, checked_rules, field_name
from games.text.rules import PRESET_LABEL_WORDS

TURN_CLOCKS = (15, 30, 60, 120)  # the turn clocks a new table may choose (the admin sets any)


def turn_clock_words(seconds: int | None) -> str:
    """A turn clock in words: "30 seconds a turn", or "none"."""
    if not seconds:
        return gettext("none")
    return ngettext("%(n)d second a turn", "%(n)d seconds a turn", seconds) % {"n": seconds}


def turn_clock_choices():
    """The turn clocks offered, in the language of the request rendering the form."""
    return [("", gettext("none"))] + [(n, turn_clock_words(n)) for n in TURN_CLOCKS]


def move_time_words(seconds: int) -> str:
    """A turn-based table's time per move in words: "12 hours a move", "3 days a move"."""
    if seconds % 86400 == 0:
        days = seconds // 86400
        return ngettext("%(n)d day a move", "%(n)d days a move", days) % {"n": days}
    hours = seconds // 3600
    return ngettext("%(n)d hour a move", "%(n)d hours a move", hours) % {"n": hours}


def move_time_choices():
    """The times per move a turn-based table may choose, in the request's language."""
    return [("", gettext("(real-time table)"))] + [(n, move_time_words(n)) for n in MOVE_SECONDS_CHOICES]


def bot_choices():
    return [("", gettext("no bot"))] + [(level, gettext(label)) for level, label in LEVEL_LABELS.items()]


class PaceFields(forms.Form):
    """Real-time or turn-based, and a turn-based table's time per move (``Table.Pace``):
    a turn-based table must have one, a real-time one none, and no turn clock in seconds."""

    pace = forms.TypedChoiceField(
        label=_("Pace"),
        choices=Table.Pace.choices,
        initial=Table.Pace.LIVE,
        required=False,
        empty_value=Table.Pace.LIVE,  # a form posted without it: real-time, as before
        widget=forms.RadioSelect,
        help_text=_(
            "Turn-based: each player has hours or days for a move, and may close the page "
            "meanwhile; the “Your turn” page lists the games waiting for you."
        ),
    )
    move_seconds = forms.TypedChoiceField(
        label=_("Time per move (turn-based)"),
        choices=move_time_choices,
        coerce=int,
        empty_value=None,
        required=False,
        help_text=_("When it runs out the server draws for you (or accepts a penalty)."),
    )

    def clean(self):
        cleaned = super().clean()
        if "pace" in cleaned:
            clock = cleaned.get("turn_timer_seconds")
            for name, words in pace_errors(cleaned["pace"], cleaned.get("move_seconds"), clock).items():
                self.add_error(name, words)
        return cleaned


class NewTableForm(PaceFields):
    name = forms.CharField(label=_("Name"), max_length=Table._meta.get_field("name").max_length)
    seat_count = forms.TypedChoiceField(
        label=_("Seats"),
        choices=[(n, n) for n in range(MIN_SEATS, MAX_SEATS + 1)],
        coerce=int,
        initial=4,
    )
    decks = forms.TypedChoiceField(
        label=_("Decks"),
        choices=[(1, _("One deck")), (2, _("Two decks, shuffled together"))],
        coerce=int,
        initial=1,
        required=False,
        empty_value=1,  # a form posted without it: one deck, as before
        help_text=_("One deck seats 2 to 5 players; two decks seat up to 10."),
    )
    preset = forms.ChoiceField(label=_("Rules"), choices=list(PRESET_LABEL_WORDS.items()))
    turn_timer_seconds = forms.TypedChoiceField(
        label=_("Turn clock"),
        choices=turn_clock_choices,  # called at each render (a list's labels were made once, in English)
        coerce=int,
        empty_value=None,
        required=False,
        help_text=_("When a player's time runs out, the server plays for them (draw or pass)."),
    )
    private = forms.BooleanField(
        label=_("Private table"),
        required=False,
        help_text=_("Not in the lobby: players take a seat through the table's invitation link."),
    )
    spectators = forms.TypedChoiceField(
        label=_("Who may watch a private table"),
        choices=Table.Spectators.choices,
        initial=Table.Spectators.LINK,
        required=False,
        empty_value=Table.Spectators.LINK,
        widget=forms.RadioSelect,
    )
    listed_in_history = forms.BooleanField(
        label=_("Show a private table's finished games in public lists"),
        required=False,
        initial=True,
    )
    min_finishing_rate = forms.IntegerField(
        label=_("Lowest finishing rate (%)"),
        min_value=1,
        max_value=100,
        required=False,
        help_text=_(
            "Players who finished fewer of their last games than this are refused a seat. Empty: anyone."
        ),
    )
    chat_off = forms.BooleanField(
        label=_("Turn the chat off"),
        required=False,
        help_text=_("Nobody writes or reads a chat at this table."),
    )

    def clean(self):
        """The decks become the table's one house-rule change (``rule_overrides``); more
        seats than one deck holds are refused on the seats field."""
        cleaned = super().clean()
        decks = cleaned.pop("decks", 1)
        cleaned["rule_overrides"] = {"decks": decks} if decks > 1 else {}
        if "seat_count" in cleaned and "preset" in cleaned:
            rules = Rules.from_dict({"preset": cleaned["preset"], **cleaned["rule_overrides"]})
            for name, words in seat_errors(cleaned["seat_count"], rules).items():
                self.add_error(name, words)
        return cleaned


PRESET_RULES_ID = "preset-rules"  # the id of preset_rules() on the challenge page (its json_script)


def preset_rules() -> dict[str, dict]:
    """Each preset's option values by field name: the challenge form's initial values (the
    first preset's), and what its script shows when another preset is chosen."""
    presets = {}
    for preset in PRESET_LABEL_WORDS:
        values = Rules.preset(preset).to_dict()
        presets[preset] = {field_name(option): values[option.name] for option in OPTIONS}
    return presets


class ChallengeForm(PaceFields, OptionFields):
    """A challenge's terms: the rules preset, its house-rule changes, the turn clock, and up
    to three extra bots by level (the two players and the bots fill the table).

    The house rules start from the first preset's values; only those edited count (without
    JavaScript, choosing another preset must not turn the first one's values into changes),
    and ``rule_overrides`` keeps those that differ from the chosen preset. The page's script
    (static/js/challenge_form.js) shows the chosen preset's values instead, in every option
    not edited, and says so (``rules_shown``): then the options are read as shown. A post
    without ``house_rules`` (the form's hidden marker: an unticked box is not posted) changes
    none."""

    preset = forms.ChoiceField(label=_("Rules"), choices=list(PRESET_LABEL_WORDS.items()))
    turn_timer_seconds = NewTableForm.base_fields["turn_timer_seconds"]
    bot_1 = forms.ChoiceField(label=_("First extra bot"), choices=bot_choices, required=False)
    bot_2 = forms.ChoiceField(label=_("Second extra bot"), choices=bot_choices, required=False)
    bot_3 = forms.ChoiceField(label=_("Third extra bot"), choices=bot_choices, required=False)
    house_rules = forms.BooleanField(required=False, initial=True, widget=forms.HiddenInput)
    rules_shown = forms.BooleanField(required=False, widget=forms.HiddenInput)

    field_order = ["preset", "pace", "move_seconds", "turn_timer_seconds", "bot_1", "bot_2", "bot_3"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for option in OPTIONS:
            self.fields[field_name(option)].required = False
        self.preset_rules = preset_rules()  # shown on the page, for its script
        self.initial.setdefault("preset", next(iter(PRESET_LABEL_WORDS)))
        for name, value in self.preset_rules[self.initial["preset"]].items():
            self.initial.setdefault(name, value)
        self.fields["preset"].widget.attrs.update(
            {"data-preset-rules": PRESET_RULES_ID, "data-rules-from": self._rules_from()}
        )

    def _rules_from(self):
        """The preset whose values the options showed when the page was made (what the
        script compares them with to tell the player's edits): the first preset's, or on a
        page posted again after the script showed the chosen one, that one's."""
        shown = self.fields["rules_shown"].to_python(self["rules_shown"].value())
        chosen = self["preset"].value()
        return chosen if shown and chosen in PRESET_LABEL_WORDS else self.initial["preset"]

    def terms_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.field_order]

    def rule_fields(self) -> list[forms.BoundField]:
        return [self[field_name(option)] for option in OPTIONS]

    def clean(self):
        cleaned = super().clean()
        preset = cleaned.get("preset")
        if preset is None:
            return cleaned
        if not cleaned.get("house_rules"):
            read = []
        elif cleaned.get("rules_shown"):
            read = [field_name(option) for option in OPTIONS]
        else:
            read = self.changed_data
        edited = {
            option.name: cleaned[name]
            for option in OPTIONS
            if (name := field_name(option)) in cleaned and name in read
        }
        rules = checked_rules(self, preset, edited)
        self.rule_overrides = {} if rules is None else rules.overrides(preset)
        return cleaned

    def bot_levels(self) -> tuple[str, ...]:
        return tuple(
            self.cleaned_data[name] for name in ("bot_1", "bot_2", "bot_3") if self.cleaned_data[name]
        )


class VacationForm(forms.Form):
    """Going away (``days``, 1 to ``VACATION_MAX_DAYS``: the writes refuse more) or coming back."""

    action = forms.ChoiceField(choices=[("start", "start"), ("stop", "stop")], widget=forms.HiddenInput)
    days = forms.IntegerField(
        label=_("Days away"),
        min_value=1,
        required=False,
        help_text=_("Your turn-based games wait for you meanwhile: each deadline moves past your return."),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["days"].max_value = most = settings.VACATION_MAX_DAYS
        self.fields["days"].widget.attrs.update({"min": 1, "max": most})
        self.fields["days"].validators.append(MaxValueValidator(most))

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("action") == "start" and cleaned.get("days") is None and "days" not in self.errors:
            self.add_error("days", gettext("Say how many days you will be away."))
        return cleaned


class SeatForm(forms.Form):
    position = forms.IntegerField(min_value=0, max_value=MAX_SEATS - 1, required=False)


class BotForm(forms.Form):
    level = forms.ChoiceField(choices=[(level, level) for level in LEVELS])


def level_choices():
    """The bot levels offered, in the language of the request rendering the form."""
    return [(level, User.BotLevel(level).label) for level in LEVELS]


class PlayNowForm(forms.Form):
    """ "Play bots now": the bots' level (the player's last choice, else the first game's)."""

    level = forms.ChoiceField(label=_("Bots"), choices=level_choices)


class MoveForm(forms.Form):
    """A move as text ("QH 8H 4H !", "AH @S", "draw") and the move count the page showed."""

    move = forms.CharField(max_length=200, error_messages={"required": _("Choose cards, or draw.")})
    expected_move_count = forms.IntegerField(min_value=0)

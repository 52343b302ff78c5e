"""The house-rules form for a table (used by the admin): one field per option of
``games.engine.rules.OPTIONS``, never raw JSON.

The fields start from the table's effective rules. On save the form stores only the
options that differ from the chosen preset. A page whose options were refreshed in place
(static/js/admin_rules.js: choosing a preset or ticking "reset" shows the options saving
would store, and posts ``SHOWN``) stores exactly the options submitted: an option set to
the old preset's value while the preset changes is never lost. Without that refresh (no
JavaScript), choosing another preset keeps the options the table had changed, and any
edited in the same submission (those that differ from what the page showed), unless
"reset" is ticked.
Each edited option is checked on its own, so that every bad value is reported at once,
under its label; then the engine checks the whole, and rules under which no game could
be won are refused. ``preview()`` gives the rules a submission would store, for the
admin's in-place refresh when the preset changes (static/js/admin_rules.js).
"""

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS
from django.utils.translation import gettext_lazy as _

from games.engine import Rules
from games.engine.rules import OPTIONS, OPTIONS_BY_NAME
from games.models import Table
from games.text.cards import rank_words
from games.text.rules import OPTION_LABELS, rule_sentence

FIELD_PREFIX = "rule_"
SHOWN = "_shown"  # posted by static/js/admin_rules.js: the options show what saving stores


def field_name(option):
    return FIELD_PREFIX + option.name


def option_field(option):
    """The form field for one option: checkbox, select, number or rank checkboxes.

    Numbers carry their range as a browser hint only, so that the engine's own message
    explains a value out of range."""
    common = {"label": OPTION_LABELS[option.name], "help_text": _(option.help)}
    if option.kind == "bool":
        return forms.BooleanField(required=False, **common)
    if option.kind == "choice":
        numeric = all(isinstance(c, int) for c in option.choices)
        return forms.TypedChoiceField(
            choices=[(c, rule_sentence(option, c)) for c in option.choices],
            coerce=int if numeric else str,
            # Each choice is a sentence: radios wrap, a select cannot ("radiolist": the admin's own layout).
            widget=forms.RadioSelect(attrs={"class": "radiolist"}),
            **common,
        )
    if option.kind == "int":
        low = option.low if option.off is None else min(option.low, option.off)
        hint = forms.NumberInput(attrs={"min": low, "max": option.high})
        return forms.IntegerField(widget=hint, **common)
    return forms.MultipleChoiceField(
        choices=[(rank, rank_words(rank)) for rank in option.choices],
        widget=forms.CheckboxSelectMultiple(attrs={"class": "radiolist inline"}),
        required=False,
        **common,
    )


# Declared on a plain form so that the model form below (and the admin's subclasses of it)
# know them as declared fields.
OptionFields = forms.forms.DeclarativeFieldsMetaclass(
    "OptionFields",
    (forms.Form,),
    {"__module__": __name__, **{field_name(option): option_field(option) for option in OPTIONS}},
)


class TableRulesForm(forms.ModelForm, OptionFields):
    reset_to_preset = forms.BooleanField(
        label=_("Reset to the preset"),
        required=False,
        help_text=_("Drop every option this table changed, keeping only what you edit now."),
    )

    class Meta:
        model = Table
        fields = [
            "name", "seat_count", "preset", "turn_timer_seconds", "created_by",
            "private", "spectators", "listed_in_history", "pace", "move_seconds", "chat_off",
        ]

    def __init__(self, *args, touched=None, **kwargs):
        """``touched``: the options the user edited (by field name), when the page knows
        better than a comparison with the initial values (after an in-place refresh)."""
        super().__init__(*args, **kwargs)
        self.touched = touched
        effective = self.current_rules().to_dict()
        for option in OPTIONS:
            self.initial.setdefault(field_name(option), effective[option.name])

    def current_rules(self):
        """The table's rules before this form: its preset plus its valid overrides."""
        try:
            return self.instance.rules()
        except ValueError:
            return Rules.preset(self.instance.preset)

    def clean(self):
        cleaned = super().clean()
        preset = cleaned.get("preset")
        if preset is None:
            return cleaned
        kept = {} if cleaned.get("reset_to_preset") else self.instance.rule_overrides
        touched = self._edited()
        edited = {
            option.name: cleaned[name]
            for option in OPTIONS
            if (name := field_name(option)) in cleaned and name in touched
        }
        rules = checked_rules(self, preset, edited, kept)
        if rules is None:
            return cleaned
        self.rules = rules
        self.instance.rule_overrides = rules.overrides(preset)
        return cleaned

    def _edited(self):
        """The option fields whose submitted values are stored: the ``touched`` ones for a
        preview; every one from a page refreshed in place (``SHOWN``); else those that differ
        from what the page showed."""
        if self.touched is not None:
            return self.touched
        if self.data.get(SHOWN):
            return [field_name(option) for option in OPTIONS]
        return self.changed_data

    def preview(self):
        """The rules this submission would store (whatever the table's other fields say),
        or None while its rules have errors."""
        self.is_valid()
        return getattr(self, "rules", None)

    def rule_errors(self):
        """Every error of the rules, each message already naming its option."""
        names = {field_name(option) for option in OPTIONS} | {"preset", NON_FIELD_ERRORS}
        return [str(text) for name, texts in self.errors.items() if name in names for text in texts]


def checked_rules(form: forms.Form, preset: str, edited: dict, kept: dict | None = None) -> Rules | None:
    """The rules of ``preset`` with the options ``kept`` then ``edited`` (name: value), or
    None after adding to ``form`` why not: each bad edited value under its option's field,
    the engine's sentence on the option it names, rules under which no game could be won."""
    for name, value in edited.items():
        option = OPTIONS_BY_NAME[name]
        try:
            option.clean(value)
        except ValueError:
            form.add_error(field_name(option), not_allowed(option))
    if any(field_name(OPTIONS_BY_NAME[name]) in form.errors for name in edited):
        return None
    try:
        rules = Rules.from_dict({**(kept or {}), **edited, "preset": preset})
    except ValueError as error:  # the engine's sentence, under the option's label if it names one
        name, _sep, text = str(error).partition(":")
        option = OPTIONS_BY_NAME.get(name)
        if option is None:
            form.add_error(None, str(error))
        else:
            form.add_error(field_name(option), f"{OPTION_LABELS[option.name]}:{text}")
        return None
    reason = unwinnable_reason(rules)
    if reason:
        form.add_error(field_name(OPTIONS_BY_NAME["finishing_ranks"]), reason)
        return None
    return rules


def not_allowed(option):
    """Why a value of ``option`` is refused, in words, under the option's label."""
    label = OPTION_LABELS[option.name]
    if option.kind == "int" and option.off is not None:
        return _("%(label)s: choose %(off)d (off) or a whole number from %(low)d to %(high)d.") % {
            "label": label, "off": option.off, "low": option.low, "high": option.high,
        }
    if option.kind == "int":
        return _("%(label)s: choose a whole number from %(low)d to %(high)d.") % {
            "label": label, "low": option.low, "high": option.high,
        }
    return _("%(label)s: choose one of the values offered.") % {"label": label}


def unwinnable_reason(rules):
    """Why no game could ever be won under ``rules`` (a game would run to its turn limit),
    or None. A winning play must end on a finishing card (RULES.md section 6)."""
    if not rules.finishing_ranks:
        return _(
            "%(label)s: choose at least one. A winning play must end on one of these cards, "
            "so with none no game could ever be won."
        ) % {"label": OPTION_LABELS["finishing_ranks"]}
    return None

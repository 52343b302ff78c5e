"""The house-rules form for a table (used by the admin): one field per option of
``games.engine.rules.OPTIONS``, never raw JSON.

The fields start from the table's effective rules. On save the form stores only the
options that differ from the chosen preset. Choosing another preset keeps the options
the table had changed, and any edited in the same submission, unless "reset" is ticked.
The engine validates the result; its message is shown on the option it names.
"""

from django import forms
from django.utils.translation import gettext_lazy as _

from games.engine import Rules
from games.engine.rules import OPTIONS
from games.models import Table
from games.presentation import OPTION_LABELS, rank_words, rule_sentence

FIELD_PREFIX = "rule_"


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
            **common,
        )
    if option.kind == "int":
        low = option.low if option.off is None else min(option.low, option.off)
        hint = forms.NumberInput(attrs={"min": low, "max": option.high})
        return forms.IntegerField(widget=hint, **common)
    return forms.MultipleChoiceField(
        choices=[(rank, rank_words(rank)) for rank in option.choices],
        widget=forms.CheckboxSelectMultiple,
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
        fields = ["name", "seat_count", "preset", "turn_timer_seconds", "created_by"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
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
        values = {"preset": preset}  # + the table's overrides + what was edited
        if not cleaned.get("reset_to_preset"):
            values.update(self.instance.rule_overrides)
        for option in OPTIONS:
            name = field_name(option)
            if name in cleaned and name in self.changed_data:
                values[option.name] = cleaned[name]
        try:
            rules = Rules.from_dict(values)
        except ValueError as error:
            self._add_engine_error(error)
        else:
            self.instance.rule_overrides = rules.overrides(preset)
        return cleaned

    def _add_engine_error(self, error):
        """Show the engine's message on the option it names ("hand_size: ..."), else on top."""
        name = FIELD_PREFIX + str(error).split(":", 1)[0]
        self.add_error(name if name in self.fields else None, str(error))

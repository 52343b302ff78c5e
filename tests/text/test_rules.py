"""games.text.rules: every house-rule option labelled and said in a sentence for each value,
a rule set summarised by groups, the presets and the options catalogue."""

from django.utils import translation

from games.engine import Rules
from games.engine.rules import GROUPS, OPTIONS, PRESETS
from games.models import Table
from games.text.rules import (
    OPTION_LABELS,
    options_catalogue,
    preset_label,
    presets_catalogue,
    rule_sentence,
    rules_summary,
)


def test_every_option_has_a_label_and_a_sentence_for_each_value():
    assert set(OPTION_LABELS) == {option.name for option in OPTIONS}
    for option in OPTIONS:
        if option.kind == "bool":
            values = [True, False]
        elif option.kind == "choice":
            values = list(option.choices)
        elif option.kind == "int":
            values = [option.low, option.high]
        else:
            values = [list(option.choices[:3])]
        for value in values:
            assert rule_sentence(option, value).endswith(".")


def test_rules_summary_lists_every_option_in_groups_and_marks_house_rules():
    rules = Rules.from_dict({"preset": "chains", "jokers": 0, "hand_size": 6}).to_dict()
    groups = rules_summary(rules, "chains")
    assert [str(group["title"]) for group in groups] == [
        "Deck and deal",
        "Turns and drawing",
        "Questions and answers",
        "Jumps and kickbacks",
        "Aces",
        "Penalty cards",
        "Niko Kadi and winning",
    ]
    assert len(groups) == len(GROUPS)
    items = {item["name"]: item for group in groups for item in group["rules"]}
    assert set(items) == {option.name for option in OPTIONS}
    assert {name for name, item in items.items() if item["changed"]} == {"jokers", "hand_size"}
    assert items["hand_size"]["text"] == "Each player is dealt 6 cards."
    assert items["answer_ranks"]["text"] == "These cards answer a question: ace, 4, 5, 6, 7, 9, 10."


def test_every_preset_is_described_by_its_differences_from_classic():
    presets = {preset["name"]: preset for preset in presets_catalogue()}
    assert set(presets) == set(PRESETS)
    assert presets["classic"]["default"] and presets["classic"]["differences"] == []
    assert "Penalties add up: a counter passes the whole sum on." in presets["bomb-ni-bomb"]["differences"]
    assert (
        "2s and 3s played together must share a suit; jokers go with any."
        in (presets["bomb-ni-bomb"]["differences"])
    )


def test_the_options_catalogue_names_the_presets_using_each_value():
    options = {option["name"]: option for group in options_catalogue() for option in group["options"]}
    assert set(options) == {option.name for option in OPTIONS}
    misplay = {value["text"]: value["presets"] for value in options["misplay"]["values"]}
    assert misplay["An illegal play is refused and nothing changes."] == [
        "Rulebook",
        "Chains",
        "Friendly",
        "Bomb ni bomb",
    ]
    assert options["joker_draw"]["range"] == "Tables may choose any number from 5 to 10."


def test_a_table_names_its_preset_in_the_words_the_pages_use():
    """The models take the presets' names from the engine (they import no words module): each
    must still read as the pages say it, in every language."""
    for language in ("en", "sw"):
        with translation.override(language):
            for preset in PRESETS:
                assert Table(preset=preset).get_preset_display() == preset_label(preset)

"""House rules in words: each option's label and sentences, a rule set's summary, the
presets' names and the rules catalogue the rules page and the table form show. The engine
speaks in option codes (``"same-rank"``); the pages in these sentences.
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.engine.rules import (
    DEFAULT_PRESET,
    GROUPS,
    OPTIONS,
    PRESET_LABELS,
    PRESETS,
    Rules,
)
from games.text.cards import rank_words

GROUP_TITLES = {
    "deal": gettext_lazy("Deck and deal"),
    "turn": gettext_lazy("Turns and drawing"),
    "questions": gettext_lazy("Questions and answers"),
    "jumps": gettext_lazy("Jumps and kickbacks"),
    "aces": gettext_lazy("Aces"),
    "penalties": gettext_lazy("Penalty cards"),
    "winning": gettext_lazy("Niko Kadi and winning"),
}

# For each option: its label, and either one sentence per value (bool and choice options)
# or one sentence with a placeholder for the value (numbers and rank lists).
OPTION_LABELS = {
    "jokers": gettext_lazy("Jokers"),
    "decks": gettext_lazy("Decks"),
    "hand_size": gettext_lazy("Cards dealt"),
    "misplay": gettext_lazy("Misplays"),
    "voluntary_draw": gettext_lazy("Drawing at will"),
    "play_after_draw": gettext_lazy("Playing after a draw"),
    "question_answered_by": gettext_lazy("Who answers a question"),
    "question_chain": gettext_lazy("Question chains"),
    "answer_ranks": gettext_lazy("Answer cards"),
    "finishing_ranks": gettext_lazy("Finishing cards"),
    "jump_counter": gettext_lazy("Countering a jump"),
    "kickback_two_player": gettext_lazy("Kings with two players"),
    "ace_wild": gettext_lazy("Wild aces"),
    "ace_cancels_penalty": gettext_lazy("Aces against penalties"),
    "ace_cancel_suit": gettext_lazy("Suit after a cancelling ace"),
    "double_ace_declares": gettext_lazy("Two aces name the suit"),
    "penalty_counter": gettext_lazy("Countering a penalty"),
    "penalty_stacking": gettext_lazy("Penalty amounts"),
    "penalty_combo": gettext_lazy("Penalty combos"),
    "joker_draw": gettext_lazy("Joker penalty"),
    "after_joker": gettext_lazy("After a joker"),
    "niko_kadi": gettext_lazy("Niko Kadi declaration"),
    "niko_kadi_penalty": gettext_lazy("Missed declaration"),
    "no_win_while_cardless": gettext_lazy("Someone without cards"),
    "max_turns": gettext_lazy("Turn limit"),
    "ace_answers": gettext_lazy("Aces answering questions"),
    "jump_cancel_by_ace": gettext_lazy("An ace against a jump"),
    "penalty_deflect": gettext_lazy("Sending a penalty on"),
    "penalty_start": gettext_lazy("Penalty cards on anything"),
    "joker_colour_counter": gettext_lazy("Countering a joker"),
    "elimination_hand": gettext_lazy("Elimination hand"),
    "play_on": gettext_lazy("Playing on for places"),
    "declare_allowed": gettext_lazy("When to declare"),
    "lone_card_must_finish": gettext_lazy("A last card"),
    "niko_kadi_missed": gettext_lazy("When a missed declaration costs"),
    "ace_request": gettext_lazy("What an ace asks for"),
}

VALUE_SENTENCES = {
    "jokers": {
        0: gettext_lazy("52 cards, no jokers."),
        2: gettext_lazy("54 cards: a red and a black joker are in the deck."),
    },
    "decks": {
        1: gettext_lazy("One deck, for 2 to 5 players."),
        2: gettext_lazy(
            "Two decks shuffled together, for 2 to 10 players: every card is there twice, "
            "jokers too when they are in."
        ),
    },
    "misplay": {
        "reject": gettext_lazy("An illegal play is refused and nothing changes."),
        "penalty": gettext_lazy(
            "An illegal play is punished: the cards stay in your hand, you draw one card more "
            "than you would have, and your turn ends."
        ),
    },
    "voluntary_draw": {
        True: gettext_lazy("You may draw instead of playing, even when you could play."),
        False: gettext_lazy("You may draw only when you cannot play."),
    },
    "play_after_draw": {
        True: gettext_lazy("After drawing you may at once play the drawn card (and more with it), or pass."),
        False: gettext_lazy("Drawing ends your turn."),
    },
    "question_answered_by": {
        "self": gettext_lazy(
            "A question (Q or 8) must be answered in the same play; a question left "
            "unanswered costs you one card."
        ),
        "next": gettext_lazy(
            "A question (Q or 8) is answered by the next player, with a card of its suit or "
            "another question, or they draw one card."
        ),
    },
    "question_chain": {
        "consecutive": gettext_lazy(
            "Several questions in one play follow each other: each shares a rank or a suit "
            "with the one before it."
        ),
        "connected": gettext_lazy(
            "Several questions in one play may come in any order, as long as each shares a "
            "rank or a suit with another."
        ),
    },
    "jump_counter": {
        True: gettext_lazy("A jumped player may counter with jacks of their own."),
        False: gettext_lazy("A jumped player cannot counter and is skipped."),
    },
    "kickback_two_player": {
        "play-again": gettext_lazy("With two players, an odd number of kings lets you play again."),
        "no-effect": gettext_lazy("With two players, kings change nothing."),
    },
    "ace_wild": {
        True: gettext_lazy("Aces are wild: play one on any card and name the suit."),
        False: gettext_lazy("Aces follow suit like other cards."),
    },
    "ace_cancels_penalty": {
        True: gettext_lazy("Aces cancel a penalty: play aces instead of drawing."),
        False: gettext_lazy("Aces cannot cancel a penalty."),
    },
    "ace_cancel_suit": {
        "ace": gettext_lazy("After a cancelling ace, the ace's suit is the suit to follow."),
        "penalty": gettext_lazy(
            "After a cancelling ace, the penalty card's suit stays the suit to follow "
            "(anything goes after a joker)."
        ),
    },
    "double_ace_declares": {
        True: gettext_lazy("Cancelling with two or more aces lets you name the suit."),
        False: gettext_lazy("Cancelling aces never name the suit."),
    },
    "penalty_counter": {
        "same-rank": gettext_lazy(
            "A penalty is countered only with the same rank: a 2 on a 2, a 3 on a 3, a joker on a joker."
        ),
        "rank-or-suit": gettext_lazy(
            "A penalty is countered with a penalty card of the same rank or suit, or a joker."
        ),
        "any": gettext_lazy("Any penalty card (2, 3 or joker) counters a penalty."),
    },
    "penalty_stacking": {
        "replace": gettext_lazy(
            "A countered penalty starts again: the next player owes the last card's value."
        ),
        "cumulative": gettext_lazy("Penalties add up: a counter passes the whole sum on."),
    },
    "penalty_combo": {
        "same-rank": gettext_lazy("2s and 3s played together must share a rank; jokers go with any."),
        "same-suit": gettext_lazy("2s and 3s played together must share a suit; jokers go with any."),
    },
    "after_joker": {
        "any": gettext_lazy("Anything may be played on a joker."),
        "previous": gettext_lazy("On a joker, the card under it decides what may follow."),
    },
    "niko_kadi": {
        True: gettext_lazy("To win you must have declared “Niko Kadi!” on an earlier move."),
        False: gettext_lazy("Nobody needs to declare “Niko Kadi!” to win."),
    },
    "no_win_while_cardless": {
        True: gettext_lazy("Nobody can win while another player holds no cards."),
        False: gettext_lazy("You may win even while another player holds no cards."),
    },
    "ace_answers": {
        "suited": gettext_lazy("An ace answering a question follows suit like any answer."),
        "wild": gettext_lazy(
            "Where aces answer questions, an ace may be the first answer to a question of any "
            "suit, and you name the suit to follow."
        ),
    },
    "jump_cancel_by_ace": {
        True: gettext_lazy(
            "A jumped player may play one ace instead: the jump is over, they name the suit, "
            "and play goes on from them."
        ),
        False: gettext_lazy("An ace does not stop a jump."),
    },
    "penalty_deflect": {
        "none": gettext_lazy("A penalty cannot be sent on with a king or a jack."),
        "king": gettext_lazy(
            "Against a penalty, one king of the penalty card's suit (any king after a joker) "
            "sends it back: the direction turns round and the player before you owes it."
        ),
        "jack": gettext_lazy(
            "Against a penalty, one jack of the penalty card's suit (any jack after a joker) "
            "passes it on: the player after you owes it."
        ),
        "king-jack": gettext_lazy(
            "Against a penalty, one king of the penalty card's suit sends it back and one jack "
            "of that suit passes it on (any suit after a joker)."
        ),
    },
    "penalty_start": {
        "matching": gettext_lazy("A 2 or 3 must match the top card like any other card."),
        "any": gettext_lazy("A 2, a 3 or a joker may be played on any card."),
    },
    "joker_colour_counter": {
        True: gettext_lazy(
            "A 2 or 3 counters a joker only in the joker's colour: the red joker with hearts or "
            "diamonds, the black joker with spades or clubs."
        ),
        False: gettext_lazy("Countering a joker follows the table's countering rule."),
    },
    "play_on": {
        True: gettext_lazy(
            "The game goes on after the first winner: each player who finishes takes the next "
            "place, until one player is left."
        ),
        False: gettext_lazy("The first player to finish wins and the game ends."),
    },
    "declare_allowed": {
        "any": gettext_lazy("You may declare “Niko Kadi!” with any move."),
        "finishable": gettext_lazy(
            "You may declare “Niko Kadi!” only when the cards you keep could all be played "
            "out in one winning play."
        ),
    },
    "lone_card_must_finish": {
        True: gettext_lazy("You may not play down to one card that could not win (a joker, or a "
                           "card that cannot finish)."),
        False: gettext_lazy("You may keep any card as your last one."),
    },
    "niko_kadi_missed": {
        "at-finish": gettext_lazy(
            "A missed declaration costs its cards when you empty your hand without having declared."
        ),
        "at-one-card": gettext_lazy(
            "A missed declaration costs its cards as soon as a play leaves you one card "
            "without “Niko Kadi!”."
        ),
    },
    "ace_request": {
        "suit": gettext_lazy("A play ending in an ace names the suit to follow."),
        "rank": gettext_lazy(
            "A play ending in an ace names a rank instead of a suit: the next player must begin "
            "with a card of that rank, a joker, or an ace where aces are wild."
        ),
        "either": gettext_lazy(
            "A play ending in an ace names a suit to follow or a rank: after a rank, the next "
            "player must begin with a card of that rank, a joker, or an ace where aces are wild."
        ),
    },
}


def _ranks_list(ranks):
    return ", ".join(rank_words(rank) for rank in ranks)


def _number_sentence(name, value):
    if name == "hand_size":
        return ngettext("Each player is dealt %(n)d card.", "Each player is dealt %(n)d cards.", value) % {
            "n": value
        }
    if name == "joker_draw":
        return ngettext(
            "A joker makes the next player draw %(n)d card.",
            "A joker makes the next player draw %(n)d cards.",
            value,
        ) % {"n": value}
    if name == "niko_kadi_penalty":
        if value == 0:
            return _("Emptying your hand without having declared costs no extra cards.")
        return ngettext(
            "Emptying your hand without having declared costs %(n)d card.",
            "Emptying your hand without having declared costs %(n)d cards.",
            value,
        ) % {"n": value}
    if name == "max_turns":
        return _("A game ends with no winner after %(n)d moves.") % {"n": value}
    if name == "elimination_hand":
        if value == 0:
            return _("Nobody is put out of the game for holding many cards.")
        return _(
            "A player who holds %(n)d cards or more after drawing is out: they take the last "
            "place still free, and the last player in play wins."
        ) % {"n": value}
    raise KeyError(name)


def _ranks_sentence(name, ranks):
    if name == "answer_ranks":
        return _("These cards answer a question: %(ranks)s.") % {"ranks": _ranks_list(ranks)}
    if name == "finishing_ranks":
        return _("A winning play must end on one of: %(ranks)s.") % {"ranks": _ranks_list(ranks)}
    raise KeyError(name)


def override_labels(overrides):
    """The names of the house rules a table changed from its preset, in the rules' order."""
    return [str(OPTION_LABELS[option.name]) for option in OPTIONS if option.name in overrides]


def rule_sentence(option, value):
    """One option's value as a plain sentence; ``value`` is in ``Rules.to_dict()`` form."""
    if option.kind == "int":
        return _number_sentence(option.name, value)
    if option.kind == "ranks":
        return _ranks_sentence(option.name, value)
    return str(VALUE_SENTENCES[option.name][value])


def rules_summary(rules, preset=None):
    """The rules as groups of sentences, marking where they differ from ``preset``.

    ``rules`` is a ``Rules.to_dict()``; returns ``[{"title", "rules": [{"label", "text",
    "changed"}]}]`` in the order of ``GROUPS``.
    """
    base = Rules.preset(preset).to_dict() if preset in PRESETS else None
    groups = []
    for group, _title in GROUPS:
        items = [
            {
                "name": option.name,
                "label": OPTION_LABELS[option.name],
                "text": rule_sentence(option, rules[option.name]),
                "changed": base is not None and base[option.name] != rules[option.name],
            }
            for option in OPTIONS
            if option.group == group
        ]
        groups.append({"title": GROUP_TITLES[group], "rules": items})
    return groups


PRESET_LABEL_WORDS = {
    "classic": gettext_lazy("Classic"),
    "rulebook": gettext_lazy("Rulebook"),
    "chains": gettext_lazy("Chains"),
    "friendly": gettext_lazy("Friendly"),
    "bomb-ni-bomb": gettext_lazy("Bomb ni bomb"),
}
assert set(PRESET_LABEL_WORDS) == set(PRESET_LABELS)


def preset_label(preset):
    return str(PRESET_LABEL_WORDS.get(preset, preset))


def _option_values(option):
    """Every value worth describing: the choices of a choice or bool, else those presets use."""
    if option.kind == "bool":
        return [True, False]
    if option.kind == "choice":
        return list(option.choices)
    seen = [] if option.off is None else [option.off, option.low]  # off, and what on means
    for name in PRESETS:
        value = Rules.preset(name).to_dict()[option.name]
        if value not in seen:
            seen.append(value)
    return seen


def _option_range(option):
    if option.kind == "int" and option.off is not None:
        return _("Tables may turn it off (%(off)d) or choose any number from %(low)d to %(high)d.") % {
            "off": option.off,
            "low": option.low,
            "high": option.high,
        }
    if option.kind == "int":
        return _("Tables may choose any number from %(low)d to %(high)d.") % {
            "low": option.low,
            "high": option.high,
        }
    if option.kind == "ranks":
        return _("Tables may choose any of: %(ranks)s.") % {"ranks": _ranks_list(option.choices)}
    return ""


def options_catalogue():
    """Every option in plain words for the rules page, grouped, each value with its presets."""
    preset_values = {name: Rules.preset(name).to_dict() for name in PRESETS}
    groups = []
    for group, _title in GROUPS:
        options = []
        for option in (o for o in OPTIONS if o.group == group):
            values = [
                {
                    "text": rule_sentence(option, value),
                    "presets": [
                        preset_label(name)
                        for name, rules in preset_values.items()
                        if rules[option.name] == value
                    ],
                }
                for value in _option_values(option)
            ]
            options.append(
                {
                    "name": option.name,
                    "label": OPTION_LABELS[option.name],
                    "values": values,
                    "range": _option_range(option),
                }
            )
        groups.append({"title": GROUP_TITLES[group], "options": options})
    return groups


def presets_catalogue():
    """Each preset with the sentences where it differs from the default preset."""
    default = Rules.preset(DEFAULT_PRESET).to_dict()
    presets = []
    for name in PRESETS:
        rules = Rules.preset(name).to_dict()
        differences = [
            rule_sentence(option, rules[option.name])
            for option in OPTIONS
            if rules[option.name] != default[option.name]
        ]
        presets.append(
            {
                "name": name,
                "label": preset_label(name),
                "default": name == DEFAULT_PRESET,
                "differences": differences,
            }
        )
    return presets

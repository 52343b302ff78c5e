"""House rules: every option of RULES.md sections 9 and 13, the five presets, validation.

The community options of section 13 are off in every preset (each preset keeps its meaning).
"""

from dataclasses import dataclass, fields
from functools import cached_property
from typing import Any

from .cards import JOKER_RANK, RANKS, rank_of_text, rank_text
from .derived import Derived

PLAIN = ("4", "5", "6", "7", "9", "10")
MIN_PLAYERS = 2
MAX_PLAYERS = {1: 5, 2: 10}  # by the ``decks`` option


@dataclass(frozen=True)
class Option:
    """One house-rule option: its kind and allowed values, for validation and forms."""

    name: str
    group: str
    kind: str  # "bool", "choice", "int" or "ranks"
    help: str
    choices: tuple = ()  # for "choice"; for "ranks" the ranks that may be chosen
    low: int = 0  # for "int"
    high: int = 0
    off: object = None  # for "int": a value outside low..high that turns the option off

    def allowed(self) -> str:
        """The allowed values in words, for error messages."""
        if self.kind == "bool":
            return "true or false"
        if self.kind == "int":
            off = "" if self.off is None else f"{self.off} (off) or "
            return f"{off}a whole number from {self.low} to {self.high}"
        if self.kind == "ranks":
            return "a list of ranks from " + ", ".join(self.choices)
        return ", ".join(str(c) for c in self.choices)

    def clean(self, value: Any) -> Any:
        """The canonical value for ``value``, or ``ValueError`` naming this option."""
        if self.kind == "ranks":
            ranks = self._ranks(value)
            if ranks is not None:
                return ranks
            allowed = False
        elif isinstance(value, bool):  # a bool is an int to Python: only bool options take one
            allowed = self.kind == "bool"
        elif self.kind == "int":
            allowed = isinstance(value, int) and (self.low <= value <= self.high or value == self.off)
        else:
            allowed = self.kind == "choice" and value in self.choices
        if allowed:
            return value
        raise ValueError(f"{self.name}: {value!r} is not allowed; allowed values: {self.allowed()}")

    def _ranks(self, value: Any) -> frozenset[int] | None:
        """A frozenset of rank indexes from a list of rank texts, or None if it is not one."""
        if not isinstance(value, (list, tuple, set, frozenset)):
            return None
        try:
            ranks = frozenset(rank_of_text(str(v)) for v in value)
        except ValueError:
            return None
        return ranks if all(rank_text(r) in self.choices for r in ranks) else None

    def dump(self, value: Any) -> Any:
        """The JSON-safe form of a canonical value."""
        if self.kind == "ranks":
            return [rank_text(r) for r in sorted(value)]
        return value


GROUPS = (
    ("deal", "Deck and deal"),
    ("turn", "Turns and drawing"),
    ("questions", "Questions and answers"),
    ("jumps", "Jumps and kickbacks"),
    ("aces", "Aces"),
    ("penalties", "Penalty cards"),
    ("winning", "Niko Kadi and winning"),
)

ALL_RANKS = RANKS + ("joker",)

OPTIONS = (
    Option(
        "jokers",
        "deal",
        "choice",
        "Play with 52 cards, or 54 with a red and a black joker.",
        (0, 2),
    ),
    Option(
        "decks",
        "deal",
        "choice",
        "1: one deck, for 2 to 5 players. 2: two decks shuffled together, every card twice "
        "(jokers counted per deck), for 2 to 10 players.",
        (1, 2),
    ),
    Option("hand_size", "deal", "int", "How many cards each player is dealt.", low=3, high=7),
    Option(
        "misplay",
        "turn",
        "choice",
        "reject: an illegal play is refused and nothing changes. penalty: the cards stay "
        "in hand and the player draws one card more than they would have.",
        ("reject", "penalty"),
    ),
    Option(
        "voluntary_draw",
        "turn",
        "bool",
        "A player may draw instead of playing even when they could play.",
    ),
    Option(
        "play_after_draw",
        "turn",
        "bool",
        "A player who drew may at once play a play that begins with the drawn card, or pass.",
    ),
    Option(
        "question_answered_by",
        "questions",
        "choice",
        "self: a question must be answered in the same play, or the player "
        "draws one card. next: the next player must answer it.",
        ("self", "next"),
    ),
    Option(
        "question_chain",
        "questions",
        "choice",
        "consecutive: each question shares a rank or suit with the one before it. connected: "
        "the questions, in any order, form one group linked by rank or suit.",
        ("consecutive", "connected"),
    ),
    Option(
        "answer_ranks",
        "questions",
        "ranks",
        "The ranks that can answer a question (Q and 8 are always questions).",
        ALL_RANKS,
    ),
    Option(
        "finishing_ranks",
        "winning",
        "ranks",
        "The ranks a winning play may end on.",
        RANKS,
    ),
    Option(
        "jump_counter",
        "jumps",
        "bool",
        "A jumped player may counter with jacks of their own.",
    ),
    Option(
        "kickback_two_player",
        "jumps",
        "choice",
        "play-again: an odd number of kings lets the same player go again. no-effect: kings do nothing.",
        ("play-again", "no-effect"),
    ),
    Option("ace_wild", "aces", "bool", "An ace may be played on any card and declares the suit."),
    Option(
        "ace_cancels_penalty",
        "aces",
        "bool",
        "A player who owes cards may play aces instead and owe nothing.",
    ),
    Option(
        "ace_cancel_suit",
        "aces",
        "choice",
        "ace: the last ace's suit. penalty: the penalty card's suit (anything after a joker).",
        ("ace", "penalty"),
    ),
    Option(
        "double_ace_declares",
        "aces",
        "bool",
        "Cancelling a penalty with two or more aces lets the player name the suit.",
    ),
    Option(
        "penalty_counter",
        "penalties",
        "choice",
        "same-rank: a 2 on a 2, a 3 on a 3. rank-or-suit: also a penalty "
        "card of the same suit. any: any penalty card.",
        ("same-rank", "rank-or-suit", "any"),
    ),
    Option(
        "penalty_stacking",
        "penalties",
        "choice",
        "replace: the next player owes the last card's value. cumulative: the penalties add up.",
        ("replace", "cumulative"),
    ),
    Option(
        "penalty_combo",
        "penalties",
        "choice",
        "2s, 3s and jokers played together must share a rank (same-rank) or a suit (same-suit).",
        ("same-rank", "same-suit"),
    ),
    Option(
        "joker_draw",
        "penalties",
        "int",
        "How many cards a joker makes the next player draw.",
        low=5,
        high=10,
    ),
    Option(
        "after_joker",
        "penalties",
        "choice",
        "any: anything may be played on a joker. previous: the card under the joker decides.",
        ("any", "previous"),
    ),
    Option(
        "niko_kadi",
        "winning",
        "bool",
        'A player must have declared "Niko Kadi!" on an earlier move to win.',
    ),
    Option(
        "niko_kadi_penalty",
        "winning",
        "int",
        "Cards drawn at once by a player who empties their hand without having declared.",
        low=0,
        high=5,
    ),
    Option(
        "no_win_while_cardless",
        "winning",
        "bool",
        "Nobody can win while another player holds no cards.",
    ),
    Option(
        "max_turns",
        "winning",
        "int",
        "A game that reaches this many moves ends with no winner.",
        low=50,
        high=5000,
    ),
    # RULES.md section 13: the community's house rules, off in every preset
    Option(
        "ace_answers",
        "questions",
        "choice",
        "suited: an answering ace follows suit like any answer. wild: where aces answer "
        "questions, an ace may be the first answer to a question of any suit, and names the "
        "suit when it ends the play.",
        ("suited", "wild"),
    ),
    Option(
        "jump_cancel_by_ace",
        "jumps",
        "bool",
        "A jumped player may play one ace (naming a suit) instead: the jump is over and play "
        "goes on from them as after any play.",
    ),
    Option(
        "penalty_deflect",
        "penalties",
        "choice",
        "Against a penalty, one king of the penalty card's suit (any suit after a joker) sends "
        "it back the other way; one jack of that suit passes it to the next player. none: "
        "neither; king, jack or king-jack: which of them may.",
        ("none", "king", "jack", "king-jack"),
    ),
    Option(
        "penalty_start",
        "penalties",
        "choice",
        "matching: a 2 or 3 must match the top card like any card. any: a play may start "
        "with a 2, 3 or joker whatever the top card.",
        ("matching", "any"),
    ),
    Option(
        "joker_colour_counter",
        "penalties",
        "bool",
        "A 2 or 3 counters a joker only in the joker's colour: the red joker by hearts or "
        "diamonds, the black joker by spades or clubs.",
    ),
    Option(
        "elimination_hand",
        "winning",
        "int",
        "0: off. Otherwise a player whose hand reaches this many cards after a draw is out "
        "and takes the last place still free; the last player in play wins.",
        low=10,
        high=30,
        off=0,
    ),
    Option(
        "play_on",
        "winning",
        "bool",
        "The first winner does not end the game: each winner leaves play and takes the next "
        "place, and the others play on until one is left.",
    ),
    Option(
        "declare_allowed",
        "winning",
        "choice",
        "any: with any move. finishable: only when the cards left could be played out as one winning play.",
        ("any", "finishable"),
    ),
    Option(
        "lone_card_must_finish",
        "winning",
        "bool",
        "A play may not leave its player holding one card that could not win (a joker, or "
        "a card that is not a finishing card).",
    ),
    Option(
        "niko_kadi_missed",
        "winning",
        "choice",
        "at-finish: when a player empties their hand without having declared. at-one-card: "
        "when a play leaves one card and does not declare.",
        ("at-finish", "at-one-card"),
    ),
    # Issue 48: what an ace's request names; "suit" (today's rule) in every preset
    Option(
        "ace_request",
        "aces",
        "choice",
        "What a play ending in an ace names for the next player. suit: a suit to follow. "
        "rank: a rank (A to K): the next play must begin with a card of that rank, an ace "
        "where aces are wild, or a joker. either: the player chooses a suit or a rank.",
        ("suit", "rank", "either"),
    ),
)
OPTIONS_BY_NAME = {option.name: option for option in OPTIONS}

CLASSIC = {
    "jokers": 2,
    "decks": 1,
    "hand_size": 4,
    "misplay": "penalty",
    "voluntary_draw": True,
    "play_after_draw": False,
    "question_answered_by": "self",
    "question_chain": "consecutive",
    "answer_ranks": PLAIN + ("A",),
    "finishing_ranks": PLAIN + ("A",),
    "jump_counter": True,
    "kickback_two_player": "play-again",
    "ace_wild": True,
    "ace_cancels_penalty": True,
    "ace_cancel_suit": "penalty",
    "double_ace_declares": False,
    "penalty_counter": "same-rank",
    "penalty_stacking": "replace",
    "penalty_combo": "same-rank",
    "joker_draw": 5,
    "after_joker": "previous",
    "niko_kadi": True,
    "niko_kadi_penalty": 0,
    "no_win_while_cardless": True,
    "max_turns": 1000,
    "ace_answers": "suited",
    "jump_cancel_by_ace": False,
    "penalty_deflect": "none",
    "penalty_start": "matching",
    "joker_colour_counter": False,
    "elimination_hand": 0,
    "play_on": False,
    "declare_allowed": "any",
    "lone_card_must_finish": False,
    "niko_kadi_missed": "at-finish",
    "ace_request": "suit",
}
FRIENDLY = dict(
    CLASSIC,
    misplay="reject",
    question_chain="connected",
    answer_ranks=tuple(r for r in ALL_RANKS if r not in ("J", "K")),
    finishing_ranks=PLAIN,
    kickback_two_player="no-effect",
    ace_cancel_suit="ace",
    double_ace_declares=True,
    penalty_counter="any",
    after_joker="any",
    niko_kadi=False,
    no_win_while_cardless=False,
)
PRESETS = {
    "classic": CLASSIC,
    "rulebook": dict(
        CLASSIC,
        misplay="reject",
        play_after_draw=True,
        question_answered_by="next",
        answer_ranks=PLAIN,
        finishing_ranks=PLAIN,
        jump_counter=False,
        ace_cancel_suit="ace",
        penalty_counter="any",
        penalty_stacking="cumulative",
        after_joker="any",
        niko_kadi_penalty=2,
        no_win_while_cardless=False,
    ),
    "chains": dict(
        CLASSIC,
        misplay="reject",
        ace_cancel_suit="ace",
        penalty_counter="rank-or-suit",
        after_joker="any",
        no_win_while_cardless=False,
    ),
    "friendly": FRIENDLY,
    "bomb-ni-bomb": dict(FRIENDLY, penalty_stacking="cumulative", penalty_combo="same-suit"),
}
PRESET_LABELS = {
    "classic": "Classic",
    "rulebook": "Rulebook",
    "chains": "Chains",
    "friendly": "Friendly",
    "bomb-ni-bomb": "Bomb ni bomb",
}
DEFAULT_PRESET = "classic"


_DERIVED = {}  # type: dict[Rules, Derived]  # a handful of distinct rule sets in any one process


@dataclass(frozen=True)
class Rules:
    """A complete, validated set of house rules. Build it with ``preset`` or ``from_dict``."""

    jokers: int
    decks: int
    hand_size: int
    misplay: str
    voluntary_draw: bool
    play_after_draw: bool
    question_answered_by: str
    question_chain: str
    answer_ranks: frozenset
    finishing_ranks: frozenset
    jump_counter: bool
    kickback_two_player: str
    ace_wild: bool
    ace_cancels_penalty: bool
    ace_cancel_suit: str
    double_ace_declares: bool
    penalty_counter: str
    penalty_stacking: str
    penalty_combo: str
    joker_draw: int
    after_joker: str
    niko_kadi: bool
    niko_kadi_penalty: int
    no_win_while_cardless: bool
    max_turns: int
    ace_answers: str
    jump_cancel_by_ace: bool
    penalty_deflect: str
    penalty_start: str
    joker_colour_counter: bool
    elimination_hand: int
    play_on: bool
    declare_allowed: str
    lone_card_must_finish: bool
    niko_kadi_missed: str
    ace_request: str

    @classmethod
    def preset(cls, name: str = DEFAULT_PRESET) -> "Rules":
        return cls.from_dict({"preset": name})

    @classmethod
    def from_dict(cls, data: str | dict[str, Any]) -> "Rules":
        """A preset (``"preset"``, default classic) plus any overrides; every value checked."""
        if isinstance(data, str):
            data = {"preset": data}
        if not isinstance(data, dict):
            raise ValueError("rules must be a preset name or a dict of options")
        name = data.get("preset", DEFAULT_PRESET)
        if name not in PRESETS:
            raise ValueError(f"preset: {name!r} is not a preset; allowed values: {', '.join(PRESETS)}")
        values = dict(PRESETS[name])
        for key, value in data.items():
            if key == "preset":
                continue
            if key not in OPTIONS_BY_NAME:
                raise ValueError(
                    f"{key}: no such option; the options are: preset, {', '.join(OPTIONS_BY_NAME)}"
                )
            values[key] = value
        return cls(**{key: OPTIONS_BY_NAME[key].clean(value) for key, value in values.items()})

    def to_dict(self) -> dict[str, Any]:
        """Every option, JSON-safe; ``Rules.from_dict(r.to_dict()) == r``. A new dict each
        time (the caller may change it), copied from one made once: every view has one."""
        return dict(self._options)

    @cached_property
    def _options(self) -> dict[str, Any]:
        return {option.name: option.dump(getattr(self, option.name)) for option in OPTIONS}

    def overrides(self, preset: str) -> dict[str, Any]:
        """The options where these rules differ from ``preset``: the smallest dict to store."""
        base = Rules.preset(preset).to_dict()
        return {key: value for key, value in self.to_dict().items() if base[key] != value}

    @cached_property
    def derived(self) -> Derived:
        """Look-up tables for move generation, shared by equal Rules objects."""
        derived = _DERIVED.get(self)
        if derived is None:
            derived = _DERIVED[self] = Derived(self)
        return derived

    @property
    def max_players(self) -> int:
        """The most players a game under these rules seats: 5 on one deck, 10 on two."""
        return MAX_PLAYERS[self.decks]

    def preset_name(self) -> str | None:
        """The preset these rules are exactly, or None."""
        return next((name for name in PRESETS if Rules.preset(name) == self), None)


assert [f.name for f in fields(Rules)] == [o.name for o in OPTIONS]
assert JOKER_RANK == len(RANKS)

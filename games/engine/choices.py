"""What a player's selection allows, card by card, without listing every legal move.

The table page builds a play one tapped card at a time. ``choice(state, picked)`` says, for
the cards picked so far (a prefix of a play, in order), which held cards can follow them in
some legal play, whether the prefix is itself a complete legal play, which suits (or ranks,
under ``ace_request``) it may name
and whether it may carry "Niko Kadi" (``!``). Under question chains one hand can have
millions of legal plays, so this never lists them: it checks single plays with ``validate``
(as ``apply`` does) and searches for one completion at a time, remembering dead ends.
"""

from collections.abc import Iterable
from typing import TYPE_CHECKING

from . import reasons
from .cards import IS_QUESTION, copies_short
from .generate import REQUESTS, starting_cards
from .moves import WORD_MOVES, Move
from .transitions import rule_problem, text_problem
from .validate import declaration_allowed

if TYPE_CHECKING:
    from .refusal import Refusal
    from .state import State

# The problems a longer play can cure: questions not yet one group (``connected`` chains:
# a later question may link them) and a lone card that cannot finish (``lone_card_must_finish``:
# playing it too may be legal). Any other problem stays whatever follows.
CURABLE = (reasons.QUESTIONS_NOT_GROUPED, reasons.LONE_CARD_CANNOT_FINISH)


class Choice:
    """What a prefix of a play allows: ``follow`` (the held cards, in hand order, that begin
    a legal continuation), ``complete`` (the prefix is a legal play as it stands), ``suits``
    (the suits it may name, 0-3; empty when it names none), ``ranks`` (the ranks it may name,
    0-12, under ``ace_request``), ``declare`` (whether the play may carry ``!``) and ``held``
    (every picked card is held, once)."""

    __slots__ = ("follow", "complete", "suits", "declare", "held", "ranks")

    def __init__(
        self,
        follow: tuple[int, ...],
        complete: bool,
        suits: tuple[int, ...],
        declare: bool,
        held: bool = True,
        ranks: tuple[int, ...] = (),
    ) -> None:
        self.follow = follow
        self.complete = complete
        self.suits = suits
        self.declare = declare
        self.held = held
        self.ranks = ranks

    def __repr__(self) -> str:
        return (
            f"Choice(follow={self.follow!r}, complete={self.complete}, suits={self.suits!r}, "
            f"ranks={self.ranks!r}, declare={self.declare})"
        )


def choice(state: "State", picked: Iterable[int]) -> Choice:
    """What the cards ``picked`` so far (a tuple of card numbers, in play order; empty before
    the first tap) allow the player to move."""
    picked = tuple(picked)
    hand = state.hands[state.turn] if not state.finished else ()
    if copies_short(hand, picked) is not None:
        return Choice((), False, (), False, held=False)
    if state.finished:
        return Choice((), False, (), False)
    dead: set[tuple[int, tuple[int, ...], int]] = set()
    follow = tuple(c for c in _left(hand, picked) if _completes(state, picked + (c,), hand, dead))
    complete = bool(picked) and _legal(state, picked)
    requests = REQUESTS[state._derived.requests] if complete and declaration_allowed(state, picked) else ()
    suits = tuple(suit for suit, _ in requests if suit is not None)
    ranks = tuple(rank for _, rank in requests if rank is not None)
    declare = complete and text_problem(state, Move.play(picked, declare=True)) is None
    return Choice(follow, complete, suits, declare, ranks=ranks)


def declares_without_cards(state: "State") -> bool:
    """Whether a move without cards the player to move may make now (draw, accept, pass) may
    carry "Niko Kadi" (``!``): the page offers the declaration with an empty selection only
    then, so that a declaration the rules would refuse is never sent with a draw."""
    if state.finished:
        return False
    return any(state.problem(Move(kind, declare=True)) is None for kind in WORD_MOVES)


def playable_cards(state: "State") -> list[int]:
    """The cards of the player to move that begin at least one legal play. Under
    ``lone_card_must_finish`` each starter is checked with one legal play of its own (a scan
    of the listed moves could spend itself on one question's millions of orderings and miss
    the other starters)."""
    starters = starting_cards(state)
    if state._derived.lone_card_must_finish and len(state.hands[state.turn]) > 1:
        return [c for c in starters if starts_a_play(state, c)]
    return starters


def starts_a_play(state: "State", card: int) -> bool:
    """Whether a legal play of the player to move begins with held ``card``."""
    return _completes(state, (card,), state.hands[state.turn], set())


def _legal(state: "State", cards: tuple[int, ...]) -> bool:
    return _problem(state, cards) is None


def _problem(state: "State", cards: tuple[int, ...]) -> "Refusal | None":
    move = Move.play(cards)
    return text_problem(state, move) or rule_problem(state, move)


def _left(hand: tuple[int, ...], cards: tuple[int, ...]) -> list[int]:
    """The distinct cards ``hand`` still holds once ``cards`` are picked from it (a copy
    picked leaves its twin), in hand order."""
    rest = list(hand)
    for c in cards:
        rest.remove(c)
    return list(dict.fromkeys(rest))


def _completes(
    state: "State", cards: tuple[int, ...], hand: tuple[int, ...], dead: set[tuple[int, tuple[int, ...], int]]
) -> bool:
    """Whether some legal play begins with ``cards``. ``dead`` holds the prefixes already
    found to have none, keyed by what decides their future (first card, the cards played
    sorted, copies counted, the last card): a failing search is not repeated in another order."""
    problem = _problem(state, cards)
    if problem is None:
        return True
    if problem.template not in CURABLE:
        return False
    if problem.template == reasons.QUESTIONS_NOT_GROUPED and not all(IS_QUESTION[c] for c in cards):
        return False  # an answer already follows the questions: no later question may link them
    key = (cards[0], tuple(sorted(cards)), cards[-1])
    if key in dead:
        return False
    for c in _left(hand, cards):
        if _completes(state, cards + (c,), hand, dead):
            return True
    dead.add(key)
    return False


def misplay_draw(state: "State") -> int:
    """The cards a misplay costs here under ``misplay: penalty`` (RULES.md section 8): one
    more than the player would have drawn."""
    pending = state.pending
    if pending is not None and pending[0] == "jump":
        return 1
    if state.drawn is not None:
        return 1
    if pending is not None and pending[0] == "penalty":
        return pending[1] + 1
    return 2


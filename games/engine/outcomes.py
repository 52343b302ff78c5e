"""What a move did, to whom: facts by seat, read from the positions before and after it.

The table explains every move after it is made ("amani is skipped", "the penalty grows to 5:
juma draws 5 unless he counters", "wanjiru's hand is empty but she did not win: no Niko
Kadi"). Those words need facts the move's text does not hold and the site must not guess,
so they are read here, once per move, from the engine's own positions: a pure function of
``before``, the move and ``after``, which the site stores with the move (``Outcome.to_dict``)
and the replays and records read back. It reads only public attributes of ``State``, so the
compiled engine gives the same facts.
"""

from dataclasses import asdict, dataclass, fields
from typing import Any

from .cards import IS_JOKER, IS_QUESTION, RANK, SUITS
from .moves import DRAW, PLAY, RESIGN, Move
from .state import State

# Why an emptied hand did not win (``Outcome.no_win``).
NOT_DECLARED = "not_declared"  # the player had not declared Niko Kadi
CANNOT_FINISH = "cannot_finish"  # the last card (or a joker in the play) cannot finish a game
OTHERS_CARDLESS = "others_cardless"  # no_win_while_cardless: another player holds no card


@dataclass(frozen=True)
class Outcome:
    """The effects of one move, by seat (the mover is ``mover``); zero, False, None or () for
    an effect the move did not have.

    - ``misplay``: cards the mover drew for a misplay (their cards stayed in hand);
    - ``skipped``: the mover was jumped (accepted a jump);
    - ``jump``: ``(seat, count)``: jacks played, the seat is skipped unless it answers with a jack;
    - ``reversed``: kings turned the direction of play; ``plays_again``: with two players the
      mover plays again;
    - ``penalty``: ``(seat, amount)`` owed now by the seat, unless it counters; ``grown``: a
      penalty was countered and passed on bigger; ``passed``: passed on unchanged (a king or
      jack deflecting it);
    - ``cancelled``: the penalty an ace cancelled; ``paid``: cards the mover drew for a penalty;
    - ``question``: ``(seat, suit letter)``: a question waits for that seat's answer;
      ``answered``: the move answered a question; ``unanswered``: cards the mover drew because
      a question went unanswered;
    - ``no_win``: the mover emptied their hand and did not win, and why (``NOT_DECLARED``,
      ``CANNOT_FINISH``, ``OTHERS_CARDLESS``);
    - ``niko_kadi_missed``: cards the mover drew for not declaring Niko Kadi;
    - ``won``: the mover won; ``out``: the seats that left play with the move (resigned,
      eliminated), the winner aside.
    """

    mover: int
    misplay: int = 0
    skipped: bool = False
    jump: tuple | None = None
    reversed: bool = False
    plays_again: bool = False
    penalty: tuple | None = None
    grown: bool = False
    passed: bool = False
    cancelled: int = 0
    paid: int = 0
    question: tuple | None = None
    answered: bool = False
    unanswered: int = 0
    no_win: str = ""
    niko_kadi_missed: int = 0
    won: bool = False
    out: tuple = ()

    def to_dict(self) -> dict:
        """The facts that differ from nothing, JSON-safe (stored with the move)."""
        facts = asdict(self)
        return {name: value for name, value in facts.items() if name == "mover" or value != _DEFAULTS[name]}

    @classmethod
    def from_dict(cls, data: dict) -> "Outcome":
        """Read ``to_dict``'s form back (JSON gives lists where tuples were)."""
        listed: dict[str, Any] = {
            name: tuple(value) if isinstance(value, list) else value for name, value in data.items()
        }
        return cls(**listed)


_DEFAULTS = {field.name: field.default for field in fields(Outcome) if field.name != "mover"}


def outcome(before: State, move: Move, after: State) -> Outcome:
    """The effects of ``move``, made in position ``before``, which gave ``after``."""
    if isinstance(move, str):
        move = Move.parse(move)
    mover = before.mover(move)
    facts: dict[str, Any] = {"out": _out(before, after, mover)}
    if after.winner is not None and before.winner is None and after.winner == mover:
        facts["won"] = True
    if move.kind == RESIGN:
        return Outcome(mover, **facts)
    pending = before.pending
    kind = pending[0] if pending else None
    drawn = len(after.hands[mover]) - len(before.hands[mover])
    if move.kind == PLAY and before.problem(move) is not None:
        facts["misplay"] = drawn  # a misplay: nothing played, one card more than a draw
        if kind == "jump":
            facts["skipped"] = True
    elif move.kind == PLAY:
        facts.update(_play(before, move, after, mover))
    elif move.kind == DRAW:
        if kind == "penalty":
            facts["paid"] = drawn
        elif kind == "question":
            facts["unanswered"] = drawn
    elif kind == "jump":  # accept
        facts["skipped"] = True
    return Outcome(mover, **facts)


def _out(before: State, after: State, mover: int) -> tuple[int, ...]:
    """Seats that left play with the move, but for one that won."""
    return tuple(
        seat
        for seat in range(before.players)
        if after.placed[seat] and not before.placed[seat] and not (seat == mover and after.winner == mover)
    )


def _play(before: State, move: Move, after: State, mover: int) -> dict[str, Any]:
    cards = move.cards
    pending = before.pending or ()
    kind = pending[0] if pending else None
    facts: dict[str, Any] = {}
    going_on = not after.finished
    if after.direction != before.direction:
        facts["reversed"] = True
        facts["plays_again"] = going_on and after.turn == mover
    now = after.pending if going_on else None  # a game over at its turn limit: nobody answers
    if now is not None:
        if now[0] == "jump":
            facts["jump"] = (after.turn, now[1])
        elif now[0] == "penalty":
            facts["penalty"] = (after.turn, now[1])
            if kind == "penalty":
                facts["grown" if now[1] > pending[1] else "passed"] = True
        else:
            facts["question"] = (after.turn, SUITS[now[1]])
    elif kind == "penalty" and after.pending is None:
        facts["cancelled"] = pending[1]
    if not IS_QUESTION[cards[-1]] and (kind == "question" or any(IS_QUESTION[c] for c in cards[:-1])):
        facts["answered"] = True
    emptied = len(before.hands[mover]) == len(cards)
    if emptied and not (after.winner == mover or after.placed[mover]):
        facts["no_win"] = _why_no_win(before, cards, mover)
    if not after.placed[mover]:
        drawn = len(after.hands[mover]) - (len(before.hands[mover]) - len(cards))
        missed = _niko_kadi_missed(before, move, emptied, facts.get("no_win"))
        facts["niko_kadi_missed"] = min(missed, drawn)
        facts["unanswered"] = drawn - facts["niko_kadi_missed"]  # a lone question (answered by: self)
    return {name: value for name, value in facts.items() if value}


def _why_no_win(before: State, cards: tuple[int, ...], mover: int) -> str:
    """The engine's reasons, in its order (``transitions._play``)."""
    rules = before.rules
    if any(IS_JOKER[c] for c in cards) or RANK[cards[-1]] not in rules.finishing_ranks:
        return CANNOT_FINISH
    others = [seat for seat in before.in_play_seats() if seat != mover]
    if rules.no_win_while_cardless and not all(before.hands[seat] for seat in others):
        return OTHERS_CARDLESS
    return NOT_DECLARED


def _niko_kadi_missed(before: State, move: Move, emptied: bool, no_win: str | None) -> int:
    """The cards the rules make the mover draw for not declaring Niko Kadi with this play."""
    rules = before.rules
    if not rules.niko_kadi or not rules.niko_kadi_penalty:
        return 0
    if rules.niko_kadi_missed == "at-one-card":
        left = len(before.hands[before.turn]) - len(move.cards)
        return rules.niko_kadi_penalty if left == 1 and not move.declare else 0
    return rules.niko_kadi_penalty if emptied and no_win == NOT_DECLARED else 0

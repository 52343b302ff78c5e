"""What the other players' latest moves tell of their hands: an opponent model for the search
bots (``games.bots.search``), from public facts only.

Greedy bots, and people much of the time, play when they can and make the play that sheds
the most while keeping aces and jokers (``games.bots.greedy.score``). Since an opponent last
received cards, the hand it held before each of its plays is its hand now plus the cards it
has played since, so a sampled deal can be checked against those plays: it agrees when
greedy, holding that hand, would have made each of them. When the cards it last received
came from drawing with nothing pending, at most one of the cards it has held since (the card
drawn) could have begun a play then.

A ``Record`` reads the game's earlier positions only through ``State.view(seat)`` and the
moves everyone saw, so it holds nothing the seat could not know.
"""

from collections.abc import Sequence
from typing import Any

from games.bots.greedy import candidate_moves, score
from games.engine import Rules, State
from games.engine.cards import parse_card, parse_suit, rank_of_text
from games.engine.choices import playable_cards
from games.engine.determinize import read_pending
from games.engine.moves import DRAW, PLAY, Move

EPSILON = 1e-9
DRAW_MOVE = Move(DRAW)


class _Seen:
    """The public part of a position an opponent moved in, ready to rebuild with a hand."""

    __slots__ = ("discard", "suit", "rank", "pending", "declared", "direction", "sizes", "seat", "pile")

    def __init__(self, view: dict[str, Any], seat: int) -> None:
        self.discard = tuple(parse_card(c) for c in view["discard_pile"])
        self.suit = None if view["suit"] is None else parse_suit(view["suit"])
        self.rank = None if view.get("rank") is None else rank_of_text(view["rank"])  # ace_request
        self.pending = read_pending(view["pending"])
        self.declared = tuple(view["declared"])
        self.direction = view["direction"]
        self.sizes = tuple(view["hand_sizes"])
        self.seat = seat
        self.pile = (0,) * min(view["draw_pile_size"], 1)  # a placeholder: whether one can draw

    def with_hand(self, rules: Rules, hand: tuple[int, ...]) -> State:
        """The position with ``hand`` for the mover; the other hands are placeholders of the
        right sizes (greedy weighs only their sizes)."""
        hands = tuple(hand if other == self.seat else (0,) * size for other, size in enumerate(self.sizes))
        return State(
            rules,
            hands,
            self.pile,
            self.discard,
            self.seat,
            self.direction,
            self.suit,
            self.pending,
            self.declared,
            rank=self.rank,
        )


class Record:
    """Per opponent of ``seat``: its plays since it last received cards (``plays``: a list of
    ``(_Seen, Move)``, oldest first) and, when those cards were a draw with nothing pending,
    the position it drew in (``drew_in``). ``history``: ``(position, move)`` pairs, oldest
    first, that led to ``now``."""

    def __init__(self, history: Sequence[tuple[State, Move]], now: State, seat: int):
        self.rules = now.rules
        self.seat = seat
        players = now.players
        self.plays: list[list[tuple[_Seen, Move]]] = [[] for _ in range(players)]
        self.drew_in: list[_Seen | None] = [None] * players
        seen_now = now.view(seat)
        # a seat out of play holds no cards, whatever it held when it played
        open_seats = {other for other in range(players) if other != seat and not seen_now["placed"][other]}
        after = seen_now["hand_sizes"]
        for index in range(len(history) - 1, -1, -1):
            if not open_seats:
                break
            before, move = history[index]
            view = before.view(seat)
            sizes = view["hand_sizes"]
            mover = view["turn"] if move.seat is None else move.seat
            for other in list(open_seats):
                played = len(move.cards) if mover == other and move.kind == PLAY else 0
                if after[other] > sizes[other] - played:  # it received cards here (an unanswered
                    # question's card comes with the play): the record starts after this move
                    open_seats.discard(other)
                    if mover == other and move.kind == DRAW and view["pending"] is None:
                        self.drew_in[other] = _Seen(view, other)
                elif mover == other and move.kind == PLAY and not self._after_own_draw(history, index, other):
                    self.plays[other].insert(0, (_Seen(view, other), move))
            after = sizes

    def _after_own_draw(self, history: Sequence[tuple[State, Move]], index: int, seat: int) -> bool:
        """Whether the move at ``index`` follows the mover's own draw (``play_after_draw``):
        the card it must begin with is not public, so the play says nothing."""
        if not self.rules.play_after_draw or index == 0:
            return False
        before, move = history[index - 1]
        return move.kind == DRAW and before.turn == seat

    def agrees(self, deal: State) -> bool:
        """Whether greedy, holding each opponent's hand in ``deal`` (a sampled position),
        would have made its recorded plays, and could not have played where it drew."""
        rules = self.rules
        for other, plays in enumerate(self.plays):
            if other == self.seat or (not plays and self.drew_in[other] is None):
                continue
            hand = deal.hands[other]
            for seen, move in reversed(plays):
                if rules.decks == 1 and not set(move.cards).isdisjoint(hand):
                    return False  # it holds a card it played (back from a reshuffle): not since
                    # (with two decks it may hold the played card's twin)
                hand = hand + move.cards  # the hand it held just before that play
                if not _greedy_would(seen.with_hand(rules, hand), move.with_declare(False)):
                    return False
            drew_in = self.drew_in[other]
            if drew_in is not None and not _could_draw(drew_in, rules, hand):
                return False
        return True


def _could_draw(drew_in: _Seen, rules: Rules, held: tuple[int, ...]) -> bool:
    """Whether greedy could have drawn in ``drew_in`` with one of the cards ``held`` just
    after the draw not yet held: at most one of them can begin a play (the card drawn); else,
    greedy holding all but one would still have drawn (it keeps a last card that cannot win
    rather than empty its hand without winning)."""
    if len(playable_cards(drew_in.with_hand(rules, held))) <= 1:
        return True
    return len(held) <= 3 and any(
        _greedy_would(drew_in.with_hand(rules, held[:k] + held[k + 1 :]), DRAW_MOVE) for k in range(len(held))
    )


def _greedy_would(state: State, move: Move) -> bool:
    """Whether ``move`` is legal here and no move scores better for greedy (ties: either
    would do). The longer plays, which greedy favours, are weighed first."""
    moves = candidate_moves(state)
    if move not in moves:
        return False
    bar = score(state, move) + EPSILON
    return not any(score(state, m) > bar for m in reversed(moves))

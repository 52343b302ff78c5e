"""A game position: what it holds, its JSON form, its views, and the entry points."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from itertools import islice
from typing import TYPE_CHECKING, Any

from . import transitions
from .cards import CARD_TEXT, RANKS, SUIT, SUITS, deck
from .choices import playable_cards
from .generate import iter_legal_moves, legal_moves
from .moves import Move
from .positions import read_position
from .rules import MIN_PLAYERS, Rules

if TYPE_CHECKING:
    from .refusal import Refusal

# ``apply`` looks for the move among at most this many listed moves before checking it.
LISTED_SCAN_LIMIT = 64


class State:
    """An immutable game position. ``apply`` returns a new State and never changes this one.

    Cards are small integers (see ``cards``); the attributes are for reading only:
    ``hands`` (a tuple per seat), ``draw_pile`` and ``discard_pile`` (bottom to top),
    ``turn``, ``direction``, ``suit`` (0–3 or None), ``rank`` (the rank 0–12 an ace named
    under ``ace_request``, else None; then ``suit`` is None), ``pending`` (None,
    ``("penalty", n)``, ``("jump", k, by)`` or ``("question", suit)``), ``declared``,
    ``drawn``, ``winner``, ``finished``, ``turns`` (moves made), ``seed`` and ``shuffles``
    (how many reshuffles so far: with the seed it fixes the next one); ``restocked`` (the
    cards the latest reshuffle put in the draw pile, sorted: everyone saw them on the discard
    pile, and the draw pile holds none but these; empty before any reshuffle, and once a
    player leaves play with cards, which go under the pile unseen); ``placed`` (per seat,
    the place a seat took on leaving play, 0 while in play: RULES.md section 13's
    ``play_on`` and ``elimination_hand``, and resignations) and ``in_play`` (seats in play).
    """

    __slots__ = (
        "rules",
        "hands",
        "draw_pile",
        "discard_pile",
        "turn",
        "direction",
        "suit",
        "pending",
        "declared",
        "drawn",
        "winner",
        "finished",
        "turns",
        "seed",
        "shuffles",
        "restocked",
        "_legal",
        "_derived",
        "placed",
        "in_play",
        "rank",
    )

    def __init__(
        self,
        rules: Rules,
        hands: tuple[tuple[int, ...], ...],
        draw_pile: tuple[int, ...],
        discard_pile: tuple[int, ...],
        turn: int,
        direction: int,
        suit: int | None,
        pending: tuple[Any, ...] | None,
        declared: tuple[bool, ...],
        drawn: int | None = None,
        winner: int | None = None,
        finished: bool = False,
        turns: int = 0,
        seed: int = 0,
        shuffles: int = 0,
        placed: Iterable[int] | None = None,
        restocked: tuple[int, ...] = (),
        rank: int | None = None,
    ) -> None:
        self.rules = rules
        self.hands = hands
        self.draw_pile = draw_pile
        self.discard_pile = discard_pile
        self.turn = turn
        self.direction = direction
        self.suit = suit
        self.rank = rank
        self.pending = pending
        self.declared = declared
        self.drawn = drawn
        self.winner = winner
        self.finished = finished
        self.turns = turns
        self.seed = seed
        self.shuffles = shuffles
        self.restocked = restocked
        self._legal: list[Move] | None = None
        self._derived = rules.derived  # what the hot paths read of the rules
        self.placed = (0,) * len(hands) if placed is None else tuple(placed)
        self.in_play = sum(1 for place in self.placed if not place)

    def _copy(self) -> State:
        """A copy for ``transitions`` to change into the next position (without the legal moves)."""
        s = State.__new__(State)
        s.rules = self.rules
        s.hands = self.hands
        s.draw_pile = self.draw_pile
        s.discard_pile = self.discard_pile
        s.turn = self.turn
        s.direction = self.direction
        s.suit = self.suit
        s.rank = self.rank
        s.pending = self.pending
        s.declared = self.declared
        s.drawn = self.drawn
        s.winner = self.winner
        s.finished = self.finished
        s.turns = self.turns
        s.seed = self.seed
        s.shuffles = self.shuffles
        s.restocked = self.restocked
        s._legal = None
        s._derived = self._derived
        s.placed = self.placed
        s.in_play = self.in_play
        return s

    @property
    def players(self) -> int:
        return len(self.hands)

    def legal_moves(self) -> list[Move]:
        """Every distinct legal move for the player to move, without ``!``."""
        if self._legal is None:
            self._legal = legal_moves(self)
        return list(self._legal)

    def iter_legal_moves(self) -> Iterator[Move]:
        """The legal moves one at a time, for callers that may stop early (bots)."""
        if self._legal is not None:
            return iter(self._legal)
        return iter_legal_moves(self)

    def only_move(self) -> Move | None:
        """The one legal move when there is exactly one (a forced ``accept``), else None.
        Cheap in any position: it never lists more than two moves."""
        moves = list(islice(self.iter_legal_moves(), 2))
        return moves[0] if len(moves) == 1 else None

    def playable_cards(self) -> list[str]:
        """The texts of the cards that begin a legal play for the player to move (the
        first cards of ``legal_moves``' plays), cheap in any position."""
        return [CARD_TEXT[c] for c in playable_cards(self)]

    def problem(self, move: Move | str) -> Refusal | None:
        """Why ``move`` (a Move or move text) breaks the rules here (a ``Refusal``: see
        ``reasons``), or None when it is legal. Under ``misplay: penalty`` such a play of
        held cards is still applied, as a misplay: this names the rule it broke."""
        if isinstance(move, str):
            move = Move.parse(move)
        return transitions.text_problem(self, move) or transitions.rule_problem(self, move)

    def apply(self, move: Move | str) -> State:
        """The position after ``move`` (a Move or move text); raises IllegalMove."""
        if isinstance(move, str):
            move = Move.parse(move)
        return transitions.apply(self, move, self._listed(move))

    def resign(self, seat: int) -> State:
        """The position after seat ``seat`` resigns (at any time, even out of turn): the
        move ``resign N``. Raises IllegalMove when the game is over or the seat is out."""
        return transitions.apply(self, Move.resign(seat))

    def mover(self, move: Move | str) -> int:
        """The seat that makes ``move`` (a Move or move text) here: the player to move, or
        for ``resign N`` seat N."""
        if isinstance(move, str):
            move = Move.parse(move)
        return self.turn if move.seat is None else move.seat

    def in_play_seats(self) -> list[int]:
        """The seats still in play, in seat order."""
        return [seat for seat, place in enumerate(self.placed) if not place]

    def _listed(self, move: Move) -> bool:
        """Whether ``move`` is the very object of a move ``legal_moves`` listed here (the
        usual case when searching): then it needs no checking. Long lists are not scanned."""
        legal = self._legal
        if legal is None or len(legal) > LISTED_SCAN_LIMIT:
            return False
        for listed in legal:
            if listed is move:
                return True
        return False

    def places(self) -> list[int] | None:
        """Final places by seat (1 = first; equal card counts share), None while running.

        Seats that left play keep the place they took (RULES.md section 13). Of the seats
        in play, a winner takes the first free place and the others follow by fewest cards;
        without one in play (the turn limit, or the last player left under ``play_on``) they
        share the first free place."""
        if not self.finished:
            return None
        return self._places(False)

    def standing(self) -> list[int]:
        """The places if the game were stopped now (the site ends a game early when only
        bots are left): as ``places``, the seats in play ranked by fewest cards."""
        return self._places(not self.finished)

    def _places(self, by_cards: bool) -> list[int]:
        placed = self.placed
        places = list(placed)
        front = 1
        while front in placed:
            front += 1
        playing = self.in_play_seats()
        winner = self.winner
        if winner is not None and not placed[winner]:
            places[winner] = front
            playing.remove(winner)
            front += 1
        elif not by_cards:
            for seat in playing:
                places[seat] = front
            return places
        sizes = [len(hand) for hand in self.hands]
        for seat in playing:
            places[seat] = front + sum(1 for other in playing if sizes[other] < sizes[seat])
        return places

    # -- JSON forms -----------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The full position, seed included: for the server and tests, never for a client."""
        return {
            "rules": self.rules.to_dict(),
            "hands": [[CARD_TEXT[c] for c in hand] for hand in self.hands],
            "draw_pile": [CARD_TEXT[c] for c in self.draw_pile],
            "discard_pile": [CARD_TEXT[c] for c in self.discard_pile],
            "turn": self.turn,
            "direction": self.direction,
            "suit": _suit_text(self.suit),
            "rank": _rank_text(self.rank),
            "pending": _pending_dict(self.pending),
            "declared": list(self.declared),
            "drawn": None if self.drawn is None else CARD_TEXT[self.drawn],
            "winner": self.winner,
            "finished": self.finished,
            "turns": self.turns,
            "seed": self.seed,
            "shuffles": self.shuffles,
            "restocked": [CARD_TEXT[c] for c in self.restocked],
            "placed": list(self.placed),
        }

    @classmethod
    def from_dict(cls, data: Any) -> State:
        """Read a position; an impossible one raises ValueError saying what is wrong."""
        return read_position(cls, data)

    def view(self, player: int | None) -> dict[str, Any]:
        """What seat ``player`` (None: a spectator) may see (RULES.md section 10)."""
        if player is not None and not (isinstance(player, int) and 0 <= player < self.players):
            raise ValueError(f"no seat {player!r} at a {self.players}-player game")
        view: dict[str, Any] = {
            "players": self.players,
            "you": player,
            "hand": None if player is None else [CARD_TEXT[c] for c in self.hands[player]],
            "hand_sizes": [len(h) for h in self.hands],
            "discard_pile": [CARD_TEXT[c] for c in self.discard_pile],
            "draw_pile_size": len(self.draw_pile),
            "turn": self.turn,
            "direction": self.direction,
            "suit": _suit_text(self.suit),
            "rank": _rank_text(self.rank),
            "pending": _pending_dict(self.pending),
            "declared": list(self.declared),
            "drawn": CARD_TEXT[self.drawn] if self.drawn is not None and player == self.turn else None,
            "finished": self.finished,
            "winner": self.winner,
            "turns": self.turns,
            "rules": self.rules.to_dict(),
            "placed": list(self.placed),
            "restocked": [CARD_TEXT[c] for c in self.restocked],
        }
        if self.finished:
            view["hands"] = [[CARD_TEXT[c] for c in hand] for hand in self.hands]
            view["places"] = self.places()
        return view

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]  # equal by value, and mutable: unhashable

    def __repr__(self) -> str:
        return f"<State turn={self.turn} turns={self.turns} finished={self.finished}>"


def _suit_text(suit: int | None) -> str | None:
    return None if suit is None else SUITS[suit]


def _rank_text(rank: int | None) -> str | None:
    """The rank an ace named (``ace_request``), as its text ("Q", "10"), or None."""
    return None if rank is None else RANKS[rank]


def _pending_dict(pending: tuple[Any, ...] | None) -> dict[str, Any] | None:
    if pending is None:
        return None
    if pending[0] == "penalty":
        return {"kind": "penalty", "amount": pending[1]}
    if pending[0] == "jump":
        return {"kind": "jump", "count": pending[1], "by": pending[2]}
    return {"kind": "question", "suit": SUITS[pending[1]]}


def new_game(rules: Rules | str | dict[str, Any], players: int, seed: int, first: int = 0) -> State:
    """Deal a new game (RULES.md section 2): seat ``first`` starts, play goes clockwise.
    ``hand_size`` cards each whatever the number of players (two decks hold enough for ten
    players of seven)."""
    if not isinstance(rules, Rules):
        rules = Rules.from_dict(rules)
    most = rules.max_players
    if not (isinstance(players, int) and MIN_PLAYERS <= players <= most):
        decks = "one deck (decks: 1)" if rules.decks == 1 else "two decks (decks: 2)"
        raise ValueError(f"players: {players!r}; a game on {decks} has {MIN_PLAYERS} to {most} players")
    if not (isinstance(first, int) and 0 <= first < players):
        raise ValueError(f"first: {first!r} is not a seat of a {players}-player game")
    rng = random.Random(f"kadi-deal:{seed}")
    pile = deck(rules.jokers, rules.decks)
    transitions.shuffle(pile, rng)  # the order of rng.shuffle(pile), compiled
    hands: list[list[int]] = [[] for _ in range(players)]
    for _ in range(rules.hand_size):
        for hand in hands:
            hand.append(pile.pop())
    start = pile.pop()
    while not transitions.is_start_card(start):
        pile.insert(rng.randrange(len(pile) + 1), start)
        start = pile.pop()
    return State(
        rules,
        tuple(tuple(h) for h in hands),
        tuple(pile),
        (start,),
        first,
        1,
        SUIT[start],
        None,
        (False,) * players,
        seed=seed,
    )


def replay(
    rules: Rules | str | dict[str, Any], players: int, seed: int, moves: Iterable[Move | str], first: int = 0
) -> list[State]:
    """Every state from the deal to the last of ``moves`` (Move objects or move text)."""
    states = [new_game(rules, players, seed, first)]
    for move in moves:
        states.append(states[-1].apply(move))
    return states

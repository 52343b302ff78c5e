"""What one seat knows of a position, and positions sampled to agree with it (for search bots).

An ``Observation`` is read from ``State.view(seat)`` alone, so it cannot hold what the seat
may not see: the other hands, the draw pile's order, the seed. ``sample(rng)`` deals the
cards the seat has not seen (the deck less its hand and the discard pile) at random into the
other hands, at their known sizes, and the draw pile; the sampled position gets a seed of
its own, so that reshuffles in it reveal nothing either.

After a reshuffle the draw pile holds only cards everyone saw go into it (the view's
``restocked``), so an unseen card that was not among them is in another player's hand: the
sample deals every such card to the other hands, and fills their other places and the draw
pile from the restocked cards not seen since. Heads-up, that is the opponent's hand as it
was at the reshuffle, less what they have played since.
"""

from __future__ import annotations

import random
from typing import Any

from .cards import deck, parse_card, parse_suit, rank_of_text
from .rules import Rules
from .state import State
from .transitions import shuffle


class Observation:
    """The public position plus one seat's hand, from that seat's ``view``."""

    def __init__(self, view: dict[str, Any]) -> None:
        seat = view["you"]
        if seat is None:
            raise ValueError("a spectator's view holds no hand to search from")
        self.seat = seat
        self.rules = Rules.from_dict(view["rules"])
        self.hand = tuple(parse_card(c) for c in view["hand"])
        self.hand_sizes = tuple(view["hand_sizes"])
        self.discard_pile = tuple(parse_card(c) for c in view["discard_pile"])
        self.draw_pile_size = view["draw_pile_size"]
        self.turn = view["turn"]
        self.direction = view["direction"]
        self.suit = None if view["suit"] is None else parse_suit(view["suit"])
        named = view.get("rank")  # an ace's named rank (ace_request)
        self.rank = None if named is None else rank_of_text(named)
        self.pending = read_pending(view["pending"])
        self.declared = tuple(view["declared"])
        self.drawn = None if view["drawn"] is None else parse_card(view["drawn"])
        self.turns = view["turns"]
        # sorted: the same view gives the same samples from the same rng; with two decks a
        # card is unseen as many times as its copies are (lists are multisets here)
        self.unseen = minus(sorted(deck(self.rules.jokers, self.rules.decks)), self.hand + self.discard_pile)
        self.restocked = tuple(sorted(parse_card(c) for c in view["restocked"]))
        self.held = minus(self.unseen, self.restocked) if self.restocked else []
        self.unseen_restocked = minus(self.unseen, self.held) if self.restocked else []
        if len(self.held) > sum(self.hand_sizes) - len(self.hand):  # not a position the engine makes
            self.held, self.unseen_restocked = [], []

    def sample(self, rng: random.Random) -> State:
        """A full position agreeing with this observation: the unseen cards dealt at random
        (after a reshuffle, the ones it did not restock all to the other hands)."""
        if self.unseen_restocked:
            pile = list(self.unseen_restocked)
            shuffle(pile, rng)
            free = sum(self.hand_sizes) - len(self.hand) - len(self.held)
            dealt = self.held + pile[:free]
            shuffle(dealt, rng)
            pile = dealt + pile[free:]
        else:
            pile = list(self.unseen)
            shuffle(pile, rng)
        hands: list[tuple[int, ...]] = []
        at = 0
        for seat in range(len(self.hand_sizes)):
            if seat == self.seat:
                hands.append(self.hand)
            else:
                size = self.hand_sizes[seat]
                hands.append(tuple(pile[at : at + size]))
                at += size
        return State(
            self.rules,
            tuple(hands),
            tuple(pile[at:]),
            self.discard_pile,
            self.turn,
            self.direction,
            self.suit,
            self.pending,
            self.declared,
            self.drawn,
            None,
            False,
            self.turns,
            rng.getrandbits(32),
            0,
            None,
            self.restocked,
            self.rank,
        )


def minus(cards: list[int], taken: tuple[int, ...] | list[int]) -> list[int]:
    """``cards`` less one copy of each card of ``taken`` that it holds, in order (a
    multiset difference: on one deck, the cards not in ``taken``)."""
    rest = list(cards)
    for c in taken:
        if c in rest:
            rest.remove(c)
    return rest


def read_pending(pending: dict[str, Any] | None) -> tuple[Any, ...] | None:
    """A view's ``pending`` dict as ``State.pending`` holds it."""
    if pending is None:
        return None
    kind = pending["kind"]
    if kind == "penalty":
        return ("penalty", pending["amount"])
    if kind == "jump":
        return ("jump", pending["count"], pending["by"])
    return ("question", parse_suit(pending["suit"]))

"""What one seat knows of a position, and positions sampled to agree with it (for search bots).

An ``Observation`` is read from ``State.view(seat)`` alone, so it cannot hold what the seat
may not see: the other hands, the draw pile's order, the seed. ``sample(rng)`` deals the
cards the seat has not seen (the deck less its hand and the discard pile) at random into the
other hands, at their known sizes, and the draw pile; the sampled position gets a seed of
its own, so that reshuffles in it reveal nothing either.

It reads what the others did, too (``State.drew_on``): a player who drew with nothing
pending most likely held no card that could follow then (greedy bots and most people draw
only when they cannot play), and the cards they still hold from before that draw cannot
have changed. So each such card is dealt, where the unseen cards allow it, one that could
not have followed; where they do not (the player drew by choice), any card.
"""

from .cards import RANK, parse_card, parse_suit
from .positions import read_drew_on, read_plays
from .rules import Rules
from .state import State
from .transitions import shuffle


class Observation:
    """The public position plus one seat's hand, from that seat's ``view``."""

    def __init__(self, view):
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
        self.pending = _pending(view["pending"])
        self.declared = tuple(view["declared"])
        self.drawn = None if view["drawn"] is None else parse_card(view["drawn"])
        self.turns = view["turns"]
        known = set(self.hand) | set(self.discard_pile)
        # sorted: the same view gives the same samples from the same rng
        self.unseen = [c for c in range(52 + self.rules.jokers) if c not in known]
        players = len(self.hand_sizes)
        self.drew_on = read_drew_on(view["drew_on"], players)
        self.plays = read_plays(view["plays"], self.rules, players)
        follow = self.rules.derived.may_follow
        self.avoid = tuple(
            () if seat == self.seat else _avoid(follow, self.hand_sizes[seat], entries)
            for seat, entries in enumerate(self.drew_on)
        )

    def sample(self, rng):
        """A full position agreeing with this observation: the unseen cards dealt at random."""
        pile = list(self.unseen)
        shuffle(pile, rng)
        hands = []
        at = 0
        for seat in range(len(self.hand_sizes)):
            if seat == self.seat:
                hands.append(self.hand)
            else:
                size = self.hand_sizes[seat]
                for k, avoid in enumerate(self.avoid[seat]):  # the held cards, oldest first
                    _deal_avoiding(pile, at + k, avoid)
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
            self.drew_on,
            self.plays,
        )


def _pending(pending):
    if pending is None:
        return None
    kind = pending["kind"]
    if kind == "penalty":
        return ("penalty", pending["amount"])
    if kind == "jump":
        return ("jump", pending["count"], pending["by"])
    return ("question", parse_suit(pending["suit"]))


def _avoid(follow, size, entries):
    """Per card a seat holds from before its draws (its ``State.drew_on`` entries), oldest
    first: whether each card could have followed at one of the draws it was held at."""
    rows = sorted((size - gained, follow[suit * 13 + RANK[top]]) for suit, top, gained in entries)
    avoid = []
    for k in range(rows[-1][0] if rows else 0):
        held_at = [row for older, row in rows if older > k]
        avoid.append(tuple(any(row[c] for row in held_at) for c in range(54)))
    return tuple(avoid)


def _deal_avoiding(pile, at, avoid):
    """Bring to ``pile[at]`` the first card from there on that ``avoid`` allows; none: as is."""
    for j in range(at, len(pile)):
        if not avoid[pile[j]]:
            pile[at], pile[j] = pile[j], pile[at]
            return

"""An independent, brute-force reading of RULES.md sections 4 and 5: every legal move.

It tries every ordering of every subset of the hand against the three shapes of a play,
so it shares nothing with the engine's move generator; it is slow on purpose and meant
for the small fixed positions of ``perft.json``. Positions are dicts in the format
``State.from_dict`` reads; moves come back as move texts, without ``!``.
"""

from functools import cache
from itertools import pairwise, permutations

from .helpers import SUITS, rules_of
from .helpers import suit_of as _suit_of

QUESTION_RANKS = {"Q", "8"}
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
PENALTY_RANKS = {"2", "3", "joker"}


@cache
def rank_of(card):
    return "joker" if card.startswith("JK") else card[:-1]


suit_of = cache(_suit_of)


def legal_moves(data):
    """The set of legal move texts for the player to move in position ``data``."""
    options = rules_of(data["rules"]).to_dict()
    reading = _Reading(data, options)
    pending = data["pending"] or {}
    kind = pending.get("kind")
    if kind == "penalty":
        return reading.under_penalty()
    if kind == "jump":
        return reading.under_jump()
    if kind == "question":
        return reading.under_question(pending["suit"])
    if data.get("drawn"):
        return reading.after_draw(data["drawn"])
    return reading.normal_turn()


class _Reading:
    def __init__(self, data, options):
        self.options = options
        self.hand = data["hands"][data["turn"]]
        self.discard = data["discard_pile"]
        self.top = self.discard[-1]
        self.suit = data["suit"]
        self.rank = data.get("rank")  # a rank an ace named (ace_request)

    # --- the three shapes (section 4) ---------------------------------------------------

    def is_shape(self, play):
        return self.same_rank(play) or self.questions_then_answers(play) or self.penalty_combo(play)

    @staticmethod
    def same_rank(play):
        return len({rank_of(card) for card in play}) == 1

    def questions_then_answers(self, play):
        count = 0
        while count < len(play) and rank_of(play[count]) in QUESTION_RANKS:
            count += 1
        questions, answers = play[:count], play[count:]
        if not questions or (answers and self.options["question_answered_by"] == "next"):
            return False
        if not self.linked(questions):
            return False
        if any(rank_of(card) not in self.options["answer_ranks"] or rank_of(card) in QUESTION_RANKS
               for card in answers):
            return False
        plain = [card for card in answers if rank_of(card) != "joker"]
        if not plain:
            return True
        if self.options["question_chain"] == "consecutive":
            suits = {suit_of(questions[-1])}
        else:
            suits = {suit_of(card) for card in questions}
        return suit_of(plain[0]) in suits and all(rank_of(card) == rank_of(plain[0]) for card in plain)

    def linked(self, questions):
        def share(a, b):
            return rank_of(a) == rank_of(b) or suit_of(a) == suit_of(b)

        if self.options["question_chain"] == "consecutive":
            return all(share(a, b) for a, b in pairwise(questions))
        reached, frontier = {questions[0]}, [questions[0]]
        while frontier:
            card = frontier.pop()
            for other in questions:
                if other not in reached and share(card, other):
                    reached.add(other)
                    frontier.append(other)
        return len(reached) == len(questions)

    def penalty_combo(self, play):
        if any(rank_of(card) not in PENALTY_RANKS for card in play):
            return False
        key = rank_of if self.options["penalty_combo"] == "same-rank" else suit_of
        return len({key(card) for card in play if rank_of(card) != "joker"}) <= 1

    # --- which card may start ----------------------------------------------------------

    def starts(self, card):
        if rank_of(card) == "joker" or (rank_of(card) == "A" and self.options["ace_wild"]):
            return True
        if self.rank is not None:  # only that rank, or what goes on anything (above)
            return rank_of(card) == self.rank
        top, suit = self.top, self.suit
        if rank_of(top) == "joker":
            if self.options["after_joker"] == "any":
                return True
            under = [c for c in self.discard if rank_of(c) != "joker"]
            if not under:
                return True
            top = under[-1]
            suit = suit or suit_of(top)
        if suit is None:  # an ace cancelled a joker's penalty: anything may follow
            return True
        return suit_of(card) == suit or rank_of(card) == rank_of(top)

    # --- moves ---------------------------------------------------------------------------

    def sequences(self, cards, first_ok):
        for length in range(1, len(cards) + 1):
            for play in permutations(cards, length):
                if first_ok(play[0]):
                    yield play

    def texts(self, play, declares):
        """A play's move texts: when it ``declares``, one per suit and/or rank the table's
        aces name (ace_request)."""
        text = " ".join(play)
        if not declares:
            return {text}
        named = self.options["ace_request"]
        suits = SUITS if named in ("suit", "either") else ""
        ranks = RANKS if named in ("rank", "either") else ()
        return {f"{text} @{word}" for word in (*suits, *ranks)}

    def plays(self, first_ok):
        found = set()
        for play in self.sequences(self.hand, first_ok):
            if self.is_shape(play):
                found |= self.texts(play, rank_of(play[-1]) == "A")
        return found

    def normal_turn(self):
        found = self.plays(self.starts)
        if self.options["voluntary_draw"] or not found:
            found.add("draw")
        return found

    def after_draw(self, drawn):
        return self.plays(lambda card: card == drawn and self.starts(card)) | {"pass"}

    def under_question(self, suit):
        return self.plays(lambda card: suit_of(card) == suit or rank_of(card) in QUESTION_RANKS) | {"draw"}

    def under_jump(self):
        found = {"accept"}
        if self.options["jump_counter"]:
            jacks = [card for card in self.hand if rank_of(card) == "J"]
            found |= {" ".join(play) for play in self.sequences(jacks, lambda card: True)}
        return found

    def under_penalty(self):
        found = {"draw"}
        for play in self.sequences(self.hand, self.counters):
            if self.same_rank(play) or self.penalty_combo(play):
                found.add(" ".join(play))
        if self.options["ace_cancels_penalty"]:
            aces = [card for card in self.hand if rank_of(card) == "A"]
            for play in self.sequences(aces, lambda card: True):
                found |= self.texts(play, len(play) > 1 and self.options["double_ace_declares"])
        return found

    def counters(self, card):
        rank, top = rank_of(card), self.top
        if rank not in PENALTY_RANKS:
            return False
        rule = self.options["penalty_counter"]
        if rank == "joker":
            return rule != "same-rank" or rank_of(top) == "joker"
        if rule == "any" or rank == rank_of(top):
            return True
        return rule == "rank-or-suit" and suit_of(card) == suit_of(top)

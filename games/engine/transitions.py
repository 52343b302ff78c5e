"""Applying a move: the effects of RULES.md sections 4–8 on a copy of the state (or, for
playouts, on the state itself)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, cast

from . import reasons
from .cards import (
    ACE,
    IS_JOKER,
    IS_PENALTY,
    IS_QUESTION,
    JACK,
    KING,
    PLAIN_RANKS,
    RANK,
    SUIT,
    copies_short,
    without,
)
from .derived import NAMES_RANK, NAMES_SUIT
from .generate import penalty_card, starts_normally
from .moves import ACCEPT, DRAW, PASS, PLAY, RESIGN, IllegalMove
from .refusal import Card, Refusal
from .validate import declaration_allowed, finishable, lone_card_problem, play_problem

if TYPE_CHECKING:
    from .moves import Move
    from .state import State


def is_start_card(card: int) -> bool:
    """Only an answer card (4 5 6 7 9 10) may open the discard pile."""
    return RANK[card] in PLAIN_RANKS


def apply(state: State, move: Move, listed: bool = False) -> State:
    """The state after ``move``; IllegalMove when the rules refuse it (section 8 aside).
    ``listed``: the move is known legal (one that ``legal_moves`` listed), so is not checked."""
    if not listed:
        reason = text_problem(state, move)
        if reason is not None:
            raise IllegalMove(reason)
        reason = rule_problem(state, move)
        if reason is not None:
            if move.kind == PLAY and state.rules.misplay == "penalty":
                return _misplay(state._copy(), move.declare)
            raise IllegalMove(reason)
    return apply_in_place(state._copy(), move)


def apply_in_place(s: State, move: Move) -> State:
    """Change ``s`` into the position after ``move``, a legal move (``apply`` checks it), and
    return it: for playouts, which own the state they change and need no copy per move."""
    s._legal = None
    kind = move.kind
    if kind == PLAY:
        return _play(s, move.cards, move.suit, move.rank, move.declare)
    if kind == DRAW:
        return _draw_move(s, move.declare)
    if kind == ACCEPT:
        return _finish(_accept(s, move.declare))
    if kind == RESIGN:
        return _resign(s, cast(int, move.seat))  # a resignation names its seat
    s.drawn = None  # pass
    _declare_if(s, move.declare)
    return _finish(_advance(s))


def text_problem(state: State, move: Move) -> Refusal | None:
    """Why a move can never be made here, whatever the misplay rule: the game is over, the
    play names cards the player does not hold, a card twice, or a suit or rank without an
    ace, a request the table's aces cannot make (``ace_request``), a declaration the table
    does not allow, or a resignation of a seat not in play."""
    if state.finished:
        return Refusal(reasons.GAME_OVER)
    if move.kind == RESIGN:
        seat = cast(int, move.seat)  # a resignation names its seat
        if seat >= state.players or state.placed[seat]:
            return Refusal(reasons.SEAT_NOT_IN_PLAY, {"seat": move.seat})
        return None
    kept = state.hands[state.turn]
    if move.kind == PLAY:
        cards = move.cards
        problem = cards_problem(state, cards)
        if problem is not None:
            return problem
        if move.suit is not None or move.rank is not None:
            problem = _request_problem(state, move)
            if problem is not None:
                return problem
        if move.declare:
            kept = without(kept, cards)
    if move.declare and move.kind != DRAW and state._derived.declare_finishable:
        if not finishable(state.rules, kept):
            return Refusal(reasons.NOT_FINISHABLE)
    return None


def _request_problem(state: State, move: Move) -> Refusal | None:
    """Why a play's request (``@X``) can never be made: no ace ends the play, or the table's
    aces name the other kind (``ace_request``)."""
    if RANK[move.cards[-1]] != ACE:
        return Refusal(reasons.SUIT_WITHOUT_ACE if move.rank is None else reasons.RANK_WITHOUT_ACE)
    requests = state._derived.requests
    if move.suit is not None and requests == NAMES_RANK:
        return Refusal(reasons.SUIT_REQUEST_OFF)
    if move.rank is not None and requests == NAMES_SUIT:
        return Refusal(reasons.RANK_REQUEST_OFF)
    return None


def cards_problem(state: State, cards: tuple[int, ...]) -> Refusal | None:
    """Why the player to move cannot play ``cards`` whatever the rules of play: a card that
    is not in the deck in use, more copies of a card than the decks hold, or than the hand
    holds (with one deck: a card named twice)."""
    d = state._derived
    for c in cards:
        if c >= d.deck_size:
            return Refusal(reasons.NOT_IN_DECK, {"card": Card.of(c)})
    if len(set(cards)) != len(cards):
        if d.decks == 1:
            return Refusal(reasons.CARD_TWICE)
        for c in cards:
            if cards.count(c) > d.decks:
                return Refusal(reasons.MORE_COPIES_THAN_DECKS, {"card": Card.of(c)})
    kept = state.hands[state.turn]
    for c in cards:
        if c not in kept:
            return Refusal(reasons.NOT_HELD, {"card": Card.of(c)})
    short = copies_short(kept, cards) if d.decks > 1 else None
    if short is not None:
        return Refusal(reasons.HOLD_ONE_COPY, {"card": Card.of(short)})
    return None


def rule_problem(state: State, move: Move) -> Refusal | None:
    """The rule a well-formed move breaks in this position, or None when it is legal."""
    kind = move.kind
    if kind == PLAY:
        problem = play_problem(state, move.cards)
        named = move.suit is not None or move.rank is not None
        if problem is None and named and not declaration_allowed(state, move.cards):
            return Refusal(reasons.LONE_ACE_NAMES_SUIT if move.rank is None else reasons.LONE_ACE_NAMES_RANK)
        if problem is None and state._derived.lone_card_must_finish:
            return lone_card_problem(state, move.cards)
        return problem
    pending_kind = state.pending[0] if state.pending else None
    if kind == DRAW:
        if state.drawn is not None:
            return Refusal(reasons.DRAWN_ALREADY)
        if pending_kind == "jump":
            return Refusal(reasons.DRAW_WHEN_JUMPED)
        if pending_kind is None and not state.rules.voluntary_draw:
            if next(state.iter_legal_moves()).kind == PLAY:
                return Refusal(reasons.MUST_PLAY)
        return None
    if kind == ACCEPT:
        return None if pending_kind == "jump" else Refusal(reasons.NO_JUMP)
    if kind == PASS:
        if state.drawn is None:
            return Refusal(reasons.PASS_NOT_AFTER_DRAW)
        return None
    if kind == RESIGN:
        return None
    return Refusal(reasons.UNKNOWN_KIND, {"kind": repr(kind)})


def _play(
    s: State, cards: tuple[int, ...], declared_suit: int | None, declared_rank: int | None, declare: bool
) -> State:
    """A play of ``cards``, its ace (if last) naming ``declared_suit`` or ``declared_rank``
    (None: nothing named). A named rank replaces the suit to follow (``suit`` None) until
    the next play; jokers on it carry it on under ``after_joker: previous``."""
    seat = s.turn
    rules = s.rules
    d = s._derived
    hand = without(s.hands[seat], cards)
    s.hands = _with(s.hands, seat, hand)
    before = s.pending
    s.discard_pile = s.discard_pile + cards
    had_declared = s.declared[seat]
    if declare != had_declared:
        s.declared = _with(s.declared, seat, declare)
    s.drawn = None
    s.pending = None
    named_before = s.rank
    s.rank = None
    last = cards[-1]
    rank = RANK[last]
    in_play = s.in_play  # the players in play when the play was made
    if not hand:
        finishing = d.is_finishing[last] and not any(IS_JOKER[c] for c in cards)
        others_hold = not rules.no_win_while_cardless or all(
            s.hands[o] for o in range(len(s.hands)) if o != seat and not s.placed[o]
        )
        if finishing and others_hold:
            if had_declared or not rules.niko_kadi:
                if not d.play_on:
                    s.suit = SUIT[last]
                    s.winner = seat
                    s.finished = True
                    return _finish(s)
                _leave(s, seat, True)  # play_on: the play's effects pass to those in play
                if s.finished:
                    if declared_rank is not None:
                        s.suit, s.rank = None, declared_rank
                    else:
                        s.suit = SUIT[last] if declared_suit is None else declared_suit
                    return _finish(s)
            elif not d.missed_at_one_card:
                _draw(s, seat, rules.niko_kadi_penalty)
    elif d.missed_at_one_card and not declare and len(hand) == 1:
        _draw(s, seat, rules.niko_kadi_penalty)  # niko_kadi_missed: at-one-card
    if before is not None and before[0] == "penalty" and (rank == KING or rank == JACK):
        return _finish(_deflect(s, before, last))
    if rank == ACE:
        if declared_rank is not None:
            s.suit = None
            s.rank = declared_rank
        elif declared_suit is not None:
            s.suit = declared_suit
        elif before is not None and before[0] == "penalty":  # no suit named: never invent one
            # the aces just played are no penalty cards: penalty_card finds the cancelled one
            s.suit = SUIT[last] if rules.ace_cancel_suit == "ace" else SUIT[penalty_card(s)]
        else:
            s.suit = SUIT[last]
    elif IS_PENALTY[last]:
        values = d.penalty_value
        cumulative = rules.penalty_stacking == "cumulative"
        amount = sum(values[c] for c in cards) if cumulative else values[last]
        if cumulative and before is not None and before[0] == "penalty":
            amount += before[1]
        s.pending = ("penalty", amount)
        s.suit = _suit_after_penalty(s, cards)
        if named_before is not None and rules.after_joker == "previous" and all(IS_JOKER[c] for c in cards):
            s.rank = named_before  # the ace beneath the jokers still decides what follows
    else:
        s.suit = SUIT[last]
        if rank == JACK:
            s.pending = ("jump", sum(1 for c in cards if RANK[c] == JACK), seat)
        elif rank == KING:
            return _finish(_kickback(s, sum(1 for c in cards if RANK[c] == KING), in_play))
        elif IS_QUESTION[last]:  # a play of questions only: nobody answered
            if d.answers_in_play:
                if not s.placed[seat]:  # a player who won on a question is out of play
                    _draw(s, seat, 1)
            else:
                s.pending = ("question", SUIT[last])
    return _finish(_advance(s))


def _suit_after_penalty(s: State, cards: tuple[int, ...]) -> int | None:
    """A 2 or 3 sets its suit; a joker clears it (``after_joker: any``) or leaves the suit
    of the card beneath (``previous``)."""
    for c in reversed(cards):
        if not IS_JOKER[c]:
            return SUIT[c]
        if s.rules.after_joker == "any":
            return None
    return s.suit


def _deflect(s: State, penalty: tuple[Any, ...], card: int) -> State:
    """RULES.md section 13 ``penalty_deflect``: one king sends the penalty back (the
    direction reverses), one jack passes it on; the amount is owed unchanged."""
    s.pending = penalty
    s.suit = SUIT[card]
    if RANK[card] == KING:
        s.direction = -s.direction
    return _advance(s)


def _kickback(s: State, kings: int, in_play: int) -> State:
    """``in_play``: the players in play when the kings were played (two: the two-player rule)."""
    if kings % 2 == 0:
        return _advance(s)
    if in_play == 2:
        if s.rules.kickback_two_player == "play-again":
            s.direction = -s.direction
            return s  # the same player goes again
        return _advance(s)
    s.direction = -s.direction
    return _advance(s)


def _draw_move(s: State, declare: bool) -> State:
    seat = s.turn
    if s.declared[seat] != declare:
        s.declared = _with(s.declared, seat, declare)
    pending = s.pending
    if pending is not None:  # a penalty of n, or a question: draw and the turn ends
        _draw(s, seat, pending[1] if pending[0] == "penalty" else 1)
        if declare:
            _void_unfinishable_declaration(s, seat)
        s.pending = None
        return _finish(_advance(s))
    drawn = _draw(s, seat, 1)
    if declare:
        _void_unfinishable_declaration(s, seat)
    if s._derived.play_after_draw and drawn and not s.placed[seat] and starts_normally(s, drawn[0]):
        s.drawn = drawn[0]
        return _finish(s)
    return _finish(_advance(s))


def _void_unfinishable_declaration(s: State, seat: int) -> None:
    """``declare_allowed: finishable`` judges a drawing move (a draw, a misplay) by the hand
    it leaves, known only after the draw: refusing it then would tell what was drawn, so the
    draw stands and an unfinishable declaration does not count."""
    if s._derived.declare_finishable and not finishable(s.rules, s.hands[seat]):
        s.declared = _with(s.declared, seat, False)


def _resign(s: State, seat: int) -> State:
    """Seat ``seat`` resigns: it leaves play (its cards go under the draw pile) and takes the
    last free place; an effect aimed at it passes to the next player in play."""
    _leave(s, seat, False)
    if s.turn == seat and not s.finished:
        s.drawn = None
        _advance_past_jumper(s)
    return _finish(s)


def _leave(s: State, seat: int, won: bool) -> None:
    """``seat`` leaves play (RULES.md section 13): a winner takes the first free place, an
    eliminated or resigning player the last, and their cards go under the draw pile. With
    fewer than two in play the game is over; the last one in play wins if nobody has."""
    placed = s.placed
    place = 1 if won else len(placed)
    step = 1 if won else -1
    while place in placed:
        place += step
    s.placed = _with(placed, seat, place)
    s.in_play -= 1
    if won:
        if s.winner is None:
            s.winner = seat
    elif s.hands[seat]:
        s.draw_pile = s.hands[seat] + s.draw_pile
        s.hands = _with(s.hands, seat, ())
        s.restocked = ()  # the draw pile now holds cards nobody saw
    if s.in_play < 2:
        s.finished = True
        if s.winner is None:
            for other in range(len(placed)):
                if not s.placed[other]:
                    s.winner = other


def _accept(s: State, declare: bool) -> State:
    _declare_if(s, declare)
    _, count, by = s.pending  # type: ignore[misc]  # accepted: a jump is pending
    count -= 1
    s.pending = ("jump", count, by) if count else None
    return _advance_past_jumper(s)


def _misplay(s: State, declare: bool) -> State:
    """RULES.md section 8: the cards stay; one card more than the player would have drawn."""
    seat = s.turn
    pending = s.pending
    if pending is not None and pending[0] == "jump":
        _draw(s, seat, 1)
        return _finish(_accept(s, declare))
    if s.drawn is not None:
        would = 0
    elif pending is not None and pending[0] == "penalty":
        would = pending[1]
    else:
        would = 1
    s.declared = _with(s.declared, seat, declare)
    _draw(s, seat, would + 1)
    if declare:
        _void_unfinishable_declaration(s, seat)
    s.pending = None
    s.drawn = None
    return _finish(_advance(s))


def _draw(s: State, seat: int, count: int) -> Sequence[int]:
    """Move up to ``count`` cards from the draw pile to ``seat``, reshuffling the discard
    pile (all but its top) when the draw pile runs out (RULES.md section 7)."""
    if count <= 0:
        return ()
    if count == 1 and s.draw_pile:  # the common case, without copying the pile to a list
        card = s.draw_pile[-1]
        s.draw_pile = s.draw_pile[:-1]
        s.hands = _with(s.hands, seat, s.hands[seat] + (card,))
        if s._derived.elimination_hand:
            _eliminate_if(s, seat)
        return (card,)
    pile = list(s.draw_pile)
    got = []
    for _ in range(count):
        if not pile:
            if len(s.discard_pile) <= 1:
                break
            pile = reshuffled(s.discard_pile[:-1], s.seed, s.shuffles)
            s.shuffles += 1
            s.restocked = tuple(sorted(pile))
            s.discard_pile = s.discard_pile[-1:]
        got.append(pile.pop())
    s.draw_pile = tuple(pile)
    s.hands = _with(s.hands, seat, s.hands[seat] + tuple(got))
    if s._derived.elimination_hand:
        _eliminate_if(s, seat)
    return got


def _eliminate_if(s: State, seat: int) -> None:
    """``elimination_hand``: a hand that reaches that many cards after a draw is out."""
    if len(s.hands[seat]) >= s._derived.elimination_hand and not s.placed[seat]:
        _leave(s, seat, False)


def reshuffled(cards: Iterable[int], seed: int, shuffles: int) -> list[int]:
    """A list of ``cards`` (the discard pile but its top) in the order of reshuffle number
    ``shuffles`` of the game dealt from ``seed``: seeded, so that stored games replay."""
    pile = list(cards)
    shuffle(pile, random.Random(f"kadi-shuffle:{seed}:{shuffles}"))
    return pile


def shuffle(pile: list[int], rng: random.Random) -> None:
    """``rng.shuffle(pile)``: the same order, by the same steps as the standard library's
    ``random.shuffle`` (so stored games replay), as a loop that compiles to C."""
    getrandbits = rng.getrandbits
    bits = len(pile).bit_length()
    for i in range(len(pile) - 1, 0, -1):
        n = i + 1
        if n < 1 << (bits - 1):  # n.bit_length(), kept as n falls one by one
            bits -= 1
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        pile[i], pile[j] = pile[j], pile[i]


def _declare_if(s: State, declare: bool) -> None:
    """``accept`` and ``pass`` set the Niko Kadi flag only when they declare."""
    if declare:
        s.declared = _with(s.declared, s.turn, True)


def _advance(s: State) -> State:
    """The turn passes to the next seat in play."""
    s.turn = next_in_play(s)
    return s


def _advance_past_jumper(s: State) -> State:
    """The turn passes on, and over the jumper while its jump is pending: a player is never
    skipped by its own jump (RULES.md section 5), whether the turn leaves by an ``accept`` or
    by the jumped player resigning."""
    _advance(s)
    pending = s.pending
    if pending is not None and pending[0] == "jump" and s.turn == pending[2]:
        _advance(s)
    return s


def next_in_play(state: State) -> int:
    """The seat the turn passes to from ``state.turn``: the next one in play (not yet placed)
    in the direction of play."""
    players = len(state.hands)
    turn = (state.turn + state.direction) % players
    if state.in_play < players:
        placed = state.placed
        while placed[turn] and state.in_play:
            turn = (turn + state.direction) % players
    return turn


def _finish(s: State) -> State:
    s.turns += 1
    if not s.finished and s.turns >= s._derived.max_turns:
        s.finished = True
    return s


def _with(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """``items`` (a tuple) with ``items[index]`` replaced by ``value``."""
    changed = list(items)
    changed[index] = value
    return tuple(changed)


"""Reading a position dict (the format of ``State.to_dict``) with every check it needs."""

from collections import Counter
from typing import TYPE_CHECKING, Any, TypeGuard

from . import reasons
from .cards import ACE, CARD_TEXT, IS_JOKER, RANK, RANKS, parse_card, parse_suit
from .rules import MIN_PLAYERS, Rules

if TYPE_CHECKING:
    from .state import State

# The keys every position must have (RULES.md and issue 2); more are allowed.
REQUIRED_KEYS = tuple("rules hands draw_pile discard_pile turn direction suit pending declared drawn".split())


def read_position(state_class: type["State"], data: Any) -> "State":
    if not isinstance(data, dict):
        raise ValueError("a position is a dict")
    missing = [key for key in REQUIRED_KEYS if key not in data]
    if missing:
        raise ValueError(f"the position lacks {', '.join(missing)}")
    rules = data["rules"]
    rules = rules if isinstance(rules, Rules) else Rules.from_dict(rules)
    hands = data["hands"]
    if not isinstance(hands, list) or not MIN_PLAYERS <= len(hands) <= rules.max_players:
        most = rules.max_players
        raise ValueError(f"hands: a list of {MIN_PLAYERS} to {most} hands (decks: {rules.decks})")
    players = len(hands)
    hands = tuple(_cards(h, f"hands[{i}]") for i, h in enumerate(hands))
    draw_pile = _cards(data["draw_pile"], "draw_pile")
    discard_pile = _cards(data["discard_pile"], "discard_pile")
    if not discard_pile:
        raise ValueError("discard_pile: there is always a card on the discard pile")
    _check_deck(rules, hands, draw_pile, discard_pile)
    turn = data["turn"]
    if not _is_int(turn) or not 0 <= turn < players:
        raise ValueError(f"turn: {turn!r} is not a seat of a {players}-player game")
    if data["direction"] not in (1, -1) or isinstance(data["direction"], bool):
        raise ValueError("direction: 1 (clockwise) or -1")
    suit = None if data["suit"] is None else _suit(data["suit"], "suit")
    rank = _rank(data.get("rank"), rules, suit, discard_pile)
    pending = _pending(data["pending"], rules, players, turn)
    declared = data["declared"]
    if (
        not isinstance(declared, list)
        or len(declared) != players
        or not all(isinstance(d, bool) for d in declared)
    ):
        raise ValueError(f"declared: a list of {players} true/false flags")
    drawn = data["drawn"]
    if drawn is not None:
        drawn = _cards([drawn], "drawn")[0]
        if not rules.play_after_draw or pending is not None or drawn not in hands[turn]:
            raise ValueError(
                "drawn: only a card in the hand of the player to move, "
                "under play_after_draw, with nothing pending"
            )
    placed = _placed(data.get("placed", [0] * players), hands, turn)
    in_play = [seat for seat in range(players) if not placed[seat]]
    winner = data.get("winner")
    if winner is not None and (
        not _is_int(winner) or not 0 <= winner < players or (hands[winner] and in_play != [winner])
    ):
        raise ValueError(f"winner: {winner!r} is not a seat with an empty hand (or the last in play)")
    finished = data.get("finished", winner is not None and not placed[winner])
    turns = data.get("turns", 0)
    if not isinstance(finished, bool) or (winner is not None and not finished and not placed[winner]):
        raise ValueError("finished: true or false, and true when there is a winner still in play")
    if not finished and (len(in_play) < 2 or placed[turn]):
        raise ValueError("placed: a running game has two or more seats in play, the one to move among them")
    if not _is_int(turns) or turns < 0:
        raise ValueError("turns: a count of moves, 0 or more")
    seed, shuffles = data.get("seed", 0), data.get("shuffles", 0)
    if not _is_int(seed) or not _is_int(shuffles) or shuffles < 0:
        raise ValueError("seed and shuffles: whole numbers")
    restocked = _restocked(data.get("restocked", []), draw_pile, rules)
    return state_class(
        rules,
        hands,
        draw_pile,
        discard_pile,
        turn,
        data["direction"],
        suit,
        pending,
        tuple(declared),
        drawn,
        winner,
        finished,
        turns,
        seed,
        shuffles,
        placed,
        restocked,
        rank,
    )


def _restocked(value: Any, draw_pile: tuple[int, ...], rules: Rules) -> tuple[int, ...]:
    """The cards of the latest reshuffle, sorted; the draw pile holds none but these."""
    cards = _cards(value, "restocked")
    counts = Counter(cards)
    if any(n > rules.decks for n in counts.values()) or any(c >= 52 + rules.jokers for c in cards):
        raise ValueError("restocked: cards of the deck, each at most once per deck")
    if cards and Counter(draw_pile) - counts:
        raise ValueError("restocked: since a reshuffle the draw pile holds only the cards it put there")
    return tuple(sorted(cards))


def _placed(value: Any, hands: tuple[tuple[int, ...], ...], turn: int) -> tuple[int, ...]:
    """Per seat, the place taken on leaving play or 0 (RULES.md section 13)."""
    players = len(hands)
    if not isinstance(value, list) or len(value) != players or not all(_is_int(p) for p in value):
        raise ValueError(f"placed: a list of {players} places, 0 for a seat still in play")
    taken = [p for p in value if p]
    if len(set(taken)) != len(taken) or not all(1 <= p <= players for p in taken):
        raise ValueError(f"placed: distinct places from 1 to {players}, 0 for a seat in play")
    if any(p and hands[seat] for seat, p in enumerate(value)):
        raise ValueError("placed: a seat out of play holds no cards")
    return tuple(value)


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _cards(texts: Any, where: str) -> tuple[int, ...]:
    if not isinstance(texts, list):
        raise ValueError(f"{where}: a list of cards")
    try:
        return tuple(parse_card(t) if isinstance(t, str) else parse_card(repr(t)) for t in texts)
    except ValueError as error:
        raise ValueError(f"{where}: {error}") from None


def _suit(text: Any, where: str) -> int:
    try:
        return parse_suit(text) if isinstance(text, str) else parse_suit(repr(text))
    except ValueError as error:
        raise ValueError(f"{where}: {error}") from None


def _rank(value: Any, rules: Rules, suit: int | None, discard_pile: tuple[int, ...]) -> int | None:
    """The rank an ace named (``ace_request``), or None: only where the table's aces name
    ranks, with no suit to follow, and with an ace on top (under jokers, the card beneath
    them decides under ``after_joker: previous``)."""
    if value is None:
        return None
    if not isinstance(value, str) or value.upper() not in RANKS:
        raise ValueError(f"rank: {value!r} is not a rank (A 2 3 4 5 6 7 8 9 10 J Q K)")
    under = [c for c in discard_pile if not IS_JOKER[c]]
    jokers_on_top = IS_JOKER[discard_pile[-1]]
    if (
        rules.ace_request == "suit"
        or suit is not None
        or not under
        or RANK[under[-1]] != ACE
        or (jokers_on_top and rules.after_joker != "previous")
    ):
        raise ValueError(
            "rank: only an ace on top names a rank, where ace_request is rank or either, with suit null"
        )
    return RANKS.index(value.upper())


def _check_deck(
    rules: Rules,
    hands: tuple[tuple[int, ...], ...],
    draw_pile: tuple[int, ...],
    discard_pile: tuple[int, ...],
) -> None:
    """Every card of the pack once per deck: one deck refuses a card twice, two decks a
    third copy (in the words of ``reasons``), and a card the deck in use lacks."""
    cards = [c for hand in hands for c in hand] + list(draw_pile) + list(discard_pile)
    counts: Counter[int] = Counter()
    for c in cards:
        counts[c] += 1
        if counts[c] > rules.decks:
            if rules.decks == 1:
                raise ValueError(f"card {CARD_TEXT[c]} appears twice")
            raise ValueError(reasons.MORE_COPIES_THAN_DECKS % {"card": CARD_TEXT[c]})
    size = 52 + rules.jokers
    extra = [c for c in counts if c >= size]
    if extra:
        raise ValueError(reasons.NOT_IN_DECK % {"card": CARD_TEXT[extra[0]]})
    lacking = [c for c in range(size) if counts[c] < rules.decks]
    if lacking:
        raise ValueError(
            f"the position lacks {', '.join(CARD_TEXT[c] for c in lacking[:5])}: "
            "every card of the deck must be somewhere"
        )


def _pending(value: Any, rules: Rules, players: int, turn: int) -> tuple[Any, ...] | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise ValueError("pending: null or a dict with a kind")
    kind = value.get("kind")
    if kind == "penalty":
        amount = value.get("amount")
        if not _is_int(amount) or amount < 1:
            raise ValueError("pending: a penalty amount is a whole number of cards, 1 or more")
        return ("penalty", amount)
    if kind == "jump":
        count, by = value.get("count"), value.get("by")
        if not _is_int(count) or count < 1:
            raise ValueError("pending: a jump count is 1 or more")
        if not _is_int(by) or not 0 <= by < players or by == turn:
            raise ValueError("pending: a jump is by another seat than the one to move")
        return ("jump", count, by)
    if kind == "question":
        if rules.question_answered_by != "next":
            raise ValueError(
                "pending: questions are answered in the same play under question_answered_by: self"
            )
        return ("question", _suit(value.get("suit"), "pending suit"))
    raise ValueError("pending: kind is penalty, jump or question")

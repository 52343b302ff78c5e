"""The hand's selection on the table page: what the cards picked so far allow, and what the
play would do, in words, before it is made.

The page answers a tap itself from the turn's choice tree (``choice_tree``), sent with the hand,
and asks the server (``views.hand_choice``) only past the tree's last level. The engine's
``choices.choice`` says
which cards may follow, whether the selection is a complete play, which suits (or ranks,
under ``ace_request``) it may name
and whether it may declare "Niko Kadi"; the effect line comes from applying the play to the
position here, on the server. Only what every player will see once the play is made is
said (who owes what, who is skipped, whether the hand wins): never a drawn card.
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.engine import State
from games.engine.cards import (
    ACE,
    CARD_BY_TEXT,
    CARD_TEXT,
    IS_JOKER,
    IS_PENALTY,
    IS_QUESTION,
    JACK,
    KING,
    RANK,
    RANKS,
    SUITS,
    copies_short,
    parse_request,
)
from games.engine.choices import choice
from games.engine.moves import ACCEPT, DRAW, PASS, Move
from games.text.answers import ACE_ANSWER, JACK_ANSWER, ace_answers_any_question, jump_answers
from games.text.cards import RANK_PLURAL_WORDS, SUIT_WORDS, card_face

RANK_MARK = "{r}"  # in a tree's line for every rank (``_fold_ranks``): the rank's words go here
MAX_PICKED = 60  # more cards than any hand holds: a longer request is refused unread
# The selections a turn's tree answers, first level first: every one of an ordinary hand's
# (a few dozen), the first levels of a question chain's millions (bench/README.md, issue 44).
TREE_SELECTIONS = 32


def card_label(text):
    """A card in short plain text: "Q♠", "10♥", "Joker"."""
    face = card_face(text)
    return _("Joker") if face["joker"] else face["rank"] + face["symbol"]


def cards_label(cards):
    return " ".join(card_label(CARD_TEXT[c]) for c in cards)


class Refused(Exception):
    """A selection request the page should not have sent: its reason, and the HTTP status."""

    def __init__(self, message, status):
        super().__init__(message)
        self.status = status


def answer(reading, user, params):
    """``hand_choice`` for ``user`` at the table of ``reading`` (``games.pages.table.read_table``),
    from the request's ``params``: ``cards`` (card texts, space-separated, in play order),
    ``suit`` (what the ace names, optional: H D S C, or under ``ace_request`` a rank A 2 …
    K) and ``declare`` ("1" for Niko Kadi). Raises ``Refused``."""
    words = params.get("cards", "").split()
    request = params.get("suit", "").upper()
    cards_ok = len(words) <= MAX_PICKED and all(word.upper() in CARD_BY_TEXT for word in words)
    if not cards_ok or request not in ("", *SUITS, *RANKS):
        raise Refused(_("That is not a selection of cards."), 400)
    game, state = reading.game, reading.state
    seat = next((p.seat for p in reading.players if p.user_id == user.pk and not p.left), None)
    if game is None or not game.is_running or seat is None or state.turn != seat:
        raise Refused(_("It is not your turn."), 409)
    picked = tuple(CARD_BY_TEXT[word.upper()] for word in words)
    if copies_short(state.hands[seat], picked) is not None:  # two decks: a card may be picked twice
        raise Refused(_("Those cards are not all in your hand."), 409)
    names = [player.user.name for player in reading.players]
    if params.get("help") == "1":
        return {"help": what_now(state)}
    declare = params.get("declare") == "1"
    suit, rank = parse_request(request) if request else (None, None)
    return hand_choice(state, picked, suit, declare, names, rank)


def hand_choice(state, picked, suit, declare, names, rank=None):
    """What ``picked`` (card numbers in play order, held by the player to move) allows, for
    the page: the card texts that may follow, ``complete``, the suit codes and the ranks
    (``ace_request``) it may name, ``declare`` (Niko Kadi allowed with it) and ``effect``, a
    sentence on what the play (with ``suit``, a suit number, or ``rank``, a rank number, or
    neither, and ``declare``) would do; "" before a card is picked. ``names``: the players'
    names by seat."""
    allowed = choice(state, picked)
    if suit not in allowed.suits:
        suit = None
    if rank not in allowed.ranks:
        rank = None
    declare = declare and allowed.declare
    effect = effect_words(state, tuple(picked), suit, declare, names, allowed, rank) if picked else ""
    return {
        "follow": [CARD_TEXT[c] for c in allowed.follow],
        "complete": allowed.complete,
        "suits": [SUITS[s] for s in allowed.suits],
        "ranks": [RANKS[r] for r in allowed.ranks],
        "declare": allowed.declare,
        "effect": effect,
    }


def choice_tree(state: State, names: list[str], budget: int = TREE_SELECTIONS) -> dict:
    """What the page needs to answer taps itself, for the player to move: ``hand_choice``
    for the selections that begin a legal play, shortest first, at most ``budget`` of them,
    as nested dicts keyed by card text. A node holds ``f`` (the cards that may follow), and
    once a card is picked ``c`` (complete: 1 or 0), ``s`` (the suits it may name, "HS..."),
    ``r`` (1, only where it may name a rank under ``ace_request``: any of the thirteen),
    ``d`` (it may declare) and ``e``, its effect lines (``_effects``); ``k`` its children.
    A child left empty ({}) is past the budget: the page asks the server for it. Holds
    nothing the player does not see: their own cards, and what the move would do, which
    every player sees once it is made."""
    root: dict = {}
    queue = [((), root)]
    for done, (picked, node) in enumerate(queue):  # grows as it goes: breadth first
        if done == budget:
            break
        allowed = choice(state, picked)
        node["f"] = [CARD_TEXT[c] for c in allowed.follow]
        if picked:
            node.update(
                c=int(allowed.complete),
                s="".join(SUITS[s] for s in allowed.suits),
                d=int(allowed.declare),
                e=_effects(state, picked, names, allowed),
            )
            if allowed.ranks:
                node["r"] = 1
        node["k"] = {CARD_TEXT[c]: {} for c in allowed.follow}
        queue.extend((picked + (c,), node["k"][CARD_TEXT[c]]) for c in allowed.follow)
    return root


def _effects(state, picked, names, allowed):
    """The effect lines of ``picked`` by what goes with it: "" alone; a suit or rank it names
    ("H", "Q", "10") and "!" when it declares ("H!", "!") only where the line differs from
    the one without (the page falls back from "H!" to "H" to ""); the ranks' lines folded
    into one ("#", "#!": ``_fold_ranks``) where they differ only by the rank."""
    requests = [(s, None, SUITS[s]) for s in allowed.suits] + [(None, r, RANKS[r]) for r in allowed.ranks]
    lines = {"": effect_words(state, picked, None, False, names, allowed)}
    for suit, rank, key in requests:
        line = effect_words(state, picked, suit, False, names, allowed, rank)
        if line != lines[""]:
            lines[key] = line
    if allowed.declare:
        for suit, rank, key in [(None, None, ""), *requests]:
            line = effect_words(state, picked, suit, True, names, allowed, rank)
            if line != lines.get(key, lines[""]):
                lines[key + "!"] = line
    if allowed.ranks:
        _fold_ranks(lines, allowed.ranks, "")
        _fold_ranks(lines, allowed.ranks, "!")
    return lines


def _fold_ranks(lines, ranks, suffix):
    """The thirteen lines of the ranks an ace may name (keys "A" to "K", and ``suffix``),
    when they differ only by the rank's words ("… must play queens …"), as one line keyed
    "#" (and ``suffix``) with ``RANK_MARK`` where the words go: static/js/table.js puts in
    the words of the rank key pressed (its title). A tree then holds one line, not thirteen."""
    keys = [RANKS[r] + suffix for r in ranks]
    if not all(key in lines for key in keys):
        return
    words = {key: str(RANK_PLURAL_WORDS[RANKS[r]]) for key, r in zip(keys, ranks, strict=True)}
    template = lines[keys[-1]].replace(words[keys[-1]], RANK_MARK)
    if RANK_MARK in template and all(lines[key] == template.replace(RANK_MARK, words[key]) for key in keys):
        for key in keys:
            del lines[key]
        lines["#" + suffix] = template


def effect_words(state, picked, suit, declare, names, allowed, rank=None):
    """One or two short sentences on what playing ``picked`` would do (see ``hand_choice``)."""
    if not allowed.complete:
        return _("Pick the next card: only the lit cards can follow %(cards)s.") % {
            "cards": cards_label(picked)
        }
    after = state.apply(Move.play(picked, suit, declare, rank))
    seat = state.turn
    left = len(state.hands[seat]) - len(picked)
    if not left:
        return _emptied_words(state, after, picked)
    words = [_consequence(state, after, picked, suit, names, allowed)]
    rules = state.rules
    if left == 1 and rules.niko_kadi and not declare:
        if rules.niko_kadi_missed == "at-one-card" and rules.niko_kadi_penalty:
            words.append(ngettext(
                "This leaves you one card without Niko Kadi: it costs %(n)d card.",
                "This leaves you one card without Niko Kadi: it costs %(n)d cards.",
                rules.niko_kadi_penalty,
            ) % {"n": rules.niko_kadi_penalty})
        elif allowed.declare:
            words.append(_("This leaves you one card: turn on Niko Kadi to be able to finish."))
    return " ".join(words)


def _emptied_words(state, after, picked):
    """The sentence for a play that empties the hand: it wins, or why it does not."""
    seat = state.turn
    if after.winner == seat or after.placed[seat] and not state.placed[seat]:
        return _("Playing this empties your hand and wins.")
    rules = state.rules
    last = picked[-1]
    if any(IS_JOKER[c] for c in picked):
        why = _("a play with a joker cannot finish")
    elif not state._derived.is_finishing[last]:
        why = _("%(card)s cannot finish a game here") % {"card": card_label(CARD_TEXT[last])}
    elif rules.no_win_while_cardless and any(
        not state.hands[o] for o in range(state.players) if o != seat and not state.placed[o]
    ):
        why = _("another player holds no cards")
    else:
        why = _("you did not declare Niko Kadi on your move before")
        if rules.niko_kadi_penalty and rules.niko_kadi_missed == "at-finish":
            why += " " + ngettext(
                "(it costs %(n)d card)", "(it costs %(n)d cards)", rules.niko_kadi_penalty
            ) % {"n": rules.niko_kadi_penalty}
    return _("Playing this empties your hand but does not win: %(why)s.") % {"why": why}


def _consequence(state, after, picked, suit, names, allowed):
    """What the play does to the next player (or to the player, for a lone question)."""
    seat = state.turn
    nxt = names[after.turn]
    pending = after.pending
    before = state.pending
    if pending is not None and pending[0] == "penalty":
        return ngettext(
            "%(name)s draws %(n)d card unless they counter.",
            "%(name)s draws %(n)d cards unless they counter.",
            pending[1],
        ) % {"name": nxt, "n": pending[1]}
    if pending is not None and pending[0] == "jump":
        return _JUMPED[jump_answers(state.rules)] % {"name": nxt}
    if pending is not None:  # a question the next player answers
        asked = {"name": nxt, "suit": SUIT_WORDS[SUITS[pending[1]]]}
        if ace_answers_any_question(state.rules):
            return _("%(name)s must answer with %(suit)s, an ace or another question, or draw.") % asked
        return _("%(name)s must answer with %(suit)s or another question, or draw.") % asked
    last = picked[-1]
    if IS_QUESTION[last]:  # questions only, answered by the player: one card is drawn
        asked = {"card": card_label(CARD_TEXT[last]), "suit": SUIT_WORDS[SUITS[last // 13]]}
        if allowed.follow:
            return _("%(card)s asks: answer with %(suit)s now, or you draw one card.") % asked
        return _("%(card)s asks, and you hold no answer: you draw one card.") % asked
    if before is not None and before[0] == "penalty" and RANK[last] == ACE:
        return _("The penalty is cancelled; %(name)s plays next.") % {"name": nxt}
    if after.turn == seat:
        return _("You play again.")
    if after.direction != state.direction:
        return _("Play turns back: %(name)s plays next.") % {"name": nxt}
    if suit is not None:
        return _("%(name)s must follow %(suit)s.") % {"name": nxt, "suit": SUIT_WORDS[SUITS[suit]]}
    if after.rank is not None:  # an ace named a rank (ace_request)
        asked = {"name": nxt, "ranks": RANK_PLURAL_WORDS[RANKS[after.rank]]}
        if state.rules.ace_wild:
            return _("%(name)s must play %(ranks)s, an ace or a joker.") % asked
        return _("%(name)s must play %(ranks)s or a joker.") % asked
    return _("%(name)s plays next.") % {"name": nxt}


_JUMPED = {  # the preview of a jump, by what the jumped player may answer with
    frozenset({JACK_ANSWER, ACE_ANSWER}): gettext_lazy(
        "%(name)s is skipped unless they counter with a jack or cancel the jump with an ace."
    ),
    frozenset({JACK_ANSWER}): gettext_lazy("%(name)s is skipped unless they counter with a jack."),
    frozenset({ACE_ANSWER}): gettext_lazy("%(name)s is skipped unless they cancel the jump with an ace."),
    frozenset(): gettext_lazy("%(name)s is skipped."),
}


def what_now(state):
    """The kinds of move the player to move has now, one plain sentence each, from the
    engine: the cards that begin each kind of play, then draw, accept or pass."""
    hand = state.hands[state.turn]
    playable = set(choice(state, ()).follow)
    starters = [c for c in hand if c in playable]
    pending = state.pending
    lines = []
    if starters:
        lines += _play_kinds(state, pending, starters)
    if state.problem(Move(DRAW)) is None:
        if pending is not None and pending[0] == "penalty":
            paid = ngettext(
                "Draw %(n)d card: the penalty is then paid.",
                "Draw %(n)d cards: the penalty is then paid.",
                pending[1],
            )
            lines.append(paid % {"n": pending[1]})
        else:
            lines.append(_("Draw one card; your turn ends."))
    if state.problem(Move(ACCEPT)) is None:
        lines.append(_("Accept the jump: you are skipped this turn."))
    if state.problem(Move(PASS)) is None:
        lines.append(_("Pass: keep the card you drew; your turn ends."))
    return lines


def _play_kinds(state, pending, starters):
    """The sentences for the plays ``starters`` (the cards that begin one) may begin."""
    def listed(cards):
        return {"cards": cards_label(cards)}

    if pending is not None and pending[0] == "penalty":
        aces = [c for c in starters if RANK[c] == ACE]
        counters = [c for c in starters if IS_PENALTY[c]]
        senders = [c for c in starters if RANK[c] in (JACK, KING)]
        lines = []
        if counters and state.rules.penalty_stacking == "cumulative":
            lines.append(_("Counter the penalty (the next player owes more): %(cards)s.") % listed(counters))
        elif counters:  # replace: the next player owes the last card's value, not the sum
            lines.append(_("Counter the penalty (the next player owes what your last card gives): %(cards)s.")
                         % listed(counters))
        if aces:
            lines.append(_("Cancel the penalty with an ace: %(cards)s.") % listed(aces))
        if senders:
            lines.append(_("Send the penalty on: %(cards)s.") % listed(senders))
        return lines
    if pending is not None and pending[0] == "jump":
        jacks = [c for c in starters if RANK[c] == JACK]
        aces = [c for c in starters if RANK[c] == ACE]
        lines = []
        if jacks:
            lines.append(_("Counter the jump with a jack: %(cards)s.") % listed(jacks))
        if aces:
            lines.append(_("Cancel the jump with an ace: %(cards)s.") % listed(aces))
        return lines
    if pending is not None:  # a question to answer
        asked = {"suit": SUIT_WORDS[SUITS[pending[1]]], **listed(starters)}
        if ace_answers_any_question(state.rules):
            return [_("Answer the question with %(suit)s, an ace or another question: %(cards)s.") % asked]
        return [_("Answer the question with %(suit)s or another question: %(cards)s.") % asked]
    if state.drawn is not None:
        return [_("Play the card you drew: %(cards)s.") % listed(starters)]
    if state.rank is not None:  # an ace named a rank (ace_request)
        asked = {"ranks": RANK_PLURAL_WORDS[RANKS[state.rank]], **listed(starters)}
        line = _("The ace asked for %(ranks)s: play one, or a card that goes on anything: %(cards)s.")
        lines = [line % asked]
    else:
        lines = [_("Play a card that matches the top card: %(cards)s.") % listed(starters)]
    if any(IS_QUESTION[c] for c in starters) and state._derived.answers_in_play:
        lines.append(_("A question (Q or 8) may be answered in the same play: tap the answer after it."))
    return lines

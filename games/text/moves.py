"""One move of a game in words, as HTML: who, and what they did ("wanjiru misplayed 7♥ and
drew 2 cards", "baraka Q♥ 8♥ 4♥", "amani A♠ asks for hearts Niko Kadi!", "chebet drew 3
cards for the penalty"), then what it did to whom where the move's outcome was stored ("juma
draws 2 cards unless they counter": ``games.text.outcomes``). The live table's move log and
the replays both say a move this way.

Built in Python with ``format_html``, not a template: a replay's move list may run to
thousands of moves, and a template per move cost tens of milliseconds over a long game.

Its cards come as ``CHIPS`` (rank and suit in large type: the live log's dozen lines, read
at a glance) or ``LABELS`` (compact "Q♥": the replays' long lists). Either is named in words
for screen readers (``role="img"``), the suit symbol hidden from them.
"""

from functools import lru_cache, partial

from django.utils.html import conditional_escape, format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from games.engine.cards import CARD_TEXT, RANKS, SUITS
from games.engine.moves import Move
from games.engine.outcomes import Outcome
from games.text.cards import card_face, rank_info, suit_info
from games.text.outcomes import outcome_sentences

CHIPS, LABELS = "chips", "labels"
CARDS_KEPT = 256  # 54 cards x 2 renderings x 2 languages


def move_words(move, cards=CHIPS):
    """One move: an entry of ``move_entry`` with the player's ``name``."""
    card = partial(_CARD_RENDERINGS[cards], language=get_language())  # kept per language
    parts = [format_html('<span class="move-words__name">{}</span>', move["name"]), *_what(move, card)]
    if move["niko_kadi"]:
        parts.append(format_html('<span class="niko-flag">{}</span>', _("Niko Kadi!")))
    said = _outcome(move)
    if said:
        parts.append(format_html('<span class="move-words__outcome">— {}</span>', " ".join(said)))
    return mark_safe(" ".join(conditional_escape(part) for part in parts))


def _outcome(move):
    """The sentences on what the move did (``games.text.outcomes``), where it was stored."""
    facts = move.get("outcome")
    if facts is None:
        return []
    names = [seat["name"] for seat in move["names"]]
    return outcome_sentences(facts, names, move["rules"], move["actor"], move["handed"])


def move_log_item(move):
    """A line of a live table's move log, with card chips (``move["number"]``: from 1), and
    its mover's ``seat``: static/js/recent_moves.js shows the lines since the viewer's own move."""
    line = '<li value="{}" class="move-log__item" data-seat="{}">{}</li>'
    return format_html(line, move["number"], move["seat"], move_words(move))


def _what(move, card):
    kind = move["kind"]
    if kind in ("play", "misplay"):
        if kind == "misplay":
            yield format_html('<span class="move-words__misplay">{}</span>', _("misplayed"))
        shown = format_html_join(" ", "{}", ((card(text),) for text in move["cards"]))
        yield format_html('<span class="move-words__cards">{}</span>', shown)
        if kind == "misplay":
            n = move["penalty"]
            yield ngettext("and drew %(n)d card", "and drew %(n)d cards", n) % {"n": n}
        if move["suit"]:
            asks = _("asks for %(suit)s") % {"suit": move["suit"]["words"]}
            yield format_html('<span class="move-words__suit">{}</span>', asks)
        elif move.get("rank"):  # ace_request: "names queens"
            asks = _("names %(ranks)s") % {"ranks": move["rank"]["words"]}
            yield format_html('<span class="move-words__suit">{}</span>', asks)
        facts = move.get("outcome")
        if facts is not None and facts.unanswered:  # a lone question, answered by the player: none
            n = facts.unanswered
            yield ngettext(
                "and drew %(n)d card: the question went unanswered",
                "and drew %(n)d cards: the question went unanswered", n,
            ) % {"n": n}
    elif kind == "draw" and move["drew"]:
        yield _drew(move["drew"], move.get("outcome"))
    elif kind == "draw":
        yield _("drew")
    elif kind == "accept":
        yield _("was skipped")
    elif kind == "resign":
        yield format_html('<span class="move-words__resign">{}</span>', _("resigned"))
    else:
        yield _("passed")


def _drew(n, facts):
    """A draw's words: for a penalty, or for a question nobody answered, it says so."""
    if facts is not None and facts.paid:
        return ngettext("drew %(n)d card for the penalty", "drew %(n)d cards for the penalty", n) % {"n": n}
    if facts is not None and facts.unanswered:
        return ngettext(
            "could not answer the question and drew %(n)d card",
            "could not answer the question and drew %(n)d cards", n,
        ) % {"n": n}
    return ngettext("drew %(n)d card", "drew %(n)d cards", n) % {"n": n}


@lru_cache(maxsize=CARDS_KEPT)
def _chip(text, language):
    face = card_face(text)
    if face["joker"]:
        shown = format_html('<span aria-hidden="true">★</span>{}', _("Joker"))
    else:
        shown = format_html('{}<span aria-hidden="true">{}</span>', face["rank"], face["symbol"])
    return format_html(
        '<span class="card-chip card-chip--{0}" role="img" aria-label="{1}" title="{1}" data-card="{2}">'
        "{3}</span>",
        face["color"], face["name"], text, shown,
    )


@lru_cache(maxsize=CARDS_KEPT)
def _label(text, language):
    face = card_face(text)
    shown = "★" if face["joker"] else face["rank"] + face["symbol"]
    return format_html(
        '<span class="card-label card-label--{0}" role="img" aria-label="{1}" title="{1}">{2}</span>',
        face["color"], face["name"], shown,
    )


_CARD_RENDERINGS = {CHIPS: _chip, LABELS: _label}


def cards_words(count):
    """How many cards a player holds, in words."""
    return ngettext("%(n)s card", "%(n)s cards", count) % {"n": count}


def moves_heading(count):
    """The move log's heading: how many moves the game has had."""
    return ngettext("%(n)s move", "%(n)s moves", count) % {"n": count}


MISPLAY = "misplay"


def move_entry(text, drew=None, penalty=None, outcome=None, actor="player", handed=False, rules=None):
    """A logged move for display: its kind, the cards played, a declared suit, "Niko Kadi!",
    ``drew``, the cards it drew (``Move.drew``), and for a misplay (``Move.penalty`` set: the
    engine refused the play and its cards went back to the hand) the kind ``MISPLAY`` and
    the cards drawn for it; a misplay asks for nothing. ``Move.outcome`` (what the move did,
    as ``Outcome.to_dict``; None for a move stored before outcomes were), ``Move.actor`` and
    ``Move.handed_to_bot`` go with it, for ``games.text.outcomes``, and the game's ``rules``
    (an engine ``Rules``), which the outcome's sentences follow: needed with an outcome.
    A ``rank`` entry, only where the ace named a rank (``ace_request``)."""
    move = Move.parse(text)
    kind = MISPLAY if move.kind == "play" and penalty is not None else move.kind
    entry = {
        "kind": kind,
        "cards": [CARD_TEXT[card] for card in move.cards],
        "suit": suit_info(SUITS[move.suit]) if move.suit is not None and penalty is None else None,
        "niko_kadi": move.declare,
        "penalty": penalty,
        "drew": drew or 0,
        "outcome": Outcome.from_dict(outcome) if outcome else None,
        "actor": actor,
        "handed": handed,
        "rules": rules,
    }
    if move.rank is not None and penalty is None:  # ace_request: only where an ace named a rank
        entry["rank"] = rank_info(RANKS[move.rank])
    return entry

"""The table's view model of a game: what a table page shows of it from one player's (or a
spectator's) view — players in the order of play, the piles, the hand and its playable cards,
the buttons to offer, whose turn it is and the pending effect in words. Everything here reads
a ``State.view(seat)`` dict, never a full state, so nothing hidden can reach a page through it.
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.engine.rules import Rules
from games.text.answers import ACE_ANSWER, JACK_ANSWER, ace_answers_any_question, jump_answers
from games.text.cards import SUIT_WORDS, card_words, rank_info, sorted_hand, suit_info
from games.text.moves import cards_words


def direction_words(direction):
    return _("clockwise") if direction == 1 else _("anticlockwise")


def pending_words(view, names):
    """The pending effect in words, addressed to the viewer when it is their turn; "" if none."""
    pending = view["pending"]
    if pending is None:
        return ""
    yours = view["you"] is not None and view["turn"] == view["you"]
    mover = names[view["turn"]]
    if pending["kind"] == "penalty":
        n = pending["amount"]
        if yours:
            return ngettext(
                "You owe %(n)d card — counter or draw.", "You owe %(n)d cards — counter or draw.", n
            ) % {"n": n}
        return ngettext("%(name)s owes %(n)d card.", "%(name)s owes %(n)d cards.", n) % {
            "name": mover,
            "n": n,
        }
    rules = Rules.from_dict(view["rules"])
    if pending["kind"] == "jump":
        if yours:
            return str(_YOU_ARE_JUMPED[jump_answers(rules)])
        return ngettext(
            "Jump by %(by)s: %(count)d turn to skip, %(name)s's first.",
            "Jump by %(by)s: %(count)d turns to skip, %(name)s's first.",
            pending["count"],
        ) % {"by": names[pending["by"]], "count": pending["count"], "name": mover}
    asked = {"name": mover, "suit": SUIT_WORDS[pending["suit"]]}
    if ace_answers_any_question(rules) and yours:
        return _(
            "Question: answer with a card of %(suit)s, an ace or another question, or draw one card."
        ) % asked
    if ace_answers_any_question(rules):
        return _(
            "Question: %(name)s must answer with a card of %(suit)s, an ace or another question."
        ) % asked
    if yours:
        return _("Question: answer with a card of %(suit)s or another question, or draw one card.") % asked
    return _("Question: %(name)s must answer with a card of %(suit)s or another question.") % asked


_YOU_ARE_JUMPED = {  # the jumped player's status line, by what they may answer with
    frozenset({JACK_ANSWER, ACE_ANSWER}): gettext_lazy(
        "Jump: you are skipped — accept, counter with a jack or cancel with an ace."
    ),
    frozenset({JACK_ANSWER}): gettext_lazy("Jump: you are skipped — accept or counter with a jack."),
    frozenset({ACE_ANSWER}): gettext_lazy("Jump: you are skipped — accept or cancel with an ace."),
    frozenset(): gettext_lazy("Jump: you are skipped — accept."),
}


def hand_cards(view, playable, order):
    """The viewer's hand for the page, sorted, each card marked: ``playable`` (it may begin a
    legal play now; None when it is not their turn: then no card is marked) and ``drawn``."""
    return [
        {
            "text": text,
            "drawn": text == view["drawn"],
            "playable": None if playable is None else text in playable,
        }
        for text in sorted_hand(view["hand"] or [], order)
    ]


def allowed_actions(view):
    """The buttons to offer the viewer: a subset of play, draw, accept, pass (the engine judges)."""
    you = view["you"]
    if you is None or view["finished"] or view["turn"] != you:
        return set()
    pending = view["pending"]
    if view["drawn"] is not None:
        return {"play", "pass"}
    if pending is not None and pending["kind"] == "jump":
        return {"play", "accept"} if jump_answers(Rules.from_dict(view["rules"])) else {"accept"}
    if not view["hand"]:
        return {"draw"}
    return {"play", "draw"}


def _status_words(view, names, result):
    """One line on whose turn it is, or how the game ended."""
    if result is not None:
        if result.get("abandoned"):
            return _("This game was abandoned: no player was at the table for a long while.")
        winner = result["winner"]
        if winner is None:
            return _("The game is over, with no winner.")
        if winner == view["you"]:
            return _("You won!")
        return _("%(name)s won.") % {"name": names[winner]}
    if view["turn"] == view["you"]:
        if view["drawn"] is not None:
            return _("You drew the %(card)s: play it, or pass.") % {"card": card_words(view["drawn"])}
        return _("Your turn.")
    return _("%(name)s to play.") % {"name": names[view["turn"]]}


def describe_game(view, seats, result=None, playable=None, hand_order="suit", public=None):
    """Everything a table page shows about a game, from one player's (or a spectator's) view.

    ``seats`` holds, by engine seat, ``{"name", "left"}`` and maybe ``"short_name"`` (what the
    seat's label shows: see ``describe_public``); ``result`` is None while the
    game runs, else ``{"places": [place by seat], "winner": seat or None}`` as the site
    recorded them. Cards come from ``view`` alone, so hidden cards cannot leak through this;
    ``playable``: on the viewer's turn, the texts of their cards that may begin a play
    (``State.playable_cards``). ``hand_order``: see ``sorted_hand``. ``public``: the
    position's ``describe_public``, made already for another viewer of it (a live table's
    viewers share one).
    """
    public = public or describe_public(view, seats, result)
    you = view["you"]
    over = result is not None
    names = [seat["name"] for seat in seats]
    players = [dict(player, you=player["seat"] == you) for player in public["players"]]
    # Everyone in the order of play from the viewer on (a spectator's from seat 0): the seat
    # after each is the one that plays after it, whichever way play goes now.
    start, step = (0 if you is None else you), (1 if public["clockwise"] else -1)
    ring = [players[(start + step * i) % len(players)] for i in range(len(players))]
    view = dict(view, pending=None if over else view["pending"], finished=over)
    your_turn = not over and you is not None and view["turn"] == you
    # The words speak to the viewer only on their turn and at the end: else as to anyone.
    addressed = over or your_turn
    return {
        **public,
        "you": you,
        "in_play": not over and you is not None,
        "your_turn": your_turn,
        "hand": view["hand"],
        "hand_cards": hand_cards(view, playable if not over else None, hand_order),
        "drawn": view["drawn"],
        "players": players,
        "ring": ring,
        "standings": sorted(players, key=lambda p: (p["place"] or 0, p["seat"])) if over else [],
        "pending_words": pending_words(view, names) if addressed else public["pending_words"],
        "status_words": _status_words(view, names, result) if addressed else public["status_words"],
        "actions": allowed_actions(view),
        "your_niko_kadi": you is not None and players[you]["niko_kadi"],
        # what the ace picker offers: suits, ranks or either (the table's ace_request)
        "ace_request": view["rules"].get("ace_request", "suit"),
    }


def declaration_stands(view, seat, over):
    """Whether ``seat``'s "Niko Kadi!" badge means anything: the engine's flag (set or
    cleared by the seat's latest play or draw, ``State.declared``), at a table whose rules
    ask for the declaration, while the seat is still in a running game. A flag left from
    before the game ended or the seat left play is no warning to anyone."""
    in_play = not over and not view["placed"][seat]
    return bool(view["rules"]["niko_kadi"] and view["declared"][seat] and in_play)


def describe_public(view, seats, result=None):
    """What ``describe_game`` shows every viewer of the position alike, read from the
    public part of ``view`` only (any viewer's): the players, the piles, the suit, the
    direction, and the status and pending effect in the words anyone not to play reads."""
    over = result is not None
    names = [seat["name"] for seat in seats]
    hands = view.get("hands")
    pile = view["discard_pile"]
    pending = None if over else view["pending"]
    anyone = dict(view, you=None, hand=None, drawn=None, pending=pending, finished=over)
    return {
        "over": over,
        "players": [
            {
                "seat": seat,
                "name": names[seat],
                # the seat's label: a phone's seat has room for ten characters or so
                "short_name": seats[seat].get("short_name", names[seat]),
                "left": seats[seat]["left"],
                "cards": view["hand_sizes"][seat],
                "cards_words": cards_words(view["hand_sizes"][seat]),
                "niko_kadi": declaration_stands(view, seat, over),
                "to_play": not over and seat == view["turn"],
                # to be jumped unless they answer with a jack of their own
                "jumped": not over and seat == view["turn"] and bool(pending) and pending["kind"] == "jump",
                "place": result["places"][seat] if over else None,
                "out_place": view["placed"][seat] or None,  # left play (play_on, elimination_hand)
                "rating": result["ratings"][seat] if over and result.get("ratings") else None,
                "hand": hands[seat] if hands else None,
            }
            for seat in range(view["players"])
        ],
        "top": pile[-1],
        "under": pile[-4:-1],
        "draw_pile_size": view["draw_pile_size"],
        "draw_caption": ngettext("%(n)s card to draw", "%(n)s cards to draw", view["draw_pile_size"])
        % {"n": view["draw_pile_size"]},
        "suit": suit_info(view["suit"]),
        "rank": rank_info(view.get("rank")),  # a rank an ace named (ace_request)
        "clockwise": view["direction"] == 1,
        "direction_words": direction_words(view["direction"]),
        "pending_words": pending_words(anyone, names),
        "draw_count": pending["amount"] if pending and pending["kind"] == "penalty" else 1,
        "status_words": _status_words(anyone, names, result),
        "niko_kadi_rule": view["rules"]["niko_kadi"],
    }

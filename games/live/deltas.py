"""A game's change frame cut to what changed for its kind of viewer: a delta.

A viewer's whole change frame (``games.live.frames.CHANGE``) resends the table area and the
move log at every move, most of it as it was. Its parts that change from move to move are
elements with ids (games/partials/game.html and the partials it includes), which htmx's
websocket extension swaps by id; a delta holds only those that differ from the frame of the
same kind of viewer at an earlier event (its base): the discard pile's cards that go and
come, the move log's new lines inserted at its top (the oldest that leave the log deleted),
the table area whole when its layout changed (the game ended, say). It starts with the sync
marker, which names the base (``data-after``): static/js/live.js applies a delta only on a
page that shows that event, and asks for a resync otherwise; the consumer sends one only to
a socket whose last frame was its kind's change frame at that event.

Nothing hidden goes into a delta that the whole frame did not hold: its parts are cut from
that frame, or are the fragments set into it, or the discard pile's cards, shown to all.
"""

from dataclasses import dataclass

from games.pages.table import MOVE_LOG_LENGTH
from games.templatetags.cards import discard_pile

SYNC = '<span id="table-sync" hidden data-game="{game}" data-seq="{seq}" data-after="{after}"></span>'
NEW_LINES = '<ol id="move-log-list" hx-swap-oob="afterbegin">{lines}</ol>'
# Lines past the log's length, once the new ones are in (a selector htmx's oob swap takes).
OLD_LINES = f'<i hx-swap-oob="delete:#move-log-list > li:nth-child(n+{MOVE_LOG_LENGTH + 1})"></i>'
HEADING = ('<h2 id="move-log-title">', "</h2>")
# The parts cut from the whole frame: each from its opening to the first closing tag of its
# kind after it (none nests inside itself).
CUT = {
    "table-poll": ('<span id="table-poll"', "</span>"),
    "your-turn": ('<span id="your-turn"', "</span>"),
    "game-status": ('<div id="game-status">', "</div>"),
}
# A play on the pile: the top card and the oldest cards under it go, the new ones come on top.
PILE_TOP_GOES = '<i hx-swap-oob="delete:#discard > .discard__top"></i>'
PILE_UNDER_GOES = '<i hx-swap-oob="delete:#discard > .discard__under:nth-child(-n+{count})"></i>'
PILE_COMES = '<span id="discard" hx-swap-oob="beforeend">{cards}</span>'
RING = ('<ol id="ring"', "</ol>")  # every seat, in the order of play: sent whole when that changes
TABLE_AREA = ('<section id="table-area"', "</section>")  # sent whole when its layout changes
MOVE_LOG = ('<div id="move-log"', "</div>")  # sent whole when its first line comes
MOVE_FORM = ('<form id="move-form"', "</form>")  # the hand; the resign form after it stays as it was
POSITION = ('<span id="move-position">', "</span>")
BOARD = {  # the parts of the board (the discard pile's cards are spans: it ends where its box does)
    "draw-caption": ('<span id="draw-caption"', "</span>"),
    "discard": ('<span id="discard"', "</span></div>", len("</div>")),
    "board-facts": ('<dl id="board-facts"', "</dl>"),
}


@dataclass(eq=False)  # compared by identity: a key of the deltas made from it
class Common:
    """What every viewer of a game's reading sees alike, in one language, by part: the
    board's parts, the players' entries, the move log (its panel, its heading); ``pile``
    the discard pile's cards shown, ``ring`` the seats in the order of play and the
    direction (None once the game is over), ``lines`` the move log's (number, line),
    newest first."""

    seq: int
    parts: dict
    pile: tuple | None
    ring: tuple | None
    lines: tuple


@dataclass(frozen=True)
class Parts:
    """What a viewer's change frame at one event shows, by part: ``layout`` says what holds
    the parts (a delta applies only on the same; None once the game is over), ``parts`` the
    viewer's own, ``hand`` what the viewer's hand was made of (it holds the event number,
    which changes at every move: compared by its inputs), ``common`` what all see alike."""

    seq: int
    layout: tuple | None
    parts: dict
    hand: object
    common: Common


def common_parts(whole, context, lines):
    """The ``Common`` parts of a change frame ``whole`` rendered from ``context``, with the
    move log's ``lines``."""
    game_row, shared = context["game_row"], context["shared"]
    parts = {"move-log": _cut(whole, *MOVE_LOG)}
    if lines:
        parts["heading"] = _cut(shared["move_log"], *HEADING)
    if not game_row.is_running:
        return Common(game_row.seq, parts, None, None, lines)
    game = context["game"]
    parts.update((name, _cut(shared["board"], *marks)) for name, marks in BOARD.items())
    for player in game["ring"]:
        parts[f"seat-{player['seat']}"] = player["html"]
    ring = tuple(player["seat"] for player in game["ring"]), game["clockwise"]
    return Common(game_row.seq, parts, (*game["under"], game["top"]), ring, lines)


def own_parts(whole, context, common):
    """The ``Parts`` of a viewer's change frame ``whole`` rendered from ``context``, whose
    ``Common`` parts are ``common``."""
    game_row, game = context["game_row"], context["game"]
    if not game_row.is_running:
        return Parts(game_row.seq, None, {}, None, common)
    parts = {name: _cut(whole, *marks) for name, marks in CUT.items()}
    hand = None
    if "hand_html" in context:  # cut when sent (``delta``)
        parts["hand"], hand = context["hand_html"], context["hand_key"]
    if "seats_html" in context:
        parts["seats"] = context["seats_html"]
    layout = (game_row.pk, game["you"], "hand_html" in context, "seats_html" in context)
    return Parts(game_row.seq, layout, parts, hand, common)


def _cut(html, start, end, after_end=0):
    """From ``start`` to the first ``end`` after it (less ``after_end`` characters of it)."""
    begin = html.index(start)
    return html[begin : html.index(end, begin) + len(end) - after_end]


def common_delta(before, after):
    """What changed from ``before`` to ``after`` (``Common`` parts of one game) for every
    viewer alike: (the table area's parts, the move log's), made once for all the viewers
    of a reading; None when the move log does not follow on."""
    new_lines = _new_lines(before.lines, after.lines)
    if new_lines is None:
        return None
    old, new, area, log = before.parts, after.parts, [], []
    if after.ring is not None and before.ring is not None:
        if before.ring == after.ring:  # else the viewer's ring comes whole (``delta``)
            area.extend(new[name] for name in new if name.startswith("seat-") and new[name] != old[name])
        area.extend(new[name] for name in ("draw-caption", "board-facts") if new[name] != old[name])
        if new["discard"] != old["discard"]:
            area.append(_pile_delta(before.pile, after.pile) or new["discard"])
    if not before.lines:
        log.append(new["move-log"])
    elif new_lines:
        log.append(new["heading"])
        log.append(NEW_LINES.format(lines="".join(line for _number, line in new_lines)))
        if len(before.lines) + len(new_lines) > MOVE_LOG_LENGTH:
            log.append(OLD_LINES)
    return "".join(area), "".join(log)


def delta(before, after, game_id, whole, common):
    """The delta from ``before`` to ``after`` (``Parts`` of one game; ``whole``: the frame
    of ``after``; ``common``: ``common_delta`` of their ``Common`` parts), or None when it
    cannot be one. When the table area's layout changed (the game ended, say), it comes whole."""
    if before.seq >= after.seq or common is None:
        return None
    html = [SYNC.format(game=game_id, seq=after.seq, after=before.seq)]
    if before.layout != after.layout or after.layout is None:
        html.append(_cut(whole, *TABLE_AREA))
    else:
        old, new = before.parts, after.parts
        html.extend(new[name] for name in CUT if new[name] != old[name])
        if before.common.ring != after.common.ring:  # a kickback: the seats go round the other way
            html.append(_cut(whole, *RING))
        html.append(common[0])
        if "hand" in new:
            html.append(_cut(new["hand"], *(MOVE_FORM if after.hand != before.hand else POSITION)))
        if "seats" in new and new["seats"] != old["seats"]:
            html.append(new["seats"])
    html.append(common[1])
    return "".join(html)


def _pile_delta(before, after):
    """What turns the discard pile ``before`` (its cards shown, the top last) into ``after``
    (a play, or a reshuffle under the top card), or None when it is simpler sent whole."""
    for gone in range(len(before)):
        kept = before[gone:]
        if after[: len(kept)] == kept:
            break
    else:
        return None
    new, unders_gone = after[len(kept) :], gone
    html = []
    if new:  # the top card goes under the new ones
        html.append(PILE_TOP_GOES)
        new = (kept[-1], *new)
    if unders_gone:
        html.append(PILE_UNDER_GOES.format(count=unders_gone))
    if new:
        html.append(PILE_COMES.format(cards=discard_pile(new[:-1], new[-1])))
    return "".join(html) or None


def _new_lines(before, after):
    """The lines of ``after`` newer than every line of ``before`` (all when it had none), or
    None when the rest of ``after`` is not what ``before`` showed."""
    if not before:
        return list(after)
    newest = before[0][0]
    fresh = [(number, line) for number, line in after if number > newest]
    kept = after[len(fresh) :]
    if tuple(kept) != tuple(before[: len(kept)]):
        return None
    return fresh

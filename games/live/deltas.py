"""A running game's change frame cut to what changed for its kind of viewer: a delta.

A viewer's whole change frame (``games.live.frames.CHANGE``) resends the table area and the
move log at every move, most of it as it was. Its parts that change from move to move are
elements with ids (``PART_IDS``; games/partials/game.html and the partials it includes),
which htmx's websocket extension swaps by id; a delta holds only those that differ from the
frame of the same kind of viewer at an earlier event (its base), and the move log's new
lines, inserted at its top (the oldest that leave the log are deleted). It starts with the
sync marker, which says the base (``data-after``): static/js/table_frames.js applies a
delta only on a page that shows that event, and asks for a resync otherwise; the consumer
sends one only to a socket whose last frame was its kind's change frame at that event.

Nothing hidden goes into a delta that the whole frame did not hold: its parts are cut from
that frame, or are the fragments set into it.
"""

from dataclasses import dataclass

from games.table_page import MOVE_LOG_LENGTH
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


@dataclass(frozen=True)
class Parts:
    """What a viewer's change frame at one event shows, by part: ``layout`` says what holds
    the parts (a delta applies only on the same), ``parts`` their HTML, ``hand`` what the
    viewer's hand was made of (it holds the event number, which changes at every move:
    compared by its inputs), ``lines`` the move log's (number, line), newest first."""

    seq: int
    layout: tuple
    parts: dict
    hand: object
    lines: tuple


def parts_of(whole, context, lines):
    """The ``Parts`` of a whole change frame ``whole`` rendered from ``context``, with the
    move log's ``lines``: of a running game, each part; else the move log's alone."""
    if not context["game_row"].is_running:
        return Parts(context["game_row"].seq, None, {"move-log": _cut(whole, *MOVE_LOG)}, None, lines)
    game, shared = context["game"], context["shared"]
    parts = {name: _cut(whole, *marks) for name, marks in CUT.items()}
    parts.update((name, _cut(shared["board"], *marks)) for name, marks in BOARD.items())
    parts["pile"] = (*game["under"], game["top"])
    parts["move-log"] = _cut(whole, *MOVE_LOG)
    for player in game["ring"]:
        parts[f"seat-{player['seat']}"] = player["html"]
    hand = None
    if "hand_html" in context:
        parts["hand"] = _cut(context["hand_html"], *MOVE_FORM)
        parts["move-position"] = _cut(parts["hand"], *POSITION)
        hand = context["hand_key"]
    if "seats_html" in context:
        parts["seats"] = context["seats_html"]
    parts["ring"] = _cut(whole, *RING)
    parts["ring-order"] = tuple(player["seat"] for player in game["ring"]), game["clockwise"]
    layout = (context["game_row"].pk, game["you"], "hand_html" in context, "seats_html" in context)
    return Parts(context["game_row"].seq, layout, parts, hand, lines)


def _cut(html, start, end, after_end=0):
    """From ``start`` to the first ``end`` after it (less ``after_end`` characters of it)."""
    begin = html.index(start)
    return html[begin : html.index(end, begin) + len(end) - after_end]


def delta(before, after, game_id, whole):
    """The delta from ``before`` to ``after`` (``Parts`` of one game; ``whole``: the frame
    of ``after``), or None when the move log does not follow on. When the table area's
    layout changed (the game ended, say), it comes whole."""
    if before.seq >= after.seq:
        return None
    new_lines = _new_lines(before.lines, after.lines)
    if new_lines is None:
        return None
    html = [SYNC.format(game=game_id, seq=after.seq, after=before.seq)]
    if before.layout != after.layout or after.layout is None:
        html.append(_cut(whole, *TABLE_AREA))
    else:
        html.extend(_changed_parts(before, after))
    if not before.lines:
        html.append(after.parts["move-log"])
    elif new_lines:
        html.append(_cut(whole, *HEADING))
        html.append(NEW_LINES.format(lines="".join(line for _number, line in new_lines)))
        if len(before.lines) + len(new_lines) > MOVE_LOG_LENGTH:
            html.append(OLD_LINES)
    return "".join(html)


def _changed_parts(before, after):
    """The parts of the table area that changed from ``before`` to ``after`` (of one layout)."""
    old, new = before.parts, after.parts
    html = []
    html.extend(new[name] for name in CUT if new[name] != old[name])
    if new["ring-order"] != old["ring-order"]:  # a kickback: the seats go round the other way
        html.append(new["ring"])
    else:
        html.extend(new[name] for name in new if name.startswith("seat-") and new[name] != old[name])
    html.extend(new[name] for name in ("draw-caption", "board-facts") if new[name] != old[name])
    if new["discard"] != old["discard"]:
        html.append(_pile_delta(old["pile"], new["pile"]) or new["discard"])
    if "hand" in new:
        html.append(new["hand"] if after.hand != before.hand else new["move-position"])
    if "seats" in new and new["seats"] != old["seats"]:
        html.append(new["seats"])
    return html


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

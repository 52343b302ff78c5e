"""A running game's change frame, rendered through the templates once per shape and kept
as a skeleton: marks stand where the values that change from move to move go, and each
move's frame is the skeleton with its values set in.

From one move to the next a viewer's change frame (``games.live.frames.CHANGE``) keeps its
structure while whose turn it is, whether a penalty is pending and whether the viewer's
clock runs stay the same (``_shape``); what changes is text: the status, the board, the
move log, the other players' entries, the hand or the seats panel, the event number, the
time left. Each is set in escaped as the template escapes it; those rendered already (the
fragments of ``games.live.frames``) are safe strings and go in as they are. The values
every viewer of a reading shares (``_common_values`` and the players' entries) are escaped
once for them all, the viewer's own (``_own_values``) for each. The templates' own render
of the frame is about 0.3 ms a viewer, this a tenth of that.

The marks carry a secret drawn per process, so no text a player can choose (a name, say)
can be taken for one. Everything in a skeleton that is not a mark comes from the
templates' own words: the table's URLs and the game's id are marks too, so one skeleton
serves every table of the process (``kept``), and a new game's first moves find theirs
made already (a table's first five moves cost 10 ms more than the next without).
"""

import html
import re
import secrets
import threading
from functools import lru_cache

from cachetools import LRUCache, cached
from django.utils.safestring import SafeData, mark_safe

from games.pages.table import table_urls

SKELETONS_KEPT = 256  # in all: each kind of viewer, a few shapes each, for each number of players
# (language, shape) or (fragment, shape) -> skeleton, for every table of the process
kept = LRUCache(maxsize=SKELETONS_KEPT)
_NONCE = secrets.token_hex(8)
_MARK = re.compile(rf"kadi-{_NONCE}-(\w+)-")


def _mark(name):
    return f"kadi-{_NONCE}-{name}-"


def applies(context):
    """Whether the change frame of ``context`` may come from a skeleton: a running game's,
    past its first event (whose frame also shows the rules)."""
    game_row = context["game_row"]
    return game_row is not None and game_row.is_running and bool(game_row.seq)


def change_html(context, render, common, language):
    """The frame of ``context`` (see ``applies``), from its shape's skeleton (``kept``),
    rendered with ``render(context)`` the first time. ``common``: a dict kept for the
    reading and ``language`` (the active one), in which the values shared by all its viewers
    are escaped once."""
    values = _own_values(context)
    skeleton = _skeleton((language, _shape(context)), lambda: render(_marked(context, values)))
    if not common:
        common.update(_escaped(_common_values(context)), **_url_values(context["table"].pk))
    for player in context["game"]["ring"]:
        mark = f"player{player['seat']}"
        if mark not in common:
            common[mark] = escape(player["html"])
    escaped = {**common, **_escaped(values)}
    return _MARK.sub(lambda found: escaped[found.group(1)], skeleton)


def fragment_html(name, shape, render, values):
    """A fragment shared by a reading's viewers (``name``: the board, the move log) from
    its skeleton for ``shape`` (everything its template reads, apart from ``values``, that
    can change), rendered with ``render(marks)`` the first time, where ``marks`` holds a
    mark by the name of each of ``values``; then ``values`` are set in, escaped."""
    skeleton = _skeleton((name, shape), lambda: render({mark: _mark(mark) for mark in values}))
    escaped = _escaped(values)
    return mark_safe(_MARK.sub(lambda found: escaped[found.group(1)], skeleton))  # rendered, values escaped


@cached(kept, key=lambda key, make: key, lock=threading.Lock())
def _skeleton(key, make):
    """The skeleton kept as ``key`` (``kept``; renders run in several threads, hence the
    lock), made by ``make()`` the first time."""
    return make()


@lru_cache(maxsize=1024)
def _url_values(table_id):
    """The table's URLs by the name of their marks, escaped once per process."""
    return {f"url_{name}": escape(url) for name, url in table_urls(table_id).items()}


def _escaped(values):
    return {name: escape(value) for name, value in values.items()}


def escape(value):
    """``value`` as Django's ``conditional_escape`` gives it (safe strings as they are), without
    the check for lazy arguments that Django wraps around each call: a frame sets in dozens."""
    if isinstance(value, SafeData):
        return value
    return html.escape(str(value))


def _your_clock(context):
    """The viewer's own turn clock, as games/partials/game.html shows it: None, "countdown"
    (seconds, a real-time table's) or "words" (hours or days left, a turn-based table's)."""
    clock, game = context["turn_clock"], context["game"]
    if not clock or clock["seat"] != game["you"]:
        return None
    return "words" if clock.get("in_words") else "countdown"


def _shape(context):
    """Everything the frame's templates read, apart from its values, that can change
    from one table or move to the next for one kind of viewer."""
    game = context["game"]
    return (
        context["poll"],
        game["you"],
        game["in_play"],
        game["your_turn"],
        bool(game["pending_words"]),
        game["seat_return"],
        _your_clock(context),
        tuple(player["seat"] for player in game["ring"]),
        game["clockwise"],  # the ring says which way play goes (two players' order is the same both ways)
        "hand_html" in context,
        "seats_html" in context,
    )


def _own_values(context):
    """What changes from move to move within a shape and differs from one viewer to the
    next, by the name of its mark."""
    game = context["game"]
    values = {
        "status": game["status_words"],
        "pending": game["pending_words"],
        "hand": context.get("hand_html", ""),
        "seats": context.get("seats_html", ""),
    }
    clock = _your_clock(context)
    if clock:
        values["clock"] = context["turn_clock"]["text"]
    if clock == "countdown":
        values["ms"] = context["turn_clock"]["ms"]
    return values


def _common_values(context):
    """What changes from move to move within a shape and is the same for every viewer of
    a reading, but for the players' entries (each the same whoever sees it) and the table's
    URLs (``_url_values``): the shared fragments, the game's id and event number."""
    game_row, shared = context["game_row"], context["shared"]
    return {"board": shared["board"], "log": shared["move_log"], "game": game_row.pk, "seq": game_row.seq}


def _marked(context, values):
    """``context`` with a mark in place of each of ``values``."""
    game = context["game"]
    marked_game = {
        **game,
        "status_words": _mark("status"),
        "pending_words": _mark("pending") if game["pending_words"] else "",
        "ring": [{**player, "html": _mark(f"player{player['seat']}")} for player in game["ring"]],
    }
    marked = {
        **context,
        "game": marked_game,
        "game_row": {"pk": _mark("game"), "seq": _mark("seq")},
        "shared": {"board": _mark("board"), "move_log": _mark("log")},
        "urls": {name: _mark(f"url_{name}") for name in context["urls"]},
    }
    if "clock" in values:
        marked["turn_clock"] = {**context["turn_clock"], "text": _mark("clock")}
    if "ms" in values:
        marked["turn_clock"]["ms"] = _mark("ms")
    for name in ("hand", "seats"):
        if f"{name}_html" in context:
            marked[f"{name}_html"] = _mark(name)
    return marked

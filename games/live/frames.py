"""What a table's websocket sends to one viewer: HTML fragments with ids, which htmx's
websocket extension swaps into the page in place (``hx-swap-oob``).

The table area comes from ``games.pages.table`` for the viewer alone, as on the page itself:
a game is read only through ``State.view`` of the viewer's own seat (a spectator's view
otherwise), never the full position. Frames are rendered with a request built from the
socket's scope (a ``Viewer``), so forms carry the viewer's CSRF token as on the page.

After a change, the viewers of a table in one process share one reading of it
(``games.live.readings``), and the parts of the table area that every viewer sees alike
(``SHARED``: the board and the move log; the entries of the players) are rendered once,
and set into each viewer's render; each line of the move log once per game; each player's
hand, and the seats panel of those not in play, once while they stay the same. The
change frame itself is rendered once per kind of viewer (``_role``: each player, everyone
else logged in, the anonymous) and language, with a placeholder for the CSRF token that
each socket then sets in: the cost of a change grows with the players, not the spectators.
While a game runs, that render is a kept skeleton with the move's values set in
(``games.live.skeletons``), and a viewer who shows the render of their kind at an earlier
event is sent only what changed since (a delta: ``games.live.deltas``).
"""

import threading
from dataclasses import dataclass

from cachetools import LRUCache, cached
from django.conf import settings
from django.contrib.auth import get_user_model
from django.http import HttpRequest
from django.middleware.csrf import CSRF_SECRET_LENGTH, get_token
from django.utils.functional import LazyObject, empty
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, get_language_from_request
from django.utils.translation import gettext as _

from games import presence
from games.live import deltas, readings, skeletons
from games.live.rendering import render_to_string
from games.models import ChatMessage, Table
from games.pages.table import MOVE_LOG_LENGTH, move_line, public_game, seat_names, table_context
from games.templatetags.cards import discard_pile, hand_cards
from games.text.moves import move_log_item, moves_heading

FULL = "games/live/full.html"  # on connect and resync: everything that changes
CHANGE = "games/live/change.html"  # after a change at the table
CHAT_LINES = 50
ACCEPT_LANGUAGE_MAX = 500  # characters of the header read: a real one is far shorter
SHARED = {"board": "games/partials/board.html", "move_log": "games/partials/move_log.html"}
SUIT_VALUES = ("code", "symbol", "words")  # what the board shows of the suit, set into its skeleton
PLAYER = "games/partials/player.html"  # a player of the game, as every viewer sees them
# What PLAYER reads:
PLAYER_KEYS = ("seat", "short_name", "left", "cards", "niko_kadi", "to_play", "jumped", "out_place")
PLAYER_VALUES = ("seat", "short_name", "cards", "cards_words", "out_place")  # set into a player's skeleton
# With the language, the clock and out_place: a skeleton each.
PLAYER_SHAPE = ("left", "niko_kadi", "to_play", "jumped")
PLAYERS_KEPT = 64  # entries kept per game and language


@dataclass(frozen=True)
class Frame:
    html: str
    game_id: int | None  # the game shown and its event number (None before a first game)
    seq: int | None
    change: bool = False  # the change frame of the viewer's kind (whole or delta): a delta may follow


class Viewer:
    """Who a socket renders for: its user, their language (as the page's: the language
    cookie, else the browser's Accept-Language), and a stand-in request for templates with
    their CSRF cookie. The CSRF token is masked once per socket, as once per page (masking
    draws 32 random characters: per frame, that was a good part of a frame's cost)."""

    def __init__(self, scope):
        self.user = _unwrapped(scope["user"])
        self.request = HttpRequest()
        self.request.user = self.user
        self.request.COOKIES = scope.get("cookies", {})
        accept_language = dict(scope.get("headers", ())).get(b"accept-language", b"")
        self.request.META["HTTP_ACCEPT_LANGUAGE"] = accept_language.decode("latin-1")[:ACCEPT_LANGUAGE_MAX]
        self.language = get_language_from_request(self.request)
        secret = self.request.COOKIES.get(settings.CSRF_COOKIE_NAME, "")
        if len(secret) == CSRF_SECRET_LENGTH:
            self.request.META["CSRF_COOKIE"] = secret
        self.csrf_token = get_token(self.request)

    def render(self, template, context, csrf_token=None):
        context = {**context, "csrf_token": csrf_token or self.csrf_token}
        return render_to_string(template, context, request=self.request)


def _unwrapped(user):
    """The user behind Channels' lazy ``scope["user"]``, which its auth middleware has
    looked up already: every attribute read through the lazy wrapper costs a call, and a
    live table reads its viewers' ids many times a move."""
    if isinstance(user, LazyObject) and user._wrapped is not empty:
        return user._wrapped
    return user


CSRF_PLACEHOLDER = "csrf-token-of-the-viewer"  # set into a shared render per socket
HAND = "games/partials/hand.html"
SEQ_MARK, TOTAL_MARK = "event-number-of-the-game", "move-count-of-the-game"  # set into a kept hand
GAME_MARK, CARDS_MARK = "id-of-the-game", "cards-of-the-players-hand"  # set into a kept hand form
CHOICES_MARK = "choice-tree-of-the-turn"  # set into a kept hand at every move, as the event number
HAND_URLS = ("move", "hand_choice", "resign")  # the table's URLs that HAND reads, set into a kept hand form
HANDS_KEPT = 4  # per player and language: their hand on others' turns, on their own, after a draw
HAND_FORMS_KEPT = 64  # in all: on others' turns, on one's own with each set of actions, per language
# (language, what the player may do) -> ``HAND`` with marks, for every game here
HAND_FORMS = LRUCache(maxsize=HAND_FORMS_KEPT)
SEATS = "games/partials/seats.html"
SEAT_KEYS = ("position", "user", "name", "bot", "you", "removable")  # what SEATS reads of a seat
SEATS_KEPT = 8  # panels kept per game: spectators, the anonymous, seated non-players, in two languages


def table_frame(
    table_id, viewer, now, full=False, people=False, error="", move_error="", news=None, change=None,
    after=None,
):
    """The table as ``viewer`` sees it now; ``people``: with who is at the table,
    ``full``: with that and the chat too. ``news``: the (game, event number) this render
    follows, which lets the viewers of a table in this process share one reading, with
    what it changed (``change``, from another process: see ``games.live.readings``);
    ``after``: the event whose change frame the viewer shows, if any (a delta may follow). A
    refusal (``error``, ``move_error``) is shown on the reading kept here, if any: it is as
    new as the news this process has heard, and news it has not heard yet is on its way."""
    refusal = bool(error or move_error) and not full
    latest = readings.latest(table_id, news, reuse=refusal, change=change)
    game = latest.reading.game
    shown = (game.pk, game.seq) if game else (None, None)
    if full or people or error or move_error:
        return Frame(_render(latest, viewer, now, full, people, error, move_error), *shown)
    # a plain change: rendered once for every viewer alike (see above)
    return Frame(_change_html(latest, viewer, after), *shown, change=True)


def change_frame(table_id, viewer, news, change=None, after=None):
    """The change frame after ``news`` for ``viewer``, made from what this process holds:
    rendered already for another viewer of their kind, or rendered now from the table's
    reading kept here (advanced by ``change`` if need be) while its game runs. None when it
    would take the database (no such reading here, or a finished game, whose results read
    the ratings). Reads no database: the consumer asks in the event loop, before it hands a
    render to a database thread. ``after``: as for ``table_frame``."""
    latest = readings.in_memory(table_id, news, change)
    if latest is None:
        return None
    game = latest.reading.game
    if not game.is_running and _change_key(latest, viewer, get_language()) not in latest.renders:
        return None
    return Frame(_change_html(latest, viewer, after), game.pk, game.seq, True)


def _change_html(latest, viewer, after=None):
    """The change frame for ``viewer``: rendered once per kind of viewer and language,
    the viewer's CSRF token set in; its delta if the viewer shows its base (``after``)."""
    language = get_language()  # looked up once a frame: each look reads a context-local
    key = _change_key(latest, viewer, language)
    if key not in latest.renders:
        context = _context(latest, viewer.user, language=language)

        def render(context):
            return viewer.render(CHANGE, context, CSRF_PLACEHOLDER)

        if skeletons.applies(context):
            common = latest.renders.setdefault(("skeleton values", language), {})
            whole = skeletons.change_html(context, render, common, language)
        else:
            whole = render(context)
        if context["game_row"] is not None:
            latest.renders[("delta", *key[1:])] = _delta(latest, context, whole, key, language)
        latest.renders[key] = whole
    found = latest.renders.get(("delta", *key[1:]))
    html = found[1] if found is not None and after == found[0] else latest.renders[key]
    return html.replace(CSRF_PLACEHOLDER, viewer.csrf_token)


def _change_key(latest, viewer, language):
    return ("change", _role(latest.reading, viewer.user), language)


def _delta(latest, context, whole, key, language):
    """(base, delta) of the change frame ``whole`` for its kind of viewer (``key``), from
    their frame at the latest event before it rendered here, kept across the game's
    readings; None when there is none or no delta can be made (``games.live.deltas``).
    What changed for every viewer alike is found once per reading, language and base."""
    reading = latest.reading
    common = latest.renders.get(("common parts", language))
    if common is None:
        kept = latest.fragments.setdefault(("move lines", language), {})
        lines = tuple((move.index + 1, kept[move.index + 1]) for move in reading.moves)
        common = latest.renders[("common parts", language)] = deltas.common_parts(whole, context, lines)
    parts = deltas.own_parts(whole, context, common)
    before = latest.fragments.get(("parts", *key[1:]))
    if before is None or before.seq < parts.seq:
        latest.fragments[("parts", *key[1:])] = parts
    if before is None or before.seq >= parts.seq:
        return None
    changed = ("common delta", before.common)
    if changed not in latest.renders:
        latest.renders[changed] = deltas.common_delta(before.common, common)
    html = deltas.delta(before, parts, reading.game.pk, whole, latest.renders[changed])
    return ((reading.game.pk, before.seq), html) if html is not None else None


def _render(latest, viewer, now, full=False, people=False, error="", move_error=""):
    context = _context(latest, viewer.user, error, move_error)
    table = latest.reading.table
    if full or people:
        context.update(people_context(table, now))
    if full:
        context.update(chat_context(table, viewer.user))
    # The hand and the seats panel, kept for many viewers, hold a placeholder for the token.
    return viewer.render(FULL if full else CHANGE, context).replace(CSRF_PLACEHOLDER, viewer.csrf_token)


def _context(latest, user, error="", move_error="", language=None):
    """The frame's context for ``user``, with the fragments rendered once for many viewers,
    in ``language`` (the active one)."""
    reading, language = latest.reading, language or get_language()
    context = table_context(reading.table, user, reading, _common(latest, language))
    shared = _shared(latest, language)
    context.update(error=error, move_error=move_error, seated_people=None, shared=shared)
    if reading.game is not None and reading.game.is_running:
        _set_players(latest, context, language)
    in_play = context["game"] and context["game"]["in_play"]
    if in_play and not move_error:
        context["hand_html"] = _hand(latest, context, user.pk, language)
    if not in_play:
        context["seats_html"] = _seats(latest, context, user, language)
    return context


def _hand(latest, context, user_id, language):
    """The viewer's hand and move forms (``HAND``). They stay the same from one move to the
    next while the player's cards and what they may do do: so each player's last few are
    kept across the game's readings (``Latest.fragments``), with marks for what changes at
    every move (the event number, the move count, the turn's choice tree, the viewer's CSRF
    token), and used again for the same inputs: everything ``HAND`` reads that can change
    during a game. A new one
    is the form for what the player may do (``_hand_form``) with the game's id, its table's
    URLs and the player's cards set in."""
    game, game_row = context["game"], context["game_row"]
    cards = tuple((card["text"], card["drawn"], card["playable"]) for card in game["hand_cards"])
    form = (
        game["your_turn"],
        game["your_niko_kadi"],
        game["niko_kadi_rule"],
        tuple(sorted(game["actions"])),
        game["draw_count"],
        game["stand_in_warning"],
        game["declare_alone"],
        game["ace_request"],
    )
    kept = latest.fragments.setdefault(("hands", language, user_id), {})
    html = kept.get((form, cards))
    if html is None:
        html = _hand_form(context, form, language)
        for mark, value in _hand_marks(context).items():
            html = html.replace(mark, value)
        if len(kept) >= HANDS_KEPT:
            kept.clear()
        kept[form, cards] = html
    context["hand_key"] = (form, cards)  # what a delta compares (``games.live.deltas``)
    html = html.replace(SEQ_MARK, str(game_row.seq)).replace(TOTAL_MARK, str(context["move_total"]))
    html = html.replace(CHOICES_MARK, context["hand_choices"])
    return mark_safe(html)  # rendered from the templates: escaped already


def _hand_marks(context):
    """What a kept hand form has marks for, set in once per player and game: the game's id,
    the table's URLs, the player's cards."""
    urls = context["urls"]
    return {
        GAME_MARK: str(context["game_row"].pk),
        **{_url_mark(name): skeletons.escape(urls[name]) for name in HAND_URLS},
        CARDS_MARK: hand_cards(context["game"]["hand_cards"], context["game"]["your_turn"]),
    }


def _url_mark(name):
    return f"url-of-the-tables-{name.replace('_', '-')}"


@cached(HAND_FORMS, key=lambda context, form, language: (language, form), lock=threading.Lock())
def _hand_form(context, form, language):
    """``HAND`` for ``form`` (what a player may do), with marks for the game, its table and
    the cards (``_hand_marks``) and for what changes at every move: the same for every
    player of every game, so kept for them all (``HAND_FORMS``; renders run in several
    threads, hence the lock)."""
    marks = {
        "game_row": {"pk": GAME_MARK, "seq": SEQ_MARK},
        "urls": {name: _url_mark(name) for name in HAND_URLS},
        "move_total": TOTAL_MARK,
        "csrf_token": CSRF_PLACEHOLDER,
        "hand_cards_html": CARDS_MARK,
        "hand_choices": CHOICES_MARK,
    }
    return render_to_string(HAND, {**context, **marks})


def _seats(latest, context, user, language):
    """The seats panel (``SEATS``) for a viewer not in play: the same from one move to the
    next until someone sits down or gets up, so kept across the game's readings, per
    language and everything ``SEATS`` reads, with a mark for the viewer's CSRF token."""
    game_row = context["game_row"]
    entries = tuple(tuple(seat.get(key) for key in SEAT_KEYS) for seat in context["seats"])
    inputs = (
        language,
        entries,
        user.is_authenticated,
        context["seated"],
        context["table_full"],
        context["can_start"],
        game_row is not None and game_row.is_running,
        game_row is None,
    )
    kept = latest.fragments.setdefault("seats", {})
    if inputs not in kept:
        if len(kept) >= SEATS_KEPT:
            kept.clear()
        kept[inputs] = render_to_string(SEATS, {**context, "user": user, "csrf_token": CSRF_PLACEHOLDER})
    return mark_safe(kept[inputs])  # rendered from the template: escaped already


def _role(reading, user):
    """What a change frame depends on of its viewer: a seated or playing user is on their
    own; everyone else sees what all logged-in spectators, or all anonymous ones, see."""
    if not user.is_authenticated:
        return "anonymous"
    seated = any(seat.user_id == user.pk for seat in reading.seats.values())
    if seated or any(player.user_id == user.pk for player in reading.players):
        return user.pk
    return "spectator"


def _shared(latest, language):
    """The ``SHARED`` fragments of a reading, in the viewer's ``language``."""
    key = ("shared", language)
    if key not in latest.renders:
        latest.renders[key] = _render_shared(latest, language)
    return latest.renders[key]


def _render_shared(latest, language):
    """The ``SHARED`` fragments as a spectator sees them (nothing hidden is in them), each
    from its skeleton (``games.live.skeletons``)."""
    reading = latest.reading
    if reading.game is None:
        return {}
    game = public_game(reading, _common(latest, language))
    return {"board": _board(game, language), "move_log": _move_log(latest, language)}


def _common(latest, language):
    """The reading's dict of what its viewers in ``language`` see alike (see ``table_context``)."""
    return latest.renders.setdefault(("common", language), {})


def _board(game, language):
    """``SHARED``'s board of ``game`` (``describe_public``'s), its discard pile set in."""
    suit = game["suit"]
    discard = discard_pile(game["under"], game["top"])
    values = {"caption": game["draw_caption"], "discard": discard, "direction": game["direction_words"]}
    if suit:
        values.update({f"suit_{name}": suit[name] for name in SUIT_VALUES})

    def render(marks):
        marked = {**game, "draw_caption": marks["caption"], "direction_words": marks["direction"]}
        if suit:
            marked["suit"] = {**suit, **{name: marks[f"suit_{name}"] for name in SUIT_VALUES}}
        return render_to_string(SHARED["board"], {"game": marked, "discard_html": marks["discard"]})

    rank = game.get("rank")  # an ace's named rank (ace_request): its words are in the skeleton
    shape = (language, suit is None, suit and suit["red"], game["clockwise"], rank and rank["code"])
    return skeletons.fragment_html("board", shape, render, values)


def _move_log(latest, language):
    """``SHARED``'s move log: its heading and its lines (``_move_lines``)."""
    reading = latest.reading
    heading = moves_heading(reading.game.move_count)
    values = {"heading": heading, "lines": _move_lines(latest, language)}

    def render(marks):
        marked = {"moves_heading": marks["heading"], "move_lines_html": marks["lines"]}
        return render_to_string(SHARED["move_log"], {"moves": reading.moves, **marked})

    return skeletons.fragment_html("move log", (language, bool(reading.moves)), render, values)


def _move_lines(latest, language):
    """The move log's lines, joined: each move's rendered once per game and language (a
    move made never changes) and kept across the game's readings (``Latest.fragments``)."""
    reading = latest.reading
    kept = latest.fragments.setdefault(("move lines", language), {})
    numbers = [move.index + 1 for move in reading.moves]
    if len(kept) > 2 * MOVE_LOG_LENGTH:  # let go of the lines that left the log
        for number in set(kept).difference(numbers):
            del kept[number]
    names = None
    for move in reading.moves:
        if move.index + 1 not in kept:
            names = names or seat_names(reading.players)
            kept[move.index + 1] = move_log_item(move_line(move, names, reading.state.rules))
    return mark_safe("".join(kept[number] for number in numbers))  # rendered: escaped already


def _set_players(latest, context, language):
    """The players' entries of a running game, as every viewer sees them: made once
    per reading and language for all the viewers, rather than for each, and made only when
    changed (most stay the same from one move to the next: kept across the game's readings
    by everything ``PLAYER`` reads)."""
    key = ("players", language)
    if key not in latest.renders:
        clock = context["turn_clock"]
        kept = latest.fragments.setdefault(key, {})
        if len(kept) > PLAYERS_KEPT:
            kept.clear()
        entries = {}
        for player in context["game"]["players"]:
            timed = clock if clock and player["to_play"] and clock["seat"] == player["seat"] else None
            inputs = (tuple(player[name] for name in PLAYER_KEYS), timed and (timed["ms"], timed["text"]))
            if inputs not in kept:
                kept[inputs] = _player_html(player, timed, language)
            entries[player["seat"]] = kept[inputs]
        latest.renders[key] = entries
    for player in context["game"]["ring"]:
        player["html"] = latest.renders[key][player["seat"]]


def _player_html(player, clock, language):
    """``PLAYER`` for ``player``, with ``clock`` when the turn clock is theirs, from its
    skeleton (``games.live.skeletons``)."""
    values = {name: player[name] for name in PLAYER_VALUES if player[name] is not None}
    in_words = bool(clock and clock.get("in_words"))  # a turn-based table's: no countdown
    if clock:
        values.update(clock=clock["text"], **({} if in_words else {"ms": clock["ms"]}))
    shape = (language, bool(clock), in_words, "out_place" in values, *(player[name] for name in PLAYER_SHAPE))

    def render(marks):
        marked = {**player, **{name: marks[name] for name in PLAYER_VALUES if name in marks}}
        timed = clock and {
            "seat": marks["seat"], "ms": marks.get("ms"), "text": marks["clock"], "in_words": in_words
        }
        # stripped as games/partials/game.html's {% spaceless %} strips it in a page's render
        return render_to_string(PLAYER, {"player": marked, "turn_clock": timed}).strip()

    return skeletons.fragment_html("player", shape, render, values)


def current_position(table_id):
    """(game id, event number) of the table's latest game, or (None, None)."""
    table = Table.objects.get(pk=table_id)
    game = table.current_game()
    return (game.pk, game.seq) if game else (None, None)


def people_frame(table_id, now):
    table = Table.objects.get(pk=table_id)
    return render_to_string("games/live/people.html", people_context(table, now))


def people_context(table, now):
    """Who has the table open: the seated players first, then those watching."""
    online = presence.online_user_ids(table.pk, now)
    seats = table.seats.select_related("user").order_by("position")
    seated = {seat.user_id for seat in seats}
    watching = get_user_model().objects.filter(pk__in=online - seated)
    return {
        "table_id": table.pk,
        "seated_people": [
            {
                "name": seat.user.name,
                "username": seat.user.username,
                "bot": seat.user.is_bot,
                "online": seat.user.is_bot or seat.user_id in online,
            }
            for seat in seats
        ],
        "watching": sorted(user.name for user in watching),
    }


def chat_context(table, user):
    """The chat panel: the table's latest shown lines, unless the chat is off (the table's,
    or the viewer's own "Hide chat": then it says so, and holds no line)."""
    hidden_by_viewer = getattr(user, "chat_off", False)  # an anonymous viewer has no such setting
    if table.chat_off or hidden_by_viewer:
        return {"chat_off": "table" if table.chat_off else "viewer"}
    shown = ChatMessage.objects.filter(table=table, status=ChatMessage.Status.SHOWN)
    lines = shown.select_related("user").order_by("-pk")[:CHAT_LINES]
    return {
        "chat_lines": reversed(lines),
        "can_chat": user.is_authenticated,
        "chat_max_length": ChatMessage.MAX_LENGTH,
    }


def chat_line(message):
    return render_to_string("games/live/chat_line.html", {"line": message, "oob": True})


def chat_held():
    """The sender's word that their line waits for review (#chat-error, marked as taken:
    static/js/chat.js does not put it back in the box)."""
    message = _("Your line waits for a moderator's review before the table sees it.")
    return render_to_string("games/live/chat_error.html", {"message": message, "held": True})


def notice(message):
    return render_to_string("games/live/notice.html", {"message": message})


def chat_error(message):
    return render_to_string("games/live/chat_error.html", {"message": message})


def sync_marker(game_id, seq):
    return render_to_string("games/live/sync.html", {"sync_game": game_id, "sync_seq": seq})

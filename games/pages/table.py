"""What the lobby and a table page show, read from the database for one viewer.

Reads only; writes go through ``games.play``. A running game is shown through
``State.view`` of the viewer's own seat (a spectator's view otherwise), never the full
position.
"""

import json
from dataclasses import dataclass
from datetime import timedelta
from functools import cached_property, lru_cache

from django.db.models import Count, F, OuterRef, Q, Subquery
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import SimpleLazyObject
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from accounts.models import User
from games import bots
from games.engine import State
from games.engine.cards import RANKS, SUITS
from games.engine.choices import declares_without_cards
from games.models import Game, Table
from games.pages.game_view import describe_game, describe_public
from games.pages.selection import choice_tree
from games.pages.waiting import time_left_words
from games.play import play_now, seat_return, server_turns
from games.text.cards import rank_info, suit_info
from games.text.moves import move_entry, moves_heading
from games.text.refusals import explain
from games.text.rules import override_labels, preset_label, rules_summary

POLL_WHILE_WAITING = "2s"  # seats may change, someone may start a game
POLL_WHILE_OTHERS_PLAY = "1s"  # each poll may also play a bot move that is due
MOVE_LOG_LENGTH = 12
RECENT_MOVES = 3  # the move log's newest lines the first screen shows (``recent_moves``)
JSON_IN_HTML = {ord("<"): "\\u003C", ord(">"): "\\u003E", ord("&"): "\\u0026"}  # as JSON still reads them
# Finished games after which the hand's long help texts fold (``help_folded``): by then a
# player has tapped cards into plays and declared Niko Kadi a few times, and on a phone the
# lines are worth more as room for the hand.
SEASONED_AFTER = 3

STATUS_WAITING, STATUS_PLAYING, STATUS_FINISHED = "waiting", "playing", "finished"


def lobby_tables():
    """Every table of the lobby (private ones are not), newest first, with its seats taken
    and the status of its latest game.

    A table with no free seat and at most one person (someone's game with bots, a guest's
    "Play bots now") is left out: nobody can join it, and a new site's lobby was full of
    finished "Guest-… and the bots" tables. Its player finds it in their history."""
    latest = Game.objects.filter(table=OuterRef("pk")).order_by("-number").values("status")[:1]
    people = Count("seats", filter=Q(seats__user__bot_level=User.BotLevel.HUMAN))
    tables = (
        Table.objects.listed()
        .select_related("created_by")  # a generated name shows its owner's (games.text.tables)
        .annotate(seats_taken=Count("seats"), people=people, game_status=Subquery(latest))
        .exclude(seats_taken__gte=F("seat_count"), people__lte=1)
        .order_by("-created_at", "-pk")  # Meta.ordering does not apply to a grouped query
    )
    return [
        {
            "table": table,
            "preset": preset_label(table.preset),
            "house_rules": override_labels(table.rule_overrides),
            "seats_taken": table.seats_taken,
            "status": _lobby_status(table.game_status),
        }
        for table in tables
    ]


def _lobby_status(game_status):
    if game_status is None:
        return STATUS_WAITING
    return STATUS_PLAYING if game_status == Game.Status.RUNNING else STATUS_FINISHED


@dataclass(frozen=True)
class TableReading:
    """What a table page reads from the database, the same for every viewer (a table's
    websockets render the page for each of their viewers from one reading)."""

    table: Table
    seats: dict  # position -> Seat, with its user
    game: Game | None  # the latest game
    players: list  # its GamePlayers by seat, with their users
    moves: list  # its last MOVE_LOG_LENGTH moves, newest first
    state: State | None  # its position (server side only: every viewer's view comes from it)

    @cached_property
    def rating_changes(self):
        """The finished game's ``rating_changes``, read once for all the reading's viewers."""
        return rating_changes(self.game, self.players)


def read_table(table):
    seats = {seat.position: seat for seat in table.seats.select_related("user")}
    game = table.current_game()
    if game is None:
        return TableReading(table, seats, None, [], [], None)
    players = list(game.players.select_related("user", "stand_in").order_by("seat"))
    # Only the moves the game row holds: one committed since it was read waits for the next
    # reading (else the log would show a card played after the position shown).
    moves = list(game.moves.filter(index__lt=game.move_count).order_by("-index")[:MOVE_LOG_LENGTH])
    return TableReading(table, seats, game, players, moves, game.engine_state())


TABLE_ACTIONS = (
    "table_area",
    "poll",
    "take_seat",
    "leave_seat",
    "take_back_seat",
    "fill_with_bots",
    "add_bot",
    "remove_bot",
    "start_game",
    "move",
    "hand_choice",
    "resign",
    "rematch",
    "decline_rematch",
)


@lru_cache(maxsize=1024)
def table_urls(table_id):
    """The paths of a table's actions by name (worked out once: a live table re-renders its
    forms for every viewer after every move)."""
    return {name: reverse(f"games:{name}", args=[table_id]) for name in TABLE_ACTIONS}


@lru_cache(maxsize=8)
def _choices(language):
    """The bot levels, the suits and the ranks an ace may name (``ace_request``), in
    ``language`` (the active one): the same on every page."""
    levels = [(level, User.BotLevel(level).label) for level in bots.LEVELS]
    return levels, [suit_info(suit) for suit in SUITS], [rank_info(rank) for rank in RANKS]


def table_context(table, user, reading=None, common=None):
    """The table page's context for ``user`` (maybe anonymous), from ``reading`` (see
    ``read_table``) when the table was read already. ``common``: a dict kept with the
    reading for its viewers in the active language, where what they all see alike is worked
    out once (a live table renders for each of its viewers after every move)."""
    reading = reading or read_table(table)
    common = {} if common is None else common
    seats = reading.seats
    your_seat = next((seat for seat in seats.values() if seat.user_id == user.pk), None)
    game = reading.game
    running = game is not None and game.is_running
    playing = {player.user_id for player in reading.players} if running else set()
    # Only the whole page shows the rules: worked out if a template asks for them.
    rules = SimpleLazyObject(
        lambda: rules_summary(game.rules if running else table.rules().to_dict(), table.preset)
    )
    context = {
        "table": table,
        "preset": _once(common, "preset", lambda: preset_label(table.preset)),
        # Worked out if a template asks: seats are not shown to a player in play.
        "seats": SimpleLazyObject(
            lambda: [_seat_entry(n, seats.get(n), user, playing) for n in range(table.seat_count)]
        ),
        "seated": your_seat is not None,
        "table_full": len(seats) >= table.seat_count,
        "can_start": your_seat is not None and not running and len(seats) >= 2,
        "game_row": game,
        "game": None,
        "rules": rules,
        "house_rules": SimpleLazyObject(
            lambda: [rule for group in rules for rule in group["rules"] if rule["changed"]]
        ),
        "rules_frozen": running,
        # A quick game's table waiting for people: seconds until bots fill it (None: it does not wait).
        "bots_fill_in": None if game is not None else play_now.seconds_to_fill(table),
        "urls": table_urls(table.pk),
        "recent_moves_shown": RECENT_MOVES,
    }
    context["bot_levels"], context["suits"], context["ace_ranks"] = _once(
        common, "choices", lambda: _choices(get_language())
    )
    if game is not None:
        context.update(game_context(reading, user, common))
        if not running:
            context["rematch"] = rematch_offer(game, seats, user)
    context["poll"] = _poll_interval(context)
    return context


def help_folded(user) -> bool:
    """Whether the table page folds the hand's long help texts for ``user``: a registered
    player who has finished ``SEASONED_AFTER`` games. One query, made by the page itself: the
    texts fold by a mark outside the parts a live table replaces, so no frame reads it."""
    if not user.is_authenticated or user.is_guest:
        return False
    finished = Game.objects.filter(players__user=user, status=Game.Status.FINISHED)
    return finished[SEASONED_AFTER - 1 :].exists()


def _seat_entry(position, seat, user, playing):
    if seat is None:
        return {"position": position, "number": position + 1, "user": None}
    return {
        "position": position,
        "number": position + 1,
        "user": seat.user,
        "name": seat.user.name,
        "bot": seat.user.is_bot,
        "you": seat.user_id == user.pk,
        # A bot stays until the end of the game it plays (games.play.tables.remove_bot).
        "removable": seat.user.is_bot and seat.user_id not in playing,
    }


def game_context(reading, user, common):
    """What the page shows of the reading's game to ``user``: ``game`` (``describe_game``),
    the move log's ``moves``, ``move_total``, ``moves_heading`` and ``turn_clock``.
    ``common``: see ``table_context``. ``recent_moves``: the lines of the log since the viewer's
    own move, for a page's first render (the live table's frames leave them to the page)."""
    game, players = reading.game, reading.players
    you = next((p.seat for p in players if p.user_id == user.pk and not p.left), None)
    names = _once(common, "names", lambda: seat_names(players))
    result = _once(common, "result", lambda: _result(reading))
    public = public_game(reading, common)
    view = reading.state.view(you)
    your_turn = result is None and you is not None and view["turn"] == you
    playable = set(reading.state.playable_cards()) if your_turn else None
    hand_order = getattr(user, "hand_order", "suit")
    moves = reading.moves
    described = describe_game(view, names, result, playable, hand_order, public)
    # no stand-in bot at a turn-based table: its deadlines are the server's (games.play.deadlines)
    turn_based = reading.table.turn_based
    described["stand_in_warning"] = stand_in_warning(players[you]) if your_turn and not turn_based else 0
    # "Niko Kadi!" with nothing picked goes with a draw, accept or pass: offered only when one may carry it.
    described["declare_alone"] = your_turn and declares_without_cards(reading.state)
    described["seat_return"] = result is None and you is None and seat_return.offered(players, user)
    lines = SimpleLazyObject(lambda: [move_line(m, names, reading.state.rules) for m in moves])
    return {
        "game": described,
        # Worked out if a template asks: a live table's viewers share one render of the log.
        "moves": lines,
        "recent_moves": SimpleLazyObject(lambda: recent_moves(lines, you)),
        "move_total": game.move_count,
        "moves_heading": _once(common, "moves heading", lambda: moves_heading(game.move_count)),
        "turn_clock": turn_clock(reading, timezone.now()),
        # What the page answers taps from (games.pages.selection.choice_tree): for the player to move.
        "hand_choices": hand_choices(reading.state, names) if your_turn else "",
    }


def hand_choices(state: State, names: list[dict]) -> str:
    """The turn's choice tree as the hand's ``<template id="hand-choices">`` for
    static/js/table.js: compact JSON with every character HTML reads escaped, so that it is
    text as it stands (a template, not a script: htmx drops the scripts of what it swaps in)."""
    tree = choice_tree(state, [name["name"] for name in names])
    text = json.dumps(tree, separators=(",", ":"), ensure_ascii=False).translate(JSON_IN_HTML)
    return mark_safe(f'<template id="hand-choices">{text}</template>')  # noqa: S308 (escaped above)


def stand_in_warning(player):
    """The turns ``player`` (to move) missed in a row when one more hands their seat to a bot
    (``server_turns.missed_turns_before_bot``), else 0: the page warns them before it happens."""
    missed = player.missed_turns
    return missed if missed and missed + 1 >= server_turns.missed_turns_before_bot() else 0


def public_game(reading, common):
    """``describe_public`` of the reading's game, made once into ``common`` (see ``table_context``)."""
    names = _once(common, "names", lambda: seat_names(reading.players))
    result = _once(common, "result", lambda: _result(reading))
    return _once(common, "public", lambda: describe_public(reading.state.view(None), names, result))


def _result(reading):
    """How the reading's game ended, as ``describe_game`` takes it; None while it runs."""
    game, players = reading.game, reading.players
    if game.is_running:
        return None
    return {
        "places": [p.place for p in players],
        "winner": game.winner,
        "abandoned": game.status == Game.Status.ABANDONED,
        "ratings": reading.rating_changes,
    }


def _once(common, key, make):
    """``common[key]``, made by ``make()`` the first time."""
    if key not in common:
        common[key] = make()
    return common[key]


def seat_names(players):
    """``{"name", "short_name", "left"}`` of each player of a game, by seat."""
    return [{"name": p.user.name, "short_name": p.user.short_name, "left": p.left} for p in players]


def move_line(move, names, rules):
    """A line of the move log: the ``Move`` row's ``move_entry``, its number and mover's name
    (``names``: ``seat_names``), said under the game's ``rules`` (an engine ``Rules``)."""
    entry = move_entry(
        move.text, move.drew, move.penalty, move.outcome, move.actor, move.handed_to_bot, rules
    )
    number, seat = move.index + 1, move.seat
    return {"number": number, "seat": seat, "name": names[seat]["name"], "names": names, **entry}


def recent_moves(lines, you):
    """The move log's newest ``lines`` (``move_line``s, newest first) since the viewer's own
    last move (``you``: their seat, None for a spectator), at most ``RECENT_MOVES``, oldest
    first: what the others did while the viewer waited, told where a phone's first screen
    shows it (the log itself is below the hand there). Just after the viewer's own move, that
    move alone, with what it did. static/js/recent_moves.js keeps them so after each frame."""
    recent = []
    for line in lines[:RECENT_MOVES]:
        if line["seat"] == you:
            return recent[::-1] or [line]
        recent.append(line)
    return recent[::-1]


def rating_changes(game, players):
    """Each player's rating change in a finished game, by seat: ``{"change", "provisional"}``
    (``change`` the RatingChange row, shown by history's ``rating_gain`` filter; ``provisional``:
    their rating is still provisional), or None where the game was not rated."""
    changes = {change.user_id: change for change in game.rating_changes.select_related("user__rating")}
    result = []
    for player in players:
        change = changes.get(player.user_id)
        if change is None:
            result.append(None)
            continue
        rating = getattr(change.user, "rating", None)
        result.append({"change": change, "provisional": bool(rating and rating.provisional)})
    return result


def rematch_offer(game, seats, user):
    """Where "play again" stands after ``game``: who accepted, who is awaited, whether
    ``user`` (seated) may still accept, and who declined last."""
    accepted = set(game.rematch_accepted)
    seated = [seat.user for _position, seat in sorted(seats.items())]
    return {
        "open": bool(accepted),
        "accepted": [person.name for person in seated if person.pk in accepted],
        "waiting": [person.name for person in seated if person.pk not in accepted],
        "you_may_accept": user.pk in {person.pk for person in seated} and user.pk not in accepted,
        "declined_by": game.rematch_declined_by.name if game.rematch_declined_by_id else None,
    }


def turn_clock(reading, now):
    """The turn clock of the seat to play: ``{"seat", "ms", "text"}`` (time left), or None
    without a clock, on a bot's turn, or once the game is over. Its time runs from the
    game's last change, as ``server_turns.next_server_turn`` counts it. At a turn-based table:
    ``{"seat", "ms": None, "text", "in_words": True}``, the time left to its deadline in words."""
    table, game = reading.table, reading.game
    clocked = table.turn_timer_seconds or (table.turn_based and game.move_deadline)
    if not clocked or not game.is_running or game.turn is None:
        return None
    player = reading.players[game.turn]
    if player.user.is_bot or player.stand_in_id is not None:
        return None
    if table.turn_based:  # hours or days: said in words, not counted down
        text = time_left_words(game.move_deadline - now)
        return {"seat": game.turn, "ms": None, "text": text, "in_words": True}
    ms = int((game.updated_at + timedelta(seconds=table.turn_timer_seconds) - now).total_seconds() * 1000)
    seconds = max(0, -(-ms // 1000))  # rounded up: "0:00" only when the time is out
    return {"seat": game.turn, "ms": max(0, ms), "text": f"{seconds // 60}:{seconds % 60:02d}"}


def _poll_interval(context):
    """How often the page asks for news: not while it waits for the viewer's own move."""
    game = context["game"]
    if game is None or game["over"]:
        return POLL_WHILE_WAITING
    return "" if game["your_turn"] else POLL_WHILE_OTHERS_PLAY


def misplay_text(refusal):
    """What to tell a player whose play broke a rule (``refusal``, see ``State.problem``) and
    was punished."""
    return _("Misplay: %(reason)s. The cards stay in your hand and you draw a penalty.") % {
        "reason": explain(refusal)
    }

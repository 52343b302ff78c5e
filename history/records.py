"""Game records: a finished game as JSON, and the checks an imported record must pass.

A record holds everything that fixes a game (RULES.md section 10) and its result::

    {"format": "kadi-game-record", "version": 1,
     "table": "Kibanda", "preset": "friendly", "rules": {every option},
     "players": [{"seat": 0, "username": "amani", "name": "Amani", "bot": "", "left": false}, ...],
     "seed": 123, "first_seat": 0, "moves": ["draw", "QH 4H", ...],
     "result": {"winner": 0, "places": [1, 2]},
     "started_at": "2025-01-31T18:00:00+00:00", "finished_at": "2025-01-31T18:09:12+00:00"}

``players`` are in seat order; ``moves`` in the order played (each by the player the engine
says is to move, but a resignation ``resign N``, by seat N at any time: records of games
from before resignations were moves have none); ``winner`` is a seat or null. Every
refusal is a ``RecordError`` whose message says what is wrong.
"""

from dataclasses import dataclass
from datetime import datetime

from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from games.engine import IllegalMove, Rules, new_game
from games.engine.rules import DEFAULT_PRESET, PRESETS
from games.models import MAX_SEATS, MIN_SEATS
from games.services import final_places

RECORD_FORMAT = "kadi-game-record"
RECORD_VERSION = 1


class RecordError(ValueError):
    """A record the site refuses; ``str(error)`` is a translated reason."""


@dataclass(frozen=True)
class RecordPlayer:
    username: str
    left: bool


@dataclass(frozen=True)
class Record:
    table_name: str
    preset: str
    rules: Rules
    players: tuple[RecordPlayer, ...]
    seed: int
    first_seat: int
    moves: tuple[str, ...]
    winner: int | None
    places: tuple[int, ...]
    started_at: datetime | None
    finished_at: datetime | None

    @property
    def player_count(self):
        return len(self.players)


def export_record(game):
    """The record of a finished ``game`` (a JSON-safe dict)."""
    players = list(game.players.select_related("user").order_by("seat"))
    return {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "table": game.table.name,
        "preset": game.preset,
        "rules": game.rules,
        "players": [
            {
                "seat": p.seat,
                "username": p.user.username,
                "name": p.user.name,
                "bot": p.user.bot_level,
                "left": p.left,
            }
            for p in players
        ],
        "seed": game.seed,
        "first_seat": game.first_seat,
        "moves": list(game.moves.order_by("index").values_list("text", flat=True)),
        "result": {"winner": game.winner, "places": [p.place for p in players]},
        "started_at": game.created_at.isoformat(),
        "finished_at": game.finished_at.isoformat() if game.finished_at else None,
    }


def parse_record(data):
    """Check a record's shape and read it into a ``Record``; the moves are not replayed yet."""
    if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
        raise RecordError(_("This is not a Kadi game record."))
    if data.get("version") != RECORD_VERSION:
        raise RecordError(
            _("This record has version %(version)s; this site reads version %(supported)d.")
            % {"version": data.get("version"), "supported": RECORD_VERSION}
        )
    try:
        rules = Rules.from_dict(data.get("rules"))
    except ValueError as error:
        raise RecordError(_("The record's rules are invalid: %(reason)s") % {"reason": error}) from None
    players = _players(data.get("players"))
    seed, first_seat = data.get("seed"), data.get("first_seat")
    if not _is_int(seed):
        raise RecordError(_("The seed must be a whole number."))
    if not _is_int(first_seat) or not 0 <= first_seat < len(players):
        raise RecordError(_("The first player must be one of the seats."))
    moves = data.get("moves")
    if not isinstance(moves, list) or not all(isinstance(move, str) for move in moves):
        raise RecordError(_("The moves must be a list of move texts."))
    winner, places = _result(data.get("result"), len(players))
    preset = data.get("preset") or rules.preset_name() or DEFAULT_PRESET
    if preset not in PRESETS:
        raise RecordError(_("There is no rules preset called “%(preset)s”.") % {"preset": preset})
    return Record(
        table_name=str(data.get("table") or ""),
        preset=preset,
        rules=rules,
        players=players,
        seed=seed,
        first_seat=first_seat,
        moves=tuple(moves),
        winner=winner,
        places=places,
        started_at=_moment(data.get("started_at")),
        finished_at=_moment(data.get("finished_at")),
    )


def replay_moves(record):
    """Every state of the recorded game, from the deal on; refuses the first illegal move."""
    states = [new_game(record.rules, record.player_count, record.seed, record.first_seat)]
    for number, text in enumerate(record.moves, start=1):
        try:
            states.append(states[-1].apply(text))
        except IllegalMove as error:
            raise RecordError(
                _("Move %(number)d (“%(move)s”) is not allowed: %(reason)s")
                % {"number": number, "move": text, "reason": error}
            ) from None
    return states


def check_result(record, final_state, left, bots):
    """The places and winner the moves give, as the site would store them; refuses a game the
    moves leave unfinished or a result other than the record's.

    A game may stop before the engine's end only when resignations ended it: fewer than two
    players remained, or only bots (``bots[seat]``), as ``games.services`` decides."""
    remaining = [seat for seat in range(record.player_count) if seat not in left]
    if not final_state.finished and not (len(remaining) < 2 or all(bots[seat] for seat in remaining)):
        raise RecordError(_("The moves stop before the end of the game."))
    places = final_places(final_state, left)
    firsts = [seat for seat, place in enumerate(places) if place == 1]
    winner = firsts[0] if len(firsts) == 1 else None
    if tuple(places) != record.places or winner != record.winner:
        raise RecordError(
            _(
                "The result does not match the moves: the record gives places %(claimed)s and "
                "winner %(claimed_winner)s, the moves give places %(places)s and winner %(winner)s."
            )
            % {
                "claimed": list(record.places),
                "claimed_winner": _seat_words(record.winner),
                "places": places,
                "winner": _seat_words(winner),
            }
        )
    return places, winner


def _players(value):
    if not isinstance(value, list) or not MIN_SEATS <= len(value) <= MAX_SEATS:
        raise RecordError(
            _("A game has %(low)d to %(high)d players.") % {"low": MIN_SEATS, "high": MAX_SEATS}
        )
    players = []
    for seat, entry in enumerate(value):
        if not isinstance(entry, dict) or not isinstance(entry.get("username"), str) or not entry["username"]:
            raise RecordError(_("Every player needs a username."))
        if entry.get("seat", seat) != seat:
            raise RecordError(_("The players must be listed in seat order, from seat 0."))
        players.append(RecordPlayer(username=entry["username"], left=entry.get("left") is True))
    if len({player.username for player in players}) != len(players):
        raise RecordError(_("A player appears twice in the record."))
    return tuple(players)


def _result(value, player_count):
    if not isinstance(value, dict):
        raise RecordError(_("The record has no result."))
    winner, places = value.get("winner"), value.get("places")
    if winner is not None and not (_is_int(winner) and 0 <= winner < player_count):
        raise RecordError(_("The winner must be one of the seats, or null."))
    if not (isinstance(places, list) and len(places) == player_count and all(_is_int(p) for p in places)):
        raise RecordError(_("The result needs one place for every player."))
    return winner, tuple(places)


def _moment(value):
    if value is None:
        return None
    try:
        moment = parse_datetime(value) if isinstance(value, str) else None
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:
        raise RecordError(_("“%(value)s” is not a date and time with a time zone.") % {"value": value})
    return moment


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _seat_words(seat):
    return _("none") if seat is None else _("seat %(seat)d") % {"seat": seat}

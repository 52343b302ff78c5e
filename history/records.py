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
from before resignations were moves have none); ``winner`` is a seat or null. The shape is
declared in ``history.record_schema``. Every refusal is a ``RecordError`` whose message says
what is wrong.
"""

import json
from dataclasses import dataclass
from datetime import datetime

from django.utils.translation import gettext as _
from pydantic import ValidationError

from games.engine import IllegalMove, Rules, new_game
from games.engine.results import final_places
from games.engine.rules import DEFAULT_PRESET
from games.text.refusals import explain
from history.record_refusals import refusal
from history.record_schema import RecordDocument

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


def export_record(game, players=None, moves=None):
    """The record of a finished ``game`` (a JSON-safe dict). ``players`` (in seat order, with
    their users) and ``moves`` (the texts in order) may be given by a reader that fetched
    them for many games at once (privacy's export); else they are read here."""
    if players is None:
        players = list(game.players.select_related("user").order_by("seat"))
    if moves is None:
        moves = list(game.moves.order_by("index").values_list("text", flat=True))
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
        "moves": list(moves),
        "result": {"winner": game.winner, "places": [p.place for p in players]},
        "started_at": game.created_at.isoformat(),
        "finished_at": game.finished_at.isoformat() if game.finished_at else None,
    }


def parse_record(document):
    """Check a record against its schema (``history.record_schema``) and read it into a
    ``Record``; the moves are not replayed yet. ``document`` is the record's JSON text
    (bytes or str), or the dict it decodes to."""
    if not isinstance(document, (bytes, str)):
        document = json.dumps(document)
    try:
        data = RecordDocument.model_validate_json(document)
    except ValidationError as error:
        raise RecordError(refusal(error.errors(include_url=False)[0])) from None
    if data.version != RECORD_VERSION:
        raise RecordError(
            _("This record has version %(version)s; this site reads version %(supported)d.")
            % {"version": data.version, "supported": RECORD_VERSION}
        )
    try:
        rules = Rules.from_dict(data.rules.model_dump(exclude_unset=True))
    except ValueError as error:
        raise RecordError(_("The record's rules are invalid: %(reason)s") % {"reason": error}) from None
    players = _players(data.players)
    if data.first_seat >= len(players):
        raise RecordError(_("The first player must be one of the seats."))
    if len(data.result.places) != len(players) or (data.result.winner or 0) >= len(players):
        raise RecordError(_("The result needs one place for every player, and a winner among them."))
    return Record(
        table_name=data.table,
        preset=data.preset or rules.preset_name() or DEFAULT_PRESET,
        rules=rules,
        players=players,
        seed=data.seed,
        first_seat=data.first_seat,
        moves=tuple(data.moves),
        winner=data.result.winner,
        places=tuple(data.result.places),
        started_at=data.started_at,
        finished_at=data.finished_at,
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
                % {"number": number, "move": text, "reason": explain(error)}
            ) from None
    return states


def check_result(record, final_state, left, bots):
    """The places and winner the moves give, as the site would store them; refuses a game the
    moves leave unfinished or a result other than the record's.

    A game may stop before the engine's end only when resignations ended it: fewer than two
    players remained, or only bots (``bots[seat]``), as ``games.play`` decides."""
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


def _players(entries):
    if any(entry.seat not in (None, seat) for seat, entry in enumerate(entries)):
        raise RecordError(_("The players must be listed in seat order, from seat 0."))
    players = tuple(RecordPlayer(username=entry.username, left=entry.left) for entry in entries)
    if len({player.username for player in players}) != len(players):
        raise RecordError(_("A player appears twice in the record."))
    return players


def _seat_words(seat):
    return _("none") if seat is None else _("seat %(seat)d") % {"seat": seat}

"""The declared shape of a game record (see ``history.records``), checked by pydantic.

The JSON text itself is parsed by pydantic (jiter): nesting is capped, lone surrogates and
malformed text are refused, JSON numbers are never strings and never booleans (strict
mode). The rules' part is built from the engine's ``OPTIONS``, so a new option is accepted
(and checked) here as soon as the engine has it. The engine and the replay then check
what a schema cannot: the rules' combinations, every move, the result.
"""

from datetime import UTC, datetime, timedelta
from typing import Annotated, Literal

from pydantic import (
    AfterValidator,
    AwareDatetime,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    create_model,
)

from games.engine.rules import OPTIONS, OPTIONS_BY_NAME, PRESETS
from games.models import MAX_SEATS, MIN_SEATS, Move, Table

SEED_LOW, SEED_HIGH = -(2**63), 2**63 - 1  # the seed column is a signed 64-bit integer
MAX_MOVES = OPTIONS_BY_NAME["max_turns"].high  # no game runs past the highest turn limit
TABLE_NAME_LENGTH = Table._meta.get_field("name").max_length
MOVE_LENGTH = Move._meta.get_field("text").max_length
NO_CONTROLS = r"^[^\x00-\x1f\x7f]*$"


def text(max_length: int, min_length: int = 0):
    """A JSON string without control characters (no NUL: PostgreSQL refuses it)."""
    return Annotated[StrictStr, Field(min_length=min_length, max_length=max_length, pattern=NO_CONTROLS)]


EARLIEST = datetime(2000, 1, 1, tzinfo=UTC)


def _plausible(moment: datetime) -> datetime:
    """A game's time is from this century and not in the future (a day's grace for clocks);
    this also keeps it inside every database's range once in UTC."""
    if not EARLIEST <= moment <= datetime.now(UTC) + timedelta(days=1):
        raise ValueError("not between 2000 and today")
    return moment


Moment = Annotated[AwareDatetime, AfterValidator(_plausible)]
Seat = Annotated[StrictInt, Field(ge=0, lt=MAX_SEATS)]


class Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


def _option_type(option):
    if option.kind == "bool":
        return StrictBool
    if option.kind == "int":
        ranged = Annotated[StrictInt, Field(ge=option.low, le=option.high)]
        return ranged if option.off is None else Literal[option.off] | ranged
    if option.kind == "ranks":
        return Annotated[list[Literal[option.choices]], Field(max_length=len(option.choices))]
    return Literal[option.choices]


RecordRules = create_model(
    "RecordRules",
    __base__=Strict,
    preset=(Literal[tuple(PRESETS)] | None, None),
    **{option.name: (_option_type(option) | None, None) for option in OPTIONS},
)


class RecordPlayer(Strict):
    seat: Seat | None = None
    username: text(150, min_length=1)
    name: text(150) = ""
    bot: text(20) = ""
    left: StrictBool = False


class RecordResult(Strict):
    winner: Seat | None
    places: Annotated[list[Annotated[StrictInt, Field(ge=1, le=MAX_SEATS)]], Field(max_length=MAX_SEATS)]


class RecordDocument(Strict):
    format: Literal["kadi-game-record"]
    version: StrictInt
    table: text(TABLE_NAME_LENGTH) = ""
    preset: Literal[tuple(PRESETS)] | None = None
    rules: RecordRules
    players: Annotated[list[RecordPlayer], Field(min_length=MIN_SEATS, max_length=MAX_SEATS)]
    seed: Annotated[StrictInt, Field(ge=SEED_LOW, le=SEED_HIGH)]
    first_seat: Seat
    moves: Annotated[list[text(MOVE_LENGTH)], Field(max_length=MAX_MOVES)]
    result: RecordResult
    started_at: Moment | None = None
    finished_at: Moment | None = None

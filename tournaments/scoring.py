"""A tournament game's points (docs/rules.md, "Tournaments"), pure Python for the result
writes, the docs' worked example and the tests.

Place ``p`` of ``n`` players scores ``12 * (n - p) / (n - 1)``: 12 for the winner, 0 for the
last, evenly between, so every table size is worth 6 points a player on average (a 2-seat
and a 5-seat table alike). A player who resigned or left, or lost on time, scores nothing.
The streak bonus (lichess's fire): after two wins in a row, every game scores double until
one that is not a win; that game's own points are still doubled, the next are not.
"""

from dataclasses import dataclass

TOP = 12  # the winner's points, at any table size
ON_FIRE_AFTER = 2  # wins in a row before points are doubled

RESIGNED, TIMEOUT, ABANDONED = "resigned", "timeout", "abandoned"  # ``Result.lost_by``


def place_points(place: int, players: int) -> int:
    """The points of ``place`` (1 first) among ``players``: a whole number for 2 to 5 players."""
    if players < 2 or not 1 <= place <= players:
        raise ValueError(f"no place {place} among {players} players")
    return TOP * (players - place) // (players - 1)


def on_fire(streak: int) -> bool:
    """Whether a player with ``streak`` wins in a row before this game scores double in it."""
    return streak >= ON_FIRE_AFTER


@dataclass(frozen=True)
class Score:
    """One player's game: the points it scores, whether doubled, and the wins in a row after it."""

    points: int
    doubled: bool
    streak: int
    won: bool


def score(place: int, players: int, streak: int, lost_by: str = "") -> Score:
    """The score of finishing ``place`` of ``players`` with ``streak`` wins in a row before;
    ``lost_by`` (``RESIGNED``, ``TIMEOUT``): no points, and the streak ends."""
    if lost_by:
        return Score(points=0, doubled=False, streak=0, won=False)
    points = place_points(place, players)
    doubled = on_fire(streak) and points > 0
    won = place == 1
    return Score(
        points=points * 2 if doubled else points, doubled=doubled, streak=streak + 1 if won else 0, won=won
    )

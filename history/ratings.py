"""Ratings: openskill's Plackett-Luce model as pure functions (no database).

A rating is ``(mu, sigma)``; the conservative rating ranked by is the ordinal
``mu - 3 * sigma``, 0 for a newcomer. Pages show it on the familiar Elo-like scale of
lichess and Board Game Arena: ``display(ordinal)``, 1500 for a newcomer, in whole points
(stored values stay openskill's, so the scale can change without touching the database).
Ranks are the final places of RULES.md section 6
(1 = first; equal places are ties), as ``games.play`` stores them: a player who left
counts as last, and a game that hit ``max_turns`` is a draw among everyone still playing.
"""

import math
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
# Provisional until both hold: this many rated games, and an uncertainty no larger than this
# (a newcomer's sigma is 25/3 ≈ 8.33; each informative game lowers it).
PROVISIONAL_GAMES = 5
PROVISIONAL_SIGMA = 8.0
# The display scale: a newcomer's ordinal (0) is 1500; one point of openskill's mu is 20
# points here, so one game moves an established player by a few to a few dozen points,
# about what an Elo-rated game does.
DISPLAY_BASE = 1500
DISPLAY_SCALE = 20


@dataclass(frozen=True)
class Skill:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


NEWCOMER = Skill(MODEL.mu, MODEL.sigma)


def rate(skills: list[Skill], places: list[int]) -> list[Skill]:
    """New skills after one game, each player a team of one; ``places[i]`` is player i's
    final place (lower is better, equal places tie)."""
    if len(skills) != len(places) or len(skills) < 2:
        raise ValueError("a rated game needs two or more players, each with a place")
    teams = [[MODEL.rating(mu=skill.mu, sigma=skill.sigma)] for skill in skills]
    rated = MODEL.rate(teams, ranks=list(places))
    return [Skill(team[0].mu, team[0].sigma) for team in rated]


def is_provisional(games: int, sigma: float) -> bool:
    return games < PROVISIONAL_GAMES or sigma > PROVISIONAL_SIGMA


def display(ordinal: float) -> int:
    """An ordinal on the display scale, rounded half up (not truncated): 0 -> 1500."""
    return math.floor(DISPLAY_BASE + DISPLAY_SCALE * ordinal + 0.5)


def display_change(before: float, after: float) -> int:
    """A rating change in display points: the difference of the two shown ratings, so that
    "1512 (+12)" always adds up."""
    return display(after) - display(before)

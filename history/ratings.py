"""Ratings: openskill's Plackett-Luce model as pure functions (no database).

A rating is ``(mu, sigma)``; the conservative rating shown and ranked by is the ordinal
``mu - 3 * sigma``, 0 for a newcomer. Ranks are the final places of RULES.md section 6
(1 = first; equal places are ties), as ``games.services`` stores them: a player who left
counts as last, and a game that hit ``max_turns`` is a draw among everyone still playing.
"""

from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
# Provisional until both hold: this many rated games, and an uncertainty no larger than this
# (a newcomer's sigma is 25/3 ≈ 8.33; each informative game lowers it).
PROVISIONAL_GAMES = 5
PROVISIONAL_SIGMA = 8.0


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

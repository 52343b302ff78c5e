"""The bot levels, defined here once: their names (stored in ``User.bot_level``), labels and,
for the levels that search, the search's budget. ``accounts.models.User.BotLevel`` and the
table's "add a bot" menu are built from ``LEVELS``; the labels are English, translated where
they are shown (``games.text.engine_texts`` hands them to makemessages, as the engine's texts).
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Budget:
    """What a search level may spend on one move."""

    iterations: int  # playouts per move: the figure that makes choices reproducible
    seconds: float  # a cap on the CPU time per move, in case a position is slow


@dataclass(frozen=True)
class Level:
    name: str  # stored in User.bot_level: never rename one
    label: str
    short: str  # the label without "bot", for a seat on a phone: "greedy" (a seat is ~75 px wide)
    budget: Budget | None = None  # the search's, None for a level that does not search


DEFINED = (  # weakest first
    Level("random", "random bot", "random"),
    Level("greedy", "greedy bot", "greedy"),
    Level("clever", "clever bot", "clever", Budget(400, 1.0)),
    Level("expert", "expert bot", "expert", Budget(1500, 3.0)),
)
LEVELS = tuple(level.name for level in DEFINED)
BUDGETS = {level.name: level.budget for level in DEFINED if level.budget is not None}
LABELS = {level.name: level.label for level in DEFINED}
SHORT_LABELS = {level.name: level.short for level in DEFINED}
CHOICES = [(level.name, level.label) for level in DEFINED]  # English: translated where shown
FIRST_GAME = "greedy"  # the level a new player meets first ("Play bots now"): beatable, not random


def searches(level: str) -> bool:
    """Whether bots of ``level`` search (and so read the game's earlier moves)."""
    return level in BUDGETS

"""The Kadi rules engine: pure Python, no Django; the only place that knows the rules.

from games.engine import Rules, State, Move, IllegalMove, new_game, replay
"""

from .moves import IllegalMove, Move
from .rules import Rules
from .state import State, new_game, replay

__all__ = ["IllegalMove", "Move", "Rules", "State", "new_game", "replay"]

"""The Kadi rules engine: pure Python, no Django; the only place that knows the rules.

from games.engine import Rules, State, Move, IllegalMove, new_game, replay

``COMPILED`` says whether the Cython build of the hot modules is in use (see ``compiled``).
"""

from .compiled import use_compiled

COMPILED = use_compiled(__path__)

from .moves import IllegalMove, Move  # noqa: E402  (after choosing compiled or pure modules)
from .rules import Rules  # noqa: E402
from .state import State, new_game, replay  # noqa: E402

__all__ = ["COMPILED", "IllegalMove", "Move", "Rules", "State", "new_game", "replay"]

"""The apps' imports point one way: history builds on games, games never imports history
(a finished game reaches history through ``games.signals.game_finished``)."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def imported_modules(path):
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.module


def test_games_never_imports_history():
    offenders = [
        (str(path.relative_to(ROOT)), module)
        for path in (ROOT / "games").rglob("*.py")
        for module in imported_modules(path)
        if module == "history" or module.startswith("history.")
    ]
    assert offenders == []

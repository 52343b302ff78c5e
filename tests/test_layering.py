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


def test_only_the_wiring_and_the_entry_points_import_the_live_layer():
    """engine ← services ← live layer: the games app reaches its websockets only through
    ``games.signals.table_changed`` (connected in ``GamesConfig.ready``)."""
    entry_points = {"games/apps.py", "kadi_site/asgi.py", "api/streams.py", "api/views.py"}
    offenders = [
        (str(path.relative_to(ROOT)), module)
        for folder in ("games", "history", "accounts", "api", "kadi_site")
        for path in (ROOT / folder).rglob("*.py")
        if "live" not in path.relative_to(ROOT).parts and str(path.relative_to(ROOT)) not in entry_points
        for module in imported_modules(path)
        if module == "games.live" or module.startswith("games.live.")
    ]
    assert offenders == []

"""The site's ASGI application for the daphne processes a test starts: when the test named a
source of game seeds (``servers.GAME_SEEDS_VARIABLE``, set by tests/conftest.py's ``game_seeds``), the
games started in the server are dealt from it as the test's own are (games.play.seeds), so a
test played through a server deals the same cards on every run."""

import os

from games.play import seeds
from kadi_site.asgi import application
from tests.realtime.servers import GAME_SEEDS_VARIABLE

if os.environ.get(GAME_SEEDS_VARIABLE):
    seeds.draw_from(os.environ[GAME_SEEDS_VARIABLE])

__all__ = ["application"]

"""examples/bot_client.py, run as its own process against a daphne server, plays a whole
game against a server bot: it hears of the game on the event stream, follows the game's
stream, and makes every one of its moves through the API."""

import os
import subprocess
import sys

import pytest
from django.db import connection

from api.tokens import create_token
from games.models import Game
from games.play.starts import start_game
from games.play.tables import add_bot, create_table
from tests.realtime.servers import ROOT, DaphneServer, database_url

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not os.environ.get("DATABASE_URL", "").startswith("postgres"),
        reason="needs PostgreSQL (DATABASE_URL): the daphne process must share the test database; "
        ".ci/run runs the suite a second time with it",
    ),
]
GAME_WITHIN = 180  # seconds


@pytest.fixture
def daphne(tmp_path):
    env = {
        "DATABASE_URL": database_url(connection.settings_dict),
        "DJANGO_SETTINGS_MODULE": "tests.api.server_settings",
    }
    with open(tmp_path / "daphne.log", "w+") as log:
        server = DaphneServer(env, log=log).start()
        yield server
        server.stop()
        log.seek(0)
        assert "Traceback" not in log.read()


def test_the_example_client_plays_a_whole_game_against_a_bot(daphne, user):
    table = create_table(user, "Bot practice", 2, "classic")
    add_bot(table, "greedy", by_user=user)
    game = start_game(table, user)
    token = create_token(user, "example client")[1]

    command = [sys.executable, "examples/bot_client.py", "--server", daphne.http_url, "--token", token]
    client = subprocess.run(
        [*command, "--games", "1"], cwd=ROOT, capture_output=True, text=True, timeout=GAME_WITHIN
    )

    assert client.returncode == 0, client.stderr
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    played = [line.split(": played ")[1] for line in client.stdout.splitlines() if ": played " in line]
    seat_0 = list(game.moves.filter(seat=0).order_by("index").values_list("text", flat=True))
    assert played and [m for m in seat_0 if m != "accept"] == [m for m in played if m != "accept"]
    # (the server makes a forced accept itself, at once)
    assert f"game {game.pk} over" in client.stdout
    assert not game.players.filter(left=True).exists()  # played to the end, nobody resigned

"""The bot API on the production topology (``make prod``: two daphne workers behind HAProxy,
sharing only PostgreSQL and Redis), every request through the balancer, as an outside
program makes them: a game stream on one worker sees a move made through the other, and
examples/bot_client.py plays a whole game of more than a minute at a table whose other
seats change every few seconds, its streams never quiet for as long as its read timeout.

The balancer gives each new stream to the worker with the fewest open (leastconn): a
second stream opened while the first is open goes to the other worker. A stream whose
client went away ends when its next line cannot be written (at the next keep-alive at the
latest), and the balancer logs it then: each test waits for that, so that no stream is
left for the workers to kill when the topology stops."""

import importlib.util
import json
import subprocess
import sys
import threading
import time
import urllib.request

import pytest
from channels.layers import channel_layers
from django.db import connections

from api.tokens import create_token
from games.models import Game
from games.play.starts import start_game
from games.play.tables import create_table, leave_seat, take_seat
from tests.games.helpers import put_position
from tests.realtime.helpers import launches_make_prod, needs_shared_stack
from tests.realtime.servers import ROOT
from tests.realtime.test_topology import topology  # noqa: F401 (the module's make prod)

pytestmark = [pytest.mark.django_db(transaction=True), needs_shared_stack, launches_make_prod]
EXAMPLE = ROOT / "examples" / "bot_client.py"
GAME_WITHIN = 240  # seconds: the whole game, with the opponent's slow turns
OPPONENT_THINKS = 13  # seconds before each of the opponent's draws: more than the client's read timeout
SEATS_CHANGE_EVERY = 2  # seconds
KEEPALIVE = 5  # seconds: the workers' API_KEEPALIVE_SECONDS (the default)


def _example():
    """examples/bot_client.py as a module (its ``Api``: an outside program's client)."""
    spec = importlib.util.spec_from_file_location("bot_client", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


bot_client = _example()


@pytest.fixture(autouse=True)
def api_settings():
    """Not tests/api/conftest.py's in-memory channel layer: this process's changes (the
    seats taken and left) must reach the workers through Redis."""
    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


def wait_until_ended(balanced, request, count):
    """Until the balancer of ``balanced`` (a Topology) has logged ``count`` requests
    ``request`` ("GET /api/..."): it logs each as it ends."""
    logged = f'"{request} HTTP/1.1"'
    balanced._wait_for(lambda: balanced.output().count(logged) >= count, 3 * KEEPALIVE, f"end of {request}")


class Stream:
    """An NDJSON stream through the balancer, read with the example client's timeout."""

    def __init__(self, server, path, token):
        request = urllib.request.Request(server + path, headers={"Authorization": f"Bearer {token}"})
        self.response = urllib.request.urlopen(request, timeout=bot_client.READ_TIMEOUT)
        self.worker = self.response.headers["X-Kadi-Worker"]

    def next(self):
        while True:
            raw = self.response.readline()
            if raw.strip():
                return json.loads(raw)

    def close(self):
        self.response.close()


def test_a_stream_on_one_worker_sees_a_move_made_through_the_other(topology, game, user, baraka):  # noqa: F811
    tokens = [create_token(player, "bot")[1] for player in (user, baraka)]
    streams = [Stream(topology.http_url, f"/api/bot/game/stream/{game.pk}", token) for token in tokens]
    try:
        assert {stream.worker for stream in streams} == {"w1", "w2"}
        assert [stream.next()["type"] for stream in streams] == ["gameFull", "gameFull"]
        api = [bot_client.Api(topology.http_url, token) for token in tokens]
        for seat, move in ((0, "7H"), (1, "9H")):
            status, answer = api[seat].post(f"/api/bot/game/{game.pk}/move/{move}")
            assert status == 200 and answer["index"] == seat, answer
            for stream in streams:  # one of them on the worker that did not take the move
                assert stream.next()["moves"] == [{"index": seat, "seat": seat, "move": move}]
    finally:
        for stream in streams:
            stream.close()
    wait_until_ended(topology, f"GET /api/bot/game/stream/{game.pk}", 2)


def opponent(server, token, game_id, stop, failures):
    """baraka's program: on each turn it thinks OPPONENT_THINKS seconds and draws (then
    passes, when it may play the drawn card), so that the game lasts."""
    try:
        api = bot_client.Api(server, token)
        for frame in api.stream(f"/api/bot/game/stream/{game_id}"):
            if frame["status"] != "running" or stop.is_set():
                return
            if not frame["your_turn"]:
                continue
            legal = frame["legal_moves"]
            move = "draw" if "draw" in legal else "pass" if "pass" in legal else legal[0]
            if move == "draw" and stop.wait(OPPONENT_THINKS):
                return
            path = f"/api/bot/game/{game_id}/move/{bot_client.url_form(move)}?seq={frame['seq']}"
            status, answer = api.post(path)
            assert status == 200, answer
    except Exception as error:  # the test fails with it
        failures.append(repr(error))
    finally:
        connections.close_all()


def change_seats(table, visitors, stop, failures):
    """Visitors take a free seat (for the next game) and leave it, one after the other."""
    try:
        while not stop.is_set():
            for visitor in visitors:
                take_seat(table, visitor)
                stop.wait(SEATS_CHANGE_EVERY / 2)
                leave_seat(table, visitor)
                stop.wait(SEATS_CHANGE_EVERY / 2)
    except Exception as error:
        failures.append(repr(error))
    finally:
        connections.close_all()


def test_the_example_client_plays_a_long_game_at_a_busy_table_without_timing_out(
    topology, user, baraka, make_user  # noqa: F811
):
    """Six turns of one card for the example client, each after 13 s of the opponent's:
    over a minute, in which seats change every 2 s. The client reads its streams with a
    10 s timeout: one quiet that long ends it with TimeoutError."""
    table = create_table(user, "Busy table", 4, "friendly")
    take_seat(table, baraka)
    game = start_game(table, user)
    put_position(game, hands=("4H 5H 6H 7H 9H 10H", "4C 5C 6C 7C 9C 10C"), discard=("9D",), turn=0)
    client_token, opponent_token = (create_token(player, "bot")[1] for player in (user, baraka))
    visitors = [make_user(f"visitor{n}") for n in range(2)]
    stop, failures = threading.Event(), []
    helpers = [
        threading.Thread(target=opponent, args=(topology.http_url, opponent_token, game.pk, stop, failures)),
        threading.Thread(target=change_seats, args=(table, visitors, stop, failures)),
    ]
    started = time.monotonic()
    for thread in helpers:
        thread.start()
    try:
        command = [sys.executable, str(EXAMPLE), "--server", topology.http_url, "--token", client_token]
        client = subprocess.run(
            [*command, "--games", "1"], cwd=ROOT, capture_output=True, text=True, timeout=GAME_WITHIN
        )
    finally:
        stop.set()
        for thread in helpers:
            thread.join()
    took = time.monotonic() - started

    assert client.returncode == 0, client.stdout + client.stderr
    assert failures == []
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.winner == 0
    assert took > 60 and f"game {game.pk} over" in client.stdout
    assert len([line for line in client.stdout.splitlines() if ": played " in line]) == 6
    wait_until_ended(topology, "GET /api/stream/event", 1)

"""Whole games over websockets, 2 to 5 players (bots and scripted players), with spectators:
every frame every connection received is kept, and none may reveal what its viewer may
not see — another player's cards, the draw pile, the seed."""

import asyncio
import random

import pytest
from channels.db import database_sync_to_async

from games import bots
from games.engine import Rules, replay
from games.models import Game
from games.play.starts import start_game
from games.play.tables import add_bot, create_table, take_seat
from games.text.cards import sorted_hand
from tests.realtime.helpers import open_client

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def no_message_budget(settings):
    """The scripted players move as fast as the server answers, far above the budget a
    person's socket gets (its own tests are in test_consumer); here a long game must not
    end with the socket closed."""
    settings.LIVE_MESSAGE_BURST = 100_000

# players, preset, how many of them are scripted people (the rest are bots)
TABLES = [(2, "classic", 2), (3, "friendly", 2), (4, "bomb-ni-bomb", 2), (5, "rulebook", 3)]
TURN_LIMIT = 150  # games end by then, with or without a winner


@database_sync_to_async
def set_up(make_user, players, preset, people):
    users = [make_user(f"player{n}") for n in range(people)]
    table = create_table(users[0], f"{players} at {preset}", players, preset)
    table.rule_overrides = {"max_turns": TURN_LIMIT}
    table.save()
    for person in users[1:]:
        take_seat(table, person)
    for n in range(players - people):
        add_bot(table, ("greedy", "random")[n % 2])
    watcher = make_user("watcher")
    return table, users, watcher


@database_sync_to_async
def choose(game_id, rng):
    state = Game.objects.get(pk=game_id).engine_state()
    return str(bots.choose_move(state, "greedy", rng))


async def play_out(client, game_id, seed):
    """Receive until the result; a person plays (a greedy choice) whenever it is their turn."""
    rng = random.Random(seed)
    played = set()
    frame = client.frames[0]  # received on connecting
    while True:
        if frame.sync and "results" in frame.html:
            return
        if frame.your_turn and frame.sync[1] not in played:
            played.add(frame.sync[1])
            await client.move(await choose(game_id, rng), seq=frame.sync[1])
        frame = await client.receive()


def check_frames(client, seat, game, states, moves):
    """Every frame ``client`` got shows only its own hand and what was public at the time."""
    seed = str(game.seed)
    for frame in client.frames:
        assert seed not in frame.html
        assert "draw_pile" not in frame.html and "hands" not in frame.html
        if frame.sync is None:
            assert frame.cards == [], frame  # presence and chat frames show no cards
            continue
        assert frame.sync[0] == game.pk
        state = states[frame.sync[1]]  # no resignations: the event number is the move count
        view = state.view(seat)
        own = view["hand"] or []
        public = set(view["discard_pile"])
        for text in moves[: frame.sync[1]]:
            public.update(word for word in text.split() if word[0] not in "!@" and word not in (
                "draw", "accept", "pass"))
        if state.finished:
            public.update(card for hand in view["hands"] for card in hand)
        delta = "data-after" in frame.ids["table-sync"]  # sends the hand only when it changed
        if not delta or "move-form" in frame.ids:
            assert frame.hand == ([] if state.finished else sorted_hand(own))
        hidden = set(frame.cards) - public - set(own)
        assert not hidden, f"seat {seat} saw {hidden} at event {frame.sync[1]}"


@pytest.mark.parametrize(("players", "preset", "people"), TABLES)
async def test_no_frame_reveals_hidden_cards(make_user, players, preset, people):
    table, users, watcher = await set_up(make_user, players, preset, people)
    game = await database_sync_to_async(start_game)(table, users[0])
    clients = [await open_client(table.pk, person) for person in users]
    spectators = [await open_client(table.pk, watcher), await open_client(table.pk)]

    async with asyncio.timeout(60):
        await asyncio.gather(*(play_out(c, game.pk, n) for n, c in enumerate(clients + spectators)))

    game = await database_sync_to_async(Game.objects.get)(pk=game.pk)
    assert game.status == Game.Status.FINISHED
    moves = await database_sync_to_async(lambda: list(game.moves.values_list("text", flat=True)))()
    states = replay(Rules.from_dict(game.rules), game.player_count, game.seed, moves, game.first_seat)
    for seat, client in enumerate(clients):
        check_frames(client, seat, game, states, moves)
    for client in spectators:
        check_frames(client, None, game, states, moves)
    assert sum(len(c.frames) for c in clients + spectators) > len(moves)
    for client in clients + spectators:
        await client.close()

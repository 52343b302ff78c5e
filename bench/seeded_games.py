"""What the live-table benchmarks share: their command line, the players and watchers of a
table (of four unless told: up to ten on two decks), and seeded games played move by move
(greedy's moves from a seeded generator, on deals from fixed seeds), so that two versions of
the code meet the same positions and the same frames.
"""

import argparse
import random

from django.conf import settings
from django.utils import translation

from accounts.models import User
from games import bots
from games.engine import Rules, new_game
from games.live import frames, readings
from games.models import Game
from games.play.moves import submit_table_move
from games.play.starts import start_game
from games.play.tables import create_table, take_seat

PLAYERS = 4


def arguments(doc, moves, spectators, more=()):
    """The command line of a bench whose docstring is ``doc``: ``--moves``, ``--spectators``,
    ``--language`` (the default ones given) and ``more``, (flag, options) pairs; Django is
    set for it (its language active, a table allowed for every game)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--moves", type=int, default=moves)
    parser.add_argument("--spectators", type=int, default=spectators)
    parser.add_argument("--language", default="en")
    for flag, options in more:
        parser.add_argument(flag, **options)
    args = parser.parse_args()
    translation.activate(args.language)
    settings.TABLES_PER_HOUR = 10**9  # a table for each game
    return args


def make_users(spectators, players=PLAYERS):
    """The players and the watchers: ``players`` users, then ``spectators``."""
    people = [User.objects.create_user(f"p{n}", password=None) for n in range(players)]
    return people + [User.objects.create_user(f"w{n}", password=None) for n in range(spectators)]


def make_people(spectators, players=PLAYERS):
    """The players, and every viewer of the games (the players and the watchers) as a socket sees them."""
    users = make_users(spectators, players)
    return users[:players], [frames.Viewer({"user": person}) for person in users]


def dealt(people, seed, decks=1):
    """A new table's game for ``people``, on ``decks`` decks, dealt from ``seed`` (``start_game``
    draws a secret one)."""
    overrides = {"decks": decks} if decks > 1 else None
    table = create_table(people[0], f"Bench {seed}", len(people), "classic", rule_overrides=overrides)
    for person in people[1:]:
        take_seat(table, person)
    game = start_game(table, people[0])
    state = new_game(Rules.from_dict(game.rules), players=game.player_count, seed=seed, first=game.first_seat)
    Game.objects.filter(pk=game.pk).update(seed=seed, state=state.to_dict(), turn=state.turn)
    return Game.objects.get(pk=game.pk)


def played(people, moves, seed, started=None, decks=1):
    """The game after each of ``moves`` moves of seeded games, new games dealt as they end,
    each game's table read once (as by a new game's first frame) before its first move, and
    ``started(game)`` called then, if given (to show the viewers the new game's first frame)."""
    rng, made, games = random.Random(seed), 0, 0
    while made < moves:
        game = dealt(people, seed * 1000 + games, decks)
        games += 1
        readings.latest(game.table_id, (game.pk, game.seq))
        if started is not None:
            started(game)
        while game.is_running and made < moves:
            state = game.engine_state()
            mover = game.players.get(seat=state.turn).user
            move = bots.choose_move(state, "greedy", rng)
            submit_table_move(game.table_id, mover, str(move), f"{made}", game.seq)
            game.refresh_from_db()
            made += 1
            yield game

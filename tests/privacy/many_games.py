"""Many finished games at once, in bulk (the tests' hundreds, the benchmark's 10,000): each
a game of two with a few moves, rated, as history keeps them."""

from datetime import timedelta

from django.utils import timezone

from games.engine.rules import DEFAULT_PRESET, Rules
from games.models import Game, GamePlayer, Move, Table
from history.models import RatingChange

BATCH = 1000


MOVES = ("draw", "draw", "AS")


def seed_finished_games(player, opponent, count, moves=MOVES):
    """``count`` finished games of ``player`` (seat 0, the winner) against ``opponent``, each
    of ``moves`` (their texts)."""
    rules = Rules.preset(DEFAULT_PRESET).to_dict()
    table = Table.objects.create(name="Many", created_by=player, seat_count=2, preset=DEFAULT_PRESET)
    start = timezone.now() - timedelta(days=count)
    for first in range(0, count, BATCH):
        numbers = range(first + 1, min(first + BATCH, count) + 1)
        games = Game.objects.bulk_create(
            Game(
                table=table,
                number=n,
                rules=rules,
                preset=DEFAULT_PRESET,
                player_count=2,
                seed=n,
                first_seat=0,
                state={},
                status=Game.Status.FINISHED,
                winner=0,
                finished_at=start + timedelta(days=n),
            )
            for n in numbers
        )
        GamePlayer.objects.bulk_create(
            GamePlayer(game=game, seat=seat, user=user, place=seat + 1)
            for game in games
            for seat, user in enumerate((player, opponent))
        )
        Move.objects.bulk_create(
            Move(game=game, index=i, seat=i % 2, text=text)
            for game in games
            for i, text in enumerate(("draw", "draw", "AS"))
        )
        RatingChange.objects.bulk_create(
            RatingChange(
                game=game,
                user=player,
                place=1,
                played_at=game.finished_at,
                mu_before=25,
                sigma_before=8,
                ordinal_before=0,
                mu_after=26,
                sigma_after=7.9,
                ordinal_after=1,
            )
            for game in games
        )

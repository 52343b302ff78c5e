"""Leaderboard speed with 10,000 players and 100,000 rated games (issue 5).

Seeds a throwaway database (see django_support) with players, bots, finished games, their
players and places, and the ratings and rating changes that ``history.ratings`` gives
when the games are rated in order; then times the leaderboard page through Django's test
client: the median and 99th percentile over repeated requests, for each view (the 30-day
standings also with their one-minute cache emptied before every request).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/kadi .venv/bin/python bench/leaderboard.py
    ... --players 10000 --games 100000 --requests 200 --keep   # --keep: reuse the data next time

Figures are reported on issue 5, never asserted.
"""

import argparse
import platform
import random
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import connection
from django.utils import timezone
from django_support import (
    SUMMARY_HEADER,
    bench_database,
    client,
    describe_database,
    summary,
    timed_ms,
)

from games.engine import Rules
from games.engine.rules import PRESETS
from games.models import Game, GamePlayer, Table
from history import leaderboard
from history.models import Rating, RatingChange
from history.ratings import NEWCOMER, is_provisional, rate

DATABASE_NAME = "kadi_bench_leaderboard"
BOTS = 10
TABLES = 2000
YEAR = timedelta(days=365)
RETIRED_SHARE = 0.2  # players who stopped playing 150 days ago: left out as inactive
RETIRED_BEFORE = timedelta(days=150)
BATCH = 5000  # games per bulk insert


def seed(players, games, rng):
    """Players with a hidden skill, and ``games`` finished games over the last year, rated in order."""
    User = get_user_model()
    users = User.objects.bulk_create(
        [
            User(username=f"player-{n:05d}", password="!", bot_level="greedy" if n < BOTS else "")
            for n in range(players)
        ],
        batch_size=BATCH,
    )
    ids = [user.pk for user in users]
    bots = {user.pk for user in users if user.bot_level}
    skill = {pk: rng.gauss(0, 1) for pk in ids}
    retired = set(rng.sample(ids, int(RETIRED_SHARE * players)))
    still_playing = [pk for pk in ids if pk not in retired]
    tables = Table.objects.bulk_create(
        [Table(name=f"Table {n}", seat_count=5, preset=rng.choice(list(PRESETS))) for n in range(TABLES)]
    )
    rules = {name: Rules.preset(name).to_dict() for name in PRESETS}
    now = timezone.now()
    moments = sorted(now - YEAR * rng.random() for _ in range(games))
    skills = dict.fromkeys(ids, NEWCOMER)
    counts = dict.fromkeys(ids, 0)
    last_played = {}
    for start in range(0, games, BATCH):
        rows, seatings = [], []
        for number in range(start, min(start + BATCH, games)):
            moment = moments[number]
            pool = still_playing if moment > now - RETIRED_BEFORE else ids
            seated = rng.sample(pool, rng.randint(2, 5))
            places = _places([skill[pk] + rng.gauss(0, 1.5) for pk in seated])
            table = tables[number % TABLES]
            rows.append(
                Game(
                    table=table, number=number // TABLES + 1, rules=rules[table.preset],
                    player_count=len(seated), seed=number, first_seat=0, state={},
                    move_count=rng.randint(10, 300), status=Game.Status.FINISHED,
                    winner=places.index(1), finished_at=moment,
                )
            )
            seatings.append((seated, places, moment))
        created = Game.objects.bulk_create(rows)
        players_rows, changes = [], []
        for game, (seated, places, moment) in zip(created, seatings, strict=True):
            before = [skills[pk] for pk in seated]
            after = rate(before, places)
            for seat, (pk, place, old, new) in enumerate(zip(seated, places, before, after, strict=True)):
                players_rows.append(GamePlayer(game=game, seat=seat, user_id=pk, place=place))
                changes.append(
                    RatingChange(
                        game=game, user_id=pk, place=place, played_at=moment,
                        mu_before=old.mu, sigma_before=old.sigma, ordinal_before=old.ordinal,
                        mu_after=new.mu, sigma_after=new.sigma, ordinal_after=new.ordinal,
                    )
                )
                skills[pk] = new
                counts[pk] += 1
                last_played[pk] = moment
        GamePlayer.objects.bulk_create(players_rows)
        RatingChange.objects.bulk_create(changes)
        print(f"  seeded {start + len(rows):,} games", flush=True)
    Rating.objects.bulk_create(
        [
            Rating(
                user_id=pk, mu=skills[pk].mu, sigma=skills[pk].sigma, ordinal=skills[pk].ordinal,
                games=counts[pk], provisional=is_provisional(counts[pk], skills[pk].sigma),
                bot=pk in bots, last_played=last_played[pk],
            )
            for pk in ids
            if counts[pk]
        ],
        batch_size=BATCH,
    )
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")


def _places(performances):
    """Places from performances: the best first; equal performances share a place."""
    return [1 + sum(other > mine for other in performances) for mine in performances]


def explain(label, queryset):
    """PostgreSQL's plan and timing for ``queryset`` (a page of it)."""
    if connection.vendor != "postgresql":
        return
    sql, params = queryset.query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) {sql}", params)
        plan = [row[0] for row in cursor.fetchall()]
    print(f"\n{label}:")
    print("\n".join("    " + line for line in plan))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--requests", type=int, default=200, help="requests per view")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--keep", action="store_true", help="keep the database, and reuse its data")
    args = parser.parse_args()

    with bench_database(DATABASE_NAME, keep=args.keep):
        print(f"Database: {describe_database()}; Python {platform.python_version()}")
        if not Game.objects.exists():
            print(f"Seeding {args.players:,} players and {args.games:,} games...")
            seconds, _ = timed_ms(lambda: seed(args.players, args.games, random.Random(args.seed)))
            print(f"  seeded in {seconds / 1000:.1f} s")
        report(args.requests)


def report(requests):
    ranked = leaderboard.standings(leaderboard.ALL_TIME).rows
    recent = leaderboard.standings(leaderboard.RECENT).rows
    middle = ranked[ranked.count() // 2].user
    print(
        f"{get_user_model().objects.count():,} players, {Game.objects.count():,} games, "
        f"{RatingChange.objects.count():,} rating changes; ranked all time: {ranked.count():,}, "
        f"in the last 30 days: {len(recent):,}"
    )
    anonymous, signed_in = client(), client()
    signed_in.force_login(middle)
    url = "/leaderboard/"
    pages = ranked.count() // leaderboard.PAGE_SIZE
    cached, cold = False, True
    views = [
        ("all time, page 1", anonymous, {}, cached),
        (f"all time, page {pages // 2} (deep)", anonymous, {"page": pages // 2}, cached),
        ("all time, page 1, signed in (your rank)", signed_in, {}, cached),
        ("all time, people only, signed in", signed_in, {"kind": "humans"}, cached),
        ("30 days, page 1", anonymous, {"view": "30d"}, cached),
        ("30 days, page 1, signed in (your rank)", signed_in, {"view": "30d"}, cached),
        ("30 days, signed in, standings not cached", signed_in, {"view": "30d"}, cold),
    ]
    print(f"\nGET {url} through the test client, {requests} requests per view, after 5 to warm up")
    print(SUMMARY_HEADER)
    for label, who, query, clear_cache in views:
        for _ in range(5):
            who.get(url, query)
        times = []
        for _ in range(requests):
            if clear_cache:
                cache.clear()
            elapsed, response = timed_ms(lambda who=who, query=query: who.get(url, query))
            assert response.status_code == 200, response.status_code
            times.append(elapsed)
        print(summary(label, times))
    explain("All-time page query", ranked[: leaderboard.PAGE_SIZE])
    thirty_days = leaderboard.RecentGains.query(leaderboard.EVERYONE, timezone.now())
    explain("30-day query (every ranked player, paged in memory)", thirty_days)


if __name__ == "__main__":
    main()

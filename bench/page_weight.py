"""What a player on a phone downloads: the table page's first load (the page and every file
it links, as WhiteNoise serves them, compressed), a returning player's load (the files are
cached: hashed names, cached for a year and marked immutable, so only the page comes
again), and the bytes of each live frame over seeded games at a table of four.

The static files are collected into a temporary directory with the production storage
(``CompressedManifestStaticFilesStorage``) and served by WhiteNoise's middleware, so the
sizes and the ``Cache-Control`` headers are those production sends. The page is counted
as Django sends it (uncompressed: nothing in front of daphne compresses it) and gzipped,
for a proxy that would. The sounds are fetched on the first sound played, not on load:
they are listed apart. Frames go over a websocket without compression (daphne offers
none); their gzip size is shown for comparison.

    .venv/bin/python bench/page_weight.py --moves 300
"""

import argparse
import gzip
import random
import re
import statistics
import tempfile

from django.conf import settings
from django.core.management import call_command
from django.http import HttpResponseNotFound
from django.test import RequestFactory, override_settings
from django.urls import reverse
from django.utils import translation
from django_support import bench_database, client, describe_database
from frames import PLAYERS, dealt, make_people
from whitenoise.middleware import WhiteNoiseMiddleware

from games import bots
from games.live import frames, readings
from games.play.moves import submit_table_move

LINKED = re.compile(r'(?:href|src|data-sound-[a-z]+)="(/static/[^"]+)"')
PRODUCTION_STORAGES = {
    **settings.STORAGES,
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}


def served(url):
    """(bytes sent, Cache-Control, Content-Encoding) of a static file as WhiteNoise serves it
    to a browser that takes gzip and brotli."""
    middleware = WhiteNoiseMiddleware(lambda request: HttpResponseNotFound())
    response = middleware(RequestFactory().get(url, HTTP_ACCEPT_ENCODING="gzip, deflate, br"))
    assert response.status_code == 200, url
    return (
        int(response["Content-Length"]),
        response.get("Cache-Control", ""),
        response.get("Content-Encoding", ""),
    )


def page_report(people):
    table = dealt(people, seed=1).table
    browser = client()
    browser.force_login(people[0])
    html = browser.get(reverse("games:table", args=[table.pk])).content
    page, page_gzip = len(html), len(gzip.compress(html, 6))
    linked = sorted(set(LINKED.findall(html.decode())))
    on_load = [url for url in linked if "/sounds/" not in url]
    sounds = [url for url in linked if "/sounds/" in url]
    rows = [(url, *served(url)) for url in on_load]
    files = sum(size for _url, size, _cache, _encoding in rows)
    print(f"The table page, {people[0].username} to play, {len(on_load)} files linked:")
    print(
        f"  the page (HTML)       {page:>7,} B   gzipped {page_gzip:>7,} B   no Cache-Control (always fresh)"
    )
    for url, size, cache, encoding in rows:
        print(f"  {url.split('/static/')[1]:<40} {size:>7,} B {encoding or 'identity':>8}   {cache}")
    print(
        f"First load: {(page + files) / 1024:.1f} KB transferred "
        f"({(page_gzip + files) / 1024:.1f} KB with the page gzipped)"
    )
    print(f"A returning player: {page / 1024:.1f} KB (the page; every file is cached, immutable)")
    sound_bytes = [served(url)[0] for url in sounds]
    print(f"Sounds, fetched when first played: {len(sounds)} files, {sum(sound_bytes):,} B in all")


def frame_report(people, viewers, moves, seed):
    rng, made, games = random.Random(seed), 0, 0
    sizes, gzipped = [], []
    while made < moves:
        game = dealt(people, seed * 1000 + games)
        table = game.table
        games += 1
        readings.latest(table.pk, (game.pk, game.seq))
        while game.is_running and made < moves:
            state = game.engine_state()
            mover = game.players.get(seat=state.turn).user
            move = bots.choose_move(state, "greedy", rng)
            submit_table_move(table.pk, mover, str(move), f"{made}", game.seq)
            game.refresh_from_db()
            for viewer in viewers:
                frame = frames.table_frame(table.pk, viewer, None, news=(game.pk, game.seq))
                data = frame.html.encode()
                sizes.append(len(data))
                gzipped.append(len(gzip.compress(data, 6)))
            made += 1
    print(
        f"Live frames: {moves} moves of {games} games, {PLAYERS} players "
        f"+ {len(viewers) - PLAYERS} spectator(s), "
        f"{len(sizes)} frames: {statistics.mean(sizes):,.0f} B a frame on average "
        f"(median {statistics.median(sizes):,.0f}, largest {max(sizes):,}; "
        f"gzipped {statistics.mean(gzipped):,.0f})"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--spectators", type=int, default=1)
    parser.add_argument("--language", default="en")
    args = parser.parse_args()
    translation.activate(args.language)
    settings.TABLES_PER_HOUR = 10**9  # a table for each game
    with (
        tempfile.TemporaryDirectory() as root,
        override_settings(STATIC_ROOT=root, STORAGES=PRODUCTION_STORAGES),
    ):
        call_command("collectstatic", interactive=False, verbosity=0)
        with bench_database("kadi_bench_weight"):
            people, viewers = make_people(args.spectators)
            print(describe_database())
            page_report(people)
            frame_report(people, viewers, args.moves, seed=1)


if __name__ == "__main__":
    main()

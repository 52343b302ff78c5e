"""What a player on a phone downloads: the table page's first load (the page and every file
it links, as WhiteNoise serves them, compressed), a returning player's load (the files are
cached: hashed names, cached for a year and marked immutable, so only the page comes
again), and the bytes of each live frame over seeded games at a table of four (``--players``,
``--decks``: up to ten on two decks).

The static files are collected into a temporary directory with the production storage
(``CompressedManifestStaticFilesStorage``) and served by WhiteNoise's middleware, so the
sizes and the ``Cache-Control`` headers are those production sends. The page is counted
as Django sends it (uncompressed: nothing in front of daphne compresses it) and gzipped,
for a proxy that would. The sounds are fetched on the first sound played, not on load:
they are listed apart.

Each viewer's frame after a move is what their socket sends: a delta on the frame before it
where one can be (``games.live.deltas``). Every viewer is shown each new game's first frame,
as a socket at the table is; the figures count the frames after moves. Frames go over the
websocket uncompressed (daphne offers no permessage-deflate, though autobahn under it has
it); for comparison, each frame gzipped alone, and what permessage-deflate would send with a
compressor kept per socket (its context taken over from frame to frame, the default).

    .venv/bin/python bench/page_weight.py --moves 300
    .venv/bin/python bench/page_weight.py --moves 300 --players 10 --decks 2
"""

import gzip
import re
import statistics
import tempfile
import zlib

from django.conf import settings
from django.core.management import call_command
from django.http import HttpResponseNotFound
from django.test import RequestFactory, override_settings
from django.urls import reverse
from django_support import bench_database, client, describe_database
from seeded_games import PLAYERS, arguments, dealt, make_people, played
from whitenoise.middleware import WhiteNoiseMiddleware

from games.live import frames

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


def page_report(people, decks):
    table = dealt(people, seed=1, decks=decks).table
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


def frame_report(people, viewers, moves, seed, decks):
    sizes, gzipped, deflated, games = [], [], [], set()
    shown = {}  # viewer -> the event whose change frame they show
    sockets = [zlib.compressobj(6, zlib.DEFLATED, -zlib.MAX_WBITS) for _ in viewers]

    def show(game):
        """Every viewer's frame of ``game`` now, as their socket sends it."""
        for n, viewer in enumerate(viewers):
            news = (game.pk, game.seq)
            frame = frames.table_frame(game.table_id, viewer, None, news=news, after=shown.get(n))
            shown[n] = (frame.game_id, frame.seq)
            yield n, frame.html.encode()

    def started(game):  # a new game's first frame: sent to every viewer, counted with no move
        for n, data in show(game):
            sockets[n].compress(data)
            sockets[n].flush(zlib.Z_SYNC_FLUSH)

    for game in played(people, moves, seed, started, decks):
        games.add(game.pk)
        for n, data in show(game):
            sizes.append(len(data))
            gzipped.append(len(gzip.compress(data, 6)))
            deflated.append(len(sockets[n].compress(data) + sockets[n].flush(zlib.Z_SYNC_FLUSH)) - 4)
    print(
        f"Live frames: {moves} moves of {len(games)} games, {len(people)} players "
        f"+ {len(viewers) - len(people)} spectator(s), "
        f"{len(sizes)} frames: {statistics.mean(sizes):,.0f} B a frame on average "
        f"(median {statistics.median(sizes):,.0f}, largest {max(sizes):,}; "
        f"each gzipped {statistics.mean(gzipped):,.0f}; "
        f"permessage-deflate {statistics.mean(deflated):,.0f})"
    )


def main():
    table = (
        ("--players", {"type": int, "default": PLAYERS}),
        ("--decks", {"type": int, "default": 1, "help": "2 for a table of 6 to 10"}),
    )
    args = arguments(__doc__, moves=300, spectators=1, more=table)
    with (
        tempfile.TemporaryDirectory() as root,
        override_settings(STATIC_ROOT=root, STORAGES=PRODUCTION_STORAGES),
    ):
        call_command("collectstatic", interactive=False, verbosity=0)
        with bench_database("kadi_bench_weight"):
            people, viewers = make_people(args.spectators, args.players)
            print(describe_database())
            page_report(people, args.decks)
            frame_report(people, viewers, args.moves, seed=1, decks=args.decks)


if __name__ == "__main__":
    main()

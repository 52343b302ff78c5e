#!/usr/bin/env python3
"""A complete Kadi bot for the site's bot API, with nothing but the standard library.

    python examples/bot_client.py --server https://kadi.example --token kadi_... [--games N]

(or the token in the environment variable KADI_TOKEN). Make the token on your profile's
"API tokens" page, take a seat at a table (on the site, or with --join TABLE_ID), and
start a game. The bot follows /api/stream/event; for every game of its own that starts it
follows the game's stream in a thread of its own and, on each of its turns, plays one of
the legal moves the stream lists: the play of the most cards (declaring Niko Kadi, "!",
when one card is left), else draw, accept or pass. With --games N it stops after N games
have finished; otherwise it runs until interrupted. See docs/api.md.

Every stream sends a line at least every 5 seconds (an empty one when there is no news), so
a stream silent for READ_TIMEOUT seconds is a broken connection: reading it then fails.
"""

import argparse
import json
import os
import random
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

WORD_MOVES = ("draw", "accept", "pass")
READ_TIMEOUT = 10  # seconds: twice the streams' keep-alive interval
NOT_NOW = ("stale_move", "not_your_turn")  # the game moved on meanwhile: the next line says how


class Api:
    def __init__(self, server, token):
        self.server = server.rstrip("/")
        self.headers = {"Authorization": f"Bearer {token}", "Accept": "application/x-ndjson"}

    def stream(self, path):
        """Yield each JSON line of an NDJSON stream (keep-alive newlines skipped)."""
        request = urllib.request.Request(self.server + path, headers=self.headers)
        with urllib.request.urlopen(request, timeout=READ_TIMEOUT) as response:
            for raw in response:
                if raw.strip():
                    yield json.loads(raw)

    def post(self, path):
        """POST ``path``: (status, JSON answer). Waits and retries when rate limited."""
        while True:
            request = urllib.request.Request(
                self.server + path, data=b"", headers=self.headers, method="POST"
            )
            try:
                with urllib.request.urlopen(request, timeout=30) as response:
                    return response.status, json.load(response)
            except urllib.error.HTTPError as error:
                if error.code == 429:
                    time.sleep(int(error.headers.get("Retry-After", "1")))
                    continue
                return error.code, json.load(error)


def url_form(move):
    """Move text in a URL path: words joined by "-" (``QH 8H 4H !`` -> ``QH-8H-4H-!``)."""
    return urllib.parse.quote("-".join(move.split()), safe="-!@")


def choose(legal_moves, hand_size, rng):
    """The play of the most cards (one at random among the longest), else a word move."""
    plays = [m for m in legal_moves if m.split()[0] not in WORD_MOVES]
    if not plays:
        return rng.choice(legal_moves)
    cards = lambda move: sum(1 for word in move.split() if not word.startswith("@"))  # noqa: E731
    most = max(cards(m) for m in plays)
    move = rng.choice([m for m in plays if cards(m) == most])
    return move + " !" if hand_size - most == 1 else move


def play_game(api, game_id, rng, log):
    """Follow one game's stream and move on each of our turns, until the game is over."""
    for frame in api.stream(f"/api/bot/game/stream/{game_id}"):
        if frame["status"] != "running":
            places = [p["place"] for p in frame["players"]]
            log(f"game {game_id} over: places by seat {places}")
            return
        if not frame["your_turn"]:
            continue
        move = choose(frame["legal_moves"], len(frame["view"]["hand"]), rng)
        status, answer = api.post(f"/api/bot/game/{game_id}/move/{url_form(move)}?seq={frame['seq']}")
        if status != 200 and answer.get("code") in NOT_NOW:
            continue
        if status != 200:
            raise RuntimeError(f"move {move!r} refused ({status} {answer.get('code')}): {answer['error']}")
        log(f"game {game_id}: played {answer['move']}")
        if "misplay" in answer:  # a table that punishes misplays made it, with a penalty
            log(f"game {game_id}: misplay ({answer['misplay']['rule']}), drew {answer['misplay']['penalty']}")


def run(api, games, log, rng):
    """Play every game of ours the event stream announces; return after ``games`` finished
    (None: never)."""
    threads, finished = {}, set()
    for event in api.stream("/api/stream/event"):
        game_id = event["game"]["id"]
        if event["type"] == "gameStart" and game_id not in threads:
            log(f"game {game_id} started at table {event['game']['table']}, seat {event['game']['seat']}")
            seed = rng.random()
            thread = threading.Thread(
                target=play_game, args=(api, game_id, random.Random(seed), log), daemon=True
            )
            threads[game_id] = thread
            thread.start()
        elif event["type"] == "gameFinish":
            finished.add(game_id)
            if game_id in threads:
                threads[game_id].join()
            if games is not None and len(finished) >= games:
                return


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--server", default="http://127.0.0.1:8000")
    parser.add_argument("--token", default=os.environ.get("KADI_TOKEN"))
    parser.add_argument("--games", type=int, default=None, help="stop after this many games")
    parser.add_argument("--join", type=int, metavar="TABLE_ID", help="take a seat at this table first")
    args = parser.parse_args(argv)
    if not args.token:
        parser.error("give --token or set KADI_TOKEN")
    api = Api(args.server, args.token)

    def log(text):
        print(text, flush=True)

    if args.join is not None:
        status, answer = api.post(f"/api/table/{args.join}/join")
        log(f"join table {args.join}: {answer}")
        if status != 200:
            return 1
    try:
        run(api, args.games, log, random.Random())
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Tap to highlight on a slow phone network: how long after a tap on a card of the hand the
table page shows what the tap means (the effect line, ``[data-effect]``, says what the
selection would do, and the other cards are lit or dimmed, ``aria-disabled``, for what may
follow), with Chromium's network emulation at 300 ms of latency, 1.6 Mbit/s down and
750 kbit/s up (CDP ``Network.emulateNetworkConditions``: ``latency`` 300,
``downloadThroughput`` 200,000 B/s, ``uploadThroughput`` 93,750 B/s; the figures of a 3G
phone's link, the latency added to every request's answer).

One person is to play at a table of two (classic rules), in a fixed position: hand
``--hand`` (default "7H 7S 5H QH 8H 4H 9C"), the other hand "4C 6C 7C", the discard pile
``--top`` (default QD, so that the tap on QH, a question, lights the hearts that may answer
it and dims the rest). The page is opened in Debian's chromium (Playwright) from a daphne
process serving the checkout ``--root`` on a SQLite file in a temporary folder, the live
socket open, and then ``--taps`` times (default 30): ``--card`` (default QH) is tapped, the
time is read in the page from the tap's click event (a capture-phase listener on window,
``performance.now()``) to the moment the effect line is no longer empty and every other
card's ``aria-disabled`` is what the tap gives (a MutationObserver over the document; the
state is read from a first, untimed tap); beside it, to the start of the next animation
frame after that (``requestAnimationFrame``: the frame that paints it). Clear
(``[data-clear]``) then empties the line at once, and the next tap follows. The watch is
installed with ``page.evaluate`` (functions, as Playwright sends them: the site's
Content-Security-Policy forbids eval; its violations are counted and printed). Prints the median,
the 90th percentile and the largest of both, in ms, the count, and how many requests for
a choice (``/t/<id>/choice/``) the taps made, and the size of the choice tree sent with the
hand (``#hand-choices``), if one is.

The same script measures any checkout: ``--root`` names the code that makes the database
(migrated and filled by this script run again as a child process, under ``--root``'s
Python path and folder) and that daphne runs (its folder and Python path are ``--root``);
only Playwright runs here. The server runs as the browser tests run it (DEBUG on: the
static files served from their folders; no HTTPS redirect). Default ``--root``: the
checkout this script is in.

    .venv/bin/python bench/tap_latency.py                               # this checkout
    .venv/bin/python bench/tap_latency.py --root /work/wt-before        # another one
    .venv/bin/python bench/tap_latency.py --taps 50 --latency 150
"""

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
PHONE = {"width": 390, "height": 844}
OTHER_HAND = "4C 6C 7C"

# As tests/browser/conftest.py: every Content-Security-Policy violation of the page.
REPORT_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (event) => {
  window.kadiPolicyViolation(`${event.violatedDirective} blocked ${event.blockedURI || "inline"}`);
});
"""

# Installed in the page once it is live: window.tapWatch.arm(expected) starts a measure,
# taken at the next tap on a card and ended when the effect line is set and the unpicked
# cards' aria-disabled read ``expected`` (null: any, for the untimed first tap).
WATCH = """() => {
  const state = { armed: false, expected: null, tapped: null, shown: null, painted: null };
  const effect = () => document.querySelector("[data-move-form] [data-effect]");
  const dimming = () => Array.from(document.querySelectorAll("[data-move-form] .hand-card:not([data-order])"))
    .map((card) => card.dataset.card + (card.getAttribute("aria-disabled") === "true" ? "-" : "+"))
    .join(" ");
  const check = () => {
    if (state.tapped === null || state.shown !== null) return;
    const line = effect();
    if (!line || !line.textContent.trim()) return;
    const dims = dimming();
    if (state.expected !== null && dims !== state.expected) return;
    state.shown = performance.now();
    state.dims = dims;
    state.line = line.textContent;
    requestAnimationFrame(() => { state.painted = performance.now(); });
  };
  window.addEventListener("click", (event) => {
    if (!state.armed || !event.target.closest(".hand-card")) return;
    state.armed = false;
    state.tapped = performance.now();
    check();  // a synchronous answer is seen by the observer's next delivery anyway
  }, true);
  new MutationObserver(check).observe(document.documentElement,
    { subtree: true, childList: true, attributes: true, characterData: true });
  window.tapWatch = {
    arm(expected) {
      Object.assign(state, { armed: true, expected, tapped: null, shown: null, painted: null });
    },
    done() { return state.painted !== null; },
    read() {
      return { shown: state.shown - state.tapped, painted: state.painted - state.tapped,
               dims: state.dims, line: state.line };
    },
    dimming,
  };
  return true;
}"""


def setup(db_url, hand, top):
    """(Run as the child, under ``--root``.) Migrate the database, seat two people, start
    their game, put the fixed position, and print the table's id and the mover's session."""
    os.environ.update(DJANGO_SETTINGS_MODULE="kadi_site.settings", DATABASE_URL=db_url)
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client

    from accounts.models import User
    from games.play.starts import start_game
    from games.play.tables import create_table, take_seat
    from tests.games.helpers import put_position

    call_command("migrate", interactive=False, verbosity=0)
    amani = User.objects.create_user("amani", password=None)
    baraka = User.objects.create_user("baraka", password=None)
    table = create_table(amani, "Tap bench", 2, "classic")
    take_seat(table, baraka)
    game = start_game(table, amani)
    put_position(game, hands=(hand, OTHER_HAND), discard=(top,), turn=0)
    client = Client()
    client.force_login(amani)
    print(json.dumps({"table": table.pk, "session": client.cookies["sessionid"].value}))


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_daphne(root, env, log):
    port = free_port()
    daphne = Path(sys.executable).with_name("daphne")
    command = [str(daphne), "-b", "127.0.0.1", "-p", str(port), "kadi_site.asgi:application"]
    process = subprocess.Popen(command, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"daphne exited ({process.returncode}): see {log.name}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return process, f"http://127.0.0.1:{port}"
        except OSError:
            time.sleep(0.2)
    process.terminate()
    raise SystemExit("daphne did not listen within 60 s")


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def measure(base_url, table_id, session, args):
    from playwright.sync_api import sync_playwright

    violations, choices = [], []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        context = browser.new_context(viewport=PHONE)
        context.add_cookies([{"name": "sessionid", "value": session, "url": base_url}])
        context.expose_function("kadiPolicyViolation", lambda report: violations.append(report))
        context.add_init_script(REPORT_VIOLATIONS)
        page = context.new_page()
        page.on(
            "console",
            lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None,
        )
        page.on("request", lambda r: choices.append(r.url) if "/choice/" in r.url else None)
        page.goto(f"{base_url}/t/{table_id}/")
        page.wait_for_function("() => window.kadiLive === true")  # a function: the CSP forbids eval
        page.wait_for_timeout(1000)  # the socket's first frames are in
        tree = page.evaluate(  # the tree's bytes in the page (UTF-8, as the page serializes it)
            "() => { const t = document.querySelector('#hand-choices');"
            " return t ? new TextEncoder().encode(t.outerHTML).length : 0; }"
        )
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send(
            "Network.emulateNetworkConditions",
            {
                "offline": False,
                "latency": args.latency,
                "downloadThroughput": args.down_kbps * 1000 / 8,
                "uploadThroughput": args.up_kbps * 1000 / 8,
            },
        )
        page.evaluate(WATCH)
        card = page.locator(f'.hand-card[data-card="{args.card}"]')
        clear = page.locator("[data-clear]")
        effect = page.locator("[data-move-form] [data-effect]")
        untapped = page.evaluate("() => window.tapWatch.dimming()")

        def tap(expected):
            page.evaluate("(expected) => window.tapWatch.arm(expected)", expected)
            card.click()
            page.wait_for_function("() => window.tapWatch.done()", timeout=30_000)
            result = page.evaluate("() => window.tapWatch.read()")
            clear.click()
            page.wait_for_function(
                "(untapped) => !document.querySelector('[data-move-form] [data-effect]').textContent"
                " && window.tapWatch.dimming() === untapped",
                arg=untapped,
            )
            return result

        first = tap(None)  # untimed: what the tap shows
        before = len(choices)
        results = [tap(first["dims"]) for _ in range(args.taps)]
        asked = len(choices) - before
        assert effect.text_content() == ""
        browser.close()
    return tree, untapped, first, results, asked, violations


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=HERE.parent, help="the checkout to measure")
    parser.add_argument("--taps", type=int, default=30)
    parser.add_argument("--latency", type=float, default=300, help="ms added to every answer")
    parser.add_argument("--down-kbps", type=float, default=1600)
    parser.add_argument("--up-kbps", type=float, default=750)
    parser.add_argument("--hand", default="7H 7S 5H QH 8H 4H 9C")
    parser.add_argument("--top", default="QD")
    parser.add_argument("--card", default="QH")
    parser.add_argument("--setup", metavar="DATABASE_URL", help=argparse.SUPPRESS)  # the child's part
    args = parser.parse_args()
    root = args.root.resolve()
    if args.setup:
        setup(args.setup, args.hand, args.top)
        return

    folder = Path(tempfile.mkdtemp(prefix="kadi-tap-"))
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_DEBUG", "REDIS_URL")}
    env.update(
        PYTHONPATH=str(root),
        DJANGO_SETTINGS_MODULE="kadi_site.settings",
        DATABASE_URL=f"sqlite:///{folder}/bench.sqlite3",
    )
    made = subprocess.run(
        [
            sys.executable,
            "-P",
            __file__,
            "--setup",
            env["DATABASE_URL"],
            "--root",
            str(root),
            "--hand",
            args.hand,
            "--top",
            args.top,
        ],
        cwd=root,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    table = json.loads(made.stdout.strip().splitlines()[-1])
    commit = subprocess.run(
        ["git", "-C", str(root), "log", "-1", "--format=%h"], capture_output=True, text=True
    ).stdout.strip()
    log = (folder / "daphne.log").open("w")
    server, base_url = start_daphne(root, env, log)
    try:
        tree, untapped, first, results, asked, violations = measure(
            base_url, table["table"], table["session"], args
        )
    finally:
        server.terminate()
        server.wait(timeout=10)
        log.close()

    shown = [r["shown"] for r in results]
    painted = [r["painted"] for r in results]
    print(
        f"{root} at {commit}: {len(results)} taps on {args.card} (hand {args.hand}, top {args.top}); "
        f"latency {args.latency:g} ms, {args.down_kbps:g} kbit/s down, {args.up_kbps:g} kbit/s up; "
        f"load average {os.getloadavg()[0]:.2f}"
    )
    print(
        f"  choice tree sent with the hand: {f'yes, {tree:,} B' if tree else 'no'}; "
        f"requests for a choice during the timed taps: {asked}"
    )
    print(f"  cards before the tap: {untapped}")
    print(f"  after it:             {first['dims']}; effect line: {first['line']!r}")
    for label, values in (("tap -> line and dimming set", shown), ("tap -> next frame", painted)):
        print(
            f"  {label:<28} median {statistics.median(values):7.1f} ms   p90 {percentile(values, 90):7.1f} ms"
            f"   max {max(values):7.1f} ms   n {len(values)}"
        )
    print(f"  Content-Security-Policy violations: {len(violations)}")
    for violation in violations:
        print(f"    {violation}")


if __name__ == "__main__":
    main()

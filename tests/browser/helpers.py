"""What the browser tests do on the pages: log in, make a move, wait for our turn."""

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from django.db import connections
from django.urls import reverse
from playwright.sync_api import expect

from games.play.starts import start_game
from games.play.tables import add_bot, create_table
from tests.conftest import PASSWORD
from tests.games.helpers import put_position

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1100, "height": 900}
# The two sizes every feature of the play screen is tested at.
SIZES = {"phone": {"width": 360, "height": 740}, "desktop": {"width": 1280, "height": 800}}
# ``parametrize("size", EACH_SIZE)``: both sizes on the SQLite pass, the phone's alone on the
# PostgreSQL + Redis pass (pyproject.toml, markers: the layout does not change with the stack).
EACH_SIZE = ["phone", pytest.param("desktop", marks=pytest.mark.same_on_every_stack)]
# The three screens a newcomer's table is held at (issue 44): the smallest phone, a common
# one, a laptop.
FIRST_SCREENS = {
    "360x640": {"width": 360, "height": 640},
    "320x568": {"width": 320, "height": 568},
    "1280x800": {"width": 1280, "height": 800},
}

# Every browser test module: a database shared with the live server, and chromium.
BROWSER_TEST = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not CHROMIUM.exists(), reason="no Debian chromium: apt-get install chromium"),
]


def log_in(page, base_url, username):
    page.goto(base_url + reverse("login"))
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.locator("main").get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="Tables")).to_be_visible()


def open_table(page, base_url, table, username, size):
    """Log ``username`` in and open ``table``'s page at one of ``SIZES``."""
    page.set_viewport_size(SIZES[size])
    log_in(page, base_url, username)
    page.goto(base_url + reverse("games:table", kwargs={"table_id": table.pk}))


def assert_in_first_screen(page, locator, what=""):
    """Wholly in the viewport of the unscrolled page. Waits for it (``to_be_in_viewport``):
    a table's parts are replaced as it moves on (a poll, a bot, a frame), and one measured
    while it was swapped out would read as nowhere."""
    assert page.evaluate("window.scrollY") == 0, what
    expect(locator, what).to_be_in_viewport(ratio=1)


def act(page, area, action, cards=()):
    """Tap ``cards`` in order and press ``action``; wait until the table area is re-rendered."""
    for card in cards:
        page.locator(f'.hand-card[data-card="{card}"]').click()
    page.locator(f'[data-move-action="{action}"]').click()
    page.wait_for_function("area => !area.isConnected", arg=area)


def off_the_loop(call, *args):
    """``call(*args)`` in a thread of its own: the ORM refuses to run beside Playwright's
    event loop. The thread's connection is closed after: on PostgreSQL it goes back to the
    pool, which would otherwise count it as lent for good and run dry a few tests later."""

    def run():
        try:
            return call(*args)
        finally:
            connections.close_all()

    with ThreadPoolExecutor(1) as thread:
        return thread.submit(run).result()


def my_turn_or_the_end(page):
    """The table area once it waits for our move or shows the result (bots move meanwhile)."""
    return page.wait_for_selector("#table-area:has(.move-actions), #table-area:has(.results)")


def table_against_bots(owner, name, preset="friendly", bots=("greedy",), position=None, **table_options):
    """A table of ``owner``'s against ``bots``, its game started (``start``: False to leave
    it waiting) and put in ``position`` (``put_position``'s arguments) when given."""
    start = table_options.pop("start", True)
    table = create_table(owner, name, len(bots) + 1, preset, **table_options)
    for level in bots:
        add_bot(table, level)
    if start:
        game = start_game(table, owner)
        if position:
            put_position(game, **position)
    return table

"""A live table's deltas (games.live.deltas) in Chromium: a player and a spectator take
every frame of a game over the websocket, and after each of the player's turns their
pages show what a fresh load of the page shows; a page that missed a frame refuses the
delta that follows it, asks for a resync and is brought up to date. Daphne shares the
test database."""

import pytest
from django.test import Client
from playwright.sync_api import sync_playwright

from tests.browser.conftest import CHROMIUM_ARGS
from tests.browser.helpers import CHROMIUM, PHONE, table_against_bots
from tests.realtime import test_browser as live_browser

pytestmark = live_browser.pytestmark
daphne = live_browser.daphne
TURNS = 12  # the player's turns: with the bot's, more moves than the move log holds (12)
SEQ_CHANGED = "seq => document.getElementById('table-sync').dataset.seq !== seq"
# The table area, the move log and the moves since the player's own (kept by the page's
# script from the log's lines: static/js/recent_moves.js) as the page shows them, and as a
# fresh load of the page shows them (its HTML as the server sends it now), less what the
# page's scripts and the moment change: CSRF tokens (masked per render), marks of the
# page's scripts, the clocks.
SHOWN_AND_FRESH = """async () => {
  function normal(root) {
    const copy = root.cloneNode(true);
    copy.querySelectorAll("[data-turn-clock], .hand-card__drawn").forEach((e) => e.remove());
    copy.querySelectorAll("[name=csrfmiddlewaretoken]").forEach((e) => e.removeAttribute("value"));
    copy.querySelectorAll("*").forEach((e) => {
      ["data-restored", "data-move-id", "data-move-seq"].forEach((name) => e.removeAttribute(name));
      e.classList.remove("hand-card--drawn");
      if (e.getAttribute("class") === "") e.removeAttribute("class");
    });
    return copy.innerHTML.replace(/>\\s+</g, "><").trim();
  }
  const fresh = new DOMParser().parseFromString(await (await fetch(location.href)).text(), "text/html");
  const pair = (id) => [normal(document.getElementById(id)), normal(fresh.getElementById(id))];
  return [pair("table-area"), pair("move-log"), pair("recent-moves")];
}"""


@pytest.fixture
def long_game(user):
    """amani against a bot, each with ten cards: amani only draws, so the game runs long."""
    hands = ("7H 5H 4C 9S 3D 6C 8S 10H 9D QS", "9C QD KD 5C 4H 3S 6D 8C 10S 7C")
    position = {"hands": hands, "discard": ("7D",), "turn": 0}
    return table_against_bots(user, "Mrefu", bots=("greedy",), position=position)


def session_of(person):
    client = Client()
    client.force_login(person)
    return client.cookies["sessionid"].value


def sent_messages(page):
    """The texts the page sends over its websockets, as they go."""
    sent = []
    page.on("websocket", lambda socket: socket.on("framesent", lambda payload: sent.append(str(payload))))
    return sent


def take_turn(page):
    """Draw (or take what is pending) when it is the player's turn, and wait for the answer."""
    seq = page.locator("#table-sync").get_attribute("data-seq")
    page.locator("[data-move-action]:not([data-move-action=play])").first.click()
    page.wait_for_function(SEQ_CHANGED, arg=seq)


def players_turn(page):
    page.wait_for_selector("#table-area:has(.move-actions), #table-area:has(.results)")
    return not page.locator("#table-area .results").count()


def assert_as_fresh(page):
    for shown, fresh in page.evaluate(SHOWN_AND_FRESH):
        assert shown == fresh


def same_event(player, spectator):
    seq = player.locator("#table-sync").get_attribute("data-seq")
    spectator.wait_for_function("seq => document.getElementById('table-sync').dataset.seq === seq", arg=seq)


def test_frames_applied_in_order_show_what_a_fresh_load_shows(long_game, user, baraka, daphne):
    sessions = session_of(user), session_of(baraka)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        player, spectator = (browser.new_context(viewport=PHONE).new_page() for _ in range(2))
        received = []
        spectator.on("websocket", lambda ws: ws.on("framereceived", lambda frame: received.append(frame)))
        live_browser.open_table(player, daphne.http_url, sessions[0], long_game.pk)
        live_browser.open_table(spectator, daphne.http_url, sessions[1], long_game.pk)
        turns = 0
        while turns < TURNS and players_turn(player):
            take_turn(player)
            turns += 1
            if players_turn(player):
                same_event(player, spectator)
                assert_as_fresh(player)
                assert_as_fresh(spectator)
        assert player.evaluate("window.sameDocument") and spectator.evaluate("window.sameDocument")
        browser.close()
    deltas = [frame for frame in received if "data-after=" in frame]
    assert turns == TURNS and len(deltas) >= TURNS  # the spectator was sent deltas, not whole frames
    assert not any("hand-card" in frame for frame in received)  # and never a hand


def test_a_page_that_missed_a_frame_resyncs(long_game, user, daphne):
    session, game_id = session_of(user), long_game.current_game().pk
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        page = browser.new_context(viewport=PHONE).new_page()
        sent = sent_messages(page)
        live_browser.open_table(page, daphne.http_url, session, long_game.pk)
        take_turn(page)
        assert players_turn(page)
        assert_as_fresh(page)
        # As if the frame of the last move had not arrived: the page shows the event before it.
        seq = int(page.locator("#table-sync").get_attribute("data-seq"))
        page.evaluate("seq => { document.getElementById('table-sync').dataset.seq = String(seq) }", seq - 1)
        take_turn(page)  # the delta of this move follows an event the page does not show
        assert players_turn(page)
        assert f'{{"type":"resync","game":"{game_id}","seq":"{seq - 1}"}}' in sent
        assert_as_fresh(page)
        assert page.evaluate("window.sameDocument")
        browser.close()

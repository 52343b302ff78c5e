"""Two people in two browser contexts at one live table: each sees the other's move
arrive over the websocket, without a reload. Playwright drives Debian's chromium against a
daphne process (websockets need it), which shares the test database."""

import re

import pytest
from django.db import connection
from django.test import Client
from playwright.sync_api import expect, sync_playwright

from tests.browser.conftest import CHROMIUM_ARGS, assert_no_violations, watch_policy
from tests.browser.helpers import ARTIFACTS, CHROMIUM, PHONE
from tests.realtime.servers import DaphneServer, database_url

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not CHROMIUM.exists(), reason="no Debian chromium: apt-get install chromium"),
]


@pytest.fixture
def sessions(user, baraka):
    """Each player's session id (the daphne process hashes passwords otherwise than the tests)."""
    ids = []
    for person in (user, baraka):
        client = Client()
        client.force_login(person)
        ids.append(client.cookies["sessionid"].value)
    return ids


@pytest.fixture
def daphne():
    server = DaphneServer({"DATABASE_URL": database_url(connection.settings_dict)}).start()
    yield server
    server.stop()


@pytest.fixture
def two_pages():
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        contexts = [browser.new_context(viewport=PHONE) for _ in range(2)]
        violations = [watch_policy(context) for context in contexts]
        yield [context.new_page() for context in contexts]
        browser.close()
    for each in violations:
        assert_no_violations(each)


def open_table(page, base_url, session_id, table_id):
    page.context.add_cookies([{"name": "sessionid", "value": session_id, "url": base_url}])
    page.goto(f"{base_url}/t/{table_id}/")
    page.wait_for_function("() => window.kadiLive === true")  # a function: the CSP forbids eval
    page.evaluate("window.sameDocument = true")  # gone if the page were ever reloaded


def play(page, card):
    page.locator(f'.hand-card[data-card="{card}"]').click()
    page.locator('[data-move-action="play"]').click()


def top_card(page):
    return page.locator(".discard__top [data-card]")


def test_each_player_sees_the_other_move_without_a_reload(live_game, sessions, daphne, two_pages):
    amani, baraka = two_pages
    for page, session_id in zip(two_pages, sessions, strict=True):
        open_table(page, daphne.http_url, session_id, live_game.table_id)
    expect(baraka.locator(".person--online")).to_have_count(2)

    play(amani, "7H")
    expect(top_card(baraka)).to_have_attribute("data-card", "7H")
    expect(baraka.locator('[data-move-action="play"]')).to_be_visible()

    play(baraka, "9H")
    expect(top_card(amani)).to_have_attribute("data-card", "9H")
    expect(amani.locator(".hand-card")).to_have_count(2)

    amani.fill("#chat-text", "Umeshinda?")
    amani.locator("[data-chat-form] button").click()
    expect(baraka.locator("#chat-log")).to_contain_text("Umeshinda?")

    for page in (amani, baraka):
        assert page.evaluate("window.sameDocument") is True
    baraka.screenshot(path=ARTIFACTS / "live-table-phone.png", full_page=True)


def test_a_move_lost_with_its_socket_is_sent_again_after_the_reconnect(
    live_game, sessions, daphne, two_pages
):
    amani, baraka = two_pages
    lost = []

    def crash_with_the_first_move(page_side):
        """Between amani's page and daphne: the first move dies with its socket, as it did
        with a consumer that crashed before making it (1011: the page reconnects)."""
        server_side = page_side.connect_to_server()

        def from_page(message):
            if '"type":"move"' in message and not lost:
                lost.append(message)
                server_side.close()
                page_side.close(code=1011, reason="crashed")
            else:
                server_side.send(message)

        page_side.on_message(from_page)

    amani.route_web_socket(re.compile(r"/ws/t/"), crash_with_the_first_move)
    for page, session_id in zip(two_pages, sessions, strict=True):
        open_table(page, daphne.http_url, session_id, live_game.table_id)

    play(amani, "7H")

    expect(top_card(baraka)).to_have_attribute("data-card", "7H")
    expect(amani.locator(".hand-card")).to_have_count(2)
    assert len(lost) == 1 and amani.evaluate("window.sameDocument") is True


def test_cards_tapped_before_the_first_frame_stay_picked(live_game, sessions, daphne, two_pages):
    """The socket's first frame re-renders the hand: a card tapped before it came (a fast thumb,
    a slow network) is still picked after it, and Play plays it."""
    amani = two_pages[0]
    held, released = [], []

    def hold_the_server(page_side):
        def from_server(message):
            if released:
                page_side.send(message)
            else:
                held.append(message)

        page_side.connect_to_server().on_message(from_server)
        hold_the_server.page_side = page_side

    amani.route_web_socket(re.compile(r"/ws/t/"), hold_the_server)
    open_table(amani, daphne.http_url, sessions[0], live_game.table_id)
    amani.locator('.hand-card[data-card="7H"]').click()
    expect(amani.locator('[data-move-action="play"]')).to_be_enabled()
    amani.evaluate("window.firstForm = document.getElementById('move-form')")
    released.append(True)
    for message in held:
        hold_the_server.page_side.send(message)
    amani.wait_for_function("() => document.getElementById('move-form') !== window.firstForm")

    expect(amani.locator('.hand-card[data-card="7H"]')).to_have_attribute("aria-pressed", "true")
    amani.locator('[data-move-action="play"]').click()
    expect(top_card(amani)).to_have_attribute("data-card", "7H")


def test_taps_are_answered_on_the_page_without_asking_the_server(live_game, sessions, daphne, two_pages):
    """Each turn's choice tree comes with the hand (on the page, then in each move's frame):
    a tap lights what may follow, says what the play does and enables Play without a request."""
    amani, baraka = two_pages
    asked = []

    def refuse(route):
        asked.append(route.request.url)
        route.abort()

    for page, session_id in zip(two_pages, sessions, strict=True):
        page.route(re.compile(r"/choice/"), refuse)
        open_table(page, daphne.http_url, session_id, live_game.table_id)
    amani.locator('.hand-card[data-card="7H"]').click()
    expect(amani.locator("[data-effect]")).to_have_text("baraka plays next.")
    expect(amani.locator('.hand-card[data-card="5H"]')).to_have_attribute("aria-disabled", "true")
    amani.locator('[data-move-action="play"]').click()

    baraka.locator('.hand-card[data-card="9H"]').click()  # baraka's tree came with amani's move
    expect(baraka.locator("[data-effect]")).to_have_text("amani plays next.")
    baraka.locator('[data-move-action="play"]').click()
    expect(top_card(amani)).to_have_attribute("data-card", "9H")
    assert asked == []

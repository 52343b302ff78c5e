"""Turn alerts and the turn clock in a real browser, at a phone's and a desktop's size: the
tab's title, the desktop notification a player chose, the countdown. (The sounds: test_table_phone.py.)"""

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import BROWSER_TEST, EACH_SIZE, open_table, table_against_bots

pytestmark = BROWSER_TEST

HANDS = {"hands": ("7H 5S 4C", "9H 6H KC 5C"), "discard": ("7D",)}

# The browser's own notification API, recorded: a headless tab is never hidden by itself.
RECORD_ALERTS = """
window.alerts = { notes: [] };
window.Notification = class {
  constructor(title) { window.alerts.notes.push(title); }
  static get permission() { return "granted"; }
  static requestPermission() { return Promise.resolve("granted"); }
};
Object.defineProperty(document, "visibilityState", { get: () => "hidden" });
"""


@pytest.fixture
def bots_first(make_user):
    """A bot is to play first; then it is Wanjiru's turn (who chose notifications)."""
    wanjiru = make_user("wanjiru", turn_notification=True)
    return table_against_bots(wanjiru, "Kona", position=dict(HANDS, turn=1))


@pytest.mark.parametrize("size", EACH_SIZE)
def test_the_title_and_notification_when_the_turn_comes(bots_first, page, live_server, size):
    page.add_init_script(RECORD_ALERTS)
    open_table(page, live_server.url, bots_first, "wanjiru", size)
    expect(page).to_have_title("● Your turn · Kona · Kadi")
    assert page.evaluate("window.alerts") == {"notes": ["● Your turn"]}


@pytest.fixture
def clocked(make_user):
    """Wanjiru's turn at a table with a 12-second turn clock."""
    wanjiru = make_user("wanjiru")
    return table_against_bots(wanjiru, "Saa", position=dict(HANDS, turn=0), turn_timer_seconds=12)


@pytest.mark.parametrize("size", EACH_SIZE)
def test_the_turn_clock_counts_down_and_warns(clocked, page, live_server, size):
    open_table(page, live_server.url, clocked, "wanjiru", size)
    expect(page).to_have_title("● Your turn · Saa · Kadi")
    clock = page.get_by_role("timer")
    expect(clock).to_be_visible()
    expect(clock).to_have_class("turn-clock turn-clock--warning")  # 10 s left, two seconds on
    expect(clock).to_contain_text("hurry")
    seconds = int(clock.locator("[data-clock-text]").inner_text().split(":")[1])
    assert seconds <= 10

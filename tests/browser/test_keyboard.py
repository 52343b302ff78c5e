"""The table with the keyboard alone: Tab reaches every card and button with a visible
focus, Space picks a card, Enter plays it; the other player's move is read out through
the page's live region (static/js/announce.js). The focus stays at the table through every
re-render (static/js/keep_focus.js): on the same control, else on the hand."""


import pytest
from django.urls import reverse
from playwright.sync_api import expect

from games.play.moves import submit_move
from games.play.starts import start_game
from games.play.tables import create_table, take_seat
from tests.browser.helpers import BROWSER_TEST, log_in, off_the_loop
from tests.games.helpers import put_position

pytestmark = BROWSER_TEST

# Past the page's last stop Tab leaves the page (the body has the focus) and comes back round.
FOCUS_IS_VISIBLE = """() => {
  if (document.activeElement === document.body) return true;
  const style = getComputedStyle(document.activeElement);
  return style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2;
}"""

FOCUS_ON = "selector => document.activeElement.matches(selector)"


@pytest.fixture
def game(make_user):
    """Wanjiru to play on 7D against Baraka, who can only draw after a heart."""
    wanjiru, baraka = make_user("wanjiru"), make_user("baraka")
    table = create_table(wanjiru, "Kona", 2, "friendly")
    take_seat(table, baraka)
    game = start_game(table, wanjiru)
    put_position(game, hands=("7H 5S 4C 9C", "KC 8C 9S 3D 4D"), discard=("4H", "7D"))
    return {"id": game.pk, "table": table.pk, "baraka": baraka}


def tab_to(page, selector, limit=80):
    """Press Tab until ``selector`` has the focus; every stop on the way shows its focus."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        tag = page.evaluate("() => document.activeElement.outerHTML.slice(0, 80)")
        assert page.evaluate(FOCUS_IS_VISIBLE), f"no visible focus on {tag}"
        if page.evaluate("s => document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def test_a_move_made_and_one_heard_with_the_keyboard_alone(game, page, live_server):
    log_in(page, live_server.url, "wanjiru")
    page.goto(live_server.url + reverse("games:table", kwargs={"table_id": game["table"]}))
    expect(page.locator(".game__status")).to_have_text("Your turn.")

    tab_to(page, '.hand-card[data-card="7H"]')
    page.keyboard.press("Space")
    expect(page.locator('.hand-card[data-card="7H"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator("[data-preview]")).to_have_text("7♥")
    tab_to(page, '[data-move-action="play"]')
    area = page.locator("#table-area").element_handle()
    page.keyboard.press("Enter")
    page.wait_for_function("area => !area.isConnected", arg=area)
    expect(page.locator(".move-log__item[value='1'] [data-card]")).to_have_attribute("data-card", "7H")
    expect(page.locator(".game__status")).to_have_text("baraka to play.")
    page.wait_for_function(FOCUS_ON, arg="#hand")  # the Play button went with the turn

    # Baraka draws (from another thread: the ORM stays out of Playwright's event loop).
    off_the_loop(submit_move, game["id"], game["baraka"], "draw")
    expect(page.locator("#table-announcer")).to_have_text("baraka drew 1 card. Your turn.")
    page.wait_for_function(FOCUS_ON, arg="#hand")  # kept through a render it did not ask for

    tab_to(page, '[data-move-action="draw"]')
    area = page.locator("#table-area").element_handle()
    page.keyboard.press("Enter")
    page.wait_for_function("area => !area.isConnected", arg=area)
    expect(page.locator(".move-log__item[value='3']")).to_contain_text("drew")
    page.wait_for_function(FOCUS_ON, arg="#hand")
    expect(page.locator("#table-announcer")).to_have_text("wanjiru drew 1 card. baraka to play.")

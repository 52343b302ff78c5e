"""The play screen at a phone's and a desktop's size: which cards may begin a play, the
hand's order, the layout."""

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import ARTIFACTS, BROWSER_TEST, EACH_SIZE, act, open_table

pytestmark = BROWSER_TEST


def hand_order(page):
    return page.locator(".hand-card").evaluate_all("cards => cards.map(c => c.dataset.card)")


@pytest.mark.parametrize("size", EACH_SIZE)
def test_playable_cards_and_sorted_hand(kona, page, live_server, size):
    open_table(page, live_server.url, kona, "wanjiru", size)
    expect(page.locator(".game__status")).to_have_text("Your turn.")
    # Sorted by suit (♠ ♥ ♣ ♦), ranks rising, the joker last.
    assert hand_order(page) == ["5S", "7H", "9H", "4C", "QC", "AD", "JKR"]
    playable = page.locator('.hand-card[data-playable="true"]')
    expect(playable).to_have_count(3)
    assert playable.evaluate_all("cards => cards.map(c => c.dataset.card)") == ["7H", "AD", "JKR"]
    dimmed = page.locator('.hand-card[aria-disabled="true"]')
    expect(dimmed).to_have_count(4)
    page.screenshot(path=ARTIFACTS / f"play-{size}.png")

    page.locator('.hand-card[data-card="5S"]').click(force=True)  # cannot begin a play: ignored
    expect(page.locator('.hand-card[aria-pressed="true"]')).to_have_count(0)
    page.locator('.hand-card[data-card="7H"]').click()  # only another 7 could follow it
    expect(dimmed).to_have_count(6)
    page.locator('.hand-card[data-card="9H"]').click(force=True)  # ignored
    expect(page.locator("[data-preview]")).to_have_text("7♥")
    page.get_by_role("button", name="Clear").click()
    expect(dimmed).to_have_count(4)

    act(page, page.locator("#table-area").element_handle(), "draw")  # drawing ends the turn here
    drawn = page.locator(".hand-card--drawn")
    expect(drawn).to_have_attribute("data-card", "5H")
    expect(drawn).to_contain_text("drawn")
    assert hand_order(page)[:3] == ["5S", "5H", "7H"]  # in its place, by suit

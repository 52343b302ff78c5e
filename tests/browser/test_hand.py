"""The hand in a real browser: cards are played in the order they are tapped, only the cards
that can follow may be tapped, an ace that may name a suit brings up the suit toggles."""

from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.helpers import ARTIFACTS, BROWSER_TEST, DESKTOP, PHONE, act, log_in, my_turn_or_the_end

pytestmark = BROWSER_TEST


def badge(page, card):
    return page.locator(f'.hand-card[data-card="{card}"] .hand-card__badge')


def test_tapping_cards_and_playing_them(kona, page, live_server):
    log_in(page, live_server.url, "wanjiru")
    page.goto(live_server.url + reverse("games:table", kwargs={"table_id": kona.pk}))
    expect(page.locator(".game__status")).to_have_text("Your turn.")
    # The bot's declaration stands in the position, but a friendly table does not ask for it:
    # no badge that means nothing (tests/browser/test_no_stale_state.py has the others).
    expect(page.locator(".player", has_text="Greedy 1")).not_to_contain_text("Niko Kadi!")

    page.locator('.hand-card[data-card="AD"]').click()
    expect(badge(page, "AD")).to_have_text("1")
    expect(page.locator("[data-preview]")).to_have_text("A♦")
    expect(page.locator("[data-suit-picker]")).to_be_visible()
    spades = page.get_by_role("button", name="spades", exact=True)
    spades.click()
    expect(spades).to_have_attribute("aria-pressed", "true")
    expect(page.locator("[data-effect]")).to_have_text("Greedy bot 1 must follow spades.")
    expect(page.get_by_role("button", name="Play", exact=True)).to_be_enabled()
    page.set_viewport_size(DESKTOP)
    page.screenshot(path=ARTIFACTS / "hand-desktop.png")
    page.set_viewport_size(PHONE)
    page.screenshot(path=ARTIFACTS / "hand-phone.png")
    page.get_by_role("button", name="Clear").click()
    expect(page.locator('.hand-card[aria-pressed="true"]')).to_have_count(0)
    expect(page.locator("[data-suit-picker]")).to_be_hidden()
    expect(page.get_by_role("button", name="Play", exact=True)).to_be_disabled()

    page.locator('.hand-card[data-card="7H"]').click()
    expect(page.locator('.hand-card[aria-disabled="true"]')).to_have_count(6)  # no other 7 to follow
    page.locator('.hand-card[data-card="5S"]').click(force=True)  # cannot follow: ignored
    expect(page.locator('.hand-card[aria-pressed="true"]')).to_have_count(1)
    expect(page.locator("[data-preview]")).to_have_text("7♥")
    page.get_by_role("button", name="Clear").click()

    act(page, page.locator("#table-area").element_handle(), "play", ["7H"])
    expect(page.locator(".move-log__item").last).to_contain_text("wanjiru")
    my_turn_or_the_end(page)
    expect(page.locator(".move-log__item[value='1'] [data-card]")).to_have_attribute("data-card", "7H")
    expect(page.locator(".hand-card")).not_to_have_count(7)

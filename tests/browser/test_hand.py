"""The hand in a real browser: cards are played in the order they are tapped, a refused
play shows the engine's reason and changes nothing, an ace brings up the suit picker."""

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
    expect(page.locator(".player", has_text="Greedy bot 1")).to_contain_text("Niko Kadi!")

    for card in ("7H", "9H"):
        page.locator(f'.hand-card[data-card="{card}"]').click()
    expect(badge(page, "7H")).to_have_text("1")
    expect(badge(page, "9H")).to_have_text("2")
    expect(page.locator("[data-preview]")).to_have_text("7H 9H")
    page.set_viewport_size(DESKTOP)
    page.screenshot(path=ARTIFACTS / "hand-desktop.png")
    page.set_viewport_size(PHONE)
    page.screenshot(path=ARTIFACTS / "hand-phone.png")

    page.locator('.hand-card[data-card="AD"]').click()
    expect(page.locator("[data-suit-picker]")).to_be_visible()
    page.get_by_role("radio", name="spades").check()
    expect(page.locator("[data-preview]")).to_have_text("7H 9H AD @S")
    page.get_by_role("button", name="Clear").click()
    expect(page.locator('.hand-card[aria-pressed="true"]')).to_have_count(0)
    expect(page.locator("[data-suit-picker]")).to_be_hidden()

    act(page, page.locator("#table-area").element_handle(), "play", ["7H", "5S"])
    expect(page.locator(".move-error")).to_contain_text("That move is not allowed")
    expect(page.locator("input[name=expected_move_count]")).to_have_value("0")
    expect(page.locator(".hand-card")).to_have_count(7)

    act(page, page.locator("#table-area").element_handle(), "play", ["7H"])
    expect(page.locator(".move-log__item").last).to_contain_text("wanjiru")
    my_turn_or_the_end(page)
    expect(page.locator(".move-log__item[value='1'] [data-card]")).to_have_attribute("data-card", "7H")
    expect(page.locator(".hand-card")).not_to_have_count(7)

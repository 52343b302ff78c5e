"""Issue 48 (``ace_request``): at a table whose aces may name a suit or a rank, the ace picker
offers the thirteen ranks after the suits, by keyboard as by tap, within a 360 px phone; the
rank chosen goes out as ``AD @Q`` and the board then says which rank is asked for."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.helpers import ARTIFACTS, BROWSER_TEST, log_in, table_against_bots

pytestmark = BROWSER_TEST

NARROW_PHONE = {"width": 360, "height": 740}


@pytest.fixture
def mikono(make_user):
    """Wanjiru's turn at a friendly table whose aces name a suit or a rank, against one bot."""
    position = {"hands": ("AD 7H 5S", "KD QD 9C 6S"), "discard": ("4H", "7D")}
    return table_against_bots(
        make_user("wanjiru"), "Mikono", position=position, rule_overrides={"ace_request": "either"}
    )


def test_the_ace_picker_offers_ranks_by_keyboard_on_a_narrow_phone(mikono, page, live_server):
    page.set_viewport_size(NARROW_PHONE)
    log_in(page, live_server.url, "wanjiru")
    page.goto(live_server.url + reverse("games:table", kwargs={"table_id": mikono.pk}))
    expect(page.locator(".game__status")).to_have_text("Your turn.")
    page.locator('.hand-card[data-card="AD"]').click()
    picker = page.locator("[data-suit-picker]")
    expect(picker).to_be_visible()
    expect(picker.locator(".rank-toggle:visible")).to_have_count(13)
    expect(picker.locator(".suit-toggle:visible")).to_have_count(4)
    box = picker.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= NARROW_PHONE["width"], box
    for key in picker.locator(".rank-toggle").all():
        size = key.bounding_box()
        assert size["width"] >= 44 and size["height"] >= 44, size  # a thumb's target
    queens = page.get_by_role("button", name="queens", exact=True)
    queens.focus()
    page.keyboard.press("Enter")
    expect(queens).to_have_attribute("aria-pressed", "true")
    expect(page.locator("[data-effect]")).to_have_text("Greedy bot 1 must play queens, an ace or a joker.")
    page.screenshot(path=ARTIFACTS / "ace-rank-picker-360.png")
    area = page.locator("#table-area").element_handle()
    page.locator('[data-move-action="play"]').click()
    page.wait_for_function("area => !area.isConnected", arg=area)
    expect(page.locator(".move-log__item").first).to_contain_text("names queens")

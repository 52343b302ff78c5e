"""A player makes an API token on a phone, with the keyboard alone: it is shown once, listed
by its first characters, and revoked."""

from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.helpers import ARTIFACTS, BROWSER_TEST, log_in

pytestmark = BROWSER_TEST
NARROW = {"width": 360, "height": 740}


def test_making_and_revoking_a_token(user, page, live_server):
    page.set_viewport_size(NARROW)
    log_in(page, live_server.url, "amani")
    page.goto(live_server.url + reverse("account_settings"))
    page.get_by_role("link", name="API tokens").focus()
    page.keyboard.press("Enter")
    page.get_by_label("Label (what the token is for)").fill("my bot")
    page.keyboard.press("Enter")
    token = page.locator("#new-token").inner_text()
    assert token.startswith("kadi_")
    assert page.evaluate("document.documentElement.scrollWidth") <= NARROW["width"]
    page.screenshot(path=ARTIFACTS / "api-tokens-phone.png", full_page=True)

    page.reload()  # shown once: a new look lists it by its first characters only
    expect(page.locator("#new-token")).to_have_count(0)
    expect(page.locator("main")).to_contain_text(token[:9])
    assert token not in page.content()

    page.get_by_role("button", name="Revoke “my bot”").focus()
    page.keyboard.press("Enter")
    expect(page.locator("main")).to_contain_text("You have no API tokens.")

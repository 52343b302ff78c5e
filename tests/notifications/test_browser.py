"""The notification settings and list in a browser: at 320 and 360 px in Swahili, with the
keyboard alone, no serious axe finding, nothing wider than the screen, and a setting saved."""

import pytest
from playwright.sync_api import expect, sync_playwright

from notifications.models import Kind, Preference
from notifications.send import notify
from tests.browser.conftest import CHROMIUM_ARGS, assert_no_violations, watch_policy
from tests.browser.helpers import BROWSER_TEST, CHROMIUM
from tests.browser.test_accessibility import log_in, violations

pytestmark = BROWSER_TEST


@pytest.mark.parametrize("width", [320, 360])
def test_settings_by_keyboard_in_swahili_on_a_phone(user, live_server, width):
    notify(user, Kind.CHALLENGE, "challenge:1", "/challenges/", name="baraka")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": width, "height": 740}, locale="sw-KE")
        policy = watch_policy(context)
        page = context.new_page()
        log_in(page, live_server.url, "amani")
        page.goto(live_server.url + "/settings/notifications/")
        expect(page.get_by_role("heading", name="Mipangilio ya arifa")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert violations(page) == []

        box = page.locator("#id_challenge__push")
        box.focus()
        page.keyboard.press("Space")  # push for challenges: off
        page.locator("#id_time_zone").focus()
        page.keyboard.press("Tab")
        page.keyboard.press("Enter")  # the Save button, reached by Tab
        expect(page.get_by_text("Mipangilio yako ya arifa imehifadhiwa.")).to_be_visible()

        page.goto(live_server.url + "/notifications/")
        expect(
            page.get_by_role("link", name="Changamoto: baraka anakupa changamoto ya mchezo.")
        ).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert violations(page) == []
        expect(page.locator(".count-badge")).to_have_count(1)
        page.reload()  # the list said what it showed was seen
        expect(page.locator(".count-badge")).to_have_count(0)
        browser.close()
    assert_no_violations(policy)
    assert not Preference.of(user).is_on(Kind.CHALLENGE, "push")
    assert Preference.of(user).is_on(Kind.CHALLENGE, "site")

"""A player reports another from their profile with the keyboard alone, on a phone (360 px)
and a desktop (1280 px), in English and in Swahili: the form and its confirmation fit the
screen and have no serious axe finding. (The Swahili words pass once sw-reports.po is merged.)"""

import pytest
from django.urls import reverse
from playwright.sync_api import expect, sync_playwright

from moderation.models import Report
from tests.browser.conftest import CHROMIUM_ARGS, assert_no_violations, watch_policy
from tests.browser.helpers import ARTIFACTS, BROWSER_TEST, CHROMIUM, SIZES
from tests.browser.test_accessibility import LOCALES, violations
from tests.conftest import PASSWORD

pytestmark = BROWSER_TEST
SENT = {"en": "Thank you: your report is sent", "sw": "Asante: ripoti yako imetumwa"}


@pytest.mark.parametrize("language", ["en", "sw"])
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_reporting_a_player_from_their_profile_by_keyboard(user, baraka, live_server, size, language):
    ARTIFACTS.mkdir(exist_ok=True)
    viewport = SIZES[size]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        context = browser.new_context(viewport=viewport, locale=LOCALES[language])
        policy = watch_policy(context)
        page = context.new_page()
        page.goto(live_server.url + reverse("login"))
        page.locator("#id_username").focus()
        page.keyboard.type(user.username)
        page.keyboard.press("Tab")
        page.keyboard.type(PASSWORD)
        page.keyboard.press("Enter")
        page.wait_for_url(live_server.url + "/")

        page.goto(live_server.url + baraka.get_absolute_url())
        page.locator("a.report-link").focus()
        page.keyboard.press("Enter")
        page.wait_for_url("**/report/baraka/")
        assert page.locator("html").get_attribute("lang") == language
        page.locator("input[name=reason][value=abusive_chat]").focus()
        page.keyboard.press("Space")
        page.keyboard.press("Tab")  # past the radio group, into the note
        expect(page.locator("textarea[name=note]")).to_be_focused()
        page.keyboard.type("He insulted me at Kibanda.")
        page.keyboard.press("Tab")
        expect(page.locator("main form button[type=submit]")).to_be_focused()
        assert violations(page) == []
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        page.screenshot(path=ARTIFACTS / f"report-form-{size}-{language}.png", full_page=True)
        page.keyboard.press("Enter")

        page.wait_for_url("**/reports/sent/")
        expect(page.get_by_role("heading", level=1)).to_have_text(SENT[language])
        assert violations(page) == []
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        page.screenshot(path=ARTIFACTS / f"report-sent-{size}-{language}.png", full_page=True)
        browser.close()
    assert_no_violations(policy)
    report = Report.objects.get()
    assert (report.reporter, report.subject, report.reason) == (user, baraka, "abusive_chat")
    assert report.note == "He insulted me at Kibanda."

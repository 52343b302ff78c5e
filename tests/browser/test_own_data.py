"""A player downloads their own data and deletes their account on a phone (360 px), with the
keyboard alone, in English and in Swahili; neither page has a serious axe finding.

The Swahili words come from the catalogue: until /work/briefs/sw-data.po is merged they
are the English ones, and the test reads whichever the catalogue holds."""

import json

import pytest
from django.urls import reverse
from django.utils import translation
from playwright.sync_api import expect, sync_playwright

from accounts.models import User
from tests.browser.conftest import CHROMIUM_ARGS, assert_no_violations, watch_policy
from tests.browser.helpers import ARTIFACTS, BROWSER_TEST, CHROMIUM, off_the_loop
from tests.browser.test_accessibility import log_in, violations
from tests.browser.test_keyboard import tab_to
from tests.conftest import PASSWORD
from tests.history.helpers import new_game, play_to_the_end

pytestmark = BROWSER_TEST
NARROW = {"width": 360, "height": 740}
LOCALES = {"en": "en-GB", "sw": "sw-KE"}


def words(language, text):
    with translation.override(language):
        return translation.gettext(text)


@pytest.mark.parametrize("language", ["en", pytest.param("sw", marks=pytest.mark.same_on_every_stack)])
def test_downloading_ones_data_and_deleting_the_account_by_keyboard(make_user, live_server, language):
    amani, baraka = make_user("amani"), make_user("baraka")
    finished = play_to_the_end(new_game(amani, others=(baraka,)))
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        context = browser.new_context(viewport=NARROW, locale=LOCALES[language], accept_downloads=True)
        policy = watch_policy(context)
        page = context.new_page()
        log_in(page, live_server.url, "amani")
        page.goto(live_server.url + reverse("account_settings"))
        assert page.locator("html").get_attribute("lang") == language

        tab_to(page, "#download-own-data")
        with page.expect_download() as download:
            page.keyboard.press("Enter")
        data = json.loads(download.value.path().read_text())
        assert data["profile"]["username"] == "amani"
        assert [game["id"] for game in data["games"]] == [finished.pk]

        tab_to(page, f"a[href='{reverse('delete_account')}']")
        page.keyboard.press("Enter")
        page.wait_for_url("**" + reverse("delete_account"))
        assert page.evaluate("document.documentElement.scrollWidth") <= NARROW["width"]
        assert violations(page) == []
        page.screenshot(path=ARTIFACTS / f"delete-account-{language}.png", full_page=True)

        tab_to(page, "#id_password")
        page.keyboard.type("not my password")
        page.keyboard.press("Enter")
        expect(page.locator("main")).to_contain_text(
            words(language, "That is not your password: your account was not deleted.")
        )
        assert violations(page) == []

        tab_to(page, "#id_password")
        page.keyboard.type(PASSWORD)
        tab_to(page, "#delete-account")
        page.keyboard.press("Enter")
        page.wait_for_url(live_server.url + reverse("games:lobby"))
        deleted = "Your account has been deleted. Your games stay for the others, under “Deleted player”."
        expect(page.locator("body")).to_contain_text(words(language, deleted))
        assert page.locator(f"a[href='{reverse('login')}']").count() >= 1  # logged out
        browser.close()
    assert_no_violations(policy)
    erased, active = off_the_loop(lambda: User.objects.values_list("erased_at", "is_active").get(pk=amani.pk))
    assert erased is not None and not active

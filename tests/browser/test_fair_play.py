"""A player under the fair-play pause sees on the lobby why, and until when, they may not
play rated games (and that bots and unrated games stay open), on a 360 px phone, in English
and in Swahili, with no serious accessibility finding; a table asking a finishing rate says so."""

import pytest
from django.urls import reverse
from django.utils import translation
from playwright.sync_api import expect, sync_playwright

from accounts import restrictions
from games.play.tables import create_table
from tests.browser.conftest import CHROMIUM_ARGS, assert_no_violations, watch_policy
from tests.browser.helpers import ARTIFACTS, BROWSER_TEST, CHROMIUM
from tests.browser.test_accessibility import LOCALES, log_in, violations
from tests.fairplay.helpers import pause

pytestmark = BROWSER_TEST

PHONE_360 = {"width": 360, "height": 800}
MEANWHILE = {
    "en": "Meanwhile you can play bots, and unrated games.",
    "sw": "Wakati huo unaweza kucheza na roboti, na michezo isiyo na alama.",
}
MINIMUM = {"en": "Finishing rate 80% or more", "sw": "Kiwango cha kumaliza 80% au zaidi"}


@pytest.fixture
def paused(make_user):
    """amani, paused for an hour after leaving games; baraka's table asks a finishing rate."""
    amani = make_user("amani")
    pause(amani, reason="left a game while losing (fair play: 2 offences counted)")
    create_table(make_user("baraka"), "Makini", 4, "friendly", min_finishing_rate=80)
    return amani


@pytest.mark.parametrize("language", ["en", pytest.param("sw", marks=pytest.mark.same_on_every_stack)])
def test_a_paused_player_sees_why_and_until_when_on_the_lobby(paused, live_server, language):
    with translation.override(language):
        sentence = restrictions.refusal(paused, restrictions.RATED)
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        context = browser.new_context(viewport=PHONE_360, locale=LOCALES[language])
        policy = watch_policy(context)
        page = context.new_page()
        log_in(page, live_server.url, "amani")
        page.goto(live_server.url + reverse("games:lobby"))
        assert page.locator("html").get_attribute("lang") == language
        notice = page.locator("#rated-barred")
        expect(notice).to_be_visible()
        expect(notice).to_contain_text(sentence)
        expect(notice).to_contain_text(MEANWHILE[language])
        expect(page.get_by_text(MINIMUM[language])).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_360["width"]
        page.screenshot(path=ARTIFACTS / f"fair-play-lobby-360-{language}.png", full_page=True)
        assert violations(page) == []
        browser.close()
    assert_no_violations(policy)

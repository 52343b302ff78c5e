"""Who did what, in the first screen (issue 44, point 2): after a bot's jump the moves since
yours show above the table without scrolling on a phone (the move log is below the hand
there) and beside it on a desktop, kept by each render; two bots of one level are told
apart by their seats at 360 px. At 360x640, 320x568 and 1280x800, in English and Swahili."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.helpers import (
    ARTIFACTS,
    BROWSER_TEST,
    FIRST_SCREENS,
    act,
    assert_in_first_screen,
    log_in,
    table_against_bots,
)
from tests.browser.test_accessibility import violations
from tests.pages.test_recent_moves import JUMPED_BACK

pytestmark = BROWSER_TEST

SCREENS = FIRST_SCREENS
# What greedy bot 1's jack did to greedy bot 2, and bot 2's skipped turn, as the log says them.
SAID = {
    "en": ("1 jump: Greedy bot 2 is skipped unless they answer with a jack.", "Greedy bot 2 was skipped"),
    "sw": ("Zamu 1 ya kurukwa: Bot mlafi 2 anarukwa isipokuwa ajibu kwa jack.", "Bot mlafi 2 alirukwa"),
}
SEATS = {"en": ["wanjiru", "Greedy 1", "Greedy 2"], "sw": ["wanjiru", "Mlafi 1", "Mlafi 2"]}


@pytest.fixture
def jumped_back(make_user):
    """Wanjiru's 7H to play against two greedy bots: bot 1 answers with a jack that jumps bot 2."""
    bots = ("greedy", "greedy")
    return table_against_bots(make_user("wanjiru"), "Ruka", "classic", bots=bots, position=JUMPED_BACK)


def open_in(page, base_url, table, screen, language):
    page.set_viewport_size(SCREENS[screen])
    log_in(page, base_url, "wanjiru")
    page.context.add_cookies([{"name": "django_language", "value": language, "url": base_url}])
    page.goto(base_url + reverse("games:table", kwargs={"table_id": table.pk}))
    expect(page.locator("html")).to_have_attribute("lang", language)


@pytest.mark.parametrize("language", SAID)
@pytest.mark.parametrize("screen", SCREENS)
def test_after_a_bots_jump_the_first_screen_says_it(jumped_back, page, live_server, screen, language):
    open_in(page, live_server.url, jumped_back, screen, language)
    strip = page.locator("#recent-moves")
    expect(strip.locator("li")).to_have_count(0)  # no move yet: nothing to say
    act(page, page.locator("#table-area").element_handle(), "play", ["7H"])
    jump, skipped = SAID[language]
    phone = SCREENS[screen]["width"] < 640
    # A phone: the strip above the table; a desktop: the move log beside it (the strip hidden).
    shown = strip if phone else page.locator("#move-log-list")
    expect(shown).to_contain_text(jump, timeout=10_000)
    expect(shown).to_contain_text(skipped)
    expect(page.locator("#table-area .game--your-turn")).to_have_count(1)
    # The first screen: at 320x568 the selection lines pushed Play below it, so the tap
    # scrolled (point 1 of the issue: a bar fixed at the bottom).
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=ARTIFACTS / f"last-moves-{screen}-{language}.png")
    said = shown.locator("li", has_text=jump).locator(".move-words__outcome")
    expect(said).to_be_visible()
    assert_in_first_screen(page, said, "what the jack did, without scrolling")
    if phone:
        # the moves since Wanjiru's own, oldest first: her 7H is not among them
        expect(strip.locator("li")).to_have_count(2)
        expect(strip.locator("li").last).to_contain_text(skipped)
        for part in ("[data-ring]", ".board", ".hand", ".move-actions"):  # the table still fits beside them
            assert_in_first_screen(page, page.locator(part), part)
    else:
        expect(strip).to_be_hidden()
    assert violations(page) == []


@pytest.mark.parametrize("language", SEATS)
def test_two_bots_of_one_level_are_told_apart_at_360_px(jumped_back, page, live_server, language):
    open_in(page, live_server.url, jumped_back, "360x640", language)
    names = page.locator("[data-ring] .player__name")
    expect(names).to_have_text(SEATS[language])
    for name in names.all():  # each label whole: nothing cut off by an ellipsis
        assert name.evaluate("node => node.scrollWidth <= node.clientWidth"), name.text_content()
    assert len(set(names.all_inner_texts())) == 3

"""The "Niko Kadi!" tick kept through re-renders until the move it goes with is made, and the
rules panel once a game starts, at a phone's and a desktop's size."""

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import (
    BROWSER_TEST,
    EACH_SIZE,
    act,
    my_turn_or_the_end,
    open_table,
    table_against_bots,
)

pytestmark = BROWSER_TEST


@pytest.fixture
def bot_to_play(make_user, settings):
    """A classic table (declarations needed): the bot plays first, after a pause; then
    Wanjiru may play a 7 and keep one card."""
    settings.BOT_DELAY = 2
    position = {"hands": ("7H 7S", "9H 4C 5C"), "discard": ("7D",), "draws": ("KC", "KS"), "turn": 1}
    return table_against_bots(make_user("wanjiru"), "Kona", "classic", position=position)


@pytest.mark.parametrize("size", EACH_SIZE)
def test_the_declaration_is_kept_until_the_move_is_made(bot_to_play, page, live_server, size):
    open_table(page, live_server.url, bot_to_play, "wanjiru", size)
    expect(page.locator(".game__status")).to_contain_text("to play")
    toggle = page.get_by_role("button", name="Niko Kadi!")
    expect(page.locator("#niko-note")).to_have_text("Declares Niko Kadi with your next move, then turns off.")
    toggle.click()  # ahead of the turn
    expect(toggle).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".game__status")).to_have_text("Your turn.")
    expect(toggle).to_have_attribute("aria-pressed", "true")  # the hand was re-rendered, the toggle kept
    box = toggle.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    expect(page.locator("[data-preview]")).to_have_text("")
    page.locator('.hand-card[data-card="7H"]').click()
    expect(page.locator("[data-preview]")).to_have_text("7♥")
    expect(page.locator("[data-effect]")).not_to_contain_text("Niko Kadi")
    act(page, page.locator("#table-area").element_handle(), "play")
    expect(page.locator(".hand-title .niko-flag")).to_have_text("Niko Kadi!")
    expect(toggle).to_have_attribute("aria-pressed", "false")


@pytest.fixture
def before_the_game(make_user):
    return table_against_bots(make_user("wanjiru"), "Kona", "classic", start=False)


@pytest.mark.parametrize("size", EACH_SIZE)
def test_the_rules_panel_follows_the_start_of_a_game(before_the_game, page, live_server, size):
    open_table(page, live_server.url, before_the_game, "wanjiru", size)
    panel = page.locator("#rules-summary")
    expect(panel).to_contain_text("The next game plays by these rules.")
    page.get_by_role("button", name="Start the game").click()
    my_turn_or_the_end(page)
    expect(panel).to_contain_text("The game in progress plays by these rules.")

"""The end of a game in a real browser, at a phone's and a desktop's size: the result with
each rating change and links to the game's record and replay, without a reload; "Play
again" (the bot accepts at once) starts the next game."""

import re
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from games.models import Game
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
def last_card(make_user):
    position = {"hands": ("7H", "9C QD KD"), "discard": ("7D",), "turn": 0}
    return table_against_bots(make_user("wanjiru"), "Kona", position=position)


@pytest.mark.parametrize("size", EACH_SIZE)
def test_the_result_then_play_again(last_card, page, live_server, size):
    open_table(page, live_server.url, last_card, "wanjiru", size)
    page.evaluate("window.sameDocument = true")
    act(page, page.locator("#table-area").element_handle(), "play", ["7H"])
    results = page.locator(".results")
    expect(results).to_contain_text("Result")
    expect(page.locator(".game__status")).to_have_text("You won!")
    assert page.evaluate("window.sameDocument") is True  # no reload
    ratings = results.locator(".standing__rating")
    expect(ratings).to_have_count(2)
    expect(ratings.first).to_contain_text(re.compile(r"\+\d"))
    expect(ratings.first).to_contain_text("provisional")
    expect(ratings.last).to_contain_text(re.compile(r"−\d"))
    expect(results.get_by_role("link", name="The game's record")).to_be_visible()
    expect(results.get_by_role("link", name="Replay it")).to_be_visible()

    results.get_by_role("button", name="Play again").click()
    my_turn_or_the_end(page)
    expect(page.locator(".hand-card")).not_to_have_count(0)
    expect(page.locator(".results")).to_have_count(0)


@pytest.fixture
def left_alone(make_user, settings):
    """A game nobody has touched for longer than ABANDON_AFTER_SECONDS, ended by the sweep
    (cron's command here: this test server has no websocket, whose process sweeps too)."""
    settings.ABANDON_AFTER_SECONDS = 600
    table = table_against_bots(make_user("wanjiru"), "Kimya")
    Game.objects.filter(table=table).update(updated_at=timezone.now() - timedelta(hours=1))
    call_command("abandon_games", stdout=StringIO())
    return table


@pytest.mark.parametrize("size", EACH_SIZE)
def test_an_abandoned_game_says_so(left_alone, page, live_server, size):
    open_table(page, live_server.url, left_alone, "wanjiru", size)
    expect(page.locator(".game__status")).to_contain_text("This game was abandoned")
    expect(page.get_by_role("link", name="Replay it")).to_have_count(0)
    page.goto(live_server.url + reverse("history:mine"))
    expect(page.locator(".history-game__result")).to_contain_text("abandoned")

"""No stale state on the table page (issue 44, point 3): "Niko Kadi!" turned on, then Clear,
then Draw sends a plain draw, and no badge is left beside the drawn hand; the declaration is
not offered with an empty selection where no move without cards may carry it; "Link copied."
goes at the next tap, or after a while. At 360x640, 320x568 and 1280x800, in English and
Swahili."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from games.models import Game
from games.play.tables import create_table
from tests.browser.helpers import (
    ARTIFACTS,
    BROWSER_TEST,
    FIRST_SCREENS,
    log_in,
    off_the_loop,
    table_against_bots,
)

pytestmark = BROWSER_TEST

VIEWPORTS = FIRST_SCREENS
LANGUAGES = {"en": "en-GB", "sw": "sw-KE"}
EVERY_SCREEN = [(size, language) for size in VIEWPORTS for language in LANGUAGES]


def open_as(page, base_url, username, path, size, language):
    """``path`` for ``username`` at ``size`` in ``language`` (logged in in English first: the
    helper reads the English log-in form)."""
    page.set_viewport_size(VIEWPORTS[size])
    log_in(page, base_url, username)
    page.set_extra_http_headers({"Accept-Language": LANGUAGES[language]})
    page.goto(base_url + path)
    expect(page.locator("html")).to_have_attribute("lang", language)


@pytest.fixture
def kiosk(make_user, settings):
    """Wanjiru's turn at a classic table (declarations needed, with any move) against a
    greedy bot that holds too many cards to declare; the next card drawn is 5H."""
    settings.BOT_DELAY = 0
    position = {
        "hands": ("7H 9C 5S QD", "KC 8C 9S 3H 10H 6C"),
        "discard": ("4S", "4D"),
        "draws": ("5H",),
    }
    return table_against_bots(make_user("wanjiru"), "Kiosk", "classic", position=position)


@pytest.mark.parametrize(("size", "language"), EVERY_SCREEN)
def test_clear_turns_the_declaration_off_before_a_draw(kiosk, page, live_server, size, language):
    table_path = reverse("games:table", kwargs={"table_id": kiosk.pk})
    open_as(page, live_server.url, "wanjiru", table_path, size, language)
    toggle = page.locator("[data-declare]")
    expect(toggle).not_to_have_attribute("aria-disabled", "true")  # a draw may carry it here
    page.locator('.hand-card[data-card="QD"]').click()
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    page.locator("[data-clear]").click()
    expect(toggle).to_have_attribute("aria-pressed", "false")
    expect(page.locator("[data-preview]")).to_have_text("")
    page.locator("[data-move-action=draw]").click()
    expect(page.locator(".hand .hand-card")).to_have_count(5)
    expect(page.locator(".hand-card[data-card='5H']")).to_be_visible()
    expect(page.locator(".hand-title .niko-flag")).to_have_count(0)
    expect(page.locator("#seat-0 .niko-flag")).to_have_count(0)
    expect(toggle).to_have_attribute("aria-pressed", "false")  # nothing saved to come back
    page.screenshot(path=ARTIFACTS / f"no-stale-declaration-{size}-{language}.png")
    assert off_the_loop(first_move, kiosk.pk) == "draw"


def first_move(table_id):
    return Game.objects.get(table_id=table_id).moves.order_by("index").first().text


@pytest.fixture
def jumped(make_user):
    """Wanjiru jumped at a table where a jump cannot be countered and "Niko Kadi!" goes only
    with a hand that could finish: accepting keeps 5C 9S, which cannot."""
    position = {
        "hands": ("5C 9S", "KC 8C 9H 3H"),
        "discard": ("7D", "JD"),
        "pending": {"kind": "jump", "count": 1, "by": 1},
    }
    return table_against_bots(
        make_user("wanjiru"), "Kiosk", "rulebook", position=position,
        rule_overrides={"declare_allowed": "finishable"},
    )


@pytest.mark.parametrize(("size", "language"), EVERY_SCREEN)
def test_the_declaration_is_not_offered_where_no_move_may_carry_it(jumped, page, live_server, size, language):
    path = reverse("games:table", kwargs={"table_id": jumped.pk})
    open_as(page, live_server.url, "wanjiru", path, size, language)
    expect(page.locator("[data-move-action=accept]")).to_be_visible()
    toggle = page.locator("[data-declare]")
    expect(toggle).to_have_attribute("aria-disabled", "true")
    toggle.click(force=True)  # a tap on it does nothing
    expect(toggle).to_have_attribute("aria-pressed", "false")


@pytest.fixture
def open_table_with_link(make_user):
    return create_table(make_user("amani"), "Nyumbani", 3, "friendly", private=True)


@pytest.mark.parametrize(("size", "language"), EVERY_SCREEN)
def test_link_copied_goes_at_the_next_tap_and_after_a_while(
    open_table_with_link, page, live_server, size, language
):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    page.clock.install()
    path = reverse("games:table", kwargs={"table_id": open_table_with_link.pk})
    open_as(page, live_server.url, "amani", path, size, language)
    status = page.locator("[data-invite-status]")
    expect(status).to_have_attribute("role", "status")
    copied = status.get_attribute("data-copied")
    page.locator("[data-invite-copy]").click()
    expect(status).to_have_text(copied)
    page.locator("h1").click()  # the next tap elsewhere
    expect(status).to_have_text("")
    page.locator("[data-invite-copy]").click()
    expect(status).to_have_text(copied)
    page.clock.run_for(3_000)
    expect(status).to_have_text(copied)  # long enough to be read
    page.clock.run_for(2_000)
    expect(status).to_have_text("")

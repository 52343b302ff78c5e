"""One screen for every kind of player (issue 44, point 1): at 360x640, 320x568 and 1280x800,
in English and Swahili, a guest's and a registered player's whole turn is in the first screen
with hands of 1, 7 and 15 cards: every card with its rank and suit corner uncovered, Play and
Draw, and once a card is tapped the selection lines too; a spectator sees the whole table. The
long help texts are shown to newcomers and folded for a player of a few finished games; the word
said over a jumped seat leaves its name in sight."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from games.models import Game
from games.pages.table import SEASONED_AFTER
from games.play import play_now
from tests.browser.helpers import (
    ARTIFACTS,
    BROWSER_TEST,
    FIRST_SCREENS,
    assert_in_first_screen,
    log_in,
    off_the_loop,
    table_against_bots,
)
from tests.games.helpers import put_position

pytestmark = BROWSER_TEST

LANGUAGES = ("en", "sw")
# The hands held, each with the jack of hearts, which may be played on the 4 of hearts and says
# a long effect ("1 jump: … is skipped unless they answer with a jack.").
HANDS = {
    1: "JH",
    7: "JH 7H 5S 4C AD 9H QC",
    15: "JH 7H 5S 4C AD 9H QC 3D 6D 8S 10C 2H 4S 9D KS",
}
BOTS_HANDS = ("KD QD 9C 6S", "KC 8C 9S 3H 4D")
GUEST = "Guest-k3f9qz"


def position(cards, turn=0):
    return {"hands": (cards, *BOTS_HANDS), "discard": ("4H",), "turn": turn}


def open_as(page, base_url, table, username, screen, language):
    page.set_viewport_size(FIRST_SCREENS[screen])
    log_in(page, base_url, username)
    speak(page, base_url, language)
    page.goto(base_url + reverse("games:table", kwargs={"table_id": table.pk}))


def speak(page, base_url, language):
    page.context.add_cookies([{"name": "django_language", "value": language, "url": base_url}])


# Each card's corner (its rank over its suit), probed at its four edges: what is there must be
# the card's own button, neither its neighbour nor the bar of actions.
COVERED_CORNERS = """cards => cards.flatMap((button) => {
  const corner = button.querySelector(".card__corner").getBoundingClientRect();
  const points = [[corner.left + 2, corner.top + 2], [corner.right - 2, corner.top + 2],
                  [corner.left + 2, corner.bottom - 2], [corner.right - 2, corner.bottom - 2]];
  return points.filter(([x, y]) => !button.contains(document.elementFromPoint(x, y)))
    .map(([x, y]) => `${button.dataset.card} at ${Math.round(x)},${Math.round(y)}: `
      + (document.elementFromPoint(x, y)?.outerHTML.slice(0, 70) ?? "off the screen"));
})"""
# What is at a control's centre: the control itself, or what covers it.
COVERED = """node => {
  const box = node.getBoundingClientRect();
  const there = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return node.contains(there) ? null : (there?.outerHTML.slice(0, 70) ?? "off the screen");
}"""


def assert_the_hand_in_first_screen(page, where):
    cards = page.locator(".hand-card")
    for card in cards.all():
        assert_in_first_screen(page, card.locator(".card"), f"{where}: {card.get_attribute('data-card')}")
    assert cards.evaluate_all(COVERED_CORNERS) == [], where


def assert_the_turn_in_first_screen(page, where):
    """The whole turn without scrolling: the hand, then Play and Draw; tapping the jack
    brings the selection lines, and all of it stays."""
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"], where
    assert_the_hand_in_first_screen(page, where)
    play, draw = page.locator('[data-move-action="play"]'), page.locator('[data-move-action="draw"]')
    for button in (play, draw, page.locator("[data-declare]")):
        assert_in_first_screen(page, button, where)
        assert button.evaluate(COVERED) is None, where
    page.locator('.hand-card[data-card="JH"]').click()
    expect(play).to_be_enabled()
    preview, effect = page.locator("[data-preview]"), page.locator("[data-effect]")
    expect(preview).not_to_be_empty()
    expect(effect).not_to_be_empty()
    for part in (preview, effect, play, page.locator("[data-declare]")):
        assert_in_first_screen(page, part, f"{where}, the jack tapped")
        assert part.evaluate(COVERED) is None, f"{where}, the jack tapped"
    assert_the_hand_in_first_screen(page, f"{where}, the jack tapped")


def every_hand(page, base_url, game, who, screen):
    """Each language, each hand of ``HANDS``: the whole turn in the first screen; a screenshot
    of the largest hand with the jack tapped."""
    for language in LANGUAGES:
        speak(page, base_url, language)
        for count, cards in HANDS.items():
            off_the_loop(lambda held=cards: put_position(game, **position(held)))
            page.reload()
            expect(page.locator("html")).to_have_attribute("lang", language)
            expect(page.locator(".hand-card")).to_have_count(count)
            assert_the_turn_in_first_screen(page, f"{who}, {count} cards, {language}")
        page.screenshot(path=ARTIFACTS / f"one-screen-{who}-{screen}-{language}.png")


@pytest.fixture
def guest_game(make_user):
    """A guest's game against two bots, as "Play bots now" starts it."""
    table = play_now.play_bots_now(make_user(GUEST, is_guest=True), "random")
    return table.current_game()


@pytest.fixture
def registered_game(make_user):
    """A newcomer's game against two bots, with Niko Kadi's rule: the help texts are shown."""
    table = table_against_bots(make_user("wanjiru"), "Kona", "classic", bots=("random", "random"))
    return table.current_game()


@pytest.mark.parametrize("screen", FIRST_SCREENS)
def test_a_guests_whole_turn_is_in_the_first_screen(guest_game, page, live_server, screen):
    open_as(page, live_server.url, guest_game.table, GUEST, screen, "en")
    expect(page.locator(".guest-banner")).to_be_visible()
    expect(page.locator("#hand-legend")).to_be_visible()  # a guest is shown the help
    every_hand(page, live_server.url, guest_game, "guest", screen)


@pytest.mark.parametrize("screen", FIRST_SCREENS)
def test_a_registered_players_whole_turn_is_in_the_first_screen(registered_game, page, live_server, screen):
    open_as(page, live_server.url, registered_game.table, "wanjiru", screen, "en")
    expect(page.locator("#hand-legend")).to_be_visible()
    every_hand(page, live_server.url, registered_game, "player", screen)


@pytest.mark.parametrize("screen", ["320x568", "1280x800"])
def test_a_refused_moves_reason_is_in_the_first_screen(registered_game, page, live_server, screen):
    """A move another tab made first: the reason comes in the bar of the turn, in sight on a
    phone whatever the hand's size."""
    off_the_loop(lambda: put_position(registered_game, **position(HANDS[15])))
    open_as(page, live_server.url, registered_game.table, "wanjiru", screen, "en")
    page.locator("[name=expected_move_count]").evaluate("input => { input.value = '7'; }")
    page.locator('[data-move-action="draw"]').click()
    reason = page.locator(".move-error")
    expect(reason).to_be_visible()
    assert_in_first_screen(page, reason, "the refused move's reason")
    assert reason.evaluate(COVERED) is None
    expect(page.locator(".hand-card")).to_have_count(15)  # nothing changed


@pytest.fixture
def watched_game(make_user):
    """Wanjiru's fifteen cards, a bot's turn: Baraka, not seated, watches the bots move."""
    make_user("baraka")
    table = table_against_bots(
        make_user("wanjiru"), "Kona", bots=("greedy", "greedy"), position=position(HANDS[15], turn=1)
    )
    return table.current_game()


@pytest.mark.parametrize("screen", FIRST_SCREENS)
def test_a_spectator_sees_the_whole_table_in_the_first_screen(watched_game, page, live_server, screen):
    phone = FIRST_SCREENS[screen]["width"] < 640
    page.set_viewport_size(FIRST_SCREENS[screen])
    log_in(page, live_server.url, "baraka")
    for language in LANGUAGES:
        speak(page, live_server.url, language)
        page.goto(live_server.url + reverse("games:table", kwargs={"table_id": watched_game.table.pk}))
        expect(page.locator("html")).to_have_attribute("lang", language)
        # The bots' moves in the first screen: above the table on a phone, in the log beside it on a desktop.
        last_moves = page.locator("#recent-moves li" if phone else "#move-log-list li")
        expect(last_moves.first).to_be_visible(timeout=10_000)
        # The bots have moved and Wanjiru, away, is to play: the table stands still to be measured.
        expect(page.locator(".game__status [role=status]")).to_contain_text("wanjiru")
        expect(page.locator(".hand-card")).to_have_count(0)
        seats = page.locator("[data-ring] .player")
        expect(seats).to_have_count(3)
        piles = (page.locator(".board__draw"), page.locator(".discard__top"))
        for part in (*seats.all(), *piles, last_moves.last):
            assert_in_first_screen(page, part, f"spectator, {language}: {part}")
        expect(seats.first.locator(".player__count")).to_contain_text("15")
        page.screenshot(path=ARTIFACTS / f"one-screen-spectator-{screen}-{language}.png")


@pytest.fixture
def seasoned(make_user):
    """Chebet has finished ``SEASONED_AFTER`` games; her next one, with Niko Kadi's rule, is on."""
    chebet = make_user("chebet")
    for number in range(SEASONED_AFTER):
        finished = table_against_bots(chebet, f"Zamani {number}")
        Game.objects.filter(table=finished).update(status=Game.Status.FINISHED)
    leo = table_against_bots(chebet, "Leo", "classic", bots=("random", "random"), position=position(HANDS[7]))
    return leo.current_game()


@pytest.mark.parametrize("screen", ["320x568", "1280x800"])
def test_the_help_texts_fold_after_a_players_first_games(
    registered_game, seasoned, page, live_server, screen
):
    helps = ("#hand-legend", "#niko-note")
    off_the_loop(lambda: put_position(registered_game, **position(HANDS[7])))
    open_as(page, live_server.url, registered_game.table, "wanjiru", screen, "en")
    expect(page.locator(".hand-card")).to_have_count(7)
    for help_text in helps:  # a newcomer reads them
        expect(page.locator(help_text)).to_be_visible()
    page.context.clear_cookies()
    open_as(page, live_server.url, seasoned.table, "chebet", screen, "en")
    expect(page.locator(".hand-card")).to_have_count(7)
    for help_text in helps:  # folded: out of sight, still what the hand and the toggle are described by
        expect(page.locator(help_text)).to_be_attached()
        assert page.locator(help_text).evaluate("node => node.getBoundingClientRect().height <= 1")
    expect(page.locator("#hand")).to_have_attribute("aria-describedby", "hand-legend")
    expect(page.locator("[data-declare]")).to_have_attribute("aria-describedby", "niko-note")
    expect(page.get_by_role("group", name="Your hand")).to_have_accessible_description(
        "Tap your cards in the order you play them. Only the lit cards can be played next; "
        "Play works once the cards make a whole play."
    )
    page.screenshot(path=ARTIFACTS / f"one-screen-seasoned-{screen}-en.png")


# A jump said over the second seat (static/js/motion.js), held at the height of its animation.
SAY_A_JUMP = """() => {
  document.dispatchEvent(new CustomEvent("kadi:table-change", {detail: {
    mover: null, played: false, drew: {}, jumped: [1], kickback: false, declared: []}}));
  const mark = document.querySelector(".motion-mark--jumped");
  mark.getAnimations().forEach((animation) => {
    animation.pause();
    animation.currentTime = animation.effect.getTiming().duration * 0.3;
  });
  return mark.textContent;
}"""


@pytest.mark.parametrize("screen", FIRST_SCREENS)
def test_a_jumped_seats_name_stays_in_sight(registered_game, page, live_server, screen):
    open_as(page, live_server.url, registered_game.table, "wanjiru", screen, "sw")
    assert page.evaluate(SAY_A_JUMP) == "amerukwa"
    mark = page.locator(".motion-mark--jumped").bounding_box()
    name = page.locator("#seat-1 .player__name").bounding_box()
    assert mark["y"] + mark["height"] <= name["y"], (mark, name)

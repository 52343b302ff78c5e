"""The table on a budget phone (issue 35), at 360x640, 360x740, 412x915 and a desktop's
1280x800: everything of a turn in the first screen, the compact header, the seats in the
order of play, motion, sound, dimmed cards in their colour, 44 px targets, the table
brought back into view after a game, and a console without errors for a whole game."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect, sync_playwright

from games.play.starts import start_game
from games.play.tables import add_bot, create_table, take_seat
from tests.browser.conftest import CHROMIUM_ARGS, assert_no_violations, watch_policy
from tests.browser.helpers import (
    ARTIFACTS,
    BROWSER_TEST,
    CHROMIUM,
    act,
    assert_in_first_screen,
    log_in,
    my_turn_or_the_end,
    table_against_bots,
)
from tests.browser.test_game_end import last_card  # noqa: F401 (a fixture)
from tests.engine.helpers import jump
from tests.games.helpers import put_position

pytestmark = BROWSER_TEST

SCREENS = {
    "360x640": {"width": 360, "height": 640},
    "360x740": {"width": 360, "height": 740},
    "412x915": {"width": 412, "height": 915},
    "1280x800": {"width": 1280, "height": 800},
}
PHONES = {name for name, size in SCREENS.items() if size["width"] < 640}

# Sixteen cards for Wanjiru, on the 4 of hearts: 5D cannot begin a play (dimmed).
CROWD = {
    "hands": (
        "7H 5S 4C AD 9H QC 3D 6D 8S 10C 2H 4S 9D JC KS 5D",
        "KD QD 9C 6S",
        "KC 8C 9S 3H 4D",
        "10H 10S 6C",
    ),
    "discard": ("4H",),
    "declared": (False, True, False, False),
    "draws": ("5H", "6H", "7C"),
}


def open_at(page, base_url, table, username, screen):
    page.set_viewport_size(SCREENS[screen])
    log_in(page, base_url, username)
    page.goto(base_url + reverse("games:table", kwargs={"table_id": table.pk}))


def box(locator):
    return locator.bounding_box()


@pytest.fixture
def crowd(make_user):
    """Wanjiru's turn against three bots, sixteen cards in her hand; Baraka looks on."""
    make_user("baraka")
    return table_against_bots(
        make_user("wanjiru"), "Kona", bots=("greedy", "random", "greedy"), position=CROWD
    )


@pytest.mark.parametrize("screen", SCREENS)
def test_a_turn_fits_the_first_screen(crowd, page, live_server, screen):
    open_at(page, live_server.url, crowd, "wanjiru", screen)
    expect(page.locator(".hand-card")).to_have_count(16)
    page.screenshot(path=ARTIFACTS / f"phone-table-{screen}.png")
    assert page.evaluate("document.documentElement.scrollWidth") <= SCREENS[screen]["width"]
    assert page.evaluate("window.scrollY") == 0
    for part in ("[data-ring]", ".board", ".hand", ".move-actions"):
        assert_in_first_screen(page, page.locator(part), part)
    for card in page.locator(".hand-card").all():
        assert_in_first_screen(page, card.locator(".card"), card.get_attribute("data-card"))
    header = box(page.locator(".site-header"))
    area = box(page.locator("#table-area"))
    if screen in PHONES:
        assert header["height"] <= 46, "one bar"
    else:
        assert area["width"] >= 700, "the table keeps the width on a desktop"


@pytest.mark.parametrize("screen", SCREENS)
def test_the_header_menu_and_the_language(crowd, page, live_server, screen):
    open_at(page, live_server.url, crowd, "wanjiru", screen)
    menu = page.get_by_role("button", name="Menu")
    rules = page.locator(".site-header").get_by_role("link", name="Rules")
    if screen in PHONES:
        expect(rules).to_be_hidden()
        menu.click()
        expect(menu).to_have_attribute("aria-expanded", "true")
        expect(rules).to_be_visible()
        page.keyboard.press("Escape")
        expect(rules).to_be_hidden()
        expect(menu).to_be_focused()
        menu.click()
    else:
        expect(menu).to_be_hidden()
        expect(rules).to_be_visible()
    expect(page.locator(".site-header").get_by_role("button", name="Change language")).to_have_count(0)
    page.locator("#language-header").select_option("sw")  # applies at once: no second button
    expect(page.locator("html")).to_have_attribute("lang", "sw")
    expect(page.locator(".site-nav a").nth(1)).to_have_text("Sheria")  # in the menu, closed on a phone


@pytest.fixture
def four(make_user):
    """Wanjiru, Baraka and two bots; Wanjiru played a jack: Baraka (human, so the position
    stays while we look) is to be jumped unless he answers; a bot has declared "Niko Kadi!"."""
    wanjiru, baraka = make_user("wanjiru"), make_user("baraka")
    table = create_table(wanjiru, "Ruka", 4, "classic")
    take_seat(table, baraka, 1)
    add_bot(table, "greedy")
    add_bot(table, "random")
    game = start_game(table, wanjiru)
    hands = ("7H 5S 4C", "KD QD 9C 6S 3S", "KC 8C", "10H 10S 6C 2C 3C")
    put_position(
        game,
        hands=hands,
        discard=("4H", "JH"),
        turn=1,
        pending=jump(1, by=0),
        declared=(False, False, True, False),
    )
    return table


@pytest.mark.parametrize("screen", SCREENS)
def test_every_seat_in_the_order_of_play(four, page, live_server, screen):
    open_at(page, live_server.url, four, "wanjiru", screen)
    ring = page.locator("[data-ring]")
    # Wanjiru's seat first, marked "you", then each seat in the order of play.
    expect(ring.locator(".player__name")).to_have_text(["wanjiru", "baraka", "Greedy 1", "Random 1"])
    expect(ring.locator(".ring__seat").first).to_have_class("ring__seat ring__seat--you")
    expect(ring.locator(".ring__seat--you")).to_contain_text("you")
    expect(ring.locator(".player__count")).to_have_text(["3 cards", "5 cards", "2 cards", "5 cards"])
    expect(ring).to_have_attribute("data-clockwise", "1")
    # Whose turn it is, and that they are to be jumped; who declared "Niko Kadi!".
    expect(ring.locator(".player--to-play")).to_have_count(1)
    expect(ring.locator(".player--jumped")).to_contain_text("baraka")
    expect(ring.locator(".player--jumped")).to_contain_text("jumped next")
    expect(ring.locator(".player", has_text="Greedy 1")).to_contain_text("Niko Kadi!")
    for seat in ring.locator(".player").all():
        assert_in_first_screen(page, seat)
    # Baraka sees the same ring from his seat: his first, and play goes on to the bots.
    baraka = page.context.browser.new_context(viewport=SCREENS[screen]).new_page()
    open_at(baraka, live_server.url, four, "baraka", screen)
    expect(baraka.locator("[data-ring] .player__name")).to_have_text(
        ["baraka", "Greedy 1", "Random 1", "wanjiru"]
    )
    baraka.context.close()


@pytest.fixture
def kickback(make_user):
    """Wanjiru's turn; her king sends play back the other way."""
    position = {"hands": ("KH 5S 4C", "9C 6S 3S", "KC 8C 9D", "10S 6C 2C"), "discard": ("4H",)}
    return table_against_bots(
        make_user("wanjiru"), "Rudi", bots=("greedy", "greedy", "greedy"), position=position
    )


@pytest.mark.parametrize("screen", SCREENS)
def test_the_ring_turns_round_after_a_kickback(kickback, page, live_server, screen):
    open_at(page, live_server.url, kickback, "wanjiru", screen)
    ring = page.locator("[data-ring]")
    expect(ring.locator(".player__name")).to_have_text(
        ["wanjiru", "Greedy 1", "Greedy 2", "Greedy 3"]
    )
    page.locator('.hand-card[data-card="KH"]').click()
    page.locator('[data-move-action="play"]').click()
    expect(ring).to_have_attribute("data-clockwise", "0")
    expect(ring.locator(".player__name")).to_have_text(
        ["wanjiru", "Greedy 3", "Greedy 2", "Greedy 1"]
    )


# Every animation started, and every sound played: a test sees neither.
RECORD = """
window.motions = [];
const realAnimate = Element.prototype.animate;
Element.prototype.animate = function (keyframes, options) {
  const animation = realAnimate.call(this, keyframes, options);
  const entry = { kind: this.dataset.motion, seat: this.dataset.seat || null,
                  duration: options.duration, start: performance.now(), end: null };
  window.motions.push(entry);
  animation.finished.then(() => { entry.end = performance.now(); }, () => {});
  return animation;
};
window.heard = [];
HTMLMediaElement.prototype.play = function () {
  window.heard.push(this.src.split("/").pop());
  return Promise.resolve();
};
"""


@pytest.mark.parametrize("screen", SCREENS)
def test_each_move_animates_one_after_the_other(crowd, page, live_server, screen):
    page.add_init_script(RECORD)
    open_at(page, live_server.url, crowd, "wanjiru", screen)
    act(page, page.locator("#table-area").element_handle(), "play", ["7H"])
    my_turn_or_the_end(page)
    page.wait_for_function("() => window.motions.length >= 4 && window.motions.every((m) => m.end !== null)")
    motions = page.evaluate("window.motions")
    assert motions[0]["kind"] == "play"  # Wanjiru's 7H, then the bots' moves
    assert {m["kind"] for m in motions} <= {"play", "draw", "drew", "jumped", "kickback"}
    assert all(150 <= m["duration"] <= 400 for m in motions)
    # One step after the other: a step starts once the one before has ended (a draw's
    # flight and its mark on the seat are one step).
    steps = sorted({(round(m["start"]), round(m["end"])) for m in motions if m["kind"] != "drew"})
    for before, after in zip(steps, steps[1:], strict=False):
        assert after[0] >= before[1] - 1, motions
    # The table never waited for them: the hand took the moves as they came.
    expect(page.locator('.hand-card[data-card="7H"]')).to_have_count(0)
    expect(page.locator(".motion-layer")).to_have_attribute("aria-hidden", "true")


@pytest.mark.parametrize("screen", SCREENS)
def test_reduced_motion_shows_changes_at_once(crowd, live_server, screen):
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        context = browser.new_context(viewport=SCREENS[screen], reduced_motion="reduce")
        violations = watch_policy(context)
        page = context.new_page()
        page.add_init_script(RECORD)
        open_at(page, live_server.url, crowd, "wanjiru", screen)
        act(page, page.locator("#table-area").element_handle(), "play", ["7H"])
        my_turn_or_the_end(page)
        expect(page.locator("[data-ring] .player__name").first).to_have_text("wanjiru")
        assert page.evaluate("window.motions") == []
        browser.close()
    assert_no_violations(violations)


@pytest.mark.parametrize("screen", SCREENS)
def test_sounds_after_the_first_touch_and_a_mute_toggle_kept_per_player(crowd, page, live_server, screen):
    page.add_init_script(RECORD)
    open_at(page, live_server.url, crowd, "wanjiru", screen)
    toggle = page.get_by_role("button", name="Sound")
    expect(toggle).to_have_attribute("aria-pressed", "true")  # on by default
    act(page, page.locator("#table-area").element_handle(), "play", ["7H"])  # the first touch
    my_turn_or_the_end(page)
    page.wait_for_function("() => window.heard.includes('turn.wav')")
    heard = page.evaluate("window.heard")
    assert heard[0] == "play.wav" and set(heard) <= {"play.wav", "draw.wav", "niko.wav", "turn.wav"}, heard
    for name in ("turn", "play", "draw", "niko", "end"):  # each a small file of the site's
        response = page.request.get(f"{live_server.url}/static/sounds/{name}.wav")
        assert response.ok and len(response.body()) < 10_000, name

    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "false")
    page.reload()
    expect(page.get_by_role("button", name="Sound")).to_have_attribute("aria-pressed", "false")  # remembered
    page.evaluate("window.heard = []")
    area = page.locator("#table-area").element_handle()
    page.locator('.hand-card[data-playable="true"]').first.click()
    page.locator('[data-move-action="play"]').click()
    page.wait_for_function("area => !area.isConnected", arg=area)
    my_turn_or_the_end(page)
    assert page.evaluate("window.heard") == []
    # Per player: another player on this browser has sound on.
    page.context.clear_cookies()
    log_in(page, live_server.url, "baraka")
    page.goto(live_server.url + reverse("games:table", kwargs={"table_id": crowd.pk}))
    expect(page.get_by_role("button", name="Sound")).to_have_attribute("aria-pressed", "true")


@pytest.mark.parametrize("screen", SCREENS)
def test_dimmed_cards_keep_their_suit_colour(crowd, page, live_server, screen):
    open_at(page, live_server.url, crowd, "wanjiru", screen)
    dimmed = page.locator('.hand-card[data-card="5D"]')
    expect(dimmed).to_have_class("hand-card hand-card--dimmed")
    card = dimmed.locator(".card")
    assert card.evaluate("c => getComputedStyle(c).color") == "rgb(200, 16, 46)"  # red, as undimmed
    assert card.evaluate("c => getComputedStyle(c).filter") == "none"
    assert card.evaluate("c => getComputedStyle(c).opacity") == "1"
    expect(card.locator(".card__corner").first).to_contain_text("♦")  # the suit in a symbol too
    expect(card).to_have_attribute("aria-label", "5 of diamonds")


# The two controls of the hand that are not this test's: the "Niko Kadi!" declaration and the
# suit choice (issue 34 makes them large toggle buttons).
NOT_HERE = ".niko-control, .suit-picker"
CONTROLS = "a[href], button, select, input:not([type=hidden]), summary, [tabindex]:not([tabindex='-1'])"


def small_controls(page, within):
    return page.evaluate(
        """([within, controls, notHere]) => Array.from(document.querySelectorAll(within))
          .flatMap((part) => Array.from(part.querySelectorAll(controls)))
          .filter((c) => !c.closest(notHere) && c.getClientRects().length)
          .filter((c) => getComputedStyle(c).visibility !== "hidden")
          .map((c) => [c.outerHTML.slice(0, 80), c.getBoundingClientRect()])
          .filter(([, r]) => r.width < 43.9 || r.height < 43.9)
          .map(([html, r]) => `${html} ${Math.round(r.width)}x${Math.round(r.height)}`)""",
        [within, CONTROLS, NOT_HERE],
    )


@pytest.mark.parametrize("screen", SCREENS)
def test_every_control_is_at_least_44_px(crowd, page, live_server, screen):
    open_at(page, live_server.url, crowd, "wanjiru", screen)
    expect(page.locator(".hand-card")).to_have_count(16)
    if screen in PHONES:
        page.get_by_role("button", name="Menu").click()
    smaller = small_controls(page, ".site-header, .table-header, #table-area, .table-layout__side")
    # Thirteen cards and more keep two rows on a phone (issue 44, point 1): each card's target
    # is then 44 px high and narrower (40 px at 360 px, 34 at 320), still over WCAG 2.5.8's
    # 24 px (tests/browser/test_one_screen.py holds every card's corner in sight).
    cards = [found for found in smaller if 'class="hand-card' in found]
    assert [found for found in smaller if found not in cards] == []
    for card in page.locator(".hand-card").all():
        target = card.bounding_box()
        assert target["width"] >= 24 and target["height"] >= 43.9, (card.get_attribute("data-card"), target)


@pytest.mark.parametrize("screen", SCREENS)
def test_play_again_brings_the_new_game_into_view(last_card, page, live_server, screen):  # noqa: F811
    open_at(page, live_server.url, last_card, "wanjiru", screen)
    act(page, page.locator("#table-area").element_handle(), "play", ["7H"])
    results = page.locator("#table-area .results")
    expect(results).to_contain_text("Result")
    assert small_controls(page, "#table-area") == []
    play_again = results.get_by_role("button", name="Play again")
    play_again.scroll_into_view_if_needed()
    play_again.click()
    expect(page.locator("#table-area .results")).to_have_count(0)
    expect(page.locator(".hand-card")).not_to_have_count(0)
    # The new game in view and focused: the hand, or the table area while a bot plays first.
    expect(page.locator("#hand, #table-area").and_(page.locator(":focus"))).to_have_count(1)
    expect(page.locator("[data-ring]")).to_be_in_viewport(ratio=1)  # scrolled to, wherever the page was
    # The finished game's summary stays at hand, with its record.
    last = page.locator("#last-result")
    expect(last).to_be_visible()
    last.locator("summary").click()
    expect(last.locator(".standing")).to_have_count(2)
    expect(last.get_by_role("link", name="The game's record")).to_be_visible()


COUNT_SOCKET_ERRORS = (
    'window.wsErrors = 0; document.addEventListener("htmx:wsError", () => window.wsErrors++);'
)


@pytest.mark.parametrize("screen", SCREENS)
def test_the_polling_fallback_works_without_eval(crowd, page, live_server, screen):
    # This test server has no websocket: the page polls for the bots' moves.
    said = []
    page.on(
        "console",
        lambda message: (
            said.append(f"{message.text} ({message.location['url']})") if message.type == "error" else None
        ),
    )
    page.on("pageerror", lambda error: said.append(str(error)))
    page.add_init_script(COUNT_SOCKET_ERRORS)
    open_at(page, live_server.url, crowd, "wanjiru", screen)
    act(page, page.locator("#table-area").element_handle(), "play", ["7H"])
    expect(page.locator("#move-log .move-log__item[value='4']")).to_be_attached()  # the bots' three moves
    my_turn_or_the_end(page)
    assert page.evaluate("window.kadiLive") is False
    # The only errors: of the socket that cannot connect here (the browser's, and htmx's
    # report of each htmx:wsError event).
    socket_errors = page.evaluate("window.wsErrors")
    assert len([text for text in said if text.startswith("[object Event]")]) <= socket_errors
    assert [text for text in said if "WebSocket" not in text and not text.startswith("[object Event]")] == []

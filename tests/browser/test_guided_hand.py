"""The rules drive the hand (issue 34), at a phone's and a desktop's size: after each tap only
the cards that can follow stay lit, a suit is asked for only where the play may name one, Play
waits for a whole legal play, a line says what the play will do, "What can I do?" lists the
legal kinds of play, and no card is ever shown by its code."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import (
    ARTIFACTS,
    BROWSER_TEST,
    EACH_SIZE,
    act,
    open_table,
    table_against_bots,
)
from tests.browser.test_accessibility import violations

pytestmark = BROWSER_TEST

CODE = re.compile(r"\b(10|[2-9AJQK])[HDSC]\b|\bJK[RB]\b")


def lit(page):
    return page.locator('.hand-card:not([aria-disabled="true"])')


def open_my_turn(page, live_server, table, size):
    open_table(page, live_server.url, table, "wanjiru", size)
    expect(page.locator(".game__status")).to_have_text("Your turn.")


def tap(page, card):
    page.locator(f'.hand-card[data-card="{card}"]').click()


def effect(page):
    return page.locator("[data-effect]")


def play_button(page):
    return page.get_by_role("button", name="Play", exact=True)


def classic_table(make_user, hand, discard, **position):
    """A classic table (misplays punished, Niko Kadi needed), Wanjiru to play ``hand``."""
    position = {"hands": (hand, "4C 6C 7C"), "discard": discard, "turn": 0, **position}
    return table_against_bots(make_user("wanjiru"), "Jikoni", "classic", position=position)


@pytest.fixture
def owing(make_user):
    """Wanjiru owes 2 after a 2♥ and holds A♣, 2♦, 5♠ and 9♠."""
    return classic_table(make_user, "AC 2D 5S 9S", ("7H", "2H"), pending={"kind": "penalty", "amount": 2})


@pytest.mark.parametrize("size", EACH_SIZE)
def test_an_ace_that_cancels_a_penalty_names_no_suit_and_says_so(owing, page, live_server, size):
    open_my_turn(page, live_server, owing, size)
    expect(play_button(page)).to_be_disabled()
    page.get_by_text("What can I do?").click()
    expect(page.locator("[data-what-now-list] li")).to_have_text([
        "Counter the penalty (the next player owes what your last card gives): 2♦.",
        "Cancel the penalty with an ace: A♣.",
        "Draw 2 cards: the penalty is then paid.",
    ])
    page.locator('.hand-card[data-card="AC"]').click()
    expect(page.locator("[data-effect]")).to_have_text("The penalty is cancelled; Greedy bot 1 plays next.")
    expect(page.locator("[data-suit-picker]")).to_be_hidden()
    expect(play_button(page)).to_be_enabled()
    controls = page.locator(".move-controls").inner_text()
    assert not CODE.search(controls), controls
    page.screenshot(path=ARTIFACTS / f"guided-cancel-{size}.png")
    act(page, page.locator("#table-area").element_handle(), "play")
    expect(page.locator(".move-log__item[value='1']")).not_to_contain_text("misplayed")


@pytest.fixture
def questions(make_user):
    """Wanjiru may chain Q♥ into 8♥, 8♠ and answer with 4♠; 5♣ follows nothing."""
    return classic_table(make_user, "QH 8H 8S 4S 5C", ("7H",))


@pytest.mark.parametrize("size", EACH_SIZE)
def test_a_question_lights_only_what_can_follow_it(questions, page, live_server, size):
    open_my_turn(page, live_server, questions, size)
    tap(page, "QH")
    expect(effect(page)).to_have_text("Q♥ asks: answer with hearts now, or you draw one card.")
    expect(lit(page)).to_have_count(2)  # Q♥ itself and 8♥
    page.locator('.hand-card[data-card="5C"]').click(force=True)  # cannot follow: ignored
    expect(page.locator('.hand-card[aria-pressed="true"]')).to_have_count(1)
    for card in ("8H", "8S", "4S"):
        tap(page, card)
    expect(page.locator("[data-preview]")).to_have_text("Q♥ 8♥ 8♠ 4♠")
    expect(page.locator("[data-effect]")).to_contain_text("This leaves you one card: turn on Niko Kadi")
    expect(play_button(page)).to_be_enabled()
    page.locator('.hand-card[data-card="8H"]').click()  # untapping drops it and what followed it
    expect(page.locator('.hand-card[aria-pressed="true"]')).to_have_count(1)
    expect(page.locator("[data-preview]")).to_have_text("Q♥")
    page.screenshot(path=ARTIFACTS / f"guided-question-{size}.png")


@pytest.fixture
def long_chain(make_user):
    """A question chain too long for the choice tree sent with the hand: past its fourth card
    the page asks the server (games.pages.selection.TREE_SELECTIONS)."""
    return classic_table(make_user, "QH QS QD 8H 8S 8D 4H 4S 9C", ("7H",))


def test_past_the_choice_tree_the_page_asks_the_server(long_chain, page, live_server):
    open_my_turn(page, live_server, long_chain, "phone")
    asked = []
    page.on("request", lambda request: asked.append(request.url) if "/choice/" in request.url else None)
    for card in ("QH", "QS", "QD"):  # in the tree: answered on the page
        tap(page, card)
    expect(effect(page)).to_have_text("Q♦ asks: answer with diamonds now, or you draw one card.")
    assert asked == []
    for card in ("8D", "8H", "8S"):  # past it: the server answers
        tap(page, card)
    expect(effect(page)).to_have_text("8♠ asks: answer with spades now, or you draw one card.")
    expect(lit(page)).to_have_count(7)  # the six picked and 4♠
    expect(play_button(page)).to_be_enabled()
    assert asked


@pytest.fixture
def last_card(make_user):
    """Wanjiru holds only 6♦ and did not declare on her move before."""
    return classic_table(make_user, "6D", ("7D",))


@pytest.mark.parametrize("size", EACH_SIZE)
def test_an_emptying_play_that_cannot_win_says_why_first(last_card, page, live_server, size):
    open_my_turn(page, live_server, last_card, size)
    tap(page, "6D")
    expect(effect(page)).to_have_text(
        "Playing this empties your hand but does not win: you did not declare Niko Kadi on your move before."
    )
    for toggle in page.locator(".choice-toggle:visible").all():
        box = toggle.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44


@pytest.mark.parametrize("size", EACH_SIZE)
def test_the_guided_hand_speaks_swahili_and_passes_axe(owing, page, live_server, size):
    open_table(page, live_server.url, owing, "wanjiru", size)
    page.set_extra_http_headers({"Accept-Language": "sw-KE"})  # after logging in, in English
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "sw")
    page.locator("[data-what-now] summary").click()
    expect(page.locator("[data-what-now-list] li").nth(1)).to_have_text("Futa adhabu kwa ace: A♣.")
    tap(page, "AC")
    expect(effect(page)).to_have_text("Adhabu imefutwa; Bot mlafi 1 anacheza baadaye.")
    assert violations(page) == []

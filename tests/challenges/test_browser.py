"""Challenges in two browsers, served by daphne (the pages' /ws/me/ sockets) on the test
database: amani (1280 px) challenges baraka from the leaderboard; baraka, on another page
(360 px), sees the notification and the count in the title at once, accepts it by keyboard,
and both land at the started game. Then the decline path, the challenger told. axe finds
no serious violation on a page showing the notification, in English and in Swahili."""

import re

import pytest
from django.test import Client
from django.urls import reverse
from playwright.sync_api import expect, sync_playwright

from games.models import Challenge
from tests.browser.conftest import CHROMIUM_ARGS, assert_no_violations, watch_policy
from tests.browser.helpers import ARTIFACTS, CHROMIUM, off_the_loop
from tests.browser.test_accessibility import violations
from tests.history.helpers import new_game, play_to_the_end
from tests.realtime.servers import DaphneServer, database_url

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not CHROMIUM.exists(), reason="no Debian chromium: apt-get install chromium"),
]
PHONE = {"width": 360, "height": 780}
DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture
def daphne(user, baraka):
    from django.db import connection

    play_to_the_end(new_game(user, others=(baraka,)))  # both rated: both on the leaderboard
    server = DaphneServer({"DATABASE_URL": database_url(connection.settings_dict)}).start()
    yield server
    server.stop()


def session(person):
    client = Client()
    client.force_login(person)
    return client.cookies["sessionid"].value


def the_challenge():
    return Challenge.objects.select_related("table").get()


@pytest.fixture
def browsers(user, baraka, daphne):
    """amani's page at 1280 px and baraka's at 360 px, each logged in; no page breaks the CSP."""
    ARTIFACTS.mkdir(exist_ok=True)
    sessions = [session(user), session(baraka)]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        pages, watched = [], []
        for session_id, viewport in zip(sessions, (DESKTOP, PHONE), strict=True):
            context = browser.new_context(viewport=viewport)
            watched.append(watch_policy(context))
            context.add_cookies([{"name": "sessionid", "value": session_id, "url": daphne.http_url}])
            pages.append(context.new_page())
        yield pages
        browser.close()
    for each in watched:
        assert_no_violations(each)


def connected(page):
    expect(page.locator("[data-challenge-news]")).to_have_attribute("data-connected", "true")


def challenge_from_the_leaderboard(amani, base):
    amani.goto(base + reverse("history:leaderboard") + "?provisional=on")
    amani.get_by_role("link", name="Challenge baraka").click()
    amani.get_by_label("Rules").select_option("chains")
    amani.get_by_label("First extra bot").select_option("greedy")
    amani.get_by_text("House rules (optional)").click()  # closed until wanted
    amani.get_by_label("Cards dealt").fill("7")
    amani.get_by_role("button", name="Send the challenge").click()
    expect(amani).to_have_url(base + reverse("games:challenges"))
    expect(amani.get_by_role("list", name="Sent by you")).to_contain_text("baraka")
    connected(amani)


def test_a_challenge_from_the_leaderboard_accepted_by_keyboard_seats_both(browsers, daphne):
    amani, baraka = browsers
    base = daphne.http_url
    baraka.goto(base + reverse("games:rules"))  # somewhere else on the site
    connected(baraka)

    challenge_from_the_leaderboard(amani, base)

    news = baraka.locator("[data-challenge-waiting]")
    expect(news).to_contain_text("amani challenges you!")
    expect(news).to_contain_text("Chains rules")
    expect(news).to_contain_text("house rules: Cards dealt")
    expect(baraka).to_have_title(re.compile(r"^\(1\) "))
    assert violations(baraka) == []
    baraka.screenshot(path=ARTIFACTS / "challenge-notification-phone.png", full_page=True)
    accept = baraka.get_by_role("button", name="Accept amani’s challenge")
    for _ in range(60):  # the keyboard alone: Tab to it, Enter
        baraka.keyboard.press("Tab")
        if accept.evaluate("button => button === document.activeElement"):
            break
    baraka.keyboard.press("Enter")
    baraka.wait_for_url(re.compile(r"/t/[0-9]+/$"))

    table_id = off_the_loop(the_challenge).table_id
    table_url = base + reverse("games:table", args=[table_id])
    for page in (baraka, amani):
        expect(page).to_have_url(table_url)
        page.wait_for_function("() => window.kadiLive === true")
        expect(page.locator(".hand-card").first).to_be_visible()  # each holds cards: the game runs
    assert off_the_loop(lambda: the_challenge().table.current_game().is_running)
    amani.screenshot(path=ARTIFACTS / "challenge-table-desktop.png")


def test_a_declined_challenge_is_told_to_the_challenger(browsers, daphne):
    amani, baraka = browsers
    base = daphne.http_url
    baraka.goto(base + reverse("profile", args=["amani"]))
    connected(baraka)
    challenge_from_the_leaderboard(amani, base)

    baraka.get_by_role("button", name="Decline amani’s challenge").click()
    expect(baraka.get_by_role("status").first).to_contain_text("You declined the challenge.")
    expect(amani.locator("[data-challenge-said]")).to_have_text("baraka declined your challenge.")
    expect(amani).to_have_url(base + reverse("games:challenges"))
    assert off_the_loop(the_challenge).status == Challenge.Status.DECLINED


def test_the_notification_in_swahili_has_no_serious_accessibility_finding(browsers, daphne):
    amani, baraka_page = browsers
    baraka_page.context.add_cookies([{"name": "django_language", "value": "sw", "url": daphne.http_url}])
    baraka_page.goto(daphne.http_url + reverse("games:lobby"))
    connected(baraka_page)
    amani.goto(daphne.http_url + reverse("games:new_challenge", args=["baraka"]))  # news in daphne's process
    amani.get_by_role("button", name="Send the challenge").click()
    expect(baraka_page.locator("[data-challenge-waiting]")).to_contain_text("amani anakupa changamoto!")
    expect(baraka_page.get_by_role("button", name="Kubali changamoto ya amani")).to_be_visible()
    assert violations(baraka_page) == []


def test_the_house_rules_show_the_chosen_preset_and_keep_one_change(browsers, daphne):
    """Choosing another preset shows its values in the closed-by-default house rules
    (static/js/challenge_form.js); one option changed on top of them is the one house rule
    of the challenge and of the table its accept makes. axe audits the open rules."""
    amani, baraka = browsers
    base = daphne.http_url
    baraka.goto(base + reverse("games:rules"))
    connected(baraka)
    amani.goto(base + reverse("games:new_challenge", args=["baraka"]))
    amani.get_by_text("House rules (optional)").click()
    misplay_refused = amani.locator('input[name="rule_misplay"][value="reject"]')
    ace_answers = amani.locator('input[name="rule_answer_ranks"][value="A"]')
    expect(misplay_refused).not_to_be_checked()  # the first preset, classic, punishes misplays
    expect(ace_answers).to_be_checked()
    amani.get_by_label("Rules").select_option("rulebook")
    expect(misplay_refused).to_be_checked()
    expect(ace_answers).not_to_be_checked()
    expect(amani.get_by_label("Playing after a draw")).to_be_checked()
    expect(amani.get_by_role("spinbutton", name="Missed declaration")).to_have_value("2")
    expect(amani.get_by_text("These show the rules of the preset you choose")).to_be_visible()
    expect(amani.get_by_text("These start from the first preset")).to_be_hidden()
    assert violations(amani) == []
    amani.screenshot(path=ARTIFACTS / "challenge-house-rules-desktop.png", full_page=True)
    amani.get_by_label("Cards dealt").fill("5")
    amani.get_by_role("button", name="Send the challenge").click()
    expect(amani).to_have_url(base + reverse("games:challenges"))

    baraka.get_by_role("button", name="Accept amani’s challenge").click()
    baraka.wait_for_url(re.compile(r"/t/[0-9]+/$"))
    challenge = off_the_loop(the_challenge)
    assert (challenge.preset, challenge.rule_overrides) == ("rulebook", {"hand_size": 5})
    assert (challenge.table.preset, challenge.table.rule_overrides) == ("rulebook", {"hand_size": 5})

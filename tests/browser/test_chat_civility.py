"""Chat that stays civil, in a browser at a live table (daphne, its websocket), at 360 and
1280 px, in English and Swahili, with no serious axe finding: a table whose chat is off
says so and offers no box; a line the word filter flags is not shown, and its sender is
told it waits for review, until staff show it in the admin; links and markup are text."""

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse
from playwright.sync_api import expect, sync_playwright

from games.models import ChatFilterWord
from games.play.tables import create_table, take_seat
from tests.browser.conftest import CHROMIUM_ARGS, assert_no_violations, watch_policy
from tests.browser.helpers import ARTIFACTS, BROWSER_TEST, SIZES
from tests.browser.test_accessibility import LOCALES, violations
from tests.realtime.servers import DaphneServer, database_url

pytestmark = BROWSER_TEST

SAID = {
    "en": {
        "off": "The chat is turned off at this table.",
        "held": "Your line waits for a moderator's review before the table sees it.",
    },
    "sw": {
        "off": "Gumzo limezimwa kwenye meza hii.",
        "held": "Ujumbe wako unasubiri ukaguzi wa msimamizi kabla meza haijauona.",
    },
}
LINKS = 'see https://example.com/x javascript:alert(1) <a href="https://example.com">hi</a> \u202egg'
LINKS_SENT = 'see https://example.com/x javascript:alert(1) <a href="https://example.com">hi</a>'


@pytest.fixture
def tables(user, baraka, make_user):
    """amani and baraka at a table with a chat, and at one with the chat off; a staff member;
    the filter's word "mjinga"."""
    ChatFilterWord.objects.get_or_create(word="mjinga", language="sw")
    talking = create_table(user, "Baraza", 2, "friendly")
    quiet = create_table(user, "Kimya", 2, "friendly", chat_off=True)
    for table in (talking, quiet):
        take_seat(table, baraka)
    sessions = {}
    for person in (user, baraka, make_user("msimamizi", is_staff=True, is_superuser=True)):
        client = Client()
        client.force_login(person)
        sessions[person.username] = client.cookies["sessionid"].value
    return {"talking": talking.pk, "quiet": quiet.pk, "sessions": sessions}


@pytest.fixture
def daphne(tables):
    server = DaphneServer({"DATABASE_URL": database_url(connection.settings_dict)}).start()
    yield server
    server.stop()


@pytest.fixture
def browser():
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def person(browser, daphne, tables, username, size, language):
    """A page of ``username``'s, logged in, at ``size`` in ``language``; with its CSP watched."""
    context = browser.new_context(viewport=SIZES[size], locale=LOCALES[language])
    context.violations = watch_policy(context)
    context.add_cookies(
        [{"name": "sessionid", "value": tables["sessions"][username], "url": daphne.http_url}]
    )
    return context.new_page()


def open_table(page, daphne, table_id):
    page.goto(f"{daphne.http_url}/t/{table_id}/")
    page.wait_for_function("() => window.kadiLive === true")  # a function: the CSP forbids eval
    expect(page.locator("#chat h2")).to_be_visible()


def say(page, text):
    page.fill("#chat-text", text)
    page.locator("[data-chat-form] button").click()


EVERY_SIZE_AND_LANGUAGE = [(size, language) for size in SIZES for language in LOCALES]


@pytest.mark.parametrize(("size", "language"), EVERY_SIZE_AND_LANGUAGE)
def test_a_table_with_the_chat_off_says_so_and_offers_no_box(tables, daphne, browser, size, language):
    page = person(browser, daphne, tables, "amani", size, language)
    open_table(page, daphne, tables["quiet"])

    expect(page.locator("#chat")).to_contain_text(SAID[language]["off"])
    expect(page.locator("#chat-text")).to_have_count(0)
    page.screenshot(path=ARTIFACTS / f"chat-off-{size}-{language}.png", full_page=True)
    assert violations(page) == []
    assert_no_violations(page.context.violations)


@pytest.mark.parametrize(("size", "language"), EVERY_SIZE_AND_LANGUAGE)
def test_a_held_line_waits_for_staff_and_links_are_text(tables, daphne, browser, size, language):
    amani = person(browser, daphne, tables, "amani", size, language)
    baraka = person(browser, daphne, tables, "baraka", size, language)
    for page in (amani, baraka):
        open_table(page, daphne, tables["talking"])

    say(amani, "wewe ni MJINGA")
    expect(amani.locator("#chat-error")).to_have_text(SAID[language]["held"])
    expect(amani.locator("#chat-text")).to_have_value("")  # taken: it does not come back to the box
    say(amani, LINKS)  # a right-to-left override: refused, the line back in the box
    expect(amani.locator("#chat-text")).to_have_value(LINKS)
    say(amani, LINKS_SENT)
    expect(baraka.locator("#chat-log")).to_contain_text(LINKS_SENT)
    expect(baraka.locator("#chat-log .chat__text a, #chat-log .chat__text img")).to_have_count(0)
    expect(baraka.locator("#chat-log")).not_to_contain_text("MJINGA")
    # Report: offered on another's line, not on one's own (the line is one render for all)
    def report_link(page):
        return page.locator("#chat-log .chat__line").filter(has_text=LINKS_SENT).locator(".chat__report")

    expect(report_link(baraka)).to_be_visible()
    expect(report_link(amani)).to_be_hidden()
    baraka.screenshot(path=ARTIFACTS / f"chat-links-{size}-{language}.png", full_page=True)
    assert violations(amani) == []

    staff = person(browser, daphne, tables, "msimamizi", size, "en")
    staff.goto(daphne.http_url + reverse("admin:games_chatmessage_changelist") + "?status__exact=held")
    staff.locator("input.action-select").check()
    staff.locator("select[name=action]").select_option("show_to_table")
    staff.locator("button[name=index]").click()
    expect(staff.locator(".messagelist")).to_contain_text("1 line shown to its table.")

    expect(baraka.locator("#chat-log")).to_contain_text("wewe ni MJINGA")  # on the open page, no reload
    for page in (amani, baraka, staff):
        assert_no_violations(page.context.violations)

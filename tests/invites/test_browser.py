"""The invitation link in the browser, two contexts: the owner copies the link from the
table page with the keyboard (read back from the clipboard), a visitor opens it, logs in,
comes back to it and takes a seat with one tap; at 360 and 1280 px. axe finds no serious
problem on the new pages, in English and Swahili."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect, sync_playwright

from games.play.tables import create_table
from tests.browser.conftest import CHROMIUM_ARGS, assert_no_violations, watch_policy
from tests.browser.helpers import ARTIFACTS, BROWSER_TEST, CHROMIUM, SIZES, log_in
from tests.browser.test_accessibility import LOCALES, violations
from tests.browser.test_accessibility import log_in as log_in_any_language
from tests.conftest import PASSWORD

pytestmark = BROWSER_TEST


@pytest.fixture
def private_table(user, baraka):
    """amani's private table (made before the browser starts: the ORM refuses to run beside
    playwright's event loop)."""
    return create_table(user, "Nyumbani", 3, "friendly", private=True)


@pytest.fixture
def browser(private_table):
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def tab_to(page, locator):
    """Press Tab until ``locator`` has the focus (the keyboard alone)."""
    for _ in range(60):
        page.keyboard.press("Tab")
        if locator.evaluate("element => element === document.activeElement"):
            return
    raise AssertionError("never reached with Tab")


@pytest.mark.parametrize("size", SIZES)
def test_the_owner_copies_the_link_and_a_friend_logs_in_and_sits(private_table, browser, live_server, size):
    table = private_table
    owner_context = browser.new_context(viewport=SIZES[size])
    owner_context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    friend_context = browser.new_context(viewport=SIZES[size])
    policies = [watch_policy(context) for context in (owner_context, friend_context)]

    owner = owner_context.new_page()
    log_in(owner, live_server.url, "amani")
    owner.goto(f"{live_server.url}/t/{table.pk}/")
    copy = owner.get_by_role("button", name="Copy link")
    share = owner.get_by_role("button", name="Share link")
    has_share = owner.evaluate("() => typeof navigator.share === 'function'")
    expect(share).to_be_visible() if has_share else expect(share).to_be_hidden()
    tab_to(owner, copy)
    owner.keyboard.press("Enter")
    expect(owner.get_by_role("status").filter(has_text="Link copied.")).to_be_visible()
    copied = owner.evaluate("() => navigator.clipboard.readText()")
    assert copied == live_server.url + reverse("games:join", args=[table.pk, table.invite_token])
    owner.screenshot(path=ARTIFACTS / f"invite-owner-{size}.png", full_page=True)

    friend = friend_context.new_page()
    friend.goto(copied)
    expect(friend.get_by_role("heading", name="Invitation to “Nyumbani”")).to_be_visible()
    login = friend.locator("main").get_by_role("link", name="Log in")
    if size == "phone":  # the keyboard alone: Tab to the page's "Log in" and Enter
        tab_to(friend, login)
        friend.keyboard.press("Enter")
    else:
        login.click()
    friend.fill("#id_username", "baraka")
    friend.fill("#id_password", PASSWORD)
    friend.locator("main").get_by_role("button", name="Log in").click()
    expect(friend).to_have_url(copied)
    friend.screenshot(path=ARTIFACTS / f"invite-page-{size}.png", full_page=True)
    friend.get_by_role("button", name="Take a seat").click()
    expect(friend).to_have_url(f"{live_server.url}/t/{table.pk}/")
    expect(friend.get_by_text("You took a seat at “Nyumbani”.")).to_be_visible()
    expect(friend.get_by_role("button", name="Leave seat")).to_be_visible()  # his seat, from the database
    for policy in policies:
        assert_no_violations(policy)


@pytest.mark.parametrize("language", LOCALES)
@pytest.mark.parametrize("size", SIZES)
def test_no_serious_accessibility_problem(private_table, browser, live_server, size, language):
    table = private_table
    found = {}
    for who, path in (
        ("amani", reverse("games:table", args=[table.pk])),  # the invitation panel
        ("baraka", reverse("games:join", args=[table.pk, table.invite_token])),
        (None, reverse("games:join", args=[table.pk, table.invite_token])),
        (None, reverse("games:join", args=[table.pk, "wrong"])),
        (None, reverse("signup") + "?next=" + reverse("games:join", args=[table.pk, table.invite_token])),
    ):
        context = browser.new_context(viewport=SIZES[size], locale=LOCALES[language])
        page = context.new_page()
        if who:
            log_in_any_language(page, live_server.url, who)
        page.goto(live_server.url + path)
        assert page.locator("html").get_attribute("lang") == language
        shot = f"invite-a11y-{size}-{language}-{who or 'visitor'}.png"
        page.screenshot(path=ARTIFACTS / shot, full_page=True)
        if problems := violations(page):
            found[f"{who} {path}"] = problems
        context.close()
    assert found == {}


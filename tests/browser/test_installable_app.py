"""The installable app in Chromium (issue 45, point 4): the table page and the lobby pass
Chromium's installability checks (the ones Lighthouse reports), a navigation without network
shows the offline page with the rules in English and Swahili and the games waiting for the
player's move as last seen, a push is shown as a notification whose tap opens its page, a
log-out forgets the kept games, and the offline page itself holds at 320 and 360 px and on
a desktop, with the keyboard, for axe, in both languages.

Each test runs in a Chromium profile of its own on disk (``launch_persistent_context``): an
incognito context, Playwright's default, is never installable and refuses notifications.
"""

import json

import pytest
from django.urls import NoReverseMatch, reverse
from playwright.sync_api import expect, sync_playwright

from pwa import worker
from tests.browser.conftest import CHROMIUM_ARGS, assert_no_violations, watch_policy
from tests.browser.helpers import ARTIFACTS, BROWSER_TEST, CHROMIUM, FIRST_SCREENS, log_in, table_against_bots
from tests.browser.test_accessibility import violations as axe_violations

pytestmark = BROWSER_TEST

OFFLINE_TITLE = {"en": "You are offline", "sw": "Huna mtandao"}
RULES_TITLE = {"en": "How to play Kadi", "sw": "Jinsi ya kucheza Kadi"}
RULES_SUMMARY = {"en": "Rules (English)", "sw": "Sheria (Kiswahili)"}


@pytest.fixture
def browser_profile(tmp_path):
    """A Chromium with a profile of its own, at a phone's size; the test fails on any
    Content-Security-Policy violation of any page or of the worker's script."""
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            tmp_path / "profile",
            executable_path=str(CHROMIUM),
            args=CHROMIUM_ARGS,
            viewport=FIRST_SCREENS["360x640"],
        )
        violations = watch_policy(context)
        yield context
        context.close()
    assert_no_violations(violations)


@pytest.fixture
def kona(make_user):
    """Wanjiru's turn at a table with a bot: a game waiting for her move."""
    position = {"hands": ("7H 5S 4C AD", "KD QD 9C 6S"), "discard": ("4H", "6H", "10D", "7D")}
    return table_against_bots(make_user("wanjiru"), "Kona", position=position)


def speak(context, base_url, language):
    context.add_cookies([{"name": "django_language", "value": language, "url": base_url}])


def under_the_worker(page):
    """Waits until the worker is active (installed: its caches filled) and controls the page.
    The worker claims the pages open when it activates; a page it did not claim in time is
    controlled from its next load, as the specification has it: it is reloaded."""
    script = page.evaluate("() => navigator.serviceWorker.ready.then((r) => r.active.scriptURL)")
    assert script.endswith("/sw.js")
    if not page.evaluate("() => navigator.serviceWorker.controller !== null"):
        page.reload()
    assert page.evaluate("() => navigator.serviceWorker.controller !== null")


def eventually(page, check, arg=None):
    """Waits until ``check``, an async function of ``arg`` run in the page, is true (up to 15
    s; Playwright's wait_for_function takes a promise for a true value)."""
    assert page.evaluate(
        f"""async (arg) => {{
            const check = {check};
            for (const until = Date.now() + 15000; Date.now() < until; ) {{
                if (await check(arg)) return true;
                await new Promise((resolve) => setTimeout(resolve, 50));
            }}
            return false;
        }}""",
        arg,
    ), f"never true: {check}"


def kept_offline_page_in(page, language):
    """Waits until the worker keeps the offline page in ``language`` (it fetches it again
    when a page comes in another language than the one it keeps)."""
    eventually(
        page,
        """(language) => caches.keys()
            .then((names) => caches.open(names.find((name) => name.startsWith("kadi-offline-"))))
            .then((cache) => cache.match("/offline/"))
            .then((kept) => Boolean(kept) && kept.headers.get("Content-Language") === language)""",
        language,
    )


def kept_addresses(page):
    """The path of every response in every cache of the site."""
    return page.evaluate(
        """async () => {
            const kept = [];
            for (const name of await caches.keys()) {
                const cache = await caches.open(name);
                for (const request of await cache.keys()) kept.push(new URL(request.url).pathname);
            }
            return kept;
        }"""
    )


def installability_errors(page):
    session = page.context.new_cdp_session(page)
    try:
        return session.send("Page.getInstallabilityErrors")["installabilityErrors"]
    finally:
        session.detach()


def test_the_table_page_and_the_lobby_are_installable(kona, browser_profile, live_server):
    page = browser_profile.new_page()
    log_in(page, live_server.url, "wanjiru")
    for path in (reverse("games:table", args=[kona.pk]), reverse("games:lobby")):
        page.goto(live_server.url + path)
        under_the_worker(page)
        assert installability_errors(page) == [], path


@pytest.mark.parametrize("language", ["en", "sw"])
def test_without_network_a_page_shows_the_offline_page_with_the_rules(
    kona, browser_profile, live_server, language
):
    page = browser_profile.new_page()
    log_in(page, live_server.url, "wanjiru")
    speak(browser_profile, live_server.url, language)
    table = live_server.url + reverse("games:table", args=[kona.pk])
    page.goto(table)
    under_the_worker(page)
    kept_offline_page_in(page, language)
    # Online, the worker kept the offline page and its files, and nothing of the pages seen.
    offline_files = [reverse("pwa:offline"), *worker.worker_settings()["precache"]]
    assert sorted(kept_addresses(page)) == sorted(offline_files)
    browser_profile.set_offline(True)
    for address in (
        table,
        live_server.url + reverse("games:lobby"),
        live_server.url + reverse("games:rules"),
    ):
        page.goto(address)
        expect(page.locator("html")).to_have_attribute("lang", language)
        expect(page.get_by_role("heading", level=1, name=OFFLINE_TITLE[language])).to_be_visible()
        assert page.url == address  # the address stays: back online, a reload opens it
    other = "sw" if language == "en" else "en"
    # The reader's rules open, the other language's folded below, each in its own language.
    rules = page.locator("details.offline-page__rules")
    expect(rules.locator("summary")).to_have_text([RULES_SUMMARY[language], RULES_SUMMARY[other]])
    expect(rules.first).to_have_attribute("open", "")
    expect(rules.first.get_by_role("heading", name=RULES_TITLE[language])).to_be_visible()
    rules.nth(1).locator("summary").click()
    expect(rules.nth(1)).to_have_attribute("lang", other)
    expect(rules.nth(1).get_by_role("heading", name=RULES_TITLE[other])).to_be_visible()
    # No games were kept: the page says so; it names nobody.
    expect(page.locator("[data-waiting-list]")).to_be_empty()
    assert "wanjiru" not in page.content()
    page.screenshot(path=ARTIFACTS / f"offline-{language}.png", full_page=True)


def test_the_offline_page_follows_the_language_the_player_switches_to(kona, browser_profile, live_server):
    page = browser_profile.new_page()
    log_in(page, live_server.url, "wanjiru")
    under_the_worker(page)  # installed with the English offline page
    page.locator("[data-menu-button]").click()
    page.select_option("#language-header", "sw")  # the header's switcher: posts at once
    expect(page.locator("html")).to_have_attribute("lang", "sw")
    # The worker fetched the Swahili offline page when the first Swahili page came in.
    kept_offline_page_in(page, "sw")
    browser_profile.set_offline(True)
    page.goto(live_server.url + reverse("games:table", args=[kona.pk]))
    expect(page.get_by_role("heading", level=1, name=OFFLINE_TITLE["sw"])).to_be_visible()


def test_the_games_waiting_for_the_move_are_shown_offline_as_last_seen(kona, browser_profile, live_server):
    try:
        waiting = reverse("games:waiting")
    except NoReverseMatch:
        pytest.skip("games:waiting (issue 45, point 2) is not on this branch: the lead's merge turns this on")
    assert waiting == "/waiting/"  # C2: the path the worker keeps
    page = browser_profile.new_page()
    log_in(page, live_server.url, "wanjiru")
    under_the_worker(page)
    page.goto(live_server.url + waiting)
    expect(page.locator("main")).to_contain_text("Kona")
    eventually(
        page, "() => caches.open('kadi-waiting').then((cache) => cache.match('/waiting/')).then(Boolean)"
    )
    browser_profile.set_offline(True)
    page.goto(live_server.url + reverse("games:table", args=[kona.pk]))
    expect(page.get_by_role("heading", level=1, name=OFFLINE_TITLE["en"])).to_be_visible()
    expect(page.locator("[data-waiting-list]")).to_contain_text("Kona")
    expect(page.locator("[data-waiting-status]")).to_contain_text("As last seen on")
    assert page.locator("[data-waiting-list] form").count() == 0
    # The waiting page itself opens as it was last seen.
    page.goto(live_server.url + waiting)
    expect(page.locator("main")).to_contain_text("Kona")
    # Back online and logged out: the kept list is gone before the log-out is sent.
    browser_profile.set_offline(False)
    page.goto(live_server.url + reverse("games:lobby"))
    log_out(page)
    browser_profile.set_offline(True)
    page.goto(live_server.url + reverse("games:table", args=[kona.pk]))
    expect(page.locator("[data-waiting-list]")).to_be_empty()


def log_out(page):
    page.locator("[data-menu-button]").click()  # a phone's header: the account is in the menu
    page.locator(".account-nav").get_by_role("button", name="Log out").click()
    expect(page.get_by_role("link", name="Log in")).to_have_count(1)


def kept_waiting_pages(page):
    return page.evaluate(
        "caches.open('kadi-waiting').then((cache) => cache.keys()).then((keys) => keys.length)"
    )


@pytest.mark.parametrize("door", ["log out", "log in"])
def test_who_signs_in_or_out_drops_the_kept_waiting_page(kona, browser_profile, live_server, door):
    """Whatever the waiting page kept (here: put in the worker's cache as it keeps it), the
    next person on the device never sees it: the worker drops it before a log-out or a
    log-in is sent."""
    page = browser_profile.new_page()
    if door == "log out":
        log_in(page, live_server.url, "wanjiru")
    else:
        page.goto(live_server.url + reverse("games:lobby"))
    under_the_worker(page)
    page.evaluate("caches.open('kadi-waiting').then((cache) => cache.put('/waiting/', new Response('Kona')))")
    assert kept_waiting_pages(page) == 1
    if door == "log out":
        log_out(page)
    else:
        log_in(page, live_server.url, "wanjiru")
    assert kept_waiting_pages(page) == 0


NOTIFICATIONS = """navigator.serviceWorker.ready
  .then((registration) => registration.getNotifications())
  .then((shown) => shown.map((n) => (
    {title: n.title, body: n.body, tag: n.tag, url: n.data.url, icon: n.icon, badge: n.badge})))"""


def test_a_push_is_shown_as_a_notification_and_its_tap_opens_its_page(kona, browser_profile, live_server):
    """What the worker's push and notificationclick handlers run (``showPush``, ``openPage``),
    given a real PushEvent's data in the worker. (The DevTools protocol's
    ``ServiceWorker.deliverPushMessage`` lost about one first push in six on a loaded machine.)"""
    base = live_server.url
    browser_profile.grant_permissions(["notifications"], origin=base)
    page = browser_profile.new_page()
    log_in(page, base, "wanjiru")
    under_the_worker(page)
    service_worker = browser_profile.service_workers[0]
    table = base + reverse("games:table", args=[kona.pk])

    def push(payload):
        data = payload if isinstance(payload, str) else json.dumps(payload)
        service_worker.evaluate("(text) => showPush(new PushEvent('push', {data: text}).data)", data)

    push({"title": "Your turn at Kona", "body": "Kona: 1 day left", "url": table, "tag": f"turn-{kona.pk}"})
    eventually(page, f"() => {NOTIFICATIONS}.then((shown) => shown.length === 1)")
    assert page.evaluate(NOTIFICATIONS) == [
        {
            "title": "Your turn at Kona",
            "body": "Kona: 1 day left",
            "tag": f"turn-{kona.pk}",
            "url": table,
            "icon": base + "/static/icons/kadi-192.png",
            "badge": base + "/static/icons/badge-96.png",
        }
    ]
    # The same tag replaces it; an address elsewhere becomes the site's root.
    push(
        {
            "title": "Your turn at Kona",
            "body": "Kona: 2 hours left",
            "url": "https://elsewhere.example/",
            "tag": f"turn-{kona.pk}",
        }
    )
    eventually(page, f"() => {NOTIFICATIONS}.then((shown) => shown[0].body === 'Kona: 2 hours left')")
    assert [n["url"] for n in page.evaluate(NOTIFICATIONS)] == [base + "/"]
    # A push that is not the site's JSON still shows the site's name, and leads home.
    push("not json")
    eventually(page, f"() => {NOTIFICATIONS}.then((shown) => shown.length === 2)")
    untagged = [n for n in page.evaluate(NOTIFICATIONS) if not n["tag"]]
    assert [(n["title"], n["body"], n["url"]) for n in untagged] == [("Kadi", "", base + "/")]
    # The tap (what notificationclick runs): the site's open tab goes to the pushed page.
    service_worker.evaluate("(url) => openPage(url).catch(() => null)", table)
    expect(page).to_have_url(table)
    expect(page.locator("#table-area")).to_be_visible()


@pytest.mark.parametrize("language", ["en", "sw"])
@pytest.mark.parametrize("screen", ["320x568", "360x640", "1280x800"])
def test_the_offline_page_fits_every_screen_works_with_the_keyboard_and_passes_axe(
    page, live_server, screen, language
):
    size = FIRST_SCREENS[screen]
    page.set_viewport_size(size)
    speak(page.context, live_server.url, language)
    page.goto(live_server.url + reverse("pwa:offline"))
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.get_by_role("heading", level=1, name=OFFLINE_TITLE[language])).to_be_visible()
    page.screenshot(path=ARTIFACTS / f"offline-{screen}-{language}.png")
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    assert axe_violations(page) == []
    # Tab: the brand, then the open rules' summary; past its links, the other language's,
    # which Enter opens.
    page.keyboard.press("Tab")
    expect(page.locator(".brand")).to_be_focused()
    summaries = page.locator("details.offline-page__rules > summary")
    page.keyboard.press("Tab")
    expect(summaries.first).to_be_focused()
    assert summaries.first.bounding_box()["height"] >= 44
    summaries.nth(1).focus()
    page.keyboard.press("Enter")
    expect(page.locator("details.offline-page__rules").nth(1)).to_have_attribute("open", "")
    outline = summaries.nth(1).evaluate("(summary) => getComputedStyle(summary).outlineStyle")
    assert outline != "none"  # the site's :focus-visible ring

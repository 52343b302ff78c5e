"""Two players in two browser contexts make friends with the profile pages' buttons, and one
sees on the friends page when the other comes online at the table where they play, and
follows the link there to watch. The pages are served by daphne (the table's websocket
makes its viewer online), on the test database."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from games.play.starts import start_game
from games.play.tables import create_table, take_seat
from tests.browser.helpers import ARTIFACTS, CHROMIUM

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not CHROMIUM.exists(), reason="no Debian chromium: apt-get install chromium"),
]


@pytest.fixture
def barakas_game(baraka, make_user):
    """baraka plays otieno at "Mbili" (both seats taken); nobody has its page open yet."""
    table = create_table(baraka, "Mbili", 2, "classic")
    take_seat(table, make_user("otieno"))
    start_game(table, baraka)
    return table


def log_in(page, base_url, session_id):
    page.context.add_cookies([{"name": "sessionid", "value": session_id, "url": base_url}])


def follow(page, base_url, username, keyboard=False):
    """Press "Follow" on ``username``'s profile: a click, or (``keyboard``) Tab to it and Enter."""
    page.goto(base_url + reverse("profile", args=[username]))
    button = page.get_by_role("button", name=f"Follow {username}")
    if keyboard:
        for _ in range(30):
            page.keyboard.press("Tab")
            if button.evaluate("button => button === document.activeElement"):
                break
        page.keyboard.press("Enter")
    else:
        button.click()
    expect(page.get_by_role("status")).to_contain_text(f"You follow {username}.")
    expect(page.get_by_role("button", name=f"Unfollow {username}")).to_be_visible()


def test_friends_see_each_other_come_online_and_watch_the_game(barakas_game, sessions, daphne, two_pages):
    amani, baraka = two_pages
    base = daphne.http_url
    for page, session_id in zip(two_pages, sessions, strict=True):
        log_in(page, base, session_id)

    follow(amani, base, "baraka")
    amani.get_by_role("button", name="Menu").click()  # a phone: the header's links are folded
    amani.get_by_role("link", name="Friends").click()
    expect(amani.get_by_text("No friends yet.")).to_be_visible()  # baraka does not follow back yet
    expect(amani.get_by_role("list", name="You follow")).to_contain_text("baraka")

    follow(baraka, base, "amani", keyboard=True)
    amani.reload()
    friends = amani.get_by_role("list", name="Friends")
    expect(friends).to_contain_text("baraka")
    expect(friends).to_contain_text("offline")
    expect(amani.get_by_role("list", name="You follow")).to_have_count(0)

    baraka.goto(f"{base}/t/{barakas_game.pk}/")
    baraka.wait_for_function("() => window.kadiLive === true")  # its socket is open: he is online
    amani.reload()
    expect(friends).to_contain_text("online")
    expect(friends).to_contain_text("playing at “Mbili”")
    amani.screenshot(path=ARTIFACTS / "friends-phone.png", full_page=True)

    friends.get_by_role("link", name="Watch “Mbili”").click()
    expect(amani).to_have_url(f"{base}/t/{barakas_game.pk}/")
    amani.wait_for_function("() => window.kadiLive === true")
    expect(amani.locator(".person--online")).to_contain_text("baraka")
    expect(amani.locator("#people")).to_contain_text("Watching: amani")

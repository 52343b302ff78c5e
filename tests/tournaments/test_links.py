"""A tournament's game links to its tournament on the table page, the game page and its
replay; a profile lists the player's tournaments with their places. A private tournament is
named only to whoever may see it. The pages stay laid out at 320 and 360 px (a browser)."""

import pytest
from django.urls import reverse
from django.utils import timezone

from games.invites import grant
from games.play.moves import resign
from tests.browser.conftest import page  # noqa: F401 (the phone-sized page of the browser tests)
from tests.browser.helpers import CHROMIUM
from tests.browser.test_accessibility import AXE, BLOCKING
from tests.conftest import PASSWORD
from tests.history.helpers import new_game
from tests.tournaments import rows
from tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db


def finished_game(tournament, winner, loser):
    made = rows.seat(tournament, winner, loser)
    resign(made.game_id, loser)
    rows.score(made)
    return made


def pages_of(made):
    return (
        reverse("games:table", args=[made.table_id]),
        reverse("history:game", args=[made.game_id]),
        reverse("history:replay", args=[made.game_id]),
    )


def link_to(tournament):
    return f'href="/tournaments/{tournament.pk}/">{tournament.name}</a>'


def watching(client, made):
    """``client``'s session used the table's invitation link: it may watch the table."""
    session = client.session
    grant(session, made.table)
    session.save()


def test_a_tournaments_game_links_to_it_everywhere(client, user, baraka):
    night = rows.tournament("Kadi Night")
    rows.enter(night, user, baraka)
    made = finished_game(night, user, baraka)
    watching(client, made)  # a visitor
    for path in pages_of(made):
        answer = client.get(path)
        assert answer.status_code == 200, path
        assert link_to(night) in answer.content.decode(), path
    client.force_login(user)
    assert link_to(night) in client.get(pages_of(made)[0]).content.decode()


def test_another_game_links_to_no_tournament(client, user, baraka):
    game = new_game(user, others=(baraka,))
    resign(game.pk, baraka)
    for path in (reverse("games:table", args=[game.table_id]), reverse("history:game", args=[game.pk])):
        assert "tournament-of" not in client.get(path).content.decode()


def test_a_private_tournaments_game_names_it_to_its_players_only(client, user, baraka, make_user):
    secret = rows.tournament("Family", private=True, created_by=baraka)
    rows.enter(secret, user, baraka)
    made = finished_game(secret, user, baraka)
    watching(client, made)  # a visitor watching through the table's link
    for path in pages_of(made):
        answer = client.get(path)
        assert answer.status_code == 200, path
        text = answer.content.decode()
        assert (
            "Family" not in text and "tournament-of" not in text and f"/tournaments/{secret.pk}/" not in text
        )
    client.force_login(make_user("wanjiru"))
    assert "Family" not in client.get(pages_of(made)[1]).content.decode()
    client.force_login(user)
    for path in pages_of(made):
        assert link_to(secret) in client.get(path).content.decode()


def test_the_profile_lists_the_players_tournaments_with_places(client, user, baraka, chebet):
    done = rows.tournament("Last Night")
    rows.enter(done, user, baraka, chebet)
    finished_game(done, baraka, user)
    Tournament.objects.filter(pk=done.pk).update(
        status=Tournament.Status.FINISHED, finished_at=timezone.now()
    )
    for rank, name in enumerate(("baraka", "amani", "chebet"), start=1):
        Entry.objects.filter(tournament=done, user__username=name).update(rank=rank)
    running = rows.tournament("Tonight")
    rows.enter(running, user)
    secret = rows.tournament("Family", private=True, created_by=chebet)
    rows.enter(secret, user, chebet)
    rows.tournament("Not theirs")

    profile = client.get(reverse("profile", args=["amani"])).content.decode()
    assert "place 2 of 3" in profile and link_to(done) in profile
    assert link_to(running) in profile and "running" in profile
    assert "Family" not in profile and "Not theirs" not in profile  # private: not to a visitor
    assert "place 1 of 3" in client.get(reverse("profile", args=["baraka"])).content.decode()
    client.force_login(chebet)  # in the private one too
    assert link_to(secret) in client.get(reverse("profile", args=["amani"])).content.decode()


def test_a_profile_without_tournaments_has_no_such_section(client, user):
    assert "<h2>Tournaments</h2>" not in client.get(reverse("profile", args=["amani"])).content.decode()


def test_the_links_in_swahili(client, user, baraka):
    """Passes once the helpers' Swahili (/work/briefs/sw-api.po) is merged into the catalogue."""
    night = rows.tournament("Kadi Night")
    rows.enter(night, user, baraka)
    made = finished_game(night, user, baraka)
    Tournament.objects.filter(pk=night.pk).update(
        status=Tournament.Status.FINISHED, finished_at=timezone.now()
    )
    Entry.objects.filter(tournament=night, user=user).update(rank=1)
    client.cookies["django_language"] = "sw"
    assert "Mchezo wa shindano" in client.get(pages_of(made)[1]).content.decode()
    assert "nafasi ya 1 kati ya 2" in client.get(reverse("profile", args=["amani"])).content.decode()


@pytest.fixture
def linked_pages(user, baraka):
    night = rows.tournament("A tournament with a rather long name, for phones")
    rows.enter(night, user, baraka)
    made = finished_game(night, user, baraka)
    Tournament.objects.filter(pk=night.pk).update(
        status=Tournament.Status.FINISHED, finished_at=timezone.now()
    )
    Entry.objects.filter(tournament=night, user=user).update(rank=1)
    return [
        *pages_of(made),
        reverse("profile", args=["amani"]),
        reverse("tournaments:detail", args=[night.pk]),
    ]


def violations_in(shown, selector):
    """axe's serious and critical findings within ``selector``'s elements (the links' own
    markup: the pages around them have their own audit, tests/browser/test_accessibility.py)."""
    shown.evaluate(AXE.read_text())
    results = shown.evaluate(
        "(selector) => axe.run({include: [selector]}, {resultTypes: ['violations']})", selector
    )
    return [
        f"{found['id']}: {found['nodes'][0]['target']}"
        for found in results["violations"]
        if found["impact"] in BLOCKING
    ]


@pytest.mark.parametrize(("width", "language"), [(320, "en"), (360, "sw"), (1280, "en")])
@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(not CHROMIUM.exists(), reason="no Debian chromium: apt-get install chromium")
def test_the_pages_stay_laid_out_and_the_link_is_reached_by_keyboard(
    linked_pages,
    page,  # noqa: F811
    live_server,
    width,
    language,
):
    page.set_viewport_size({"width": width, "height": 740})
    page.context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page.goto(live_server.url + reverse("login"))
    page.fill("#id_username", "amani")
    page.fill("#id_password", PASSWORD)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(lambda url: "login" not in url)
    tournament_page = linked_pages[-1]
    for path in linked_pages[:-1]:
        page.goto(live_server.url + path)
        link = (
            page.locator(".tournament-of a, .history-game__title").filter(has_text="A tournament with").first
        )
        assert link.is_visible(), path
        assert page.evaluate("document.documentElement.scrollWidth") <= width, path
        box = link.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, path
        assert violations_in(page, ".tournament-of, .history-list") == [], path
        link.focus()
        page.keyboard.press("Enter")
        page.wait_for_url(live_server.url + tournament_page)

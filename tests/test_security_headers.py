"""Every HTML page carries a Content-Security-Policy without inline script or style, and
none of the markup needs one (issue 10, item 12). The browser tests fail on any violation
(tests/browser/conftest.py); this checks the header and every page's markup."""

from html.parser import HTMLParser

import pytest
from django.urls import reverse

from tests.history.helpers import new_game, play_to_the_end

pytestmark = pytest.mark.django_db


class InlineCode(HTMLParser):
    """Finds what a strict policy blocks: inline scripts, on* handlers, style attributes
    and elements, javascript: links."""

    def __init__(self):
        super().__init__()
        self.found = []
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "script":
            # json_script's data (type application/json) is never run, so no policy blocks it
            self._in_script = "src" not in attrs and attrs.get("type") != "application/json"
        if tag == "style":
            self.found.append("<style> element")
        for name, value in attrs.items():
            if name.startswith("on") or name == "style" or name.startswith("hx-on"):
                self.found.append(f"<{tag} {name}=…>")
            if (value or "").strip().lower().startswith("javascript:"):
                self.found.append(f"<{tag} {name}=javascript:…>")

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_script = False

    def handle_data(self, data):
        if self._in_script and data.strip():
            self.found.append(f"inline script: {data.strip()[:60]}")


def directives(header):
    return {part.split()[0]: part.split()[1:] for part in header.split(";") if part.strip()}


@pytest.fixture
def pages(user, baraka, admin_user):
    running = new_game(user, "friendly", others=(baraka,))
    finished = play_to_the_end(new_game(user, "friendly", others=(baraka,), bot_levels=("greedy",)))
    return {
        user: [
            reverse("games:lobby"),
            reverse("games:rules"),
            reverse("games:table", args=[running.table_id]),
            reverse("games:table", args=[finished.table_id]),
            reverse("history:mine"),
            reverse("history:game", args=[finished.pk]),
            reverse("history:replay", args=[finished.pk]) + "?step=3",
            reverse("history:leaderboard"),
            reverse("profile", args=[user.username]),
            reverse("account_settings"),
            reverse("password_change"),
        ],
        None: [reverse("login"), reverse("signup"), reverse("password_reset"), reverse("pwa:offline")],
        admin_user: [
            reverse("history:import"),
            reverse("admin:index"),
            reverse("admin:games_game_changelist"),
            reverse("admin:games_game_change", args=[running.pk]),
            reverse("admin:games_table_change", args=[running.table_id]),
            reverse("admin:accounts_user_change", args=[user.pk]),
        ],
    }


def test_every_page_has_a_strict_policy_and_no_inline_code(client, pages):
    for visitor, urls in pages.items():
        client.logout()
        if visitor is not None:
            client.force_login(visitor)
        for url in urls:
            response = client.get(url)
            assert response.status_code == 200, url
            policy = directives(response["Content-Security-Policy"])
            assert policy["script-src"] == ["'self'"], url
            assert policy["style-src"] == ["'self'"], url
            assert policy["object-src"] == ["'none'"] and policy["frame-ancestors"] == ["'none'"]
            assert policy["worker-src"] == ["'self'"] and policy["manifest-src"] == ["'self'"]
            assert response["X-Content-Type-Options"] == "nosniff"
            assert response["X-Frame-Options"] == "DENY"
            assert response["Referrer-Policy"] == "same-origin"
            parser = InlineCode()
            parser.feed(response.text)
            assert parser.found == [], (url, parser.found)

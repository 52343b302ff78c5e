"""No GET request writes: every page of the site, read by a player of a running game whose
bot is due to move and of a game left alone long since, by a staff member and by a
visitor, and by a guest at a quick game's table whose bots are due, runs no INSERT, UPDATE or
DELETE (the bots' moves, the abandoned games' end and the quick games' fill are written
elsewhere: ``games.views.poll``, ``games.live.heartbeats``, ``games.views.fill_with_bots``)."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone

from accounts.models import User
from games.models import Challenge, Game, Table
from games.play import challenges
from games.play.moves import resign, submit_move
from games.play.starts import start_game
from games.play.tables import add_bot, create_table, take_seat

pytestmark = pytest.mark.django_db
WRITES = ("INSERT", "UPDATE", "DELETE")
FILLERS = {"uidb64": "MQ", "token": "set-password"}  # a password reset link that fails its check
SKIPPED = {"api_not_found"}  # the API's catch-all: any path, reads nothing


def named_routes(resolver=None, namespace=""):
    """``(name, route parameters)`` of every named URL of the site, admin aside (its own tests)."""
    for entry in (resolver or get_resolver()).url_patterns:
        if isinstance(entry, URLResolver):
            if entry.namespace == "admin":
                continue
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            yield from named_routes(entry, inner)
        elif isinstance(entry, URLPattern) and entry.name:
            yield f"{namespace}{entry.name}", set(entry.pattern.regex.groupindex)


@pytest.fixture
def world(user, baraka, make_user, settings):
    """amani's game against a bot, whose move is due; her earlier game left alone for an
    hour, due to be abandoned; a finished game; a challenge to her waiting, and one past its
    expiry that nothing wrote expired yet."""
    settings.BOT_DELAY = 0
    settings.ABANDON_AFTER_SECONDS = 600
    finished = start_game(_table(user, baraka, "Done"), user)
    resign(finished, baraka)
    alone = start_game(_table(user, make_user("chebet"), "Alone", bot=True), user)
    Game.objects.filter(pk=alone.pk).update(updated_at=timezone.now() - timedelta(hours=1))
    table = _table(user, None, "Now", bot=True)
    running = start_game(table, user)
    if running.turn == 0:
        submit_move(running.pk, user, "draw")
    wanjiru = make_user("wanjiru")
    waiting = challenges.create(wanjiru, user, challenges.Terms("classic"))
    late = challenges.create(wanjiru, user, challenges.Terms("chains"))
    Challenge.objects.filter(pk=late.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    quick = create_table(make_user("Guest-abc123", is_guest=True), "Quick", 4, "friendly")
    Table.objects.filter(pk=quick.pk).update(bots_fill_at=timezone.now() - timedelta(seconds=1))
    return {
        "table_id": table.pk,
        "game_id": finished.pk,
        "username": user.username,
        "move": "draw",
        "key": waiting.key,
        "waiting_id": quick.pk,
    }


def _table(user, other, name, bot=False):
    table = create_table(user, name, 2, "friendly")
    if bot:
        add_bot(table, "greedy")
    else:
        take_seat(table, other)
    return table


def pages(world):
    for name, parameters in named_routes():
        if name in SKIPPED:
            continue
        values = {p: world.get(p, FILLERS.get(p, 1)) for p in parameters}
        yield name, reverse(name, kwargs=values)


def writes_of(client, name, path):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(path)
    assert response.status_code < 500, path
    return [q["sql"] for q in queries.captured_queries if q["sql"].lstrip().upper().startswith(WRITES)]


@pytest.mark.parametrize("who", ["the player", "staff", "a visitor", "a guest"])
def test_no_get_of_any_page_writes(client, user, make_user, world, who):
    if who == "the player":
        client.force_login(user)
    elif who == "staff":
        client.force_login(make_user("dawa", is_staff=True, is_superuser=True))
    elif who == "a guest":
        client.force_login(User.objects.get(is_guest=True))
        world = {**world, "table_id": world["waiting_id"]}  # their quick game's table, its bots due
    before = list(Game.objects.order_by("pk").values_list("status", "seq"))
    checked = dict(pages(world))
    assert {"games:lobby", "games:table", "games:table_area", "history:game"} <= set(checked)
    assert {"games:challenges", "api_challenge", "api_accept_challenge"} <= set(checked)
    assert "games:new_challenge" in checked and "games:accept_challenge" in checked
    assert {"games:play_bots_now", "games:quick_game", "games:fill_with_bots"} <= set(checked)  # issue 36
    assert {name: writes_of(client, name, path) for name, path in checked.items()} == dict.fromkeys(
        checked, []
    )
    assert (
        list(Game.objects.order_by("pk").values_list("status", "seq")) == before
    )  # no bot moved, none ended


@pytest.mark.parametrize("who", ["a visitor", "a player to be", "its owner", "a blocked player"])
def test_an_invitation_page_writes_nothing(client, user, make_user, who):
    """The invitation page (a right token, the limit counted in the cache, not the database)
    and a wrong one, for each kind of visitor."""
    from accounts.friends import block

    table = create_table(user, "Siri", 3, "friendly", private=True)
    if who == "its owner":
        client.force_login(user)
    elif who != "a visitor":
        visitor = make_user("otieno")
        client.force_login(visitor)
        if who == "a blocked player":
            block(user, visitor)
    for token in (table.invite_token, "wrong"):
        path = reverse("games:join", args=[table.pk, token])
        assert writes_of(client, "games:join", path) == []

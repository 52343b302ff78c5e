"""Every form a visitor can post, fuzzed (hypothesis): the answer is never a 500, nothing
is logged as an error, and refused input changes no game (issue 10). The live table's
websocket messages are fuzzed with the websocket tests; chat has no HTTP form."""

import logging
from urllib.parse import quote

import pytest
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from games.engine import IllegalMove, Move
from games.models import Game, Table
from tests.fuzz.strategies import FUZZ, FUZZ_FEW, form_text, near_moves, numberish
from tests.games.test_admin import form_data

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def games_now():
    return list(Game.objects.order_by("pk").values_list("pk", "seq", "move_count", "status", "state"))


def answered(response, caplog):
    assert response.status_code < 500
    errors = [record for record in caplog.records if record.levelno >= logging.ERROR]
    assert errors == []


def fields(*names):
    """Posted data: some of ``names`` (and a stray one) with fuzzed values."""
    return st.dictionaries(st.sampled_from([*names, "junk"]), numberish, max_size=len(names) + 1)


@pytest.fixture
def running(client, user, baraka, caplog):
    """A running game between amani and baraka (whose turn it is: either)."""
    from games.play.starts import start_game
    from games.play.tables import create_table, take_seat

    table = create_table(user, "Fuzz table", 2, "classic")
    take_seat(table, baraka)
    game = start_game(table, user)
    caplog.set_level(logging.WARNING)
    return table, game


@FUZZ
@given(data=fields("name", "seat_count", "preset"))
def test_new_table_form(client, user, caplog, data):
    client.force_login(user)
    tables = Table.objects.count()
    response = client.post(reverse("games:create_table"), data)
    answered(response, caplog)
    assert Table.objects.count() == tables + (response.status_code == 302)


@FUZZ
@given(
    # (Leaving one's seat, which takes no input, resigns: not fuzzed here.)
    action=st.sampled_from(["take_seat", "add_bot", "remove_bot", "rematch"]),
    data=fields("position", "level"),
    htmx=st.booleans(),
)
def test_seat_and_bot_forms_change_no_game(client, running, baraka, caplog, action, data, htmx):
    table, _game = running
    client.force_login(baraka)
    before = games_now()
    response = client.post(reverse(f"games:{action}", args=[table.pk]), data, **(HTMX if htmx else {}))
    answered(response, caplog)
    assert games_now() == before


@FUZZ
@given(move=st.one_of(near_moves, form_text), count=numberish, as_baraka=st.booleans())
def test_move_posts(client, running, user, baraka, caplog, move, count, as_baraka):
    table, game = running
    player = baraka if as_baraka else user
    client.force_login(player)
    game.refresh_from_db()
    before, state = games_now(), game.engine_state()
    response = client.post(
        reverse("games:move", args=[table.pk]), {"move": move, "expected_move_count": count}, **HTMX
    )
    answered(response, caplog)
    if games_now() != before:  # only a legal move, at the right count, by the player to move
        seat = game.players.get(user=player).seat
        assert seat == state.turn and count.strip() == str(game.move_count)
        try:
            assert state.problem(Move.parse(move)) is None or game.rules["misplay"] == "penalty"
        except IllegalMove:
            pytest.fail(f"{move!r} changed the game but is not a move")


@FUZZ
@given(data=fields("username", "password"), admin=st.booleans())
def test_log_in_forms(client, user, caplog, data, admin):
    data.setdefault("username", "amani")
    url = reverse("admin:login") if admin else reverse("login")
    answered(client.post(url, data, REMOTE_ADDR="10.9.8.7"), caplog)
    client.logout()


@FUZZ
@given(data=fields("username", "email", "password1", "password2"))
def test_sign_up_form(client, caplog, data):
    answered(client.post(reverse("signup"), data), caplog)
    client.logout()


@FUZZ
@given(data=fields("display_name", "email"), name=form_text)
def test_settings_and_profile_pages(client, user, caplog, data, name):
    client.force_login(user)
    answered(client.post(reverse("account_settings"), data), caplog)
    answered(client.get("/accounts/u/" + quote(name, safe="") + "/"), caplog)
    answered(client.get("/history/u/" + quote(name, safe="") + "/"), caplog)
    answered(client.post(reverse("password_change"), {"old_password": name, "new_password1": name}), caplog)


@pytest.fixture
def rules_page(client, running, make_user):
    table, _game = running
    client.force_login(make_user("boss", is_staff=True, is_superuser=True))
    return table, client.get(reverse("admin:games_table_change", args=[table.pk]))


@FUZZ_FEW  # each example renders the whole admin change form
@given(changes=st.dictionaries(st.sampled_from(["rule_jokers", "rule_hand_size", "rule_misplay",
                                                "rule_answer_ranks", "rule_max_turns", "preset",
                                                "seat_count", "name", "turn_timer_seconds"]),
                               numberish, max_size=4))
def test_admin_house_rules_form(client, rules_page, caplog, changes):
    table, page = rules_page
    table.refresh_from_db()
    overrides, before = table.rule_overrides, games_now()
    response = client.post(reverse("admin:games_table_change", args=[table.pk]), form_data(page, **changes))
    answered(response, caplog)
    assert games_now() == before  # a running game keeps the rules it began with
    if response.status_code == 200:  # the form again, with its errors: nothing saved
        table.refresh_from_db()
        assert table.rule_overrides == overrides

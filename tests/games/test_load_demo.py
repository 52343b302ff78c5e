"""The load_demo command: demo accounts, bots and tables, created once, passwords printed."""

import re
from io import StringIO

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command

from games.models import Seat, Table

pytestmark = pytest.mark.django_db


def load_demo():
    out = StringIO()
    call_command("load_demo", stdout=out)
    return out.getvalue()


def password_of(output, username):
    return re.search(rf"{username}(?:, password)?: (\S+)$", output, re.MULTILINE).group(1)


def test_it_creates_an_admin_players_bots_and_tables():
    output = load_demo()
    admin = authenticate(username="admin", password=password_of(output, "admin"))
    assert admin is not None and admin.is_superuser and admin.is_staff
    assert authenticate(username="chebet", password=password_of(output, "chebet")) is not None
    tables = {t.name: t for t in Table.objects.all()}
    assert sorted(t.preset for t in tables.values()) == ["bomb-ni-bomb", "classic", "friendly", "rulebook"]
    classic = tables["Classic against three bots"]
    assert [s.user.bot_level for s in classic.seats.all()] == ["greedy"] * 3 and classic.seat_count == 4
    assert [s.user.bot_level for s in tables["Friendly against a random bot"].seats.all()] == ["random"]
    assert [s.user.username for s in tables["Bomb ni bomb"].seats.all()] == ["amani", "greedy-bot-1"]
    assert "Created table “Rulebook” (rulebook, 3 seats): baraka" in output


def test_running_it_again_changes_nothing_and_keeps_the_passwords():
    first = load_demo()
    counts = (Table.objects.count(), Seat.objects.count())
    second = load_demo()
    assert (Table.objects.count(), Seat.objects.count()) == counts
    assert "Table “Rulebook” is already there." in second
    assert "admin is already there; its password is unchanged" in second
    assert authenticate(username="admin", password=password_of(first, "admin")) is not None

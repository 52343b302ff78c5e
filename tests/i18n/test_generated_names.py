"""The names the site makes are said in the reader's language (issue 44, point 8): bots
("Greedy bot 1", "Bot mlafi 1") and tables ("Quick game: amani", "amani and the bots"), put
together at display time from their parts, for new rows and for rows stored before."""

import importlib

import pytest
from django.apps import apps
from django.urls import reverse
from django.utils import translation

from games.models import Table
from games.play.play_now import play_bots_now, quick_game
from games.play.tables import bot_account, create_table
from games.templatetags.table_names import table_title

pytestmark = pytest.mark.django_db

NAME_KINDS = importlib.import_module("games.migrations.0016_table_name_kind")


def test_a_site_bot_is_named_in_the_readers_language():
    bot = bot_account("greedy", 2)
    with translation.override("en"):
        assert (bot.name, bot.short_name) == ("Greedy bot 2", "Greedy 2")
    with translation.override("sw"):
        assert (bot.name, bot.short_name) == ("Bot mlafi 2", "Mlafi 2")
        assert bot_account("expert").name == "Bot bingwa 1"


def test_a_bot_named_by_an_admin_keeps_its_name(django_user_model):
    bot = bot_account("clever")
    bot.display_name = "Mzee Kobe"
    bot.save()
    with translation.override("sw"):
        renamed = django_user_model.objects.get(pk=bot.pk)
        assert renamed.name == renamed.short_name == "Mzee Kobe"


def test_a_bots_table_and_a_quick_game_are_named_in_the_readers_language(make_user):
    amani = make_user("amani")
    bots_table = play_bots_now(amani, "greedy")
    quick = quick_game(make_user("baraka"))
    with translation.override("sw"):
        assert table_title(bots_table) == "amani na bot"
        assert table_title(quick) == "Mchezo wa haraka: baraka"
    with translation.override("en"):
        assert table_title(bots_table) == "amani and the bots"
        assert table_title(quick) == "Quick game: baraka"


def test_a_generated_name_follows_its_owners_name_and_outlives_the_owner(make_user):
    owner = make_user("guest-4821")
    table = quick_game(owner)
    owner.display_name = "Wanjiru"  # a name of her own since
    owner.save()
    table.refresh_from_db()
    with translation.override("en"):
        assert table_title(table) == "Quick game: Wanjiru"
    table.seats.all().delete()
    owner.delete()
    table.refresh_from_db()
    assert table_title(table) == "Quick game: guest-4821"  # as stored


def test_a_name_typed_by_its_owner_is_shown_as_typed(make_user):
    table = create_table(make_user("amani"), "Quick game: mine", 3, "friendly")
    with translation.override("sw"):
        assert table_title(table) == "Quick game: mine"


def test_rows_stored_before_are_recognised_in_either_language(make_user):
    owner = make_user("amani")
    names = {
        "Quick game: amani": "quick",
        "Mchezo wa haraka: amani": "quick",
        "Guest-77 and the bots": "bots",
        "amani na bot": "bots",
        "Kibanda": "",
    }
    made = {name: create_table(owner, name, 3, "friendly", sit=False, limited=False).pk for name in names}
    orphan = create_table(owner, "Quick game: gone", 3, "friendly", sit=False, limited=False)
    Table.objects.filter(pk=orphan.pk).update(created_by=None)
    NAME_KINDS.mark_generated_names(apps, None)
    kinds = dict(Table.objects.filter(pk__in=made.values()).values_list("pk", "name_kind"))
    assert {name: kinds[pk] for name, pk in made.items()} == names
    orphan.refresh_from_db()
    assert orphan.name_kind == "" and table_title(orphan) == "Quick game: gone"


def test_the_swahili_lobby_and_table_page_say_the_names_in_swahili(client, make_user):
    amani = make_user("amani")
    table = play_bots_now(amani, "greedy")
    client.force_login(amani)
    headers = {"HTTP_ACCEPT_LANGUAGE": "sw"}
    page = client.get(reverse("games:table", kwargs={"table_id": table.pk}), **headers).content.decode()
    assert "amani na bot" in page and '<span class="player__name">Mlafi 1</span>' in page  # the seat
    assert "and the bots" not in page and "Greedy" not in page
    quick_game(amani)  # the lobby lists a quick game's table, not a game of one person's with bots
    lobby = client.get(reverse("games:lobby"), **headers).content.decode()
    assert "Mchezo wa haraka: amani" in lobby and "Quick game" not in lobby

"""Hidden information in the admin: no changelist lookup, filter, search or column reaches a
game's seed or position (issue 10, item 6)."""

import pytest
from django.contrib import admin
from django.urls import reverse

from kadi_site.admin_guard import HiddenFieldsMixin, reaches_hidden_field

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client, make_user):
    client.force_login(make_user("boss", is_staff=True, is_superuser=True))
    return client


@pytest.mark.parametrize(
    ("changelist", "lookup"),
    [
        ("admin:games_game_changelist", "seed__gt=0"),
        ("admin:games_game_changelist", "seed=1"),
        ("admin:games_game_changelist", "state__hands__1__icontains=H"),
        ("admin:games_game_changelist", "state__draw_pile__0=QH"),
        ("admin:games_game_changelist", "table__games__seed__lt=99"),
        ("admin:games_game_changelist", "snapshots__state__icontains=H"),
        ("admin:games_table_changelist", "games__seed__gt=0"),
        ("admin:games_table_changelist", "games__state__contains=H"),
        ("admin:history_ratingchange_changelist", "game__seed__gt=0"),
        ("admin:history_importedgame_changelist", "game__seed__gt=0"),
        ("admin:accounts_user_changelist", "game_players__game__seed__gt=0"),
    ],
)
def test_lookups_on_hidden_fields_are_refused(staff_client, game, changelist, lookup):
    response = staff_client.get(f"{reverse(changelist)}?{lookup}")
    assert response.status_code == 400
    assert str(game.seed) not in response.content.decode()


def test_ordinary_lookups_still_work(staff_client, game):
    response = staff_client.get(reverse("admin:games_game_changelist") + "?status=running")
    assert response.status_code == 200
    assert str(game.table) in response.content.decode()


def test_every_admin_guards_hidden_fields_and_shows_none():
    """Every registered admin refuses hidden lookups, and none lists, searches, filters,
    orders or shows a hidden field (the game page shows the seed once the game is over)."""
    for model, model_admin in admin.site._registry.items():
        assert isinstance(model_admin, HiddenFieldsMixin), model
        named = [
            *model_admin.list_display, *model_admin.search_fields, *(model_admin.ordering or ()),
            *(f if isinstance(f, str) else f[0] for f in model_admin.list_filter if not isinstance(f, type)),
            *(model_admin.fields or ()), *model_admin.readonly_fields,
            model_admin.date_hierarchy or "",
        ]
        for name in named:
            if isinstance(name, str):
                assert not reaches_hidden_field(model, name.lstrip("-^=@")), (model, name)


def test_the_running_games_detail_page_shows_no_seed(staff_client, game):
    page = staff_client.get(reverse("admin:games_game_change", args=[game.pk])).content.decode()
    assert "hidden while the game runs" in page
    assert f">{game.seed}<" not in page

"""The hand's long help texts fold after a player's first games (issue 44, point 1): who the
table page folds them for (``games.pages.table.help_folded``), in one query of the page's
own, none of a live table's frames."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.urls import reverse

from games.models import Game
from games.pages.table import SEASONED_AFTER, help_folded
from tests.browser.helpers import table_against_bots
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def finish_games(user, count):
    for number in range(count):
        table = table_against_bots(user, f"Zamani {number}")
        Game.objects.filter(table=table).update(status=Game.Status.FINISHED)


def test_a_player_of_a_few_finished_games_has_them_folded(make_user, django_assert_num_queries):
    wanjiru = make_user("wanjiru")
    finish_games(wanjiru, SEASONED_AFTER - 1)
    table_against_bots(wanjiru, "Leo")  # a game under way does not count
    with django_assert_num_queries(1):
        assert help_folded(wanjiru) is False
    finish_games(wanjiru, 1)
    with django_assert_num_queries(1):
        assert help_folded(wanjiru) is True


def test_guests_and_visitors_keep_them_open(make_user, django_assert_num_queries):
    guest = make_user("Guest-k3f9qz", is_guest=True)
    finish_games(guest, SEASONED_AFTER)
    with django_assert_num_queries(0):
        assert help_folded(guest) is False
        assert help_folded(AnonymousUser()) is False


def test_the_table_page_marks_them_folded_outside_the_live_parts(client, make_user):
    chebet = make_user("chebet")
    finish_games(chebet, SEASONED_AFTER)
    table = table_against_bots(chebet, "Leo", "classic", bots=("random", "random"))
    client.login(username="chebet", password=PASSWORD)
    page = client.get(reverse("games:table", kwargs={"table_id": table.pk})).content.decode()
    assert page.count("data-help-folded") == 1
    assert page.index("data-help-folded") < page.index('id="table-area"')

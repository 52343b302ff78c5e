"""A player's finishing rate on their profile, and a table's minimum of it."""

import pytest
from django.urls import reverse

from accounts.finishing_rate import finishing_rate
from api.tokens import create_token
from games.models import Seat, Table
from games.play.errors import ServiceError
from games.play.moves import resign
from games.play.tables import create_table, take_seat
from tests.fairplay.helpers import against_a_bot
from tests.history.helpers import play_to_the_end

pytestmark = pytest.mark.django_db


@pytest.fixture
def half(user):
    """amani finished one game of two: the first played to the end, the second left."""
    play_to_the_end(against_a_bot(user))
    resign(against_a_bot(user), user)
    return user


def test_the_rate_counts_the_last_games_only(half, settings):
    rate = finishing_rate(half)
    assert (rate.finished, rate.played, rate.percent) == (1, 2, 50)
    settings.FINISHING_RATE_GAMES = 1
    assert finishing_rate(half).percent == 0  # the last game: left
    play_to_the_end(against_a_bot(half))
    assert finishing_rate(half).percent == 100


def test_the_profile_shows_the_rate(client, user, half):
    page = client.get(reverse("profile", args=("amani",))).content.decode()
    assert "Finishing rate" in page and "50%: 1 of the last 2 games played to the end" in page


def test_a_profile_without_games_shows_no_rate(client, baraka):
    assert "Finishing rate" not in client.get(reverse("profile", args=("baraka",))).content.decode()


def asking(owner, minimum):
    return create_table(owner, "Makini", 4, "friendly", min_finishing_rate=minimum)


def test_a_player_below_the_minimum_is_refused_a_seat(half, baraka, client):
    table = asking(baraka, 60)
    with pytest.raises(ServiceError) as refused:
        take_seat(table, half)
    assert str(refused.value) == (
        "Your finishing rate is 50%: this table asks for 60% at least (finish more of your games)."
    )
    client.force_login(half)
    page = client.post(reverse("games:take_seat", args=(table.pk,)), follow=True).content.decode()
    assert "Your finishing rate is 50%" in page
    assert not Seat.objects.filter(table=table, user=half).exists()


def test_the_api_says_why(half, baraka, client):
    table = asking(baraka, 51)
    auth = {"HTTP_AUTHORIZATION": f"Bearer {create_token(half, 'bot')[1]}"}
    answer = client.post(reverse("api_join", args=(table.pk,)), **auth)
    assert answer.status_code == 409 and answer.json()["code"] == "finishing_rate"


def test_at_the_minimum_or_without_games_a_seat_is_taken(half, baraka, chebet):
    table = asking(baraka, 50)
    take_seat(table, half)
    take_seat(table, chebet)  # no game yet: nothing to judge
    assert table.seats.count() == 3


def test_the_new_table_form_sets_and_checks_the_minimum(client, user):
    client.force_login(user)
    fields = {"name": "Makini", "seat_count": 4, "preset": "friendly", "pace": "live"}
    for wrong in ("0", "101", "many"):
        response = client.post(reverse("games:create_table"), {**fields, "min_finishing_rate": wrong})
        assert response.status_code == 400
    assert not Table.objects.exists()
    response = client.post(reverse("games:create_table"), {**fields, "min_finishing_rate": "80"})
    table = Table.objects.get()
    assert response.status_code == 302 and table.min_finishing_rate == 80
    for page in (reverse("games:lobby"), reverse("games:table", args=(table.pk,))):
        assert "Finishing rate 80% or more" in client.get(page).content.decode()


def test_the_admin_edits_the_minimum(staff_client, user):
    table = create_table(user, "Makini", 4, "friendly")
    page = staff_client.get(reverse("admin:games_table_change", args=(table.pk,))).content.decode()
    assert 'name="min_finishing_rate"' in page

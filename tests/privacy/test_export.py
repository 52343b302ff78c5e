"""Point 5 (and 6) of issue 47: a player downloads everything kept about them, as one JSON
file streamed as it is read, and nothing of anyone else's secrets."""

import json

import pytest
from django.urls import reverse

from accounts import friends
from api.tokens import create_token
from games.models import Game
from games.play.chat import post_chat
from games.play.vacations import start as start_vacation
from history.models import RatingChange
from notifications.models import Notification, PushSubscription
from tests.history.helpers import new_game, play_to_the_end

pytestmark = pytest.mark.django_db

DOWNLOAD = reverse("own_data_download")


def downloaded(client):
    response = client.post(DOWNLOAD)
    assert response.status_code == 200
    assert response.streaming
    assert response["Content-Disposition"].startswith('attachment; filename="kadi-')
    return response, json.loads(b"".join(response.streaming_content))


@pytest.fixture
def amani_client(client, user):
    client.force_login(user)
    return client


def test_every_section_is_there_with_the_players_own_data(amani_client, user, baraka, chebet):
    user.email, user.display_name = "amani@example.com", "Amani K"
    user.save()
    finished = play_to_the_end(new_game(user, others=(baraka,), bot_levels=("greedy",)))
    post_chat(finished.table_id, user, "Habari!")
    post_chat(finished.table_id, baraka, "Baraka's own line")
    friends.follow(user, baraka)
    friends.follow(chebet, user)
    friends.block(user, chebet)
    create_token(user, "my bot")
    start_vacation(user, 3)
    Notification.objects.create(user=user, kind="turn", url="/t/1/", ref="x")
    PushSubscription.objects.create(
        user=user, endpoint="https://push.example/1", p256dh="k", auth="secret-a", label="Phone"
    )

    _, data = downloaded(amani_client)

    assert data["format"] == "kadi-own-data"
    assert data["profile"]["username"] == "amani"
    assert data["profile"]["email"] == "amani@example.com"
    assert data["profile"]["preferences"]["hand_order"] == user.hand_order
    [game] = data["games"]
    assert game["id"] == finished.pk and game["status"] == "finished" and game["your_seat"] == 0
    assert game["moves"] == list(finished.moves.order_by("index").values_list("text", flat=True))
    assert game["seed"] == finished.seed  # a finished game hides nothing any more
    assert data["ratings"]["games"] == 1
    assert len(data["rating_history"]) == RatingChange.objects.filter(user=user).count() == 1
    assert [line["text"] for line in data["chat"]] == ["Habari!"]
    assert [f["username"] for f in data["follows"]["following"]] == ["baraka"]
    assert data["follows"]["followers"] == []  # chebet's follow ended with the block
    assert [b["username"] for b in data["follows"]["blocked"]] == ["chebet"]
    assert [t["label"] for t in data["api_tokens"]] == ["my bot"]
    assert len(data["vacations"]) == 1
    assert data["tournaments"] == []
    assert [n["kind"] for n in data["notifications"]] == ["turn"]
    assert data["push_devices"][0]["label"] == "Phone"


def test_nothing_of_another_player_is_in_it(amani_client, client, user, baraka, chebet):
    running = new_game(user, others=(baraka,))
    friends.block(chebet, user)  # chebet's block of amani is chebet's
    _, token = create_token(baraka, "baraka's bot")
    _, own_token = create_token(user, "mine")
    PushSubscription.objects.create(user=user, endpoint="https://push.example/2", p256dh="k", auth="secret-b")

    response, data = downloaded(amani_client)
    text = json.dumps(data)

    [game] = data["games"]
    state = Game.objects.get(pk=running.pk).engine_state()
    assert game["status"] == "running"
    assert "seed" not in game
    assert game["your_view"]["hand"] == state.view(0)["hand"]
    assert "hands" not in game["your_view"] and "draw_pile" not in game["your_view"]
    assert str(running.seed) not in text
    assert token not in text and "baraka's bot" not in text
    assert own_token not in text and own_token[:9] not in text  # the player's own secret either
    assert "secret-b" not in text and "push.example" not in text
    assert data["follows"] == {"following": [], "followers": [], "blocked": []}


def test_a_player_with_many_games_gets_them_all_in_bounded_queries(
    amani_client, user, baraka, django_assert_max_num_queries
):
    from tests.privacy.many_games import seed_finished_games

    seed_finished_games(user, baraka, 300)

    with django_assert_max_num_queries(40):  # batches of 200 games: not a query per game
        _, data = downloaded(amani_client)

    assert len(data["games"]) == 300
    assert all(len(game["moves"]) == 3 for game in data["games"])


def test_only_a_logged_in_player_by_post_with_the_csrf_token(client, user):
    assert client.post(DOWNLOAD).status_code == 302  # to the log-in page
    client.force_login(user)
    assert client.get(DOWNLOAD).status_code == 405
    strict = type(client)(enforce_csrf_checks=True)
    strict.force_login(user)
    assert strict.post(DOWNLOAD).status_code == 403


def test_downloads_are_limited_per_hour(amani_client, settings):
    settings.OWN_DATA_EXPORTS_PER_HOUR = 2
    downloaded(amani_client)
    downloaded(amani_client)

    response = amani_client.post(DOWNLOAD, follow=True)

    assert response.redirect_chain[-1][0] == reverse("account_settings")
    assert "You may download your data 2 times an hour: try again later." in response.content.decode()


def test_the_settings_page_offers_the_download_and_the_deletion(amani_client):
    page = amani_client.get(reverse("account_settings")).content.decode()
    assert f'action="{DOWNLOAD}"' in page
    assert reverse("delete_account") in page


def test_the_reports_the_player_made_are_in_it_and_not_those_about_them(amani_client, user, baraka):
    """Runs once the moderation app (issue 47, point 1) is merged beside privacy."""
    from django.apps import apps

    if not apps.is_installed("moderation"):
        pytest.skip("the moderation app is not merged yet")
    report = apps.get_model("moderation", "Report")
    report.objects.create(reporter=user, subject=baraka, reason="spam", note="adverts")
    report.objects.create(reporter=baraka, subject=user, reason="spam", note="baraka's own")

    _, data = downloaded(amani_client)

    assert [(r["subject__username"], r["note"]) for r in data["reports_made"]] == [("baraka", "adverts")]
    assert "baraka's own" not in json.dumps(data)


def test_no_request_reaches_another_players_data(amani_client, user, baraka):
    baraka.email = "baraka@example.com"
    baraka.save()
    create_token(baraka, "baraka's bot")

    for asked in ({"user": baraka.pk}, {"username": "baraka"}, {"user_id": str(baraka.pk)}):
        response = amani_client.post(DOWNLOAD + f"?username=baraka&user={baraka.pk}", asked)
        data = json.loads(b"".join(response.streaming_content))
        assert data["profile"]["username"] == "amani"
        assert "baraka@example.com" not in json.dumps(data) and "baraka's bot" not in json.dumps(data)

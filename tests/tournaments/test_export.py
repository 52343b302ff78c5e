"""A tournament's results exported as JSON, like a game record: its terms, the standings
(ranks, points, games, wins, best streak) and every game (table, players, places, points, a
link to the record and replay), final only once finished; nothing hidden while a game runs;
a private tournament's to those who may see it, a 404 like a missing id to anyone else."""

import json
import re

import pytest
from django.utils import timezone

from games.play.moves import resign
from tests.tournaments import rows
from tournaments.export import EXPORT_FORMAT
from tournaments.models import Entry, Tournament
from tournaments.standings import ranked

pytestmark = pytest.mark.django_db


def won_by(tournament, winner, loser):
    """A game of the tournament that ``winner`` wins (``loser`` resigns), scored."""
    made = rows.seat(tournament, winner, loser)
    resign(made.game_id, loser)
    return rows.score(made)


@pytest.fixture
def finished(user, baraka, chebet):
    night = rows.tournament("Kadi Night")
    rows.enter(night, user, baraka, chebet)
    won_by(night, user, baraka)
    won_by(night, user, chebet)
    won_by(night, user, baraka)
    won_by(night, chebet, user)
    won_by(night, baraka, chebet)
    Tournament.objects.filter(pk=night.pk).update(
        status=Tournament.Status.FINISHED, finished_at=timezone.now()
    )
    for rank, entry in enumerate(ranked(night), start=1):  # the places stored at the end
        Entry.objects.filter(pk=entry.pk).update(rank=rank)
    return night


def same_page(one, other):
    """The two answers are the same page but for their (masked) CSRF tokens and the paths asked."""
    unmasked = [re.sub(rb"[A-Za-z0-9]{64}|/tournaments/\d+/", b"", a.content) for a in (one, other)]
    return unmasked[0] == unmasked[1]


def export(client, tournament, query=""):
    answer = client.get(f"/tournaments/{tournament.pk}/export.json{query}")
    assert answer.status_code == 200, answer.content
    assert answer["Content-Disposition"] == f'attachment; filename="kadi-tournament-{tournament.pk}.json"'
    return answer.json()


def test_a_finished_tournaments_results(client, finished):
    document = export(client, finished)
    assert document["format"] == EXPORT_FORMAT and document["version"] == 1 and document["final"]
    terms = document["tournament"]
    assert terms["name"] == "Kadi Night" and terms["status"] == "finished" and terms["seats"] == 2
    assert terms["preset"] == "friendly" and terms["rules"]["misplay"] == "reject" and terms["finished_at"]
    standings = [
        (s["rank"], s["username"], s["points"], s["games"], s["wins"], s["best_streak"])
        for s in document["standings"]
    ]
    # amani: 12, 12, 24 (doubled: two wins in a row before it), then a loss; chebet reached
    # 12 points before baraka did
    assert standings == [(1, "amani", 48, 4, 3, 3), (2, "chebet", 12, 3, 1, 1), (3, "baraka", 12, 3, 1, 1)]
    assert len(document["games"]) == 5
    first, *_, last = document["games"]
    assert [(p["username"], p["place"], p["points"]) for p in first["players"]] == [
        ("amani", 1, 12),
        ("baraka", 2, 0),
    ]
    assert (
        document["games"][2]["players"][0]["doubled"] and document["games"][2]["players"][0]["points"] == 24
    )
    assert (
        last["status"] == "finished" and last["record"] == f"http://testserver/games/{last['id']}/record.json"
    )
    assert client.get(last["record"]).status_code == 200
    assert client.get(last["replay"]).status_code == 200
    assert client.get(f"/tournaments/{finished.pk}/export.json").json() == document  # the same every time


def test_a_running_tournament_is_unfinished_and_hides_what_its_games_hide(client, user, baraka, chebet):
    running = rows.tournament("Kadi Night", seats=3)
    rows.enter(running, user, baraka, chebet)
    playing = rows.seat(running, user, baraka, chebet)
    document = export(client, running)
    assert not document["final"] and document["tournament"]["finished_at"] is None
    (game,) = document["games"]
    assert game["status"] == "running" and game["record"] is None and game["replay"] is None
    assert [p["place"] for p in game["players"]] == [None, None, None]
    assert [p["points"] for p in game["players"]] == [None, None, None]
    text = json.dumps(document)
    for hidden in ('"seed"', '"hands"', '"hand":', '"draw_pile"', '"moves"', str(playing.game.seed)):
        assert hidden not in text
    assert set(game) == {"id", "table", "status", "started_at", "finished_at", "players", "record", "replay"}
    assert [s["points"] for s in document["standings"]] == [0, 0, 0]


def test_a_private_tournaments_results_are_nothing_to_an_outsider(client, baraka, make_user):
    secret = rows.tournament("Family", private=True, created_by=baraka)
    rows.enter(secret, baraka)
    missing = client.get(f"/tournaments/{secret.pk + 1000}/export.json")
    hidden = client.get(f"/tournaments/{secret.pk}/export.json")
    assert hidden.status_code == missing.status_code == 404
    assert same_page(hidden, missing)
    assert b"Family" not in hidden.content
    client.force_login(make_user("wanjiru"))
    assert client.get(f"/tournaments/{secret.pk}/export.json?invite=nope").status_code == 404
    assert export(client, secret, f"?invite={secret.invite_token}")["tournament"]["private"]
    assert secret.invite_token not in json.dumps(export(client, secret, f"?invite={secret.invite_token}"))
    client.force_login(baraka)
    assert export(client, secret)["standings"][0]["username"] == "baraka"


def test_guessed_and_huge_ids_and_the_wrong_method(client, finished):
    for path in (
        "/tournaments/0/export.json",
        f"/tournaments/{2**70}/export.json",
        "/tournaments/9999999/export.json",
    ):
        assert client.get(path).status_code == 404
    assert client.post(f"/tournaments/{finished.pk}/export.json").status_code == 405
    assert client.head(f"/tournaments/{finished.pk}/export.json").status_code == 200

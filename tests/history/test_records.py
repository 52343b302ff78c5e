"""Game records: export, then import through the engine; refusals say why."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from games.models import Game
from games.pages.table import lobby_tables
from games.play.moves import resign
from history.models import ImportedGame, Rating, RatingChange
from history.records import RecordError, export_record
from history.services import import_game
from tests.history.helpers import new_game, play_to_the_end

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(user, baraka):
    return play_to_the_end(new_game(user, "friendly", others=(baraka,), bot_levels=("greedy",)))


def game_facts(game):
    """Everything that makes a game what it is (not its id, table or times)."""
    return {
        "rules": game.rules,
        "player_count": game.player_count,
        "seed": game.seed,
        "first_seat": game.first_seat,
        "state": game.state,
        "move_count": game.move_count,
        "status": game.status,
        "winner": game.winner,
        "players": list(game.players.order_by("seat").values_list("seat", "user", "place", "left")),
        "moves": list(game.moves.order_by("index").values_list("index", "seat", "text")),
    }


def test_export_then_import_gives_the_same_game(finished, admin_user):
    record = json.loads(json.dumps(export_record(finished)))  # through JSON, as a file would be
    ratings_before = list(Rating.objects.order_by("user").values_list("user", "mu", "sigma", "games"))

    imported = import_game(record, admin_user)

    assert imported.pk != finished.pk
    assert game_facts(imported) == game_facts(finished)
    assert imported.created_at == finished.created_at and imported.finished_at == finished.finished_at
    assert ImportedGame.objects.get(game=imported).imported_by == admin_user
    assert not RatingChange.objects.filter(game=imported).exists()
    assert list(Rating.objects.order_by("user").values_list("user", "mu", "sigma", "games")) == ratings_before
    assert export_record(imported) | {"table": None} == record | {"table": None}


def test_an_imported_game_stays_out_of_the_lobby(finished, admin_user):
    imported = import_game(export_record(finished), admin_user)

    listed = [row["table"].pk for row in lobby_tables()]
    assert finished.table_id in listed and imported.table_id not in listed


def test_a_game_ended_by_resignation_round_trips(user, baraka, chebet, admin_user):
    game = new_game(user, "friendly", others=(baraka,), bot_levels=("random", "random"))
    resign(game, baraka)
    resign(game, user)  # only bots remain: the game ends with the engine's game unfinished
    game = Game.objects.get(pk=game.pk)
    assert not game.engine_state().finished and not game.is_running
    record = export_record(game)
    assert record["moves"][-2:] == ["resign 1", "resign 0"]
    assert [player.place for player in game.players.order_by("seat")][:2] == [3, 4]
    imported = import_game(record, admin_user)
    assert game_facts(imported) == game_facts(game)


def test_the_last_player_in_play_after_resignations_wins(user, baraka, chebet, admin_user):
    game = new_game(user, "friendly", others=(baraka, chebet))
    resign(game, chebet)
    resign(game, user)
    game = Game.objects.get(pk=game.pk)
    assert game.engine_state().finished and game.winner == 1
    assert [player.place for player in game.players.order_by("seat")] == [2, 1, 3]
    imported = import_game(export_record(game), admin_user)
    assert game_facts(imported) == game_facts(game)


def test_a_record_from_before_resignations_were_moves_still_imports(finished, admin_user):
    """Old records have leavers (``left``) but no ``resign`` moves: they replay as before."""
    record = export_record(finished)
    assert not any(move.startswith("resign") for move in record["moves"])
    imported = import_game(record, admin_user)
    assert game_facts(imported) == game_facts(finished)


def refused(record, admin_user, reason):
    games = Game.objects.count()
    with pytest.raises(RecordError, match=reason):
        import_game(record, admin_user)
    assert Game.objects.count() == games


def test_an_illegal_move_is_refused_with_its_number(finished, admin_user):
    record = export_record(finished)
    record["moves"][0] = "JKR JKB QH"  # no shape of play (RULES.md section 4); friendly refuses misplays
    refused(record, admin_user, r"Move 1 \(“JKR JKB QH”\) is not allowed: ")


def test_unreadable_move_text_is_refused(finished, admin_user):
    record = export_record(finished)
    record["moves"][2] = "play the queen"
    refused(record, admin_user, r"Move 3 \(“play the queen”\) is not allowed")


def test_moves_after_the_end_are_refused(finished, admin_user):
    record = export_record(finished)
    record["moves"].append("draw")
    number = finished.move_count + 1
    refused(record, admin_user, rf"Move {number} \(“draw”\) is not allowed: the game is over")


def test_a_game_cut_short_is_refused(finished, admin_user):
    record = export_record(finished)
    del record["moves"][-1]
    refused(record, admin_user, "The moves stop before the end of the game.")


def test_a_result_other_than_the_moves_give_is_refused(finished, admin_user):
    record = export_record(finished)
    places = record["result"]["places"]
    loser = places.index(max(places))
    record["result"] = {"winner": loser, "places": [1 if seat == loser else 2 for seat in range(len(places))]}
    refused(record, admin_user, "The result does not match the moves")


def test_a_different_seed_does_not_replay(finished, admin_user):
    record = export_record(finished)
    record["seed"] += 1
    with pytest.raises(RecordError):
        import_game(record, admin_user)


@pytest.mark.parametrize(
    "change, reason",
    [
        ({"format": "chess"}, "not a Kadi game record"),
        ({"version": 7}, "version 7"),
        ({"rules": {"jokers": 3}}, "The record's rules are invalid: jokers"),
        ({"players": []}, "A game has 2 to 10 players"),
        ({"seed": "42"}, "The seed must be a whole number"),
        ({"first_seat": 9}, "The first player must be one of the seats"),
        ({"moves": "draw draw"}, "The moves must be a list"),
        ({"result": {"winner": None}}, "one place for every player"),
        ({"preset": "poker"}, "no rules preset called “poker”"),
        ({"finished_at": "yesterday"}, "not a date and time"),
    ],
)
def test_malformed_records_are_refused(finished, admin_user, change, reason):
    refused(export_record(finished) | change, admin_user, reason)


def test_unknown_and_repeated_players_are_refused(finished, admin_user):
    record = export_record(finished)
    record["players"][1]["username"] = "nobody-here"
    refused(record, admin_user, "No player named “nobody-here”")
    record["players"][1]["username"] = record["players"][0]["username"]
    refused(record, admin_user, "A player appears twice")


# -- Pages --------------------------------------------------------------------------------


def upload(record):
    return SimpleUploadedFile("game.json", json.dumps(record).encode(), content_type="application/json")


def test_the_record_downloads_as_json(client, finished):
    response = client.get(reverse("history:record", args=[finished.pk]))
    assert response.status_code == 200
    assert response["Content-Disposition"] == f'attachment; filename="kadi-game-{finished.pk}.json"'
    assert response.json() == json.loads(json.dumps(export_record(finished)))


def test_a_running_game_has_no_record(client, user, baraka):
    game = new_game(user, others=(baraka,))
    response = client.get(reverse("history:record", args=[game.pk]))
    assert response.status_code == 403
    assert str(game.seed) not in response.text


def test_staff_import_a_record_on_their_page(client, finished, admin_user):
    client.force_login(admin_user)
    response = client.post(reverse("history:import"), {"record": upload(export_record(finished))})
    imported = ImportedGame.objects.get().game
    assert response.status_code == 302 and response.url == reverse("history:game", args=[imported.pk])
    page = client.get(response.url).text
    assert "The game was imported." in page and "imported" in page


def test_the_import_page_shows_the_reason_of_a_refusal(client, finished, admin_user):
    client.force_login(admin_user)
    record = export_record(finished)
    del record["moves"][-1]
    response = client.post(reverse("history:import"), {"record": upload(record)})
    assert response.status_code == 400
    assert "The moves stop before the end of the game." in response.text
    bad_json = SimpleUploadedFile("game.json", b"{not json", content_type="application/json")
    response = client.post(reverse("history:import"), {"record": bad_json})
    assert response.status_code == 400 and "That file is not JSON" in response.text


def test_only_staff_may_import(client, user):
    client.force_login(user)
    response = client.get(reverse("history:import"))
    assert response.status_code == 302 and "/admin/login/" in response.url

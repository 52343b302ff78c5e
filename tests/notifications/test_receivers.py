"""The games' real writes notify the right players: a challenge made and answered, a game
over (each person's place), a rematch offered, a friend sitting at an open table, and a turn
begun (``turn_started`` sent here: its sender is the turn-based tables')."""

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.friends import follow
from games import signals
from games.models import Game
from games.play import challenges
from games.play.starts import rematch
from games.play.tables import create_table, take_seat
from notifications import texts
from notifications.models import Kind, Notification
from tests.history.helpers import new_game, play_to_the_end

pytestmark = pytest.mark.django_db


def told(user, kind):
    return list(Notification.objects.filter(user=user, kind=kind))


def test_a_challenge_tells_the_challenged_and_its_answer_the_challenger(
    user, baraka, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        made = challenges.create(user, baraka, challenges.Terms("friendly"))
    (challenge,) = told(baraka, Kind.CHALLENGE)
    assert texts.body(challenge) == "amani challenges you to a game."
    assert told(user, Kind.CHALLENGE_ANSWERED) == []

    with django_capture_on_commit_callbacks(execute=True):
        accepted = challenges.accept(made.key, baraka)
    (answer,) = told(user, Kind.CHALLENGE_ANSWERED)
    assert texts.body(answer) == "baraka accepted your challenge: the game has begun."
    assert answer.url == f"/t/{accepted.table_id}/"
    assert len(told(baraka, Kind.CHALLENGE)) == 1  # not told again


def test_a_declined_challenge_tells_the_challenger(user, baraka, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        made = challenges.create(user, baraka, challenges.Terms("friendly"))
    with django_capture_on_commit_callbacks(execute=True):
        challenges.decline(made.key, baraka)
    (answer,) = told(user, Kind.CHALLENGE_ANSWERED)
    assert texts.body(answer) == "baraka declined your challenge."


def test_a_challenge_to_a_bot_tells_nobody(user, django_capture_on_commit_callbacks):
    from games.play.tables import bot_account

    with django_capture_on_commit_callbacks(execute=True):
        challenges.create(user, bot_account("greedy"), challenges.Terms("friendly"))
    assert not Notification.objects.exists()


def test_a_game_over_tells_each_person_their_place_and_no_card(
    user, baraka, django_capture_on_commit_callbacks
):
    game = new_game(user, "friendly", others=(baraka,), bot_levels=("greedy",))
    with django_capture_on_commit_callbacks(execute=True):
        game = play_to_the_end(game)
    places = {p.user_id: p.place for p in game.players.all()}
    for person in (user, baraka):
        (over,) = told(person, Kind.GAME_OVER)
        assert over.params["place"] == places[person.pk]
        assert over.url == f"/t/{game.table_id}/"
        assert set(over.params) == {"place", "players", "table", "table_kind", "owner"}
    assert Notification.objects.count() == 2  # the bot is told nothing


def test_a_rematch_offer_tells_the_others_seated(user, baraka, chebet, django_capture_on_commit_callbacks):
    game = play_to_the_end(new_game(user, "friendly", others=(baraka, chebet)))
    with django_capture_on_commit_callbacks(execute=True):
        rematch(game.table_id, baraka)
    with django_capture_on_commit_callbacks(execute=True):
        rematch(game.table_id, user)  # accepting is no new offer
    assert [
        n.user for n in Notification.objects.filter(kind=Kind.REMATCH_OFFERED).order_by("user__username")
    ] == [
        user,
        chebet,
    ]
    assert texts.body(told(user, Kind.REMATCH_OFFERED)[0]) == "baraka offers to play again at amani's table."


def test_a_friend_sitting_at_an_open_table_is_told_to_friends_only(
    user, baraka, chebet, make_user, django_capture_on_commit_callbacks
):
    follow(user, baraka)
    follow(baraka, user)  # friends
    follow(chebet, baraka)  # chebet only follows
    table = create_table(make_user("wanjiru"), "Mti", 4, "friendly")
    with django_capture_on_commit_callbacks(execute=True):
        take_seat(table, baraka)
    (seated,) = Notification.objects.filter(kind=Kind.FRIEND_SEATED)
    assert seated.user == user
    assert texts.body(seated) == "Your friend baraka sat down at Mti: there is a free seat."


def test_a_friend_taking_the_last_seat_or_a_private_one_tells_nobody(
    user, baraka, make_user, django_capture_on_commit_callbacks
):
    follow(user, baraka)
    follow(baraka, user)
    full = create_table(make_user("wanjiru"), "Two", 2, "friendly")
    private = create_table(make_user("chebet"), "Ours", 4, "friendly", private=True)
    with django_capture_on_commit_callbacks(execute=True):
        take_seat(full, baraka)
        take_seat(private, baraka, invited=True)
    assert not Notification.objects.exists()


def test_your_turn_is_told_once_per_turn(user, baraka, game, django_capture_on_commit_callbacks):
    deadline = timezone.now() + timedelta(hours=12)
    game = Game.objects.get(pk=game.pk)
    for _ in range(2):  # the same turn told twice: one notification
        signals.turn_started.send(sender=Game, game=game, user_id=baraka.pk, deadline=deadline)
    (turn,) = told(baraka, Kind.YOUR_TURN)
    assert texts.body(turn) == "It is your turn at Kibanda."
    assert turn.url == f"/t/{game.table_id}/#hand"


def test_each_turn_of_a_turn_based_game_tells_its_player_even_when_the_server_moved(
    user, baraka, django_capture_on_commit_callbacks
):
    """End to end: the game's real writes (a move, then a timeout made by the deadline job)
    send ``turn_started``; each player to move is told once, with no card named."""
    from games.play.deadlines import expire_due_turns
    from games.play.moves import submit_move
    from tests.play.helpers import good_move
    from tests.turns.helpers import past_deadline, turn_game

    with django_capture_on_commit_callbacks(execute=True):
        game = turn_game(user, baraka, name="Barua")
    (first,) = told(user, Kind.YOUR_TURN)
    with django_capture_on_commit_callbacks(execute=True):
        submit_move(game.pk, user, good_move(game))
    (second,) = told(baraka, Kind.YOUR_TURN)
    with django_capture_on_commit_callbacks(execute=True):
        assert expire_due_turns(past_deadline(game)) == 1  # baraka's time ran out: the server moved
    assert len(told(user, Kind.YOUR_TURN)) == 2
    for turn in Notification.objects.filter(kind=Kind.YOUR_TURN):
        assert texts.body(turn) == "It is your turn at Barua."
        assert turn.url.endswith("#hand")

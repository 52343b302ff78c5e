"""Challenges' writes (games.play.challenges): create, accept (a table made, everyone seated,
the game started), decline, cancel, expire; every refusal a sentence that changes nothing."""

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts import friends
from accounts.models import User
from games.models import Challenge, Game, Table
from games.play import challenges
from games.play.errors import ServiceError, TooFast
from games.play.tables import create_table

pytestmark = pytest.mark.django_db
Terms = challenges.Terms
Status = Challenge.Status


def refused(code, call, *args):
    with pytest.raises(ServiceError) as caught:
        call(*args)
    assert caught.value.code == code and str(caught.value)
    return str(caught.value)


def test_an_accepted_challenge_seats_both_and_the_bots_and_starts_the_game(amani, wanjiru):
    terms = Terms("chains", {"jokers": 0}, 30, ("greedy", "random"))
    challenge = challenges.create(amani, wanjiru, terms)
    assert challenge.status == Status.OPEN and challenge.table is None
    assert (challenge.expires_at - challenge.created_at).total_seconds() == pytest.approx(300, abs=2)

    accepted = challenges.accept(challenge.key, wanjiru)

    table = accepted.table
    assert accepted.status == Status.ACCEPTED and table.preset == "chains"
    assert table.rule_overrides == {"jokers": 0} and table.turn_timer_seconds == 30
    seated = list(table.seats.order_by("position").values_list("user__username", flat=True))
    assert seated[:2] == ["amani", "wanjiru"] and [u.split("-")[0] for u in seated[2:]] == [
        "greedy",
        "random",
    ]
    game = table.current_game()
    assert game.is_running and game.player_count == 4 and game.rules["jokers"] == 0


def test_a_challenges_table_is_private_to_its_players(amani, wanjiru, make_user):
    from games.pages.table import lobby_tables
    from games.whereabouts import may_see_table

    table = challenges.accept(challenges.create(amani, wanjiru, Terms("classic")).key, wanjiru).table
    assert table.private and table not in lobby_tables()
    assert may_see_table(amani, table) and may_see_table(wanjiru, table)
    assert not may_see_table(make_user("otieno"), table)


def test_guests_neither_challenge_nor_are_challenged(amani, make_user):
    guest = make_user("Guest-k3f9qz", is_guest=True)
    assert "sign up" in refused("cannot_challenge", challenges.create, guest, amani, Terms("classic"))
    assert "guest" in refused("cannot_challenge", challenges.create, amani, guest, Terms("classic"))
    assert not Challenge.objects.exists()


def test_challenging_a_bot_makes_the_table_at_once(amani, greedy_bot):
    challenge = challenges.create(amani, greedy_bot, Terms("classic"))
    assert challenge.status == Status.ACCEPTED
    game = challenge.table.current_game()
    assert game.is_running and {p.user_id for p in game.players.all()} == {amani.pk, greedy_bot.pk}


def test_only_the_challenged_answers_and_only_the_challenger_cancels(amani, wanjiru, make_user):
    challenge = challenges.create(amani, wanjiru, Terms("classic"))
    stranger = make_user("otieno")
    for who in (amani, stranger):
        refused("no_such_challenge", challenges.accept, challenge.key, who)
        refused("no_such_challenge", challenges.decline, challenge.key, who)
    for who in (wanjiru, stranger):
        refused("no_such_challenge", challenges.cancel, challenge.key, who)
    refused("no_such_challenge", challenges.accept, "not-a-key", wanjiru)
    assert Challenge.objects.get(pk=challenge.pk).status == Status.OPEN


def test_a_replayed_accept_is_refused_and_makes_no_second_table(amani, wanjiru):
    challenge = challenges.create(amani, wanjiru, Terms("classic"))
    challenges.accept(challenge.key, wanjiru)
    words = refused("challenge_decided", challenges.accept, challenge.key, wanjiru)
    assert words == "This challenge was accepted already."
    refused("challenge_decided", challenges.decline, challenge.key, wanjiru)
    assert Game.objects.count() == 1


def test_declined_and_cancelled_challenges_are_closed(amani, wanjiru):
    first = challenges.create(amani, wanjiru, Terms("classic"))
    second = challenges.create(amani, wanjiru, Terms("classic"))
    assert challenges.decline(first.key, wanjiru).status == Status.DECLINED
    assert challenges.cancel(second.key, amani).status == Status.CANCELLED
    assert (
        refused("challenge_decided", challenges.accept, second.key, wanjiru)
        == "This challenge was withdrawn."
    )
    assert not Game.objects.exists()


def test_an_expired_challenge_is_refused_and_written_expired(amani, wanjiru):
    challenge = challenges.create(amani, wanjiru, Terms("classic"))
    Challenge.objects.filter(pk=challenge.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    assert (
        refused("challenge_expired", challenges.accept, challenge.key, wanjiru)
        == "This challenge has expired."
    )
    assert Challenge.objects.get(pk=challenge.pk).status == Status.EXPIRED
    assert not Game.objects.exists()


def test_expire_due_marks_only_the_challenges_past_their_time(amani, wanjiru):
    old = challenges.create(amani, wanjiru, Terms("classic"))
    fresh = challenges.create(amani, wanjiru, Terms("classic"))
    Challenge.objects.filter(pk=old.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    assert challenges.expire_due() == 1
    assert Challenge.objects.get(pk=old.pk).status == Status.EXPIRED
    assert Challenge.objects.get(pk=fresh.pk).status == Status.OPEN


def test_oneself_and_a_block_either_way_are_refused(amani, wanjiru):
    assert refused("cannot_challenge", challenges.create, amani, amani, Terms("classic")) == (
        "You cannot challenge yourself."
    )
    friends.block(wanjiru, amani)
    for one, other in ((amani, wanjiru), (wanjiru, amani)):
        assert challenges.refusal(one, other) == "You cannot challenge this player."
        refused("cannot_challenge", challenges.create, one, other, Terms("classic"))
    assert not Challenge.objects.exists()


def test_a_block_after_the_challenge_keeps_it_from_being_accepted(amani, wanjiru):
    challenge = challenges.create(amani, wanjiru, Terms("classic"))
    friends.block(amani, wanjiru)
    refused("cannot_challenge", challenges.accept, challenge.key, wanjiru)
    assert not Game.objects.exists()


def test_the_challenged_players_preference_is_kept(amani, wanjiru):
    wanjiru.challenges_from = User.ChallengesFrom.NOBODY
    wanjiru.save()
    assert refused("cannot_challenge", challenges.create, amani, wanjiru, Terms("classic")) == (
        "wanjiru takes no challenges."
    )
    wanjiru.challenges_from = User.ChallengesFrom.FRIENDS
    wanjiru.save()
    assert "friends only" in refused("cannot_challenge", challenges.create, amani, wanjiru, Terms("classic"))
    friends.follow(amani, wanjiru)
    refused("cannot_challenge", challenges.create, amani, wanjiru, Terms("classic"))  # one way is not friends
    friends.follow(wanjiru, amani)
    assert challenges.create(amani, wanjiru, Terms("classic")).status == Status.OPEN


@pytest.mark.parametrize(
    "terms",
    [
        Terms("no-such-preset"),
        Terms("classic", {"jokers": 9}),
        Terms("classic", {"no_such_option": 1}),
        Terms("classic", "jokers"),
        Terms("classic", turn_timer_seconds=0),
        Terms("classic", turn_timer_seconds=True),
        Terms("classic", bot_levels=("godlike",)),
        Terms("classic", bot_levels=("greedy",) * 4),
    ],
)
def test_terms_the_rules_refuse_are_refused(amani, wanjiru, terms):
    refused("bad_terms", challenges.create, amani, wanjiru, terms)
    assert not Challenge.objects.exists()


def test_too_many_open_challenges_and_the_hourly_limit(amani, make_user, settings):
    others = [make_user(f"p{n}") for n in range(7)]
    for other in others[: challenges.OPEN_CHALLENGES_LIMIT]:
        challenges.create(amani, other, Terms("classic"))
    refused("too_many_challenges", challenges.create, amani, others[-1], Terms("classic"))
    Challenge.objects.update(status=Status.DECLINED)
    settings.CHALLENGES_PER_HOUR = challenges.OPEN_CHALLENGES_LIMIT
    with pytest.raises(TooFast) as caught:
        challenges.create(amani, others[-1], Terms("classic"))
    assert "in the last hour" in str(caught.value)
    assert Challenge.objects.count() == challenges.OPEN_CHALLENGES_LIMIT


def test_the_tables_an_hour_are_checked_when_challenging_never_at_the_accept(amani, wanjiru, settings):
    """The table is the challenger's: their ``TABLES_PER_HOUR`` refuses the challenge, in the
    lobby's sentence, and never the other player's accept (the table still counts)."""
    settings.TABLES_PER_HOUR = 1
    waiting = challenges.create(amani, wanjiru, Terms("classic"))
    create_table(amani, "Kibanda", 2, "classic")  # amani's one table of the hour, made meanwhile
    accepted = challenges.accept(waiting.key, wanjiru)
    assert accepted.status == Status.ACCEPTED and accepted.table.current_game().is_running
    assert Table.objects.filter(created_by=amani).count() == 2  # the challenge's counts too
    with pytest.raises(TooFast) as caught:
        challenges.create(amani, wanjiru, Terms("classic"))
    assert str(caught.value) == (
        "You have made 1 table in the last hour: wait a while before making another."
    )
    with pytest.raises(TooFast):
        create_table(amani, "Another", 2, "classic")
    assert Challenge.objects.count() == 1
    assert challenges.create(wanjiru, amani, Terms("classic")).status == Status.OPEN  # wanjiru made none

"""Following, friends and blocks (accounts.friends): what each write changes and refuses."""

import pytest
from django.db import IntegrityError, transaction

from accounts import friends
from accounts.models import Block, Follow
from games.play.tables import bot_account

pytestmark = pytest.mark.django_db


def test_following_each_other_makes_friends(user, baraka, chebet):
    friends.follow(user, baraka)
    friends.follow(chebet, user)
    assert friends.relations(user).friends == []

    friends.follow(baraka, user)

    circle = friends.relations(user)
    assert circle.friends == [baraka]
    assert circle.following == []
    assert circle.followers == [chebet]
    assert friends.relations(baraka).friends == [user]


def test_following_twice_keeps_one_row_and_unfollowing_ends_it(user, baraka):
    first = friends.follow(user, baraka)
    assert friends.follow(user, baraka) == first
    assert Follow.objects.count() == 1

    friends.unfollow(user, baraka)
    friends.unfollow(user, baraka)  # nothing left to end: no error

    assert not friends.is_following(user, baraka)


@pytest.mark.parametrize("change", [friends.follow, friends.block])
def test_nobody_follows_or_blocks_themselves_or_a_bot(user, change):
    with pytest.raises(friends.Refused, match="yourself"):
        change(user, user)
    with pytest.raises(friends.Refused, match="[Bb]ot"):
        change(user, bot_account("greedy"))
    assert not Follow.objects.exists() and not Block.objects.exists()


def test_the_database_refuses_a_self_follow_and_a_second_row(user, baraka):
    with pytest.raises(IntegrityError), transaction.atomic():
        Follow.objects.create(follower=user, followed=user)
    Follow.objects.create(follower=user, followed=baraka)
    with pytest.raises(IntegrityError), transaction.atomic():
        Follow.objects.create(follower=user, followed=baraka)


def test_follows_are_limited_per_hour(user, make_user, settings):
    settings.FOLLOWS_PER_HOUR = 2
    players = [make_user(f"player{n}") for n in range(3)]
    friends.follow(user, players[0])
    friends.follow(user, players[1])

    with pytest.raises(friends.Refused, match="2 players in the last hour"):
        friends.follow(user, players[2])

    assert Follow.objects.filter(follower=user).count() == 2
    friends.follow(user, players[1])  # one already made is no new follow


def test_blocks_are_limited_per_hour(user, baraka, chebet, settings):
    settings.BLOCKS_PER_HOUR = 1
    friends.block(user, baraka)
    with pytest.raises(friends.Refused, match="1 player in the last hour"):
        friends.block(user, chebet)
    assert not friends.blocked_either_way(user, chebet)


def test_a_block_ends_the_follows_both_ways_and_keeps_the_blocked_from_following(user, baraka):
    friends.follow(user, baraka)
    friends.follow(baraka, user)

    friends.block(user, baraka)

    assert not Follow.objects.exists()
    assert friends.relations(user).blocked == [baraka]
    assert friends.blocked_either_way(user, baraka) and friends.blocked_either_way(baraka, user)
    with pytest.raises(friends.Refused) as refusal:
        friends.follow(baraka, user)
    assert str(refusal.value) == "You cannot follow this player."  # not "you were blocked"
    with pytest.raises(friends.Refused, match="unblock them first"):
        friends.follow(user, baraka)
    assert not Follow.objects.exists()


def test_unblocking_lets_them_follow_again_but_restores_no_follow(user, baraka):
    friends.follow(user, baraka)
    friends.block(user, baraka)

    friends.unblock(user, baraka)

    assert not friends.blocked_either_way(user, baraka)
    assert not friends.is_following(user, baraka)
    friends.follow(baraka, user)
    assert friends.relations(user).followers == [baraka]


def test_a_closed_account_leaves_the_lists(user, baraka, chebet):
    friends.follow(user, baraka)
    friends.follow(baraka, user)
    friends.follow(chebet, user)
    for person in (baraka, chebet):
        person.is_active = False
        person.save()

    circle = friends.relations(user)

    assert circle.friends == circle.followers == circle.following == []

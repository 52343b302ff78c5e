"""games.play.tables: tables, seats and bots at the table, on a real database."""

import pytest

from games.models import Table
from games.play.errors import ServiceError
from games.play.tables import add_bot, create_table, leave_seat, remove_bot, take_seat

pytestmark = pytest.mark.django_db


def test_create_table_seats_its_creator(user):
    table = create_table(user, "  Kibanda  ", 3, "bomb-ni-bomb")
    assert (table.name, table.seat_count, table.preset) == ("Kibanda", 3, "bomb-ni-bomb")
    assert table.created_by == user
    assert [(s.position, s.user) for s in table.seats.all()] == [(0, user)]


@pytest.mark.parametrize(
    ("name", "seats", "preset", "message"),
    [
        (" ", 4, "classic", "Give the table a name."),
        ("\u200b\u2060", 4, "classic", "Give the table a name."),  # nothing visible: zero-width characters
        ("x" * 81, 4, "classic", "That name is too long."),
        ("Kibanda \u202eaPPO", 4, "classic", "would turn the text around it"),  # right-to-left override
        ("\u2067Kibanda", 4, "classic", "would turn the text around it"),  # right-to-left isolate
        ("T", 1, "classic", "A table has 2 to 10 seats."),
        ("T", 11, "classic", "A table has 2 to 10 seats."),
        ("T", 6, "classic", "A table of 6 seats plays with two decks"),
        ("T", 4, "poker", "Choose one of the rules presets."),
    ],
)
def test_create_table_refuses_bad_requests(user, name, seats, preset, message):
    with pytest.raises(ServiceError, match=message):
        create_table(user, name, seats, preset)
    assert not Table.objects.exists()


def test_two_decks_seat_up_to_ten(user):
    table = create_table(user, "Harusi", 10, "friendly", rule_overrides={"decks": 2})
    assert (table.seat_count, table.rules().decks) == (10, 2)
    with pytest.raises(ServiceError, match="invalid"):
        create_table(user, "Harusi", 4, "friendly", rule_overrides={"decks": 3})


def test_a_table_name_in_a_right_to_left_script_is_taken_as_it_is(user):
    name = "\u0645\u0627\u0626\u062f\u0629 \u200fKadi"  # Arabic, and a right-to-left mark (steers nothing)
    assert create_table(user, name, 4, "classic").name == name


def test_take_seat_takes_the_first_free_or_the_chosen_seat(table, baraka, make_user):
    assert take_seat(table, baraka, position=2).position == 2
    assert take_seat(table, make_user("chebet")).position == 1


@pytest.mark.parametrize(
    ("position", "message"), [(0, "That seat is taken."), (4, "There is no such seat."), (-1, "no such seat")]
)
def test_take_seat_refuses_a_taken_or_missing_seat(table, baraka, position, message):
    with pytest.raises(ServiceError, match=message):
        take_seat(table, baraka, position=position)


def test_take_seat_refuses_a_second_seat_and_a_full_table(user, baraka):
    table = create_table(user, "Two", 2, "classic")
    with pytest.raises(ServiceError, match="already have a seat"):
        take_seat(table, user)
    take_seat(table, baraka)
    with pytest.raises(ServiceError, match="This table is full."):
        add_bot(table, "random")


def test_an_unknown_table_is_refused(user):
    with pytest.raises(ServiceError, match="no such table"):
        take_seat(12345, user)


def test_leave_seat_frees_it(table, user):
    leave_seat(table, user)
    assert not table.seats.exists()
    with pytest.raises(ServiceError, match="You have no seat"):
        leave_seat(table, user)


def test_bots_are_bot_users_of_their_level_shared_between_tables(table, user, make_user):
    make_user("greedy-bot-1")  # a human took the first bot name: it is skipped
    first, second = add_bot(table, "greedy"), add_bot(table, "greedy")
    assert [first.user.username, second.user.username] == ["greedy-bot-2", "greedy-bot-3"]
    assert first.user.is_bot and first.user.bot_level == "greedy"
    assert not first.user.has_usable_password()
    other = create_table(user, "Other", 2, "classic")
    assert add_bot(other, "greedy").user == first.user
    with pytest.raises(ServiceError, match="no such bot"):
        add_bot(other, "genius")


def test_remove_bot_frees_only_a_bots_seat(table):
    seat = add_bot(table, "random")
    with pytest.raises(ServiceError, match="No bot sits there."):
        remove_bot(table, 0)  # a human
    remove_bot(table, seat.position)
    assert list(table.seats.values_list("position", flat=True)) == [0]


def test_only_someone_seated_adds_or_removes_bots(table, user, baraka):
    with pytest.raises(ServiceError, match="Take a seat"):
        add_bot(table, "random", by_user=baraka)
    seat = add_bot(table, "random", by_user=user)
    with pytest.raises(ServiceError, match="Take a seat"):
        remove_bot(table, seat.position, by_user=baraka)
    assert table.seats.count() == 2
    remove_bot(table, seat.position, by_user=user)
    assert table.seats.count() == 1

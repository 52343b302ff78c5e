"""A player's report: from each place the site offers it, once a day per player reported,
never about oneself or a bot, and bad input answered with a sentence (never a 500)."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games.models import ChatMessage
from games.play.tables import create_table
from moderation.models import Report
from moderation.writes import Refused, make_report

pytestmark = pytest.mark.django_db


def report_url(player, **params):
    query = "&".join(f"{name}={value}" for name, value in params.items())
    return reverse("moderation:report", args=[player.username]) + (f"?{query}" if query else "")


def send(client, player, **fields):
    data = {"reason": "abusive_chat", "note": "Rude.", **fields}
    return client.post(reverse("moderation:report", args=[player.username]), data)


def test_a_report_from_the_profile_is_sent_and_confirmed(client, user, baraka):
    client.force_login(user)
    profile = client.get(baraka.get_absolute_url()).content.decode()
    assert report_url(baraka) in profile
    assert client.get(report_url(baraka)).status_code == 200

    response = send(client, baraka)

    assert response.status_code == 302 and response.url == reverse("moderation:sent")
    sent = client.get(response.url).content.decode()
    assert "your report is sent" in sent and "You will not hear what they decide" in sent
    report = Report.objects.get()
    assert (report.reporter, report.subject, report.reason, report.note) == (
        user,
        baraka,
        "abusive_chat",
        "Rude.",
    )
    assert report.status == Report.Status.OPEN


def test_no_report_link_on_ones_own_profile_or_a_bots(client, user, baraka):
    from games.play.tables import bot_account

    client.force_login(user)
    assert report_url(user) not in client.get(user.get_absolute_url()).content.decode()
    bot = bot_account("greedy", 1)
    assert report_url(bot) not in client.get(bot.get_absolute_url()).content.decode()


def test_a_report_from_a_chat_line_carries_the_line(client, table, user, baraka):
    line = ChatMessage.objects.create(table=table, user=baraka, text="you are bad")
    client.force_login(user)
    assert client.get(report_url(baraka, chat=line.pk)).status_code == 200

    send(client, baraka, chat=line.pk)

    report = Report.objects.get()
    assert (report.chat_message, report.table) == (line, table)


def test_each_chat_line_and_the_people_list_link_to_a_report(table, baraka):
    from django.template.loader import render_to_string

    from games.live.frames import people_context

    table.seats.create(position=1, user=baraka)
    line = ChatMessage.objects.create(table=table, user=baraka, text="hi")
    html = render_to_string("games/live/chat_line.html", {"line": line})
    assert report_url(baraka, chat=line.pk) in html
    people = render_to_string("games/live/people.html", people_context(table, timezone.now()))
    assert report_url(baraka, table=table.pk) in people


def test_a_report_from_a_table_and_from_a_finished_game(client, game, user, baraka):
    client.force_login(user)
    send(client, baraka, table=game.table_id)
    assert Report.objects.get().table_id == game.table_id

    game.status = game.Status.FINISHED
    game.save(update_fields=["status"])
    page = client.get(reverse("history:game", args=[game.pk])).content.decode()
    assert (
        report_url(baraka, game=game.pk).replace("&", "&amp;") in page
        or report_url(baraka, game=game.pk) in page
    )
    Report.objects.all().delete()
    send(client, baraka, game=game.pk)
    assert Report.objects.get().game == game


def test_one_report_per_player_reported_a_day(client, user, baraka, chebet):
    client.force_login(user)
    send(client, baraka)
    again = send(client, baraka, reason="spam")
    assert again.status_code == 409
    assert "You reported baraka already today" in again.content.decode()
    assert Report.objects.count() == 1
    assert send(client, chebet).status_code == 302  # another player: another report

    Report.objects.update(created_at=timezone.now() - timedelta(hours=25))
    assert send(client, baraka).status_code == 302
    assert Report.objects.filter(subject=baraka).count() == 2


def test_not_oneself_nor_a_bot_nor_as_a_guest(client, user, make_user):
    from games.play.tables import bot_account

    client.force_login(user)
    mine = send(client, user)
    assert mine.status_code == 403 and "You cannot report yourself." in mine.content.decode()
    bot = send(client, bot_account("greedy", 1))
    assert bot.status_code == 403 and "Bots cannot be reported" in bot.content.decode()
    guest = make_user("Guest-abcdef", is_guest=True)
    client.force_login(guest)
    assert "Sign up to report a player." in send(client, user).content.decode()
    assert not Report.objects.exists()
    with pytest.raises(Refused):
        make_report(user, user, "spam")


def test_an_anonymous_visitor_is_sent_to_log_in(client, baraka):
    response = client.get(report_url(baraka))
    assert response.status_code == 302 and reverse("login") in response.url


@pytest.mark.parametrize(
    "params",
    [
        {"chat": "abc"},
        {"chat": "-1"},
        {"game": "0"},
        {"table": "9" * 30},
        {"table": "١٢"},
        {"chat": "999999"},
        {"game": "999999"},
        {"table": "999999"},
    ],
)
def test_bad_ids_are_refused_with_a_sentence(client, user, baraka, params):
    client.force_login(user)
    for response in (client.get(report_url(baraka, **params)), send(client, baraka, **params)):
        assert response.status_code == 400
        assert "does not point to a table, game or chat line of this player" in response.content.decode()
    assert not Report.objects.exists()


def test_someone_elses_table_game_or_chat_line_is_refused(client, game, user, baraka, chebet):
    """The ids must be the reported player's: chebet's line, and a table and game chebet
    never sat at, cannot go with a report about chebet."""
    line = ChatMessage.objects.create(table=game.table, user=baraka, text="hi")
    client.force_login(user)
    for params in ({"chat": line.pk}, {"table": game.table_id}, {"game": game.pk}):
        response = send(client, chebet, **params)
        assert response.status_code == 400, params
    assert not Report.objects.exists()


def test_a_private_tables_line_is_refused_to_who_may_not_see_it(client, baraka, chebet, make_user):
    hidden = create_table(baraka, "Siri", 2, "friendly", private=True)
    line = ChatMessage.objects.create(table=hidden, user=baraka, text="secret")
    client.force_login(chebet)
    assert send(client, baraka, chat=line.pk).status_code == 400
    assert not Report.objects.exists()


def test_bad_forms_bad_usernames_and_wrong_methods_answer_with_sentences(client, user, baraka):
    client.force_login(user)
    huge = send(client, baraka, note="x" * 100_000)
    assert huge.status_code == 400 and "at most 1000 characters" in huge.content.decode()
    odd = send(client, baraka, reason="murder")
    assert odd.status_code == 400 and "Select a valid choice" in odd.content.decode()
    assert not Report.objects.exists()
    assert client.get("/report/nobody-here/").status_code == 404
    assert client.get("/report/%00%ff/").status_code == 404
    wrong = client.put(report_url(baraka))
    assert wrong.status_code == 405

"""The moderators' queue in the admin: only holders of ``moderation.moderate`` (the
"Moderators" group, made by a migration) see reports, their evidence and the log, and act;
each action makes its restriction and a log row nobody edits."""

from datetime import timedelta

import pytest
from django.contrib.auth.models import Group
from django.core.exceptions import PermissionDenied
from django.urls import reverse
from django.utils import timezone

from accounts.models import Restriction
from games.models import ChatMessage, GamePlayer
from moderation.models import ModerationAction, Report
from moderation.writes import act

pytestmark = pytest.mark.django_db
QUEUE = reverse("admin:moderation_report_changelist")
LOG = reverse("admin:moderation_moderationaction_changelist")


@pytest.fixture
def staff(make_user):
    return make_user("clerk", is_staff=True)


@pytest.fixture
def report(game, user, baraka):
    lines = [
        ChatMessage.objects.create(table=game.table, user=who, text=f"line {n}")
        for n, who in enumerate([user, baraka] * 10)
    ]
    GamePlayer.objects.filter(game=game, user=baraka).update(timeouts=2, left=True)
    return Report.objects.create(
        reporter=user,
        subject=baraka,
        reason="abusive_chat",
        note="He insulted me",
        table=game.table,
        game=game,
        chat_message=lines[9],
    )


def act_on(client, report, **fields):
    data = {
        "kind": "mute",
        "duration": "1d",
        "reason": "Be kind in chat.",
        "private_note": "2nd time",
        **fields,
    }
    return client.post(reverse("admin:moderation_report_act", args=[report.pk]), data)


def test_the_moderators_group_holds_the_permission(make_user):
    group = Group.objects.get(name="Moderators")  # made by the migration
    assert [p.codename for p in group.permissions.all()] == ["moderate"]
    member = make_user("mod", is_staff=True)
    member.groups.add(group)
    assert member.has_perm("moderation.moderate") and not member.is_superuser


def test_staff_without_the_permission_see_nothing_and_cannot_act(client, staff, report):
    client.force_login(staff)
    assert client.get(QUEUE).status_code == 403
    assert client.get(reverse("admin:moderation_report_change", args=[report.pk])).status_code == 403
    assert client.get(LOG).status_code == 403
    assert act_on(client, report).status_code == 403
    assert "Moderation" not in client.get(reverse("admin:index")).content.decode()
    assert not Restriction.objects.exists() and not ModerationAction.objects.exists()
    with pytest.raises(PermissionDenied):
        act(staff, report.subject, "warn", duration=timedelta(days=1), reason="x")
    assert not ModerationAction.objects.exists()


def test_a_moderator_sees_the_queue_filtered_and_the_evidence(client, moderator, report, game, chebet):
    Report.objects.create(reporter=chebet, subject=report.subject, reason="spam", status="closed")
    client.force_login(moderator)
    queue = client.get(QUEUE + "?status__exact=open").content.decode()
    assert 'class="field-reason">abusive chat<' in queue and 'class="field-reason">spam<' not in queue

    page = client.get(reverse("admin:moderation_report_change", args=[report.pk])).content.decode()
    assert "He insulted me" in page
    for n in range(3, 16):  # the reported line (9) and six around it
        assert f"line {n}<" in page or f"line {n} " in page, n
    assert "line 2<" not in page and "line 16<" not in page
    assert reverse("history:replay", args=[game.pk]) in page
    assert "left 1, turns run out 2" in page
    assert "spam" in page  # the other report about baraka
    assert 'name="kind"' in page


@pytest.mark.parametrize(
    "kind, restricted",
    [
        ("mute", Restriction.Kind.MUTE),
        ("rated_ban", Restriction.Kind.RATED_BAN),
        ("site_ban", Restriction.Kind.SITE_BAN),
    ],
)
def test_a_moderator_restricts_and_the_action_is_logged(client, moderator, report, kind, restricted):
    client.force_login(moderator)
    before = timezone.now()
    response = act_on(client, report, kind=kind)
    assert response.status_code == 302
    restriction = Restriction.objects.get()
    assert (restriction.user, restriction.kind, restriction.created_by) == (
        report.subject,
        restricted,
        moderator,
    )
    assert before + timedelta(days=1) <= restriction.until <= timezone.now() + timedelta(days=1)
    assert restriction.reason == "Be kind in chat."
    action = ModerationAction.objects.get()
    assert (action.moderator, action.subject, action.report, action.kind) == (
        moderator,
        report.subject,
        report,
        kind,
    )
    assert action.private_note == "2nd time" and action.restriction == restriction
    report.refresh_from_db()
    assert report.status == Report.Status.CLOSED


def test_warning_and_closing_restrict_nothing(client, moderator, report, user, chebet):
    client.force_login(moderator)
    act_on(client, report, kind="warn", reason="Mind your words.")
    assert not Restriction.objects.exists()
    warned = ModerationAction.objects.get()
    assert warned.kind == "warn" and warned.until > timezone.now()
    client.force_login(report.subject)
    assert "A moderator warns you: Mind your words." in client.get("/").content.decode()

    other = Report.objects.create(reporter=chebet, subject=report.subject, reason="spam")
    client.force_login(moderator)
    act_on(client, other, kind="close", duration="", reason="")
    other.refresh_from_db()
    assert other.status == "closed" and ModerationAction.objects.filter(kind="close").count() == 1
    assert not Restriction.objects.exists()


def test_the_log_is_shown_to_other_moderators_and_edited_by_none(client, moderator, report, make_user):
    client.force_login(moderator)
    act_on(client, report)
    action = ModerationAction.objects.get()
    second = make_user("mod2", is_staff=True)
    second.groups.add(moderator.groups.get())
    client.force_login(second)
    assert "mod" in client.get(LOG).content.decode()
    assert (
        "Be kind in chat."
        in client.get(reverse("admin:moderation_report_change", args=[report.pk])).content.decode()
    )
    change = reverse("admin:moderation_moderationaction_change", args=[action.pk])
    client.post(change, {"reason": "changed", "kind": "warn"})
    assert (
        client.post(reverse("admin:moderation_moderationaction_delete", args=[action.pk])).status_code == 403
    )
    assert client.get(reverse("admin:moderation_moderationaction_add")).status_code == 403
    action.refresh_from_db()
    assert action.reason == "Be kind in chat." and action.kind == "mute"


@pytest.mark.parametrize(
    "fields, words",
    [
        ({"duration": ""}, "Choose for how long."),
        ({"reason": "  "}, "Write the reason the player will read."),
        ({"kind": "explode"}, "Select a valid choice"),
        ({"duration": "99y"}, "Select a valid choice"),
        ({"reason": "x" * 5000}, "at most 300 characters"),
    ],
)
def test_a_bad_action_is_refused_with_a_sentence(client, moderator, report, fields, words):
    client.force_login(moderator)
    response = act_on(client, report, **fields)
    assert response.status_code == 302
    assert words in client.get(response.url).content.decode()
    assert not ModerationAction.objects.exists() and not Restriction.objects.exists()


def test_acting_on_no_report_or_by_get_answers_without_a_500(client, moderator):
    client.force_login(moderator)
    assert (
        client.post(reverse("admin:moderation_report_act", args=[999999]), {"kind": "warn"}).status_code
        == 404
    )
    assert client.get(reverse("admin:moderation_report_act", args=[999999])).status_code == 405


def test_players_read_no_report_and_the_reporter_learns_no_outcome(client, moderator, report, user):
    """The reporter (amani) reaches no report through the admin, and after the action sees
    nothing of it; the reported player reads the reason, not who reported them."""
    client.force_login(moderator)
    act_on(client, report, kind="mute", reason="Be kind in chat.")
    client.force_login(user)
    change = client.get(reverse("admin:moderation_report_change", args=[report.pk]))
    assert change.status_code == 302 and reverse("admin:login") in change.url
    assert client.get(LOG).status_code == 302
    assert "Be kind in chat." not in client.get(reverse("games:lobby")).content.decode()
    client.force_login(report.subject)
    lobby = client.get(reverse("games:lobby")).content.decode()
    assert "Be kind in chat." in lobby and "He insulted me" not in lobby

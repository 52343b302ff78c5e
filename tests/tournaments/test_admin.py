"""The admin: staff make a one-off tournament and a recurring one with the tables' house-rules
widgets; the invitation token never shows; entries are read-only; a recurring template makes
its occurrences through the periodic job."""

from datetime import UTC, datetime, timedelta

import pytest
from django.urls import reverse

from tests.games.test_admin import form_data
from tournaments.models import RecurringTournament, Tournament
from tournaments.writes import entries
from tournaments.writes.schedule import run_due

pytestmark = pytest.mark.django_db
EVENING = datetime(2026, 11, 28, 12, 0, tzinfo=UTC)  # 15:00 in Nairobi


@pytest.fixture
def admin_client(client, make_user):
    client.force_login(make_user("boss", is_staff=True, is_superuser=True))
    return client


def add(admin_client, model, **fields):
    url = reverse(f"admin:tournaments_{model}_add")
    return admin_client.post(url, form_data(admin_client.get(url), **fields))


def test_staff_make_a_tournament_with_house_rules(admin_client):
    response = add(
        admin_client,
        "tournament",
        name="Kombe la Jumamosi",
        starts_at_0="2026-12-05",
        starts_at_1="18:00:00",
        minutes="90",
        seats="3",
        preset="classic",
        rule_hand_size="5",
        private="on",
    )
    assert response.status_code == 302, response.context["adminform"].form.errors
    made = Tournament.objects.get()
    assert (made.name, made.seats, made.minutes, made.private, made.status) == (
        "Kombe la Jumamosi",
        3,
        90,
        True,
        Tournament.Status.SCHEDULED,
    )
    assert made.rule_overrides == {"hand_size": 5} and made.created_by.username == "boss"
    page = admin_client.get(reverse("admin:tournaments_tournament_change", args=[made.pk])).text
    assert made.invite_token and made.invite_token not in page
    assert 'name="rule_hand_size"' in page and 'name="rule_overrides"' not in page


def test_bad_house_rules_are_refused_with_the_option_named(admin_client):
    response = add(
        admin_client,
        "tournament",
        name="Mbaya",
        rule_hand_size="99",
        starts_at_0="2026-12-05",
        starts_at_1="18:00:00",
    )
    assert response.status_code == 200 and not Tournament.objects.exists()
    assert "rule_hand_size" in response.context["adminform"].form.errors


def test_entries_show_read_only_and_the_token_is_no_lookup(admin_client, make_user):
    tournament = Tournament.objects.create(name="Wazi", starts_at=EVENING, private=True)
    player = make_user("wanjiru")
    entries.join(tournament.pk, player, token=tournament.invite_token, now=EVENING - timedelta(hours=1))
    page = admin_client.get(reverse("admin:tournaments_tournament_change", args=[tournament.pk])).text
    assert "wanjiru" in page and 'name="entries-0-points"' not in page
    lookup = f"{reverse('admin:tournaments_tournament_changelist')}?invite_token={tournament.invite_token}"
    assert admin_client.get(lookup).status_code in (302, 400)


def test_the_rules_preview_answers_for_a_tournament(admin_client):
    url = reverse("admin:tournaments_tournament_rules_preview")
    answer = admin_client.post(url, {"preset": "friendly", "_table": ""}).json()
    assert answer["errors"] == [] and "rule_hand_size" in answer["values"]


def test_a_recurring_tournament_made_in_the_admin_makes_its_occurrences(admin_client):
    response = add(
        admin_client,
        "recurringtournament",
        name="Usiku wa Kadi",
        every="day",
        at="20:00",
        timezone="Africa/Nairobi",
        minutes="60",
        seats="4",
        preset="classic",
        bots_allowed="on",
    )
    assert response.status_code == 302, response.context["adminform"].form.errors
    template = RecurringTournament.objects.get()
    run_due(EVENING)
    made = Tournament.objects.get()
    assert (made.recurrence, made.name, made.bots_allowed) == (template, "Usiku wa Kadi", True)
    assert made.starts_at == datetime(2026, 11, 28, 17, 0, tzinfo=UTC)


def test_a_recurring_tournament_needs_a_real_time_zone_and_a_weekday_when_weekly(admin_client):
    response = add(
        admin_client, "recurringtournament", name="X", every="week", at="20:00", timezone="Mars/Olympus"
    )
    errors = response.context["adminform"].form.errors
    assert "timezone" in errors and "weekday" in errors and not RecurringTournament.objects.exists()

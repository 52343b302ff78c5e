"""The task engine in the admin: the schedules, the runs that succeeded or failed and the
queue, for the staff, in English and Swahili."""

from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import translation

pytestmark = pytest.mark.django_db
PAGES = ("schedule", "success", "failure", "ormq")


@pytest.mark.parametrize("language, title", [("en", "Task engine"), ("sw", "Injini ya kazi")])
def test_the_staff_see_the_schedules_runs_and_queue(client, make_user, language, title):
    call_command("schedule_jobs", stdout=StringIO())
    client.force_login(make_user("admin", is_staff=True, is_superuser=True))
    with translation.override(language):
        index = client.get(reverse("admin:index"), HTTP_ACCEPT_LANGUAGE=language)
        pages = {page: client.get(reverse(f"admin:django_q_{page}_changelist")) for page in PAGES}
    assert title in index.text
    assert {page: response.status_code for page, response in pages.items()} == dict.fromkeys(PAGES, 200)
    assert "games.play.challenges.expire_due" in pages["schedule"].text


def test_a_player_sees_none_of_it(client, make_user):
    client.force_login(make_user("amani"))
    response = client.get(reverse("admin:django_q_schedule_changelist"))
    assert response.status_code == 302 and "/login/" in response["Location"]

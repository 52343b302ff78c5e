"""The moderators of the moderation tests."""

import pytest
from django.contrib.auth.models import Group, Permission


def moderators():
    """The "Moderators" group (its migration makes it; a transactional test's flush removes
    it: then made again the same way)."""
    group, _ = Group.objects.get_or_create(name="Moderators")
    group.permissions.add(Permission.objects.get(codename="moderate", content_type__app_label="moderation"))
    return group


@pytest.fixture
def moderator(make_user):
    person = make_user("mod", is_staff=True)
    person.groups.add(moderators())
    return person

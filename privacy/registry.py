"""The parts of a player's data, gathered from the apps that keep them, by dotted path in the
settings, so that privacy imports none of them and an app written later adds its own part
by adding a line there:

- ``OWN_DATA_SECTIONS``: ``{"name": "app.module.function"}``, each ``function(user)`` giving
  the export's section of that name: a JSON-safe value, or an iterator of them (streamed as
  a list, so a section of thousands of rows is never held whole);
- ``OWN_DATA_ERASERS``: ``["app.module.function"]``, each ``function(user)`` removing what its
  app keeps about ``user`` when they delete their account, inside the deletion's transaction.

The reports a player made are read by ``privacy.own_data.reports_made`` through the app
registry (the moderation app is written beside this one): an empty list while it is not
installed. A deleted player's reports stay for the moderators, made by the nameless row.
"""

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.utils.module_loading import import_string


def sections() -> list[tuple[str, Callable[[Any], Any]]]:
    """The export's sections, in the settings' order: (name, provider)."""
    return [(name, import_string(path)) for name, path in settings.OWN_DATA_SECTIONS.items()]


def erasers() -> list[Callable[[Any], None]]:
    """What each app removes of a deleted account's data."""
    return [import_string(path) for path in settings.OWN_DATA_ERASERS]

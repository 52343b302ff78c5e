"""Keeps hidden game data out of the admin's changelist lookups.

Django's admin accepts any lookup on a model's own fields in the URL (``?seed__gt=…``,
``?state__hands__1__icontains=…``), so a staff user could binary-search a running game's
seed or read its hands without ever seeing a page that shows them. Models name such fields
in ``HIDDEN_FIELDS``; every admin of the site takes ``HiddenFieldsMixin`` (a test checks),
which refuses (400) any lookup whose path reaches one, through relations too
(``game__seed``).
"""

from django.contrib import admin
from django.core.exceptions import FieldDoesNotExist
from django.db.models.constants import LOOKUP_SEP


def reaches_hidden_field(model, lookup: str) -> bool:
    """Whether the lookup path ``lookup`` from ``model`` touches a field its model hides."""
    for part in lookup.split(LOOKUP_SEP):
        try:
            field = model._meta.get_field(part)
        except FieldDoesNotExist:
            return False  # the rest are transforms and lookups (or nonsense Django ignores)
        if field.name in getattr(model, "HIDDEN_FIELDS", ()):
            return True
        if not field.is_relation:
            return False
        model = field.related_model
    return False


class HiddenFieldsMixin:
    """For ModelAdmin classes: refuses changelist lookups that reach a hidden field."""

    def lookup_allowed(self, lookup, value, request=None):
        if reaches_hidden_field(self.model, lookup):
            return False
        return super().lookup_allowed(lookup, value, request)


class HiddenFieldsAdmin(HiddenFieldsMixin, admin.ModelAdmin):
    pass

"""A model row as the values of its fields, and back: how a row is kept, or sent to another
process, with no object."""

from typing import Any

from django.db import DEFAULT_DB_ALIAS
from django.db.models import Model


def values(row: Model) -> tuple[Any, ...]:
    return tuple(getattr(row, f.attname) for f in row._meta.concrete_fields)


def from_values(model: type[Model], field_values: tuple[Any, ...]) -> Model:
    """A ``model`` instance as read from the database with these values (see ``values``)."""
    return model.from_db(DEFAULT_DB_ALIAS, None, field_values)

"""``{{ table|table_title }}``: a table's name in the reader's language (games.text.tables)."""

from django import template

from games.text.tables import table_title as title_words

register = template.Library()


@register.filter
def table_title(table) -> str:
    """The name players read for ``table`` (a ``games.models.Table``)."""
    owner = table.created_by.name if table.created_by_id else None
    return title_words(table.name_kind, table.name, owner)

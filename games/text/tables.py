"""A table's name as players read it. The names the site makes ("Quick game: amani",
"amani and the bots") are put together at display time, in the reader's language and with
the owner's name as it is now (a guest who signed up is shown by their new name); a name
typed by its owner is shown as typed.
"""

from django.utils.translation import gettext as _

QUICK, BOTS = "quick", "bots"  # games.models.Table.NameKind


def table_title(kind: str, stored: str, owner: str | None) -> str:
    """The name of a table whose name is of ``kind`` (``Table.name_kind``), ``stored`` as
    its ``name``, made by ``owner`` (their name; None once the account is gone)."""
    if owner is None or kind not in (QUICK, BOTS):
        return stored
    if kind == QUICK:
        return _("Quick game: %(name)s") % {"name": owner}
    return _("%(name)s and the bots") % {"name": owner}

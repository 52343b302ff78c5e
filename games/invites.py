"""A table's invitation link (``/t/<id>/join/<token>/``): its token checked in constant
time, the openings counted per address, and what a used link grants the session.

The token is compared (``Table.invite_opens``), never looked up, so its check takes the
same time whatever a guess shares with it; an address opening links too often
(``INVITE_OPENINGS_PER_WINDOW`` in ``INVITE_WINDOW_SECONDS``, counted in the cache so a GET
writes no row) is refused, so tokens cannot be brute-forced. Using a link (its POST) grants
the session the table, while the token it used is the table's: a seat at a private table by
the table's own form, and watching it when anyone with the link may.
"""

from django.conf import settings
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404

from accounts.throttle import client_address
from games.models import Table
from games.whereabouts import may_see_table
from kadi_site import window_counts

SESSION_KEY = "invited_tables"
MAX_GRANTS = 50  # the session keeps the latest links used, not every one ever


def over_limit(request: HttpRequest) -> bool:
    """Count one opening of a link from the request's address; True once the address has
    opened more than its window allows (``kadi_site.window_counts``)."""
    address = client_address(request) or "unknown"
    counted, _wait = window_counts.count(f"invite-openings:{address}", settings.INVITE_WINDOW_SECONDS)
    return counted > settings.INVITE_OPENINGS_PER_WINDOW


def grant(session, table: Table) -> None:
    """Remember in ``session`` that it used ``table``'s invitation link, with the token it
    used: a renewed or revoked link ends the grant at once."""
    kept = [pair for pair in session.get(SESSION_KEY, []) if pair[0] != table.pk]
    session[SESSION_KEY] = [*kept, [table.pk, table.invite_token]][-MAX_GRANTS:]


def forget(session, table_id: int) -> None:
    """The session no longer holds ``table_id``'s grant (its link brought no seat)."""
    session[SESSION_KEY] = [pair for pair in session.get(SESSION_KEY, []) if pair[0] != table_id]


def granted(session) -> dict[int, str]:
    """``{table id: token}`` of the invitation links ``session`` used (none without a
    session); ``games.whereabouts.may_see_table`` checks each token is still the table's."""
    if session is None:
        return {}
    return {
        pair[0]: pair[1]
        for pair in session.get(SESSION_KEY, [])
        if isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], int) and isinstance(pair[1], str)
    }


def used_link(session, table: Table) -> bool:
    """Whether ``session`` used ``table``'s current invitation link (it may take a seat)."""
    return table.invite_opens(granted(session).get(table.pk, ""))


def visible_table(request: HttpRequest, table_id: int) -> Table:
    """The table, or a 404 when there is none or the viewer may not see it (a private
    table's existence is not confirmed to outsiders: ``games.whereabouts.may_see_table``)."""
    table = get_object_or_404(Table, pk=table_id)
    if not may_see_table(request.user, table, granted(getattr(request, "session", None))):
        raise Http404
    return table

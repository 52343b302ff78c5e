"""A table's invitation link (``/t/<id>/join/<token>/``): its token checked in constant
time, the openings counted per address, and what a used link grants the session.

The token is compared, never looked up, so its check takes the same time whatever a guess
shares with it; an address opening links too often (``INVITE_OPENINGS_PER_WINDOW`` in
``INVITE_WINDOW_SECONDS``, counted in the cache so a GET writes no row) is refused, so tokens
cannot be brute-forced. Using a link (its POST) grants the session the table: a seat at a
private table by the table's own form, and watching it when anyone with the link may.
"""

import hmac

from django.conf import settings
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404

from accounts.throttle import client_address
from games.models import Table
from games.whereabouts import may_see_table
from kadi_site import window_counts

SESSION_KEY = "invited_tables"
MAX_GRANTS = 50  # the session keeps the latest links used, not every one ever


def token_matches(table: Table, token: str) -> bool:
    """Whether ``token`` opens ``table`` now (a revoked link's table holds no token)."""
    if not table.invite_token or not isinstance(token, str) or len(token) > 64:
        return False
    return hmac.compare_digest(table.invite_token.encode(), token.encode("utf-8", "replace"))


def over_limit(request: HttpRequest) -> bool:
    """Count one opening of a link from the request's address; True once the address has
    opened more than its window allows (``kadi_site.window_counts``)."""
    address = client_address(request) or "unknown"
    counted, _wait = window_counts.count(f"invite-openings:{address}", settings.INVITE_WINDOW_SECONDS)
    return counted > settings.INVITE_OPENINGS_PER_WINDOW


def grant(session, table_id: int) -> None:
    """Remember in ``session`` that it used ``table_id``'s invitation link."""
    kept = [pk for pk in session.get(SESSION_KEY, []) if pk != table_id]
    session[SESSION_KEY] = [*kept, table_id][-MAX_GRANTS:]


def forget(session, table_id: int) -> None:
    """The session no longer holds ``table_id``'s grant (its link brought no seat)."""
    session[SESSION_KEY] = [pk for pk in session.get(SESSION_KEY, []) if pk != table_id]


def granted(session) -> frozenset[int]:
    """The tables whose invitation link ``session`` used (none without a session)."""
    if session is None:
        return frozenset()
    return frozenset(pk for pk in session.get(SESSION_KEY, []) if isinstance(pk, int))


def visible_table(request: HttpRequest, table_id: int) -> Table:
    """The table, or a 404 when there is none or the viewer may not see it (a private
    table's existence is not confirmed to outsiders: ``games.whereabouts.may_see_table``)."""
    table = get_object_or_404(Table, pk=table_id)
    if not may_see_table(request.user, table, granted(getattr(request, "session", None))):
        raise Http404
    return table

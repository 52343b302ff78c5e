"""The bot API's views: thin, over ``games.play`` (every write) and ``api.feed`` (reads).

Errors are JSON ``{"error": "...", "code": "..."}`` (``api.refusals``): 400 a move the rules
refuse or unreadable input, 401 a bad token, 404 a game or table one may not see (the same
whether it exists or not), 409 a move out of turn, against an older position, or in a game
that is over, 429 over the rate limit.
"""

from django.http import JsonResponse, StreamingHttpResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt

from accounts.models import User
from api import feed, openapi, streams, terms, tournament_feed
from api.auth import endpoint, wrong_method
from api.refusals import TOO_LONG, refuse, refused
from games.live.db_calls import db_call
from games.models import Table
from games.play import challenges, errors, moves, tables
from games.text.refusals import explain, reason_code
from games.whereabouts import may_see_table
from tournaments.writes import entries

MAX_MOVE_LENGTH = 200


def no_game():
    return refuse("no_such_game")


def move_text(path_part):
    """Move text from its URL form: words joined by "-" (``QH-8H-4H-!``, ``AH-@S``, ``draw``)
    or by URL-encoded spaces (``QH%208H``), which Django has decoded already."""
    return path_part.replace("-", " ")


def _seq(request):
    raw = request.GET.get("seq")
    if raw is None:
        return None
    if not raw.isascii() or not raw.isdigit() or len(raw) > 9:
        raise ValueError
    return int(raw)


@endpoint("POST")
def move(request, game_id, move):
    """Make a move in one's own game; ``?seq=N``: only if the game is still at event N."""
    if feed.player_of(game_id, request.user) is None:
        return no_game()
    if len(move) > MAX_MOVE_LENGTH:
        return _too_long()
    try:
        expected_seq = _seq(request)
    except ValueError:
        return refuse("bad_seq")
    try:
        written = moves.submit_move(game_id, request.user, move_text(move), expected_seq=expected_seq)
    except errors.ServiceError as refusal:  # illegal, out of turn, stale, over, or left
        return refused(refusal)
    row = written.row
    answer = {"ok": True, "index": row.index, "move": row.text}
    if row.penalty is not None:  # misplay: penalty: the play broke a rule and was made, as a misplay
        rule = written.broken_rule
        answer["misplay"] = {"penalty": row.penalty, "rule": reason_code(rule), "reason": explain(rule)}
    return JsonResponse(answer)


def _too_long():
    words = _("That is not a move: it is longer than %(length)s characters.") % {"length": MAX_MOVE_LENGTH}
    return refused(errors.MoveRefused(words, "not_a_move", TOO_LONG))


@endpoint("POST")
def resign(request, game_id):
    if feed.player_of(game_id, request.user) is None:
        return no_game()
    try:
        moves.resign(game_id, request.user)
    except errors.ServiceError as refusal:
        return refused(refusal)
    return JsonResponse({"ok": True})


@endpoint("POST")
def join(request, table_id):
    """Take a seat (``?seat=N``, else the first free one) at a table of the lobby; a private
    table is no table for the API (its seats are taken through the invitation link), unless
    the token's player may see it (``games.whereabouts.may_see_table``)."""
    table = Table.objects.filter(pk=table_id, in_lobby=True).first()
    if table is None or not may_see_table(request.user, table):
        return refuse("no_such_table")
    seat = request.GET.get("seat")
    if seat is not None and not (seat.isascii() and seat.isdigit() and len(seat) < 3):
        return refuse("no_such_seat")
    try:
        row = tables.take_seat(table_id, request.user, None if seat is None else int(seat))
    except errors.ServiceError as refusal:
        return refused(refusal)
    return JsonResponse({"ok": True, "table": table_id, "seat": row.position})


@endpoint("POST")
def create_table(request):
    """A table of one's own: JSON ``preset``, ``overrides``, ``seats``, ``bots`` (levels),
    ``timer``, ``private``, ``pace`` and ``move_seconds`` (turn-based); one is seated first,
    the bots next; the game starts when every seat is taken. A private table's answer holds
    its invitation link (its owner's to share)."""
    try:
        body = terms.read(
            request, ("preset", "overrides", "seats", "bots", "timer", "private", "pace", "move_seconds")
        )
        table = challenges.table_for(
            request.user, terms.terms(body), body.get("seats"), private=bool(body.get("private"))
        )
    except terms.BadBody as error:
        return _bad_body(error)
    except errors.ServiceError as refusal:
        return refused(refusal)
    game = table.current_game()
    answer = {"ok": True, "table": table.pk, "game": game.pk if game else None}
    if table.private:
        answer["invite"] = request.build_absolute_uri(
            reverse("games:join", args=(table.pk, table.invite_token))
        )
    return JsonResponse(answer)


@endpoint("POST")
def challenge(request, username):
    """Challenge ``username`` (a person or a bot): JSON ``preset``, ``overrides``, ``timer``,
    ``bots``, ``pace`` and ``move_seconds``. A bot accepts at once: the answer names the
    table and its game."""
    player = User.objects.filter(username=username, is_active=True).first()
    if player is None:
        return refuse("no_such_player")
    try:
        body = terms.read(request, ("preset", "overrides", "bots", "timer", "pace", "move_seconds"))
        made = challenges.create(request.user, player, terms.terms(body))
    except terms.BadBody as error:
        return _bad_body(error)
    except errors.ServiceError as refusal:
        return refused(refusal)
    return JsonResponse({"ok": True, "challenge": feed.challenge_summary(made, request.user)})


def _answer_challenge(write):
    @endpoint("POST")
    def view(request, key):
        try:
            decided = write(key, request.user)
        except errors.ServiceError as refusal:
            return refused(refusal)
        return JsonResponse({"ok": True, "challenge": feed.challenge_summary(decided, request.user)})

    return view


accept_challenge = _answer_challenge(challenges.accept)
decline_challenge = _answer_challenge(challenges.decline)
cancel_challenge = _answer_challenge(challenges.cancel)


@endpoint("GET")
def tournaments(request):
    """The listed tournaments: upcoming, running and recently finished."""
    return JsonResponse(tournament_feed.listed(timezone.now()))


@endpoint("GET")
def tournament(request, tournament_id):
    """A tournament, its standings' first lines and one's own entry; a private one only to
    its creator, its entrants and whoever brings its invitation (``?invite=``)."""
    shown = tournament_feed.visible(tournament_id, request.user, request.GET.get("invite"))
    if shown is None:
        return refuse("no_such_tournament")
    return JsonResponse(tournament_feed.detail(shown, request.user))


# A tournament write's refusal codes (``tournaments.writes.entries``) as the API names them.
TOURNAMENT_CODES = {entries.NOT_FOUND: "no_such_tournament", "over": "tournament_over"}


def _tournament_refused(refusal):
    return refused(errors.ServiceError(str(refusal), TOURNAMENT_CODES.get(refusal.code, refusal.code)))


@endpoint("POST")
def join_tournament(request, tournament_id):
    """Enter a tournament that allows bots (JSON ``invite``: a private one's invitation
    token), or come back to one after withdrawing; then wait to be paired."""
    try:
        body = terms.read(request, ("invite",))
        entry = entries.join(tournament_id, request.user, token=body.get("invite"), by_program=True)
    except terms.BadBody as error:
        return _bad_body(error)
    except errors.ServiceError as refusal:
        return _tournament_refused(refusal)
    return JsonResponse({"ok": True, "tournament": tournament_id, "state": entry.state})


@endpoint("POST")
def withdraw_tournament(request, tournament_id):
    """Leave a tournament (a game being played finishes and counts; the points stay)."""
    try:
        terms.read(request, ())
        entry = entries.withdraw(tournament_id, request.user)
    except terms.BadBody as error:
        return _bad_body(error)
    except errors.ServiceError as refusal:
        return _tournament_refused(refusal)
    return JsonResponse({"ok": True, "tournament": tournament_id, "state": entry.state})


def _bad_body(error):
    return refused(errors.ServiceError(str(error), "bad_body"))


def _ndjson(stream):
    response = StreamingHttpResponse(stream, content_type="application/x-ndjson")
    response["Cache-Control"] = "no-store"
    response["X-Accel-Buffering"] = "no"  # a proxy must pass each line on at once
    return response


@endpoint("GET")
async def game_stream(request, game_id):
    player = await db_call(feed.player_of)(game_id, request.user)
    if player is None:
        return no_game()
    seat, token_id = player.seat, request.api_token.pk
    return _ndjson(streams.game_stream(game_id, player.game.table_id, seat, request.user.pk, token_id))


@endpoint("GET")
async def event_stream(request):
    return _ndjson(streams.event_stream(request.user, request.api_token.pk))


@csrf_exempt  # as every API view: a program sends no CSRF token, and answers are JSON
def openapi_document(request):
    if request.method != "GET":
        return wrong_method("GET")
    return JsonResponse(openapi.document())


@csrf_exempt
def not_found(request, rest=""):
    return refuse("no_such_endpoint")

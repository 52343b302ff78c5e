"""Every refusal of the bot API: its HTTP status, a stable machine-readable ``code``, and
words for the programmer. The views answer with ``refuse`` (or ``refused`` for a service's
refusal), the OpenAPI document lists the codes from here, and docs/api.md says the same.

A service's refusal (``games.play.errors.ServiceError``) is worded for the site's pages; the
API answers with its own words for its code, said to a program. A move the rules refuse
keeps the engine's reason, which names the rule, and adds its stable name as ``rule``.
"""

from dataclasses import dataclass

from django.http import JsonResponse
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games.text.refusals import REASON_CODES


@dataclass(frozen=True)
class Refusal:
    status: int
    words: Promise | None  # None: the service's own words (a move's reason, which names the rule)
    about: str  # when it is answered, for the OpenAPI document and docs/api.md


REFUSALS = {
    "bad_token": Refusal(
        401, _("Send a valid API token: Authorization: Bearer <token>."),
        "No token, a bad one, or a revoked one.",
    ),
    "banned": Refusal(
        403, _("This account is barred from the site until %(until)s: %(reason)s"),
        "The token's account is barred from the site (a moderator's ban): until and why in the words.",
    ),
    "rate_limited": Refusal(
        429, _("Too many requests: wait %(seconds)s seconds (Retry-After)."),
        "Over the token's rate limit: wait Retry-After seconds.",
    ),
    "wrong_method": Refusal(
        405, _("Use %(method)s here."), "The wrong HTTP method (Allow names the right one)."
    ),
    "no_such_endpoint": Refusal(404, _("There is no such API endpoint."), "No endpoint at this path."),
    "no_such_game": Refusal(
        404, _("There is no such game."), "No such game, or one that is not yours: the answer is the same."
    ),
    "no_such_table": Refusal(404, _("There is no such table."), "No such table in the lobby."),
    "unreadable_request": Refusal(
        400, None, "A request the server cannot read (an unknown host name, too many query fields)."
    ),
    "not_a_move": Refusal(400, None, "The move cannot be read as a move; rule names what is wrong."),
    "illegal_move": Refusal(
        400, None, "The rules refuse this move here; rule names the rule. (At a table with misplay: penalty, "
        "a play of cards you hold is made instead, as a misplay: 200 with misplay.)",
    ),
    "bad_seq": Refusal(400, _("seq must be a whole number."), "seq is not a whole number."),
    "no_such_seat": Refusal(400, _("There is no such seat."), "No seat with this number at the table."),
    "not_your_turn": Refusal(
        409, _("It is not your turn: move when a line of the game stream says your_turn."),
        "Not your turn (the move was not made).",
    ),
    "stale_move": Refusal(
        409, _("The game is no longer at the seq you sent: this move was not made. Answer the game stream's "
               "latest line."),
        "The game moved on since event seq (the move was not made).",
    ),
    "game_over": Refusal(409, _("This game is over."), "The game is over."),
    "left_game": Refusal(409, _("You have left this game."), "You left (resigned) this game."),
    "out_of_play": Refusal(
        409, _("You are no longer in play in this game."), "You are out of play (a winner under play_on)."
    ),
    "not_a_player": Refusal(409, _("You are not playing in this game."), "You do not play in this game."),
    "already_seated": Refusal(
        409, _("You already have a seat at this table."), "You have a seat there already."
    ),
    "seat_taken": Refusal(409, _("That seat is taken."), "Someone else has the seat."),
    "table_full": Refusal(409, _("This table is full."), "Every seat is taken."),
    "no_such_player": Refusal(404, _("There is no such player."), "No active player with this username."),
    "no_such_challenge": Refusal(
        404, _("There is no such challenge."),
        "No such challenge, or one you may not answer (only the challenged accepts or declines, only the "
        "challenger cancels): the answer is the same.",
    ),
    "bad_body": Refusal(400, None, "The JSON body cannot be read: error says which field is wrong."),
    "bad_terms": Refusal(
        400, None,
        "The rules, overrides, timer, pace, move_seconds, seats or bots are refused: error says why.",
    ),
    "too_many_turn_based_tables": Refusal(
        409, None, "A player would sit at more than TURN_BASED_TABLES_PER_PLAYER turn-based tables at once: "
        "error names who.",
    ),
    "cannot_challenge": Refusal(
        409, None, "This player cannot be challenged by you: yourself, their preference (nobody, friends "
        "only), or a block.",
    ),
    "challenge_decided": Refusal(
        409, None, "The challenge was accepted, declined or cancelled already (a replayed answer).",
    ),
    "challenge_expired": Refusal(409, _("This challenge has expired."), "The challenge expired unanswered."),
    "too_many_challenges": Refusal(
        409, None, "You have too many challenges waiting for an answer: wait, or cancel one.",
    ),
    "challenge_rate": Refusal(
        429, None, "You sent CHALLENGES_PER_HOUR challenges in the last hour: wait a while.",
    ),
    "no_such_tournament": Refusal(
        404, _("There is no such tournament."),
        "No such tournament, or a private one you did not make or enter, without its invitation: the answer "
        "is the same.",
    ),
    "bots_not_allowed": Refusal(
        403, _("This tournament does not allow bots: only people play in it."),
        "The tournament is closed to programs (bots_allowed false).",
    ),
    "tournament_over": Refusal(409, _("This tournament is over."), "The tournament has ended."),
    "already_in": Refusal(
        409, _("You are in this tournament already."), "You are in the tournament already (or paused in it).",
    ),
    "not_in": Refusal(409, _("You are not in this tournament."), "You have no entry in the tournament."),
    "rated_barred": Refusal(
        409, None, "A rated game with people is barred to you (a moderator's ban, or the fair-play pause), "
        "or to a player of it: error says until when and why.",
    ),
    "finishing_rate": Refusal(
        409, None, "Your finishing rate is below the table's minimum (min_finishing_rate): error says both.",
    ),
    "refused": Refusal(409, None, "Not now, for another reason: error says why."),
}
TOO_LONG = "too_long"  # the rule of a move longer than the API reads (api.views.MAX_MOVE_LENGTH)
RULES = sorted({*REASON_CODES.values(), TOO_LONG})  # the ``rule`` of not_a_move and illegal_move


def refuse(code, headers=None, **params):
    """The API's error response for ``code``: ``{"error": words, "code": code}``."""
    return _answer(code, str(REFUSALS[code].words) % params, headers)


def refused(error):
    """The answer to a service's refusal (``ServiceError``): the API's words for its code,
    or for a move the rules refuse, the engine's reason and the rule's name."""
    code = error.code if error.code in REFUSALS else "refused"
    words = REFUSALS[code].words
    return _answer(code, str(error) if words is None else str(words), None, getattr(error, "rule", None))


def _answer(code, words, headers, rule=None):
    body = {"error": words, "code": code}
    if rule is not None:
        body["rule"] = rule
    response = JsonResponse(body, status=REFUSALS[code].status)
    for name, value in (headers or {}).items():
        response[name] = value
    return response

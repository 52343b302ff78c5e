"""The API's OpenAPI 3.1 document, served at /api/openapi.json (docs/api.md says the same
in prose). Written by hand: the API is small, and its streams are NDJSON, which schema
generators describe poorly."""

from django.urls import reverse

from api.feed import LEGAL_MOVES_LIMIT
from api.refusals import REFUSALS, RULES
from api.tournament_feed import LISTED, STANDINGS

NDJSON = "application/x-ndjson"
ERROR = {"$ref": "#/components/schemas/Error"}
ID = {"type": "integer", "minimum": 1}


def _errors(*statuses):
    """The error answers of an endpoint that may answer ``statuses`` (and 401, 429), each
    listing the codes it carries (``api.refusals``)."""
    answers = {}
    for status in ("401", "429", *statuses):
        codes = {code: refusal.about for code, refusal in REFUSALS.items() if str(refusal.status) == status}
        answers[status] = {
            "description": " ".join(f"{code}: {about}" for code, about in codes.items()),
            "content": {"application/json": {"schema": ERROR}},
        }
    return answers


def _path_id(name, description):
    return {"name": name, "in": "path", "required": True, "description": description, "schema": ID}


def _query_count(name, description):
    """An optional whole-number query parameter."""
    return {
        "name": name,
        "in": "query",
        "required": False,
        "description": description,
        "schema": {"type": "integer", "minimum": 0},
    }


def _ok(description, optional=None, **fields):
    """A 200 answer: ``{"ok": true}`` and ``fields`` (name -> JSON type), and ``optional``
    (name -> schema) where they apply."""
    properties = {"ok": {"const": True}, **{name: {"type": kind} for name, kind in fields.items()}}
    schema = {"type": "object", "properties": {**properties, **(optional or {})}, "required": ["ok", *fields]}
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _stream(schema, description):
    return {"description": description, "content": {NDJSON: {"schema": schema}}}


MISPLAY = {
    "type": "object",
    "description": "Only for a misplay: the cards drawn as its penalty and the rule it broke.",
    "properties": {
        "penalty": {"type": "integer"},
        "rule": {"enum": RULES},
        "reason": {"type": "string", "description": "The rule it broke, in words."},
    },
}
GAME_ID = _path_id("game_id", "The game's id (from a gameStart event).")

TERMS = {
    "preset": {
        "type": "string",
        "description": "A rules preset (the rules page lists them); classic if absent.",
    },
    "overrides": {
        "type": "object",
        "description": "Options that differ from the preset, by name (the rules page lists them), checked "
        "by the rules engine: a bad one is refused with bad_terms.",
    },
    "timer": {
        "type": ["integer", "null"],
        "minimum": 1,
        "description": "The turn clock in seconds; none if absent (a real-time table's only).",
    },
    "pace": {
        "enum": ["live", "turn"],
        "description": "live (real-time, as if absent) or turn (turn-based: move_seconds a move; the "
        "server moves for a player out of time, and resigns for them at "
        "TURN_BASED_TIMEOUTS_BEFORE_RESIGN timeouts).",
    },
    "move_seconds": {
        "type": ["integer", "null"],
        "enum": [3600, 43200, 86400, 259200, None],
        "description": "A turn-based table's time per move: 1 hour, 12 hours, 1 day or 3 days; only with "
        "pace turn.",
    },
    "bots": {
        "type": "array",
        "items": {"enum": ["random", "greedy", "clever", "expert"]},
        "maxItems": 9,
        "description": "The levels of the server's bots to seat, one a bot.",
    },
}
CHALLENGE_KEY = {
    "name": "challenge_id",
    "in": "path",
    "required": True,
    "description": "The challenge's id (from the challenge event or the answer that made it).",
    "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]+$"},
}


def _body(fields, description):
    schema = {"type": "object", "properties": fields, "additionalProperties": False}
    return {
        "required": False,
        "description": description,
        "content": {"application/json": {"schema": schema}},
    }


def _challenge_answer(description):
    return _ok(description, {"challenge": {"$ref": "#/components/schemas/Challenge"}})


SCHEMAS = {
    "Error": {
        "type": "object",
        "properties": {
            "error": {"type": "string", "description": "What was wrong, in words (the request's language)."},
            "code": {
                "enum": list(REFUSALS),
                "description": "What was wrong, for a program: a stable name. "
                + " ".join(f"{code} ({r.status}): {r.about}" for code, r in REFUSALS.items()),
            },
            "rule": {
                "enum": RULES,
                "description": "not_a_move and illegal_move: the stable name of the rule the move breaks.",
            },
        },
        "required": ["error", "code"],
    },
    "Player": {
        "type": "object",
        "properties": {
            "seat": {"type": "integer"},
            "name": {"type": "string"},
            "username": {"type": "string"},
            "bot": {"type": "boolean"},
            "left": {"type": "boolean"},
            "place": {"type": ["integer", "null"]},
        },
    },
    "GameFrame": {
        "type": "object",
        "description": "One line of a game stream: gameFull first, then a gameState per change.",
        "properties": {
            "type": {"enum": ["gameFull", "gameState"]},
            "id": {"type": "integer"},
            "seq": {"type": "integer", "description": "The game's event number (?seq= of a move)."},
            "status": {"enum": ["running", "finished", "abandoned"]},
            "move_count": {"type": "integer"},
            "moves": {
                "type": "array",
                "description": "Moves played since the previous line (every move in gameFull).",
                "items": {
                    "type": "object",
                    "properties": {
                        "index": {"type": "integer"},
                        "seat": {"type": "integer"},
                        "move": {"type": "string"},
                    },
                },
            },
            "players": {"type": "array", "items": {"$ref": "#/components/schemas/Player"}},
            "view": {
                "type": "object",
                "description": "What your seat may see: your hand, the others' hand sizes, the discard "
                "pile, the draw pile's size, whose turn, the suit asked (or the rank, where the table's aces "
                "name ranks), a pending penalty or jump, and the "
                "cards the latest reshuffle put in the draw pile (restocked).",
            },
            "your_turn": {"type": "boolean"},
            "legal_moves": {
                "type": "array",
                "items": {"type": "string"},
                "description": "On your turn: legal moves in the notation of the rules page (without !): "
                "the plays by their number of cards, fewest first, then draw, accept or pass. At most "
                f"{LEGAL_MOVES_LIMIT}: a longer list is cut, keeping every one-card play and draw, accept or "
                "pass.",
            },
            "legal_moves_complete": {"type": "boolean", "description": "On your turn: false when cut."},
            "legal_moves_note": {
                "type": "string",
                "description": "When the list is cut: that it was, and how to send a longer play.",
            },
            "winner": {"type": ["integer", "null"]},
            "table": {"type": "integer", "description": "gameFull only."},
            "number": {"type": "integer", "description": "gameFull only."},
            "seat": {"type": "integer", "description": "gameFull only: your seat."},
            "rules": {"type": "object", "description": "gameFull only: the game's rules."},
        },
        "required": ["type", "id", "seq", "status", "moves", "players", "view", "your_turn"],
    },
    "Challenge": {
        "type": "object",
        "properties": {
            "id": {"type": "string", "description": "Unguessable: only its two players can act on it."},
            "direction": {"enum": ["in", "out"], "description": "in: sent to you; out: sent by you."},
            "challenger": {"type": "string"},
            "challenged": {"type": "string"},
            "preset": {"type": "string"},
            "overrides": {"type": "object"},
            "timer": {"type": ["integer", "null"]},
            "move_seconds": {
                "type": ["integer", "null"],
                "description": "Set: a turn-based table, this time a move.",
            },
            "bots": {"type": "array", "items": {"type": "string"}},
            "status": {"enum": ["open", "accepted", "declined", "cancelled", "expired"]},
            "expires": {"type": "string", "format": "date-time"},
            "table": {"type": ["integer", "null"], "description": "Once accepted: the table made for it."},
        },
        "required": ["id", "direction", "challenger", "challenged", "status", "table"],
    },
    "Event": {
        "type": "object",
        "properties": {
            "type": {
                "enum": [
                    "gameStart",
                    "gameFinish",
                    "challenge",
                    "challengeAccepted",
                    "challengeDeclined",
                    "challengeCanceled",
                    "challengeExpired",
                    "tournamentGameStart",
                ]
            },
            "tournament": {
                "type": "integer",
                "description": "tournamentGameStart only: the tournament's id.",
            },
            "table": {"type": "integer", "description": "tournamentGameStart only: the new table's id."},
            "challenge": {
                "$ref": "#/components/schemas/Challenge",
                "description": "The challenge events only: challenge for an open one, sent or received; then "
                "how it was decided.",
            },
            "game": {
                "anyOf": [
                    {
                        "type": "object",
                        "description": "gameStart and gameFinish: the game.",
                        "properties": {
                            "id": {"type": "integer"},
                            "table": {"type": "integer"},
                            "table_name": {"type": "string"},
                            "number": {"type": "integer"},
                            "seat": {"type": "integer"},
                            "players": {"type": "integer"},
                            "status": {"type": "string"},
                            "winner": {"type": ["integer", "null"]},
                            "place": {"type": ["integer", "null"]},
                        },
                    },
                    {
                        "type": "integer",
                        "description": "tournamentGameStart: the game's id (gameStart follows).",
                    },
                ]
            },
        },
        "required": ["type"],
    },
    "Tournament": {
        "type": "object",
        "properties": {
            "id": {"type": "integer"},
            "name": {"type": "string"},
            "preset": {"type": "string"},
            "overrides": {"type": "object", "description": "The options that differ from the preset."},
            "rules": {"type": "object", "description": "Every option of its tables' rules."},
            "seats": {"type": "integer", "minimum": 2, "maximum": 5, "description": "Seats at each table."},
            "timer": {"type": ["integer", "null"], "description": "The turn clock in seconds."},
            "starts": {"type": "string", "format": "date-time"},
            "ends": {
                "type": "string",
                "format": "date-time",
                "description": "No new table after this; games still running finish and count.",
            },
            "minutes": {"type": "integer"},
            "status": {
                "enum": ["scheduled", "running", "ending", "finished"],
                "description": "ending: past its end, its last games still being played.",
            },
            "rated": {"type": "boolean", "description": "Its games change the players' ratings."},
            "bots_allowed": {"type": "boolean", "description": "Programs (API tokens) may join."},
            "private": {"type": "boolean"},
            "entrants": {"type": "integer", "description": "Players in it (not withdrawn)."},
        },
        "required": ["id", "name", "preset", "seats", "starts", "ends", "status", "bots_allowed", "entrants"],
    },
    "Standing": {
        "type": "object",
        "properties": {
            "rank": {"type": "integer", "description": "The place in the standings (final once finished)."},
            "username": {"type": "string"},
            "name": {"type": "string"},
            "points": {"type": "integer"},
            "games": {"type": "integer"},
            "wins": {"type": "integer"},
            "streak": {"type": "integer", "description": "Wins in a row."},
            "on_fire": {"type": "boolean", "description": "A win now scores double (two wins in a row)."},
            "state": {"enum": ["in", "paused", "withdrawn"]},
        },
        "required": ["rank", "username", "points", "games", "wins", "streak", "state"],
    },
}
SCHEMAS["TournamentDetail"] = {
    "allOf": [
        {"$ref": "#/components/schemas/Tournament"},
        {
            "type": "object",
            "properties": {
                "finished_at": {"type": ["string", "null"], "format": "date-time"},
                "standings": {
                    "type": "array",
                    "items": {"$ref": "#/components/schemas/Standing"},
                    "maxItems": STANDINGS,
                    "description": f"The first {STANDINGS} of the standings, best first.",
                },
                "you": {
                    "description": "Your own entry (null: you are not in it), with the table and game you "
                    "play at now (null: none).",
                    "anyOf": [
                        {"type": "null"},
                        {
                            "allOf": [
                                {"$ref": "#/components/schemas/Standing"},
                                {
                                    "type": "object",
                                    "properties": {
                                        "table": {"type": ["integer", "null"]},
                                        "game": {"type": ["integer", "null"]},
                                    },
                                },
                            ]
                        },
                    ],
                },
            },
            "required": ["standings", "you"],
        },
    ]
}
TOURNAMENT_ID = _path_id(
    "tournament_id", "The tournament's id (as in its page's address, /tournaments/<id>/)."
)


def _entry_answer(description):
    return _ok(description, {"state": {"enum": ["in", "paused", "withdrawn"]}}, tournament="integer")


def document():
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Kadi bot API",
            "version": "1",
            "description": "Play Kadi from a program with a personal API token (made on your profile's "
            "API tokens page): Authorization: Bearer <token>. Streams are NDJSON, one JSON object a "
            "line; a stream sends a line at least every API_KEEPALIVE_SECONDS (5), an empty one when "
            "there is no news. Errors carry a stable code (see the Error schema).",
        },
        "servers": [{"url": reverse("api_openapi").removesuffix("openapi.json").rstrip("/")}],
        "security": [{"bearer": []}],
        "components": {
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
            "schemas": SCHEMAS,
        },
        "paths": {
            "/stream/event": {
                "get": {
                    "summary": "Your events: each game of yours running, starting or finishing; each "
                    "challenge sent or received, and how it was decided.",
                    "operationId": "streamEvents",
                    "responses": {
                        "200": _stream({"$ref": "#/components/schemas/Event"}, "Events, one a line."),
                        **_errors(),
                    },
                }
            },
            "/bot/game/stream/{game_id}": {
                "get": {
                    "summary": "One of your games from your seat: the full state, then every change.",
                    "operationId": "streamGame",
                    "parameters": [GAME_ID],
                    "responses": {
                        "200": _stream(
                            {"$ref": "#/components/schemas/GameFrame"},
                            "Game frames, one a line; the stream ends when the game is over.",
                        ),
                        **_errors("404"),
                    },
                }
            },
            "/bot/game/{game_id}/move/{move}": {
                "post": {
                    "summary": "Make a move on your turn.",
                    "operationId": "move",
                    "parameters": [
                        GAME_ID,
                        {
                            "name": "move",
                            "in": "path",
                            "required": True,
                            "description": 'The move, its words joined by "-" (QH-8H-4H-!, AH-@S, AH-@Q '
                            "where aces name ranks, draw, draw-!) or by URL-encoded spaces (QH%208H).",
                            "schema": {"type": "string", "maxLength": 200},
                        },
                        _query_count("seq", "Make the move only if the game is still at this event number."),
                    ],
                    "responses": {
                        "200": _ok(
                            "The move was made (at a table with misplay: penalty, a play that breaks a rule "
                            "is made as a misplay: misplay says which rule and the penalty drawn).",
                            {"misplay": MISPLAY},
                            index="integer",
                            move="string",
                        ),
                        **_errors("400", "404", "405", "409"),
                    },
                }
            },
            "/bot/game/{game_id}/resign": {
                "post": {
                    "summary": "Resign the game (you count as last).",
                    "operationId": "resign",
                    "parameters": [GAME_ID],
                    "responses": {"200": _ok("You resigned."), **_errors("404", "405", "409")},
                }
            },
            "/table/{table_id}/join": {
                "post": {
                    "summary": "Take a seat at a table of the lobby (during a game, for the next one).",
                    "operationId": "joinTable",
                    "parameters": [
                        _path_id("table_id", "The table's id (as in its page's address, /t/<id>/)."),
                        _query_count("seat", "The seat to take (0 is the first); else the first free one."),
                    ],
                    "responses": {
                        "200": _ok("You have the seat.", table="integer", seat="integer"),
                        **_errors("400", "404", "405", "409"),
                    },
                }
            },
            "/table": {
                "post": {
                    "summary": "Make a table of your own, seated first, the bots next; the game starts when "
                    "every seat is taken (then the event stream says gameStart).",
                    "operationId": "createTable",
                    "requestBody": _body(
                        {
                            **TERMS,
                            "seats": {"type": "integer", "minimum": 2, "maximum": 10},
                            "private": {"type": "boolean"},
                        },
                        "The table's terms; seats: as many as you and the bots if absent (more than "
                        "5 need the overrides' decks: 2); private: out of the lobby, other seats only "
                        "through its invitation link.",
                    ),
                    "responses": {
                        "200": _ok(
                            "The table; its game when it started; a private table's invitation link.",
                            {"game": {"type": ["integer", "null"]}, "invite": {"type": "string"}},
                            table="integer",
                        ),
                        **_errors("400", "405", "409"),
                    },
                }
            },
            "/challenge/{username}": {
                "post": {
                    "summary": "Challenge a player or a bot (a bot accepts at once: the answer has its "
                    "table).",
                    "operationId": "challenge",
                    "parameters": [
                        {
                            "name": "username",
                            "in": "path",
                            "required": True,
                            "description": "The player's username.",
                            "schema": {"type": "string"},
                        }
                    ],
                    "requestBody": _body(TERMS, "The challenge's terms."),
                    "responses": {
                        "200": _challenge_answer("The challenge, open (or accepted, by a bot)."),
                        **_errors("400", "404", "405", "409"),
                    },
                }
            },
            "/challenge/{challenge_id}/accept": {
                "post": {
                    "summary": "Accept a challenge sent to you: the table is made, everyone seated, the game "
                    "started (the event stream says gameStart).",
                    "operationId": "acceptChallenge",
                    "parameters": [CHALLENGE_KEY],
                    "responses": {
                        "200": _challenge_answer("Accepted: challenge.table is the table."),
                        **_errors("404", "405", "409"),
                    },
                }
            },
            "/challenge/{challenge_id}/decline": {
                "post": {
                    "summary": "Decline a challenge sent to you.",
                    "operationId": "declineChallenge",
                    "parameters": [CHALLENGE_KEY],
                    "responses": {"200": _challenge_answer("Declined."), **_errors("404", "405", "409")},
                }
            },
            "/tournaments": {
                "get": {
                    "summary": "The listed tournaments: upcoming, running (ending too) and finished in the "
                    "last seven days (private ones are not listed).",
                    "operationId": "listTournaments",
                    "responses": {
                        "200": {
                            "description": f"Each kind, at most {LISTED}: upcoming soonest first, running, "
                            "finished latest first.",
                            "content": {
                                "application/json": {
                                    "schema": {
                                        "type": "object",
                                        "properties": {
                                            kind: {
                                                "type": "array",
                                                "items": {"$ref": "#/components/schemas/Tournament"},
                                            }
                                            for kind in ("upcoming", "running", "finished")
                                        },
                                        "required": ["upcoming", "running", "finished"],
                                    }
                                }
                            },
                        },
                        **_errors("405"),
                    },
                }
            },
            "/tournament/{tournament_id}": {
                "get": {
                    "summary": "A tournament, the first of its standings and your own entry. A private one "
                    "only to its creator, its entrants and whoever brings its invitation.",
                    "operationId": "getTournament",
                    "parameters": [
                        TOURNAMENT_ID,
                        {
                            "name": "invite",
                            "in": "query",
                            "required": False,
                            "description": "A private tournament's invitation token (from its link, "
                            "/tournaments/<id>/?invite=<token>).",
                            "schema": {"type": "string", "maxLength": 64},
                        },
                    ],
                    "responses": {
                        "200": {
                            "description": "The tournament.",
                            "content": {
                                "application/json": {
                                    "schema": {"$ref": "#/components/schemas/TournamentDetail"}
                                }
                            },
                        },
                        **_errors("404", "405"),
                    },
                }
            },
            "/tournament/{tournament_id}/join": {
                "post": {
                    "summary": "Join a tournament that allows bots (or come back after withdrawing): wait "
                    "to be paired; then the event stream says tournamentGameStart.",
                    "operationId": "joinTournament",
                    "parameters": [TOURNAMENT_ID],
                    "requestBody": _body(
                        {"invite": {"type": "string", "maxLength": 64}},
                        "A private tournament's invitation token (its creator and entrants need none).",
                    ),
                    "responses": {
                        "200": _entry_answer("You are in: waiting for a table."),
                        **_errors("400", "403", "404", "405", "409"),
                    },
                }
            },
            "/tournament/{tournament_id}/withdraw": {
                "post": {
                    "summary": "Withdraw (a game being played finishes and counts; your points stay, and "
                    "joining again brings them back).",
                    "operationId": "withdrawTournament",
                    "parameters": [TOURNAMENT_ID],
                    "responses": {
                        "200": _entry_answer("You have withdrawn."),
                        **_errors("400", "404", "405", "409"),
                    },
                }
            },
            "/challenge/{challenge_id}/cancel": {
                "post": {
                    "summary": "Withdraw a challenge you sent.",
                    "operationId": "cancelChallenge",
                    "parameters": [CHALLENGE_KEY],
                    "responses": {"200": _challenge_answer("Withdrawn."), **_errors("404", "405", "409")},
                }
            },
        },
    }

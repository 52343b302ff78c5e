"""The API's OpenAPI 3.1 document, served at /api/openapi.json (docs/api.md says the same
in prose). Written by hand: the API is small, and its streams are NDJSON, which schema
generators describe poorly."""

from django.urls import reverse

NDJSON = "application/x-ndjson"
ERROR = {"$ref": "#/components/schemas/Error"}
ID = {"type": "integer", "minimum": 1}


def _errors(*codes):
    reasons = {
        "400": "Unreadable input, or a move the rules refuse here (the reason says which rule).",
        "401": "No token, a bad one, or a revoked one.",
        "404": "No such game or table, or one that is not yours: the answer is the same.",
        "405": "The wrong HTTP method.",
        "409": "Not now: not your turn, the game moved on (seq), the game is over, a seat taken.",
        "429": "Over the token's rate limit: wait Retry-After seconds.",
    }
    return {
        code: {"description": reasons[code], "content": {"application/json": {"schema": ERROR}}}
        for code in ("401", "429", *codes)
    }


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


def _ok(description, **fields):
    """A 200 answer: ``{"ok": true}`` and ``fields`` (name -> JSON type)."""
    properties = {"ok": {"const": True}, **{name: {"type": kind} for name, kind in fields.items()}}
    schema = {"type": "object", "properties": properties, "required": ["ok", *fields]}
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _stream(schema, description):
    return {"description": description, "content": {NDJSON: {"schema": schema}}}


GAME_ID = _path_id("game_id", "The game's id (from a gameStart event).")

SCHEMAS = {
    "Error": {
        "type": "object",
        "properties": {"error": {"type": "string", "description": "What was wrong, for a person."}},
        "required": ["error"],
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
                "pile, the draw pile's size, whose turn, the suit asked, a pending penalty or jump, and the "
                "cards the latest reshuffle put in the draw pile (restocked).",
            },
            "your_turn": {"type": "boolean"},
            "legal_moves": {
                "type": "array",
                "items": {"type": "string"},
                "description": "On your turn: legal moves in the notation of the rules page, the "
                "shortest plays first, at most 200 (any other legal move is accepted too).",
            },
            "legal_moves_complete": {"type": "boolean"},
            "winner": {"type": ["integer", "null"]},
            "table": {"type": "integer", "description": "gameFull only."},
            "number": {"type": "integer", "description": "gameFull only."},
            "seat": {"type": "integer", "description": "gameFull only: your seat."},
            "rules": {"type": "object", "description": "gameFull only: the game's rules."},
        },
        "required": ["type", "id", "seq", "status", "moves", "players", "view", "your_turn"],
    },
    "Event": {
        "type": "object",
        "properties": {
            "type": {"enum": ["gameStart", "gameFinish"]},
            "game": {
                "type": "object",
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
        },
        "required": ["type", "game"],
    },
}


def document():
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Kadi bot API",
            "version": "1",
            "description": "Play Kadi from a program with a personal API token (made on your profile's "
            "API tokens page): Authorization: Bearer <token>. Streams are NDJSON, one JSON object a "
            "line, with an empty line every few seconds to keep the connection open.",
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
                    "summary": "Your events: each game of yours running, starting or finishing.",
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
                            "description": 'The move, its words joined by "-" (QH-8H-4H-!, AH-@S, draw, '
                            "draw-!) or by URL-encoded spaces (QH%208H).",
                            "schema": {"type": "string", "maxLength": 200},
                        },
                        _query_count("seq", "Make the move only if the game is still at this event number."),
                    ],
                    "responses": {
                        "200": _ok("The move was made.", index="integer", move="string"),
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
        },
    }

"""The API's OpenAPI 3.1 document, served at /api/openapi.json (see docs/api.md)."""


def document():
    return {"openapi": "3.1.0", "info": {"title": "Kadi bot API", "version": "1"}, "paths": {}}

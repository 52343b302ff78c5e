"""The API's OpenAPI document is valid OpenAPI 3.1 and names every endpoint the URLs have."""

import pytest
from openapi_spec_validator import validate

from api import urls
from api.refusals import REFUSALS
from games.engine import reasons
from games.text.refusals import REASON_CODES

pytestmark = pytest.mark.django_db


def test_the_document_is_valid_and_covers_every_endpoint(client):
    response = client.get("/api/openapi.json")
    assert response.status_code == 200
    document = response.json()
    validate(document)
    routes = {str(p.pattern) for p in urls.urlpatterns if p.name and p.name != "api_openapi"}
    documented = {path.replace("{", "<id:").replace("}", ">") for path in document["paths"]}
    converters = {
        "<id:move>": "<path:move>",
        "<id:username>": "<username:username>",
        "<id:challenge_id>": "<slug:key>",
    }
    for written, route in converters.items():
        documented = {d.replace(written, route) for d in documented}
    documented = {d.lstrip("/") for d in documented}
    assert documented == routes
    assert document["servers"] == [{"url": "/api"}]


def test_every_refusal_code_and_rule_is_listed(client):
    """The codes a program may act on: each code of ``api.refusals`` with its status among
    the answers of the endpoints, and every reason the engine gives as a ``rule``."""
    document = client.get("/api/openapi.json").json()
    error = document["components"]["schemas"]["Error"]["properties"]
    assert error["code"]["enum"] == list(REFUSALS) and "stale_move" in REFUSALS
    assert set(REASON_CODES.values()) < set(error["rule"]["enum"])
    assert len(set(REASON_CODES.values())) == len(reasons.templates())  # one name for each reason
    answered = {
        status: answer["description"]
        for path in document["paths"].values()
        for operation in path.values()
        for status, answer in operation["responses"].items()
    }
    for code, refusal in REFUSALS.items():
        if code not in ("no_such_endpoint", "unreadable_request", "refused"):
            assert f"{code}:" in answered[str(refusal.status)], code

"""The API's OpenAPI document is valid OpenAPI 3.1 and names every endpoint the URLs have."""

import pytest
from openapi_spec_validator import validate

from api import urls

pytestmark = pytest.mark.django_db


def test_the_document_is_valid_and_covers_every_endpoint(client):
    response = client.get("/api/openapi.json")
    assert response.status_code == 200
    document = response.json()
    validate(document)
    routes = {str(p.pattern) for p in urls.urlpatterns if p.name and p.name != "api_openapi"}
    documented = {path.replace("{", "<id:").replace("}", ">") for path in document["paths"]}
    documented = {d.lstrip("/").replace("<id:move>", "<path:move>") for d in documented}
    assert documented == routes
    assert document["servers"] == [{"url": "/api"}]

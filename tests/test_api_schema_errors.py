"""Every operation of the OpenAPI schema documents the errors it can answer, in the one error shape."""
import pytest

pytestmark = pytest.mark.django_db


def operations(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    for path, methods in schema["paths"].items():
        for method, operation in methods.items():
            yield path, method, operation


def test_every_operation_documents_throttling_and_its_bad_input_and_missing_resources(client):
    seen = 0
    for path, method, operation in operations(client):
        responses = operation["responses"]
        assert "429" in responses, (method, path)
        if operation.get("parameters") or "requestBody" in operation:
            assert "400" in responses, (method, path)
        if "{" in path:
            assert "404" in responses, (method, path)
        seen += 1
    assert seen >= 20


def test_the_catalogue_endpoints_errors_use_the_error_shape(client):
    card = dict(((p, m), o) for p, m, o in operations(client))[("/api/cards/{id}/", "get")]
    for code in ("400", "404", "429"):
        assert card["responses"][code]["content"]["application/json"]["schema"] == {
            "$ref": "#/components/schemas/Error"}

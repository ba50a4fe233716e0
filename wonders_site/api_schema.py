"""The OpenAPI schema's error answers, documented for every operation (a drf-spectacular
postprocessing hook, SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"]).

Every error of the API has one shape (``wonders_site.api_errors``: the ``Error`` component). The
views document the errors particular to them; this hook adds those every operation can answer
and a view may have left out: 400 when it takes query parameters or a body (a value it does not
accept), 404 when its path names a resource, and 429 everywhere (DEFAULT_THROTTLE_CLASSES throttle
every view). The schemathesis run (tests/integration/test_api_schema.py, status_code_conformance)
fails on any status the schema does not list."""
from drf_spectacular.hooks import postprocess_schema_enums

ERROR_CONTENT = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
DESCRIPTIONS = {
    "400": "A query parameter or the body is not valid (error.code says which: bad_parameter, invalid...).",
    "404": "No such resource.",
    "429": "Too many requests; details.wait is in seconds.",
}


def document_errors(result, generator, request, public):
    result = postprocess_schema_enums(result, generator, request=request, public=public)
    for path, operations in result.get("paths", {}).items():
        for operation in operations.values():
            responses = operation.setdefault("responses", {})
            codes = ["429"]
            if operation.get("parameters") or "requestBody" in operation:
                codes.append("400")
            if "{" in path:
                codes.append("404")
            for code in codes:
                responses.setdefault(code, {"description": DESCRIPTIONS[code], "content": ERROR_CONTENT})
    return result

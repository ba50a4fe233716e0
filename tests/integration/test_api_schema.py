"""Schema-driven fuzzing of the whole API (schemathesis against /api/schema/): no 5xx, and every
response's status is one the schema documents for that operation, and matches the schema, its
content type included.

Runs in-process through the WSGI application on the test database (PostgreSQL under
`make test-integration`), seeded with finished matches, a running match and players. Examples
per operation: WONDERS_FUZZ_EXAMPLES (default 60), positive and negative.

Then hostile input, the same checks (issue 30, item 4): every operation gets each hostile string
(a NUL, a lone surrogate, a very long string) in every path parameter, every query parameter and
the headers a client sends (Authorization, Accept-Language, User-Agent, the session cookie); an
operation with a body also gets deep JSON, wrong JSON types, NUL strings and an empty multipart
body. A URL cannot hold a surrogate: it travels as the bytes a careless encoder makes of it
(%ED%A0%80), and in a header as those bytes read as latin-1, as a WSGI server hands them over."""
import os

import pytest
import schemathesis
from django.core.cache import cache
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, Phase, given
from hypothesis.errors import Unsatisfiable
from hypothesis import settings as hypothesis_settings
from rest_framework.throttling import SimpleRateThrottle
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance, response_schema_conformance, status_code_conformance,
)

pytestmark = pytest.mark.integration

EXAMPLES = int(os.environ.get("WONDERS_FUZZ_EXAMPLES", "60"))
CHECKS = [not_a_server_error, status_code_conformance, response_schema_conformance, content_type_conformance]


@pytest.fixture
def seeded(db, django_user_model, monkeypatch, django_capture_on_commit_callbacks):
    """Players ann, bo, cy, di; finished matches (rated, with a bot, abandoned); a running match."""
    from games import services
    from games.history.simulate import play_and_store

    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {
        "anon": "1000000/min", "user": "1000000/min", "score_sheet": "1000000/min", "auth_token": "1000000/min"})
    cache.clear()
    people = [django_user_model.objects.create_user(username=name, password=f"{name}-password-1")
              for name in ("ann", "bo", "cy", "di")]
    play_and_store(people[:3], seed=1)
    play_and_store([people[0], "medium", people[3]], seed=2, sides="B")
    play_and_store(people, seed=3, abandoned={2})
    with django_capture_on_commit_callbacks(execute=True):
        match = services.do_create_match(people[0], players=3, bots=["", "medium", "easy"])
        services.do_start(match.pk, people[0])
    # Requests go through the real WSGI handler, whose request signals would close the test's
    # database connection (and its transaction) on PostgreSQL; Django's test client does the same.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield people
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


def _operations(schema):
    for result in schema.get_all_operations():
        yield result.ok()


def _fuzz(operation, mode):
    """Run `EXAMPLES` generated cases of one operation; the first failure is raised."""

    @given(case=operation.as_strategy(generation_mode=mode))
    @hypothesis_settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                         suppress_health_check=list(HealthCheck), phases=[Phase.explicit, Phase.generate])
    def run(case):
        # The site compresses answers for clients that accept gzip; the checks read the body as sent.
        case.call_and_validate(checks=CHECKS, headers={"Accept-Encoding": "identity"})

    try:
        run()
    except Unsatisfiable:
        if mode != GenerationMode.NEGATIVE:
            raise
        # An operation with no parameter and no body has no invalid input to send.


HOSTILE = {"nul": "ab\x00cd", "surrogate": "x\ud800y", "long": "w" * 5000}
# Bodies for operations that take one: too deep, wrong types, NULs, an empty form.
HOSTILE_BODIES = [
    ("application/json", [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]),
    ("application/json", {"game": {}}),
    ("application/json", {"game": [], "seats": {}, "username": {}, "password": []}),
    ("application/json", {"game": "base", "seats": [{"wonder": "\x00", "cards": ["\x00"]}],
                          "username": "ann\x00", "password": "\x00"}),
    ("application/json", "x" * 5000),
    ("multipart/form-data", {}),
    ("application/x-www-form-urlencoded", {"username": "\x00", "password": "\x00", "game": "\x00"}),
]
# A plausible value for each path parameter while another place gets the hostile string.
PLAIN_PATH = {"id": "1", "username": "ann", "slug": "introduction", "token_key": "abcdef"}


def _in_url(value):
    return value.replace("\ud800", "%ED%A0%80")


def _in_header(value):
    return value.replace("\ud800", "\xed\xa0\x80")


def _hostile_cases(operation):
    """(label, case) for each hostile string in each place of `operation`, then its hostile bodies."""
    params = operation.definition.raw.get("parameters", [])
    path_names = [p["name"] for p in params if p["in"] == "path"]
    query_names = [p["name"] for p in params if p["in"] == "query"]
    plain = {name: PLAIN_PATH.get(name, "1") for name in path_names}
    for label, value in HOSTILE.items():
        places = {"headers": dict(headers={"Authorization": "Token " + _in_header(value),
                                           "Accept-Language": _in_header(value), "User-Agent": _in_header(value)}),
                  "cookie": dict(cookies={"sessionid": _in_url(value)})}
        if path_names:
            places["path"] = dict(path_parameters={name: _in_url(value) for name in path_names})
        if query_names:
            places["query"] = dict(query={name: _in_url(value) for name in query_names})
        for place, given in places.items():
            given.setdefault("path_parameters", plain)
            yield f"{label} in {place}", operation.Case(**given)
    if "requestBody" in operation.definition.raw:
        for media_type, body in HOSTILE_BODIES:
            yield f"{media_type} body {str(body)[:40]!r}", operation.Case(body=body, media_type=media_type)


def _hostile(operation):
    """The hostile cases of one operation, each checked; the failures as text."""
    failures = []
    for label, case in _hostile_cases(operation):
        try:
            case.call_and_validate(checks=CHECKS, headers={"Accept-Encoding": "identity"})
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException as failure:  # noqa: BLE001 - schemathesis raises exception groups
            failures.append(f"{operation.label} ({label}): {_describe(failure)}")
    return failures


def _describe(failure):
    text = str(failure)
    for sub in getattr(failure, "exceptions", ()):
        text += "\n" + str(sub)
    return text[:3000]


def test_the_api_never_fails_and_answers_as_its_schema_says(seeded):
    from django.core.wsgi import get_wsgi_application

    schema = schemathesis.openapi.from_wsgi("/api/schema/", get_wsgi_application())
    operations = list(_operations(schema))
    assert len(operations) >= 15
    failures = []
    for operation in operations:
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            try:
                _fuzz(operation, mode)
            except (KeyboardInterrupt, SystemExit):
                raise
            except BaseException as failure:  # noqa: BLE001 - schemathesis raises exception groups
                failures.append(f"{operation.label} ({mode.value}): {_describe(failure)}")
        failures += _hostile(operation)
    assert not failures, "\n\n".join(failures)

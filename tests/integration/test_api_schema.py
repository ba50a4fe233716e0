"""Schema-driven fuzzing of the whole API (schemathesis against /api/schema/): no 5xx, and every
response's status is one the schema documents for that operation, and matches the schema, its
content type included.

Runs in-process through the WSGI application on the test database (PostgreSQL under
`make test-integration`), seeded with finished matches, a running match and players. Examples
per operation: WONDERS_FUZZ_EXAMPLES (default 60)."""
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
    assert not failures, "\n\n".join(failures)

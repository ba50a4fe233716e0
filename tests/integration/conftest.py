"""Fixtures of the real-stack tests (tests/integration/test_live_*.py).

`live_stack`: one LiveStack per test session (per xdist worker): a fresh PostgreSQL database,
its own Redis database, daphne, a Celery worker and Celery beat as subprocesses (see
live_stack.py). It is started by the first test that asks for it and stopped at the end of the
session; a test that leaves a process frozen or dead gets it back before the next one. It fails
(never skips) when PostgreSQL or Redis cannot be reached. A failed test's report carries the
tails of the processes' logs; the log directory is then kept.
"""
import pytest

from tests.integration.live_stack import LiveStack


@pytest.fixture(scope="session")
def live_stack_session():
    stack = LiveStack(name="live")
    stack.start()
    try:
        yield stack
    finally:
        stack.stop()


@pytest.fixture
def live_stack(live_stack_session):
    live_stack_session.ensure_running()
    return live_stack_session


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    funcargs = getattr(item, "funcargs", None) or {}
    stack = funcargs.get("live_stack") or funcargs.get("live_stack_session")
    if stack is not None and report.failed:
        stack.keep_logs = True
        report.sections.append((f"live stack logs ({stack.dir})", stack.logs()))
    return report

"""Fixtures of the real-stack tests (tests/integration/test_live_*.py).

`live_stack`: one LiveStack per test session (per xdist worker): a fresh PostgreSQL database,
its own Redis database, daphne, a Celery worker and Celery beat as subprocesses (see
live_stack.py). It is started by the first test that asks for it and stopped at the end of the
session; a test that leaves a process frozen or dead gets it back before the next one. It fails
(never skips) when PostgreSQL or Redis cannot be reached. A failed test's report carries the
tails of the processes' logs; the log directory is then kept.

`live_stack_per_layer`: the test runs once per Redis channel layer (CHANNEL_LAYER=pubsub and
lists): on the session's stack for the layer it runs on, and on one more stack, started when first
asked for, for the other (its own database, and its own Redis database: the session's plus 8).
`live_stacks_of_every_layer`: both of those stacks at once ({layer: stack}).
"""
import pytest

from tests.integration.live_stack import LiveStack

CHANNEL_LAYER_BACKENDS = {"pubsub": "channels_redis.pubsub.RedisPubSubChannelLayer",
                          "lists": "wonders_site.channel_layer.RedisChannelLayer"}


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


@pytest.fixture(scope="session")
def live_stacks_of_other_layers():
    stacks = {}
    try:
        yield stacks
    finally:
        for stack in stacks.values():
            stack.stop()


def _stack_of_layer(layer, live_stack_session, live_stacks_of_other_layers):
    stack = live_stack_session
    if stack.channel_layer_backend() != CHANNEL_LAYER_BACKENDS[layer]:
        if layer not in live_stacks_of_other_layers:
            live_stacks_of_other_layers[layer] = LiveStack(
                name=f"live_{layer}", redis_db=live_stack_session.redis_db + 8, env={"CHANNEL_LAYER": layer}).start()
        stack = live_stacks_of_other_layers[layer]
    assert stack.channel_layer_backend() == CHANNEL_LAYER_BACKENDS[layer]
    stack.ensure_running()
    return stack


@pytest.fixture(params=sorted(CHANNEL_LAYER_BACKENDS))
def live_stack_per_layer(request, live_stack_session, live_stacks_of_other_layers):
    return _stack_of_layer(request.param, live_stack_session, live_stacks_of_other_layers)


@pytest.fixture
def live_stacks_of_every_layer(live_stack_session, live_stacks_of_other_layers):
    """{layer: its stack} for every Redis channel layer, for a test that waits on all of them at once."""
    return {layer: _stack_of_layer(layer, live_stack_session, live_stacks_of_other_layers)
            for layer in sorted(CHANNEL_LAYER_BACKENDS)}


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    funcargs = getattr(item, "funcargs", None) or {}
    stacks = [funcargs.get(name) for name in ("live_stack", "live_stack_per_layer", "live_stack_session")]
    stacks += (funcargs.get("live_stacks_of_every_layer") or {}).values()
    for stack in dict.fromkeys(stack for stack in stacks if stack is not None):
        if report.failed:
            stack.keep_logs = True
            report.sections.append((f"live stack logs ({stack.dir})", stack.logs()))
    return report

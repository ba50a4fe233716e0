"""bench/bench_live.py --think: the scripted player waits before each move, and only then sends it."""
import asyncio

from tests.bench_scripts import load_bench
from tests.integration import live_stack


def test_a_thinking_player_waits_between_half_and_one_and_a_half_times_its_think_time_before_it_moves(monkeypatch):
    bench = load_bench("bench_live")
    events = []

    async def sleep(seconds):
        events.append(("sleep", seconds))

    async def act(self, action=None):
        events.append(("act", action))
        return {"action": action}

    monkeypatch.setattr(bench.asyncio, "sleep", sleep)
    monkeypatch.setattr(live_stack.LiveClient, "act", act)
    client = bench.ThinkingClient(None, 1, "cookie", think=2.0, seed=3)
    for _ in range(20):
        asyncio.run(client.act({"type": "discard"}))
    waits = [seconds for kind, seconds in events if kind == "sleep"]
    assert [kind for kind, _ in events] == ["sleep", "act"] * 20
    assert all(1.0 <= w <= 3.0 for w in waits) and len(set(waits)) > 1

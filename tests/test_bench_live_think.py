"""bench/bench_live.py --think: the scripted player waits before each move, and only then sends it."""
import asyncio
import gc

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


def test_a_ramp_starts_the_tables_evenly_from_the_first_start_and_none_at_its_end():
    bench = load_bench("bench_live")
    offsets = [bench.start_offset(k, 4, 20.0) for k in range(4)]
    assert offsets == [0.0, 5.0, 10.0, 15.0]
    assert {bench.start_offset(k, 500, 0.0) for k in range(500)} == {0.0}  # no ramp: all at once


def test_every_table_playing_counts_only_the_moves_sent_between_the_last_start_and_the_first_end():
    bench = load_bench("bench_live")

    class Client:
        def __init__(self, sent, latency):
            self.update_sent, self.update_latency = sent, latency

    clients = [Client([1.0, 5.0, 9.0], [0.1, 0.2, 0.3]), Client([4.0, 8.0, 12.0], [0.4, 0.5, 0.6])]
    assert sorted(bench.while_every_table_plays(clients, all_started=4.0, first_end=9.0)) == [0.2, 0.4, 0.5]


def test_the_clients_collector_is_paused_while_they_play_and_back_on_after():
    bench = load_bench("bench_live")
    assert gc.isenabled()
    seen = []

    async def play():
        seen.append(gc.isenabled())

    with bench.collector_paused():
        asyncio.run(play())
    assert seen == [False] and gc.isenabled()

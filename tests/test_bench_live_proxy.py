"""bench/bench_live.py --proxy: the CPU of the production shape's parts, each program supervisord runs
counted by its process group, the programs of one kind added up."""
from tests.bench_scripts import load_bench

PIDS = {"beat": 11, "daphne-0": 12, "daphne-1": 13, "nginx": 14, "worker-0": 15, "worker-1": 0}


class Shape:
    def programs(self):
        return list(PIDS)

    def pid(self, program):
        return PIDS[program]  # 0: not running


class Stack:
    shape = Shape()


def test_the_programs_of_one_kind_are_added_up_by_process_group_and_nginx_is_named_the_proxy(monkeypatch):
    bench = load_bench("bench_live")
    # Each process is its own group leader here, plus an nginx worker (pid 24) in nginx's group.
    groups = {11: 11, 12: 12, 13: 13, 14: 14, 24: 14, 15: 15}
    monkeypatch.setattr(bench, "_pids", lambda predicate: [p for p, g in groups.items() if predicate(p, [None] * 4 + [g])])
    monkeypatch.setattr(bench, "_cpu", lambda pid: pid / 10)
    monkeypatch.setattr(bench, "postgres_cpu_seconds", lambda: 7.0)
    cpu = bench.cpu_use(Stack())
    assert {k: round(v, 6) for k, v in cpu.items() if k != "clients (this process)"} == {
        "beat": 1.1, "daphne": 2.5, "nginx (proxy)": 3.8, "worker": 1.5, "postgres server": 7.0}

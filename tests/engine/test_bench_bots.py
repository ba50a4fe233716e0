"""bench/bench_bots.py: the tournament tool plays whole games and can count budgets in CPU time."""
import time

from games.bots import search_bot
from tests.bench_scripts import load_bench


def test_with_the_cpu_clock_the_search_reads_its_budget_in_cpu_time(monkeypatch):
    bench = load_bench("bench_bots")
    clocks = set()
    real_choose = search_bot.choose

    def recording_choose(view, legal, rng, **kwargs):
        clocks.add(kwargs["clock"])
        return real_choose(view, legal, rng, **{**kwargs, "iterations": 4})

    monkeypatch.setattr(search_bot, "choose", recording_choose)
    job = ({"game": "base", "players": 3}, ["hard", "medium", "medium"], 7, 0.05, None, True)
    seats = bench.play_one(job)
    assert clocks == {time.process_time}
    assert [seat[0] for seat in seats] == ["hard", "medium", "medium"]
    assert sorted(seat[2] for seat in seats)[0] == 1


def test_the_report_gives_each_bot_its_win_rate_and_times(capsys):
    bench = load_bench("bench_bots")
    bench.main(["--bot", "greedy", "--against", "random", "--players", "3", "--games", "3", "--processes", "1"])
    out = capsys.readouterr().out
    assert "3 games of" in out and "greedy" in out and "random" in out


def test_an_option_is_read_as_json_where_it_parses_so_cities_can_be_benched(capsys):
    bench = load_bench("bench_bots")
    bench.main(["--bot", "greedy", "--against", "random", "--players", "4", "--games", "1", "--processes", "1",
                "--option", 'expansions=["cities"]', "--option", "teams=false", "--option", "sides=A"])
    header = capsys.readouterr().out.splitlines()[0]
    assert "'expansions': ['cities']" in header and "'teams': False" in header and "'sides': 'A'" in header

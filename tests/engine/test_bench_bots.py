"""bench/bench_bots.py: the tournament tool plays whole games and can count budgets in CPU time."""
import json
import time

import pytest

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


def test_the_benchmarks_deal_k_is_seed_k_with_the_bot_under_test_moving_round_the_table():
    bench = load_bench("bench_bots")  # puts bench/ on the path for bot_deals
    import bot_deals

    deals = bot_deals.deals("base-4", "points", "medium", count=8)
    assert [seed for _config, _names, seed in deals] == list(range(8))
    assert [names.index("points") for _config, names, _seed in deals] == [0, 1, 2, 3, 0, 1, 2, 3]
    assert all(names.count("medium") == 3 for _config, names, _seed in deals)
    assert deals[0][0]["sides"] == "A" and bench.play_one((*deals[0], None, None, True))


def test_the_benchmark_has_a_row_for_every_game_and_count_the_issue_names():
    load_bench("bench_bots")
    import bot_deals

    configs = {(bot_deals.config(row)["game"], bot_deals.config(row)["players"],
                tuple(bot_deals.config(row).get("expansions", ()))) for row in bot_deals.ROWS}
    expected = {("base", n, ()) for n in (2, 3, 4, 5, 6, 7)} | {("base", 8, ("cities",))} | {
        ("architects", 3, ()), ("architects", 7, ())}
    assert configs == expected
    assert bot_deals.DEALS >= 400
    assert {bot for pair in bot_deals.matchups() for bot in pair} == {"random", "points", "medium"}


def test_the_suite_prints_each_rows_matchups_and_keeps_their_numbers_for_the_table(capsys, tmp_path):
    bench = load_bench("bench_bots")
    results = tmp_path / "results.jsonl"
    bench.main(["--suite", "--rows", "base-3", "--deals", "2", "--processes", "1", "--json", str(results)])
    out = capsys.readouterr().out
    assert "ms/move   p99 ms" in out  # issue 28: a move's mean and its p99
    for matchup in ("random vs 2x medium", "points vs 2x medium", "random vs 2x points", "medium vs 2x points",
                    "points vs 2x random", "medium vs 2x random"):
        assert matchup in out
    lines = results.read_text().splitlines()
    assert len(lines) == 6 and all('"games": 2' in line for line in lines)
    assert {json.loads(line)["code"] for line in lines} == {bench.code_tag("base")}  # the code that played them

    bench.main(["--table", str(results)])
    table = capsys.readouterr().out.splitlines()
    assert table[0].startswith("| game | matchup |") and len(table) == 2 + 6
    assert all(line.startswith("| base, 3 players | ") for line in table[2:])


def test_an_agent_that_cannot_be_imported_is_refused_before_any_game():
    bench = load_bench("bench_bots")
    with pytest.raises(SystemExit):
        bench.main(["--suite", "--agent", "no_such_module:choose", "--deals", "1", "--processes", "1"])


def test_the_suite_plays_only_the_matchups_asked_for(capsys):
    bench = load_bench("bench_bots")
    bench.main(["--suite", "--rows", "base-2", "--deals", "1", "--processes", "1", "--matchups", "points/random"])
    out = capsys.readouterr().out
    assert "points vs 1x random" in out and "medium vs" not in out and "random vs" not in out


def _chunk(bench, deals, wins, code="abc", score=50.0, p99=1400.0):
    games = deals[1] - deals[0] + 1
    return {"row": "base-4", "bot": "hard", "field": "medium", "players": 4, "games": games, "wins": wins,
            "win_rate": wins / games, "low": 0.0, "high": 1.0, "parity": 0.25, "deals": list(deals),
            "score": score, "field_score": 40.0, "ms_per_move": 990.0, "p99_ms": p99, "moves": games * 18,
            "code": code}


def _write(path, lines):
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))


def test_chunks_of_one_row_played_by_the_same_code_add_up_in_the_table(capsys, tmp_path):
    bench = load_bench("bench_bots")
    results = tmp_path / "hard.jsonl"
    _write(results, [_chunk(bench, (0, 79), 78, score=60.0), _chunk(bench, (80, 159), 74, score=58.0, p99=1500.0)])
    merged = bench.merged(results)[("base-4", "hard", "medium")]
    assert (merged["games"], merged["wins"]) == (160, 152)
    assert merged["score"] == pytest.approx(59.0) and merged["p99_ms"] == 1500.0
    assert (merged["low"], merged["high"]) == pytest.approx(bench.wilson(152, 160))
    bench.main(["--table", str(results)])
    row = capsys.readouterr().out.splitlines()[2]
    assert "| 0-159 | 160 | 95.0% (" in row


def test_a_chunk_of_other_code_or_overlapping_deals_is_not_added(tmp_path):
    bench = load_bench("bench_bots")
    results = tmp_path / "hard.jsonl"
    # deals 0-79 by an older code; then 0-79 again and 80-159 by the code that counts, then 40-119 again
    _write(results, [_chunk(bench, (0, 79), 10, code="old"), _chunk(bench, (0, 79), 70),
                     _chunk(bench, (80, 159), 72), _chunk(bench, (40, 119), 60)])
    merged = bench.merged(results)[("base-4", "hard", "medium")]
    assert (merged["games"], merged["wins"]) == (80, 60)  # the latest chunk overlaps both earlier ones
    _write(results, [_chunk(bench, (0, 79), 70), _chunk(bench, (80, 159), 72), _chunk(bench, (160, 239), 1, code="new")])
    assert bench.merged(results)[("base-4", "hard", "medium")]["games"] == 80  # the latest code alone counts
    _write(results, [_chunk(bench, (0, 79), 70), _chunk(bench, (80, 159), 72, code="abc+changed")])
    assert bench.merged(results)[("base-4", "hard", "medium")]["wins"] == 72  # uncommitted code stands alone


def test_a_line_names_the_code_that_played_its_game_and_not_the_other_games(monkeypatch, tmp_path):
    import subprocess

    bench = load_bench("bench_bots")

    def git(*args):
        subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=tmp_path, check=True,
                       capture_output=True)

    def write(path, text):
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text)

    for path in ("games/engine/base/rules.py", "games/engine/architects/rules.py", "games/bots/search_bot.py",
                 "cards/data/rules/base.md", "docs/bots.md", "games/bots/review.py", "games/bots/calibration.py",
                 "games/bots/data/review_calibration.json"):
        write(path, "one\n")
    git("init", "-q")
    git("add", "-A")
    git("commit", "-qm", "one")
    monkeypatch.setattr(bench, "BENCH_DIR", str(tmp_path / "bench"))
    base, architects = bench.code_tag("base"), bench.code_tag("architects")
    assert len(base) == 16 and base != architects

    write("games/engine/base/rules.py", "two\n")
    assert bench.code_tag("base") == base + "+changed"  # not committed: a chunk that stands alone
    git("commit", "-qam", "two")
    assert bench.code_tag("base") not in (base, base + "+changed")
    assert bench.code_tag("architects") == architects  # a base change keeps Architects' chunks

    write("cards/data/rules/base.md", "two\n")
    write("docs/bots.md", "two\n")
    git("commit", "-qam", "words")
    assert bench.code_tag("architects") == architects  # the rules pages' words and docs play no move
    for path in ("games/bots/review.py", "games/bots/calibration.py", "games/bots/data/review_calibration.json"):
        write(path, "two\n")
    git("commit", "-qam", "the review")
    assert bench.code_tag("architects") == architects  # the game review plays no move either
    write("games/bots/search_bot.py", "two\n")
    git("commit", "-qam", "search")
    assert bench.code_tag("architects") != architects

"""bench/example_agent.py, the guide's example (docs/bots.md): it runs against ours from the command line."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_example_agent_plays_two_deals_of_the_benchmark_from_the_command_line():
    run = subprocess.run(
        [sys.executable, "bench/bench_bots.py", "--suite", "--agent", "bench.example_agent:choose",
         "--rows", "base-4", "--deals", "2", "--processes", "1"],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=True)
    rows = [line.split() for line in run.stdout.splitlines() if "bench.example_agent:choose vs" in line]
    assert [row[2:4] for row in rows] == [["3x", "medium"], ["3x", "random"]]
    assert all(row[4] == "2" for row in rows)  # two games each

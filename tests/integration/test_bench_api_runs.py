"""bench/bench_api.py still loads its rows and answers: it COPYs straight into the tables, so a
new NOT NULL column without a database default breaks it (how it broke once: the profiles'
search_key)."""
import os
import subprocess
import sys
import uuid
from pathlib import Path
from urllib.parse import urlparse

import psycopg
import pytest

from tests.integration.live_stack import DEFAULT_DATABASE_URL

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]


def test_the_history_api_bench_loads_a_small_history_and_times_every_endpoint():
    server = os.environ.get("LIVE_DATABASE_URL") or os.environ.get("DATABASE_URL") or DEFAULT_DATABASE_URL
    if not server.startswith(("postgres://", "postgresql://")):
        server = DEFAULT_DATABASE_URL
    name = f"wonders_benchtest_{uuid.uuid4().hex[:8]}"
    url = urlparse(server)._replace(path="/" + name).geturl()
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    env["DATABASE_URL"] = url
    try:
        done = subprocess.run([sys.executable, "bench/bench_api.py", "--players", "40", "--matches", "200",
                               "--requests", "5"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
        # 1 is the bench's verdict on its timings, which no test judges: it only has to run through.
        assert done.returncode in (0, 1) and not done.stderr.count("Traceback"), done.stdout[-3000:] + done.stderr[-3000:]
        assert "loaded 40 players, 200 matches" in done.stdout
        timed = [line for line in done.stdout.splitlines() if line.endswith((" ok", " SLOW"))]
        assert len(timed) == 12, done.stdout
    finally:
        admin = urlparse(server)._replace(path="/postgres").geturl()
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'drop database if exists "{name}" with (force)')

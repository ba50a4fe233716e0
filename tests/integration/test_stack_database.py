"""The live stacks' databases are copies of one template a process (stack_database.py)."""
import os
import sqlite3
import subprocess
import sys

import pytest

from tests.integration import stack_database
from tests.integration.live_stack import DEFAULT_DATABASE_URL
from tests.integration.stack_database import with_db


@pytest.fixture
def no_templates(monkeypatch):
    """This test's templates only, under names of their own: the process's real ones (a live
    stack's, an e2e module's) are left alone."""
    monkeypatch.setattr(stack_database, "_templates", {})
    monkeypatch.setattr(stack_database, "TEMPLATE_PREFIX", "wonders_template_test_")


def _sqlite_build(calls):
    def build(database_url):
        calls.append(database_url)
        with sqlite3.connect(database_url.removeprefix("sqlite:///")) as db:
            db.execute("CREATE TABLE migrated (name TEXT)")
            db.execute("INSERT INTO migrated VALUES ('the catalogue')")
    return build


def test_every_sqlite_copy_holds_what_the_one_build_wrote(tmp_path, no_templates):
    calls = []
    build = _sqlite_build(calls)

    stack_database.sqlite_copy(tmp_path / "first.sqlite3", build)
    stack_database.sqlite_copy(tmp_path / "second.sqlite3", build)

    assert len(calls) == 1
    for name in ("first.sqlite3", "second.sqlite3"):
        with sqlite3.connect(tmp_path / name) as db:
            assert db.execute("SELECT name FROM migrated").fetchall() == [("the catalogue",)]


def test_a_copy_is_its_own_database(tmp_path, no_templates):
    build = _sqlite_build([])
    stack_database.sqlite_copy(tmp_path / "first.sqlite3", build)
    with sqlite3.connect(tmp_path / "first.sqlite3") as db:
        db.execute("INSERT INTO migrated VALUES ('a test game')")

    stack_database.sqlite_copy(tmp_path / "second.sqlite3", build)

    with sqlite3.connect(tmp_path / "second.sqlite3") as db:
        assert db.execute("SELECT count(*) FROM migrated").fetchone() == (1,)


def _server_url():
    url = os.environ.get("DATABASE_URL", "")
    return with_db(url if url.startswith(("postgres://", "postgresql://")) else DEFAULT_DATABASE_URL, "postgres")


@pytest.mark.integration
def test_a_postgres_template_is_built_once_and_copied_whole(no_templates):
    import psycopg

    server = _server_url()
    calls = []

    def build(database_url):
        calls.append(database_url)
        with psycopg.connect(database_url, autocommit=True) as conn:
            conn.execute("CREATE TABLE migrated (name text)")
            conn.execute("INSERT INTO migrated VALUES ('the catalogue')")

    name = stack_database.postgres_template(server, build)
    copy = f"wonders_copy_test_{os.getpid()}"
    try:
        assert stack_database.postgres_template(server, build) == name
        assert len(calls) == 1
        with psycopg.connect(server, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{copy}"')
            conn.execute(f'CREATE DATABASE "{copy}" TEMPLATE "{name}"')
        with psycopg.connect(with_db(server, copy)) as conn:
            assert conn.execute("SELECT name FROM migrated").fetchall() == [("the catalogue",)]
    finally:
        with psycopg.connect(server, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{copy}" WITH (FORCE)')
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.mark.integration
def test_a_template_left_by_a_process_that_no_longer_runs_is_dropped(no_templates):
    import psycopg

    server = _server_url()
    ended = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    stale = f"{stack_database.TEMPLATE_PREFIX}{int(ended.stdout)}"
    with psycopg.connect(server, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{stale}"')
        conn.execute(f'CREATE DATABASE "{stale}"')

    name = stack_database.postgres_template(server, lambda database_url: None)

    try:
        with psycopg.connect(server, autocommit=True) as conn:
            names = {row[0] for row in conn.execute("SELECT datname FROM pg_database")}
        assert stale not in names
        assert name in names
    finally:
        with psycopg.connect(server, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{stale}" WITH (FORCE)')
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

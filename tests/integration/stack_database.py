"""The database a live stack starts on: migrated, with the catalogue loaded, made once a test process.

Migrating a fresh database and loading the catalogue are two `manage.py` processes, 10-15 s a stack
on the CI machine, and the e2e modules and the integration suite start dozens of stacks. So the
first stack of a process builds a template (the same `migrate` and `load_catalogue` as `make run`,
from the code under test) and every stack starts on a copy of it: SQLite's file through SQLite's
backup API, PostgreSQL's `CREATE DATABASE ... TEMPLATE`. One template per process and database
server (xdist workers build their own); dropped when the process exits, and a template left by a
process that no longer runs is dropped by the next one that builds.
"""
import atexit
import os
import re
import shutil
import sqlite3
import tempfile
import threading
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

TEMPLATE_PREFIX = "wonders_template_"
_lock = threading.Lock()
_templates = {}


def sqlite_copy(target, build):
    """Copy the process's SQLite template (built with `build(database_url)` on first use) to `target`."""
    with _lock:
        template = _templates.get("sqlite")
        if template is None:
            folder = Path(tempfile.mkdtemp(prefix=f"{TEMPLATE_PREFIX}{os.getpid()}_", dir="/tmp"))
            atexit.register(shutil.rmtree, folder, ignore_errors=True)
            template = folder / "db.sqlite3"
            build(f"sqlite:///{template}")
            _templates["sqlite"] = template
    source, copy = sqlite3.connect(template), sqlite3.connect(target)
    try:
        source.backup(copy)
    finally:
        source.close()
        copy.close()
    return template


def postgres_template(server_url, build):
    """The name of this process's template database on the server at `server_url` (its `postgres`
    database), built with `build(database_url)` on first use."""
    import psycopg

    with _lock:
        name = _templates.get(server_url)
        if name is None:
            name = f"{TEMPLATE_PREFIX}{os.getpid()}"
            with psycopg.connect(server_url, autocommit=True, connect_timeout=5) as conn:
                _drop_templates_of_dead_processes(conn)
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
                conn.execute(f'CREATE DATABASE "{name}"')
            build(with_db(server_url, name))
            atexit.register(_drop_database, server_url, name)
            _templates[server_url] = name
    return name


def _drop_templates_of_dead_processes(conn):
    rows = conn.execute("SELECT datname FROM pg_database WHERE datname LIKE %s",
                        (TEMPLATE_PREFIX.replace("_", r"\_") + "%",)).fetchall()
    for (name,) in rows:
        match = re.fullmatch(re.escape(TEMPLATE_PREFIX) + r"(\d+)", name)
        if match and not Path(f"/proc/{match.group(1)}").exists():
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _drop_database(server_url, name):
    import psycopg

    try:
        with psycopg.connect(server_url, autocommit=True, connect_timeout=5) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    except Exception:  # noqa: BLE001 - the server went away: the next build drops it
        pass


def with_db(url, name):
    """`url` with its database name replaced by `name`."""
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, "/" + name, parts.query, parts.fragment))

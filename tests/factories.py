"""Helpers that several test modules use (imported from here, never from a conftest)."""
from games import services

PASSWORD = "seven-wonders-of-Babylon"

# Browser sizes of the e2e tests.
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 900}


def start_table(host, players=3, bots=None, others=(), **options):
    """An open table created by host with the given bots, joined by others, then started."""
    if bots is None:
        bots = [""] * (1 + len(others)) + ["greedy"] * (players - 1 - len(others))
    match = services.do_create_match(host, players=players, bots=bots, **options)
    for user in others:
        services.do_join(match.pk, user)
    services.do_start(match.pk, host)
    match.refresh_from_db()
    return match



def migrate_to(targets):
    """Migrate the test database to `targets` ([(app, migration name or None)]) and return the
    historical apps at that point (for migration tests)."""
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor.loader.project_state([key for key in targets if key[1] is not None]).apps


def latest_migrations():
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    return MigrationExecutor(connection).loader.graph.leaf_nodes()

"""Helpers that several test modules use (imported from here, never from a conftest)."""
from games import services

PASSWORD = "seven-wonders-of-Babylon"

# Browser sizes of the e2e tests.
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 900}


def start_table(host, players=3, bots=None, others=(), seed=None, **options):
    """An open table created by host with the given bots, joined by others, then started; dealt
    from `seed` when given (a test that needs something of a particular deal), else at random."""
    if bots is None:
        bots = [""] * (1 + len(others)) + ["medium"] * (players - 1 - len(others))
    match = services.do_create_match(host, players=players, bots=bots, **options)
    if seed is not None:
        type(match).objects.filter(pk=match.pk).update(seed=seed)
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


def page_url(name, *args, lang="en"):
    """A page's path in `lang`."""
    from django.urls import reverse
    from django.utils import translation

    with translation.override(lang):
        return reverse(name, args=args)


def page_json(response, element_id):
    """The JSON of a page's `json_script` element."""
    import json
    import re

    found = re.search(rf'<script id="{element_id}" type="application/json">(.*?)</script>', response.content.decode(), re.S)
    return json.loads(found.group(1))


def play_as_human(match, user, rng, limit=3000):
    """The human seat plays random legal moves through the service; bots answer in-process."""
    from games import engine
    from games.models import Match

    for _ in range(limit):
        match.refresh_from_db()
        if match.status == Match.Status.FINISHED:
            return match
        seat = match.seats.get(user=user).number
        legal = engine.legal_actions(match.state, seat)
        assert legal, f"the game waits for seat {engine.to_act(match.state)}, not for the human at {seat}"
        services.do_submit(match.pk, user, rng.choice(legal), step=match.step)
    raise AssertionError("the game did not end")


def store_bot_match(game="base", players=3, seed=3, users=()):
    """A finished match played by greedy bots with the engine and stored as the live service stores
    one (its actions, seats and history); `users` sit at the first seats."""
    import random

    from django.utils import timezone

    from games import engine
    from games.history.simulate import play, store_finished

    config = engine.normalize_config({"game": game, "players": players})
    state = play(config, seed, ["medium"] * players, random.Random(seed))
    seats = [(users[n], "", False) if n < len(users) else (None, "medium", False) for n in range(players)]
    by_seat = {n: "player" if n < len(users) else "bot" for n in range(players)}
    now = timezone.now()
    return store_finished(config, seed, state, seats, now, now, by_seat)

"""The live path runs straight (issue 25, part 5): the services ask for bot turns through a port and
never import the Celery tasks; service modules import one another one way only, at the top;
every write a person makes opens with the one locked-seat helper; `record_action` settles, lets the
quick bots choose, persists and announces, in that order."""
import ast
import pathlib

import pytest
from django.db import transaction

from games import engine, services, tasks
from games.services import bot_port, play
from tests.factories import start_table

SERVICES = pathlib.Path(services.__file__).parent


def service_modules():
    return {path.stem: ast.parse(path.read_text()) for path in sorted(SERVICES.glob("*.py"))}


def imported_names(tree):
    """(module, name) for every import of `tree`: `from games import tasks` gives ("games", "tasks")."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, None
        elif isinstance(node, ast.ImportFrom):
            for alias in node.names:
                yield ("." * node.level) + (node.module or ""), alias.name


def test_no_service_module_imports_the_celery_tasks():
    for name, tree in service_modules().items():
        for module, imported in imported_names(tree):
            assert not module.startswith("games.tasks"), f"services/{name}.py imports {module}"
            assert (module, imported) != ("games", "tasks"), f"services/{name}.py imports games.tasks"


def test_service_modules_import_only_at_their_top():
    for name, tree in service_modules().items():
        top = {id(node) for node in tree.body}
        inner = [node.lineno for node in ast.walk(tree)
                 if isinstance(node, (ast.Import, ast.ImportFrom)) and id(node) not in top]
        assert inner == [], f"services/{name}.py imports inside a function at lines {inner}"


def test_service_modules_import_one_another_one_way_only():
    modules = service_modules()
    graph = {}
    for name, tree in modules.items():
        uses = set()
        for module, imported in imported_names(tree):
            if module == ".":
                uses.add(imported)
            elif module.startswith(".") and module[1:] in modules:
                uses.add(module[1:])
        graph[name] = uses & set(modules)

    done, path = set(), []

    def visit(name):
        assert name not in path, f"an import circle: {' -> '.join(path[path.index(name):] + [name])}"
        if name in done:
            return
        path.append(name)
        for used in sorted(graph[name]):
            visit(used)
        path.pop()
        done.add(name)

    for name in sorted(graph):
        visit(name)


def test_the_user_s_seat_is_found_under_the_lock_by_the_one_helper_only():
    finders = {name for name, tree in service_modules().items()
               for node in ast.walk(tree)
               if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "user_seat"}
    assert finders == {"common", "snapshots"}, "a write finds the user's seat through common.lock_seat"


def test_at_startup_the_celery_task_module_is_the_bot_turn_runner():
    assert bot_port.runner is tasks.ask_for_bot_turns


def test_asking_for_bot_turns_with_no_runner_registered_says_what_is_missing(monkeypatch):
    monkeypatch.setattr(bot_port, "runner", None)
    with pytest.raises(RuntimeError, match="games.tasks"):
        bot_port.request_bot_turns(1, [2], 3)


@pytest.mark.django_db(transaction=True)
def test_a_service_s_bot_turns_reach_the_registered_runner_only_after_the_commit(make_user, settings, monkeypatch):
    settings.QUICK_BOTS_INLINE = False
    asked = []
    monkeypatch.setattr(bot_port, "runner", lambda *args: asked.append(args))
    host = make_user("host")
    match = services.do_create_match(host, players=4, bots=["", "medium", "hard", "easy"])
    with transaction.atomic():
        services.do_start(match.pk, host)
        assert asked == []
    match.refresh_from_db()
    assert asked == [(match.pk, [1, 2, 3], match.step_version, (2,))]


@pytest.mark.django_db(transaction=True)
def test_record_action_settles_lets_the_quick_bots_choose_persists_and_then_announces(make_user, monkeypatch):
    host = make_user("host")
    match = start_table(host, players=3)
    steps = []
    for step in ("settle", "play_quick_bots", "persist", "announce"):
        real = getattr(play, step)

        def spy(*args, _step=step, _real=real, **kwargs):
            steps.append(_step)
            return _real(*args, **kwargs)

        monkeypatch.setattr(play, step, spy)
    match.refresh_from_db()
    services.do_submit(match.pk, host, engine.legal_actions(match.state, 0)[0])
    # The host's card ends the turn: the new turn is settled, its quick bots choose, and only then is
    # anything written (one version for all) and announced.
    assert steps == ["settle", "play_quick_bots", "persist", "announce"]
    match.refresh_from_db()
    assert set(match.actions.filter(version=match.version).values_list("by", flat=True)) == {"player", "bot"}

"""The engine's modules import each other without a circle: a variant or an expansion is hooks
its base modules ask, never a module that imports them back (function-level imports count too:
a late import hides a circle, it does not break it); and the 2-player variant's modules are such
hooks, with no function of the contract of their own."""
import ast
from pathlib import Path

import games.engine

ROOT = Path(games.engine.__file__).resolve().parent
PACKAGE = "games.engine"


def _module_name(path):
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([PACKAGE, *parts])


def _modules():
    return {_module_name(path): path for path in ROOT.rglob("*.py")}


def _imports(name, path, modules):
    """The engine modules `name` imports anywhere in its source."""
    is_package = path.name == "__init__.py"
    package = name if is_package else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            source = (f"{base}.{node.module}" if node.module else base) if node.level else node.module
            for alias in node.names:
                found.add(f"{source}.{alias.name}" if f"{source}.{alias.name}" in modules else source)
    return {target for target in found if target in modules and target != name}


def import_graph():
    modules = _modules()
    return {name: _imports(name, path, modules) for name, path in modules.items()}


def find_cycle(graph):
    """A list of modules that import each other in a circle, or None."""
    state = {}
    stack = []

    def visit(node):
        state[node] = "open"
        stack.append(node)
        for target in sorted(graph.get(node, ())):
            if state.get(target) == "open":
                return stack[stack.index(target):] + [target]
            if target not in state:
                cycle = visit(target)
                if cycle:
                    return cycle
        stack.pop()
        state[node] = "done"
        return None

    for node in sorted(graph):
        if node not in state:
            cycle = visit(node)
            if cycle:
                return cycle
    return None


def test_the_engine_has_no_import_cycle():
    assert find_cycle(import_graph()) is None, " -> ".join(find_cycle(import_graph()))


def test_the_graph_sees_the_imports_of_the_base_rules_and_their_hooks():
    graph = import_graph()
    assert "games.engine.base.two_players_rules" in graph["games.engine.base.rules"]
    assert "games.engine.base.actions" in graph["games.engine.base.two_players_rules"]
    assert "games.engine.base.rules" not in graph["games.engine.base.two_players_rules"]


def test_the_cycle_finder_finds_a_circle_through_a_late_import():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None


def test_the_two_player_variant_is_hooks_that_fork_no_function_of_the_contract():
    from games.engine.contract import FUNCTIONS

    modules = _modules()
    variant = {name: path for name, path in modules.items() if name.startswith("games.engine.base.two_players")}
    assert len(variant) >= 4
    for name, path in variant.items():
        defined = {node.name for node in ast.parse(path.read_text(encoding="utf-8")).body
                   if isinstance(node, ast.FunctionDef)}
        assert not defined & set(FUNCTIONS), f"{name} defines its own {sorted(defined & set(FUNCTIONS))}"

"""No site module names a game: a game's id, and the ids of its rating modes, appear only in the
engine (``games/engine``), in the game's site folder (``games/presentation/<id>/``), in the site's
registry that points there, and in API documentation examples. Everything else asks the registries.

The reference app (``cards/``) is outside this check for now: its catalogue data sets (base,
Cities, the 2-player cards, Architects) are named after the games they describe, and moving each
game's catalogue into its homes is work still to do (docs/architecture.md, "Adding a game")."""
import ast
from pathlib import Path

from games import engine

ROOT = Path(__file__).resolve().parents[1]
CHECKED = ("games", "accounts", "wonders_site")
REGISTRIES = ("games/engine/registry.py", "games/presentation/__init__.py")
# Calls whose arguments are documentation examples (drf-spectacular), free to use a real id.
EXAMPLE_CALLS = {"OpenApiExample"}
EXAMPLE_MODULES = ("games/history/api/examples.py",)


def game_words():
    words = set()
    for game in engine.games():
        words.add(game)
        words.update(engine.info(game)["rating_modes"])
    return words


def is_home(path):
    parts = path.parts
    # The engine is every game's rules (its CLI and defaults may name a game); migrations are history.
    return parts[:2] == ("games", "engine") or \
        (parts[:2] == ("games", "presentation") and len(parts) > 3) or "migrations" in parts


def names_in(tree, words):
    skipped = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) in EXAMPLE_CALLS:
            skipped.update(id(inner) for inner in ast.walk(node))
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and node.value in words and id(node) not in skipped]


def offenders(words):
    found = []
    for top in CHECKED:
        for path in sorted((ROOT / top).rglob("*.py")):
            relative = path.relative_to(ROOT)
            if is_home(relative) or str(relative) in REGISTRIES + EXAMPLE_MODULES:
                continue
            found += [f"{relative}:{line} names {value!r}" for line, value in names_in(ast.parse(path.read_text()), words)]
    return found


def test_no_site_module_names_a_game_or_a_rating_mode_outside_its_homes():
    assert offenders(game_words()) == []


def test_the_check_finds_a_game_named_in_a_site_module(tmp_path):
    tree = ast.parse('DEFAULT = "base"\nOpenApiExample("x", {"mode": "base"})\n')
    assert names_in(tree, {"base"}) == [(1, "base")]

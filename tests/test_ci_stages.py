"""CI runs `make test-integration` as two halves (.ci/run: the site's tests, and the engine's thorough
games beside the other stages; docs/testing.md, "How CI spends its time"). The halves' marker
expressions, read from the Makefile, must together select what the whole selects, each test once."""
import itertools
import re
import shlex
from pathlib import Path

from _pytest.mark.expression import Expression

ROOT = Path(__file__).resolve().parent.parent
MARKERS = ("integration", "e2e", "engine", "thorough")


def marker_expression(target):
    """The -m expression of the pytest command under a Makefile target."""
    makefile = (ROOT / "Makefile").read_text()
    recipe = re.search(rf"^{re.escape(target)}:.*\n((?:\t.*\n)+)", makefile, re.M).group(1)
    words = shlex.split(recipe.replace("\\\n", " "))
    after_pytest = words[words.index("pytest") + 1:]  # python's own -m comes before
    return after_pytest[after_pytest.index("-m") + 1]


def selected(target, marks):
    return Expression.compile(marker_expression(target)).evaluate(lambda name, **_: name in marks)


def test_the_two_halves_of_the_integration_stage_select_each_of_its_tests_once():
    for flags in itertools.product((False, True), repeat=len(MARKERS)):
        marks = {name for name, on in zip(MARKERS, flags) if on}
        site, engine = selected("test-integration-site", marks), selected("test-thorough-engine", marks)
        assert not (site and engine), f"a test marked {sorted(marks)} would run in both halves"
        assert (site or engine) == selected("test-integration", marks), f"marked {sorted(marks)}"


def test_ci_runs_both_halves_and_waits_for_the_one_beside_the_others():
    script = (ROOT / ".ci" / "run").read_text()
    assert "make test-integration-site" in script and "make test-thorough-engine" in script
    assert 'wait "$thorough"' in script

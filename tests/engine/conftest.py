"""Every test under tests/engine is marked ``engine``: pure rules and bots, no database, no
services. ``make test`` runs them all. ``make test-integration`` runs the suite again against the
real services with HYPOTHESIS_PROFILE=thorough, and of these it runs only those marked
``thorough`` (the conformance suite and the property tests, whose games multiply under that
profile): the others would repeat ``make test``'s run case for case."""
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config, items):
    for item in items:
        if HERE in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.engine)

"""Fixtures for the rules and search tests: the whole catalogue (cards, wonders, rules, search
index) loaded once per test module, and the questions of the relevance set."""
from pathlib import Path

import pytest
import yaml

QUESTIONS_FILE = Path(__file__).with_name("questions.yaml")
SEEDS_DIR = Path(__file__).resolve().parents[3].parent / "shared" / "seeds"


def questions() -> dict[str, list[dict]]:
    return yaml.safe_load(QUESTIONS_FILE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def site(django_db_setup, django_db_blocker):
    """The whole catalogue, committed (tests/conftest.py loads it once per session; it is loaded
    again here if a transactional test flushed it). Tests using it also take `db`, so what they
    write is rolled back."""
    from io import StringIO

    from django.core.management import call_command

    from cards.models import Card, RuleSection

    with django_db_blocker.unblock():
        if not Card.objects.exists() or not RuleSection.objects.exists():
            call_command("load_catalogue", stdout=StringIO())
    yield

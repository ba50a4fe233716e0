"""Fixtures for the rules and search tests: the whole catalogue (cards, wonders, rules, search
index) loaded once per test module, and the questions of the relevance set."""
from pathlib import Path

import pytest
import yaml

QUESTIONS_FILE = Path(__file__).with_name("questions.yaml")
SEEDS_DIR = Path(__file__).resolve().parents[3].parent / "shared" / "seeds"


def questions() -> dict[str, list[dict]]:
    return yaml.safe_load(QUESTIONS_FILE.read_text(encoding="utf-8"))


def clear_catalogue() -> None:
    from django.db import connection

    from cards.models import Card, ImportedRulebook, RuleSection, SearchDocument, SearchWord, Wonder

    SearchDocument.objects.all().delete()
    SearchWord.objects.all().delete()
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("DELETE FROM cards_search_fts")
    ImportedRulebook.objects.all().delete()
    RuleSection.objects.all().delete()
    Card.objects.all().delete()
    Wonder.objects.all().delete()


@pytest.fixture(scope="module")
def site(django_db_setup, django_db_blocker):
    """`manage.py load_catalogue` run once for the module (committed), removed afterwards. Tests
    using it also take `db`, so what they write is rolled back."""
    from io import StringIO

    from django.core.management import call_command

    with django_db_blocker.unblock():
        call_command("load_catalogue", stdout=StringIO())
    yield
    with django_db_blocker.unblock():
        clear_catalogue()

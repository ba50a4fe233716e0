"""Reading and checking the Architects data file (cards/data/architects/architects.json) for the
catalogue. The engine reads the same file (games/engine/architects/catalogue.py); this module
checks what the pages need on top of it: a name and a text in every language for every record."""
import json
from functools import lru_cache
from pathlib import Path

from cards.catalogue_data import DATA_DIR, LANGUAGES, CatalogueError

ARCHITECTS_FILE = "architects/architects.json"
CENTRAL_DECK = "central"


def _kind_of(record: dict) -> str:
    if record.get("resource"):
        return "resource"
    if record.get("coins"):
        return "gold"
    if record.get("science"):
        return "science"
    if record.get("shields"):
        return "military"
    return "points"


def _check_words(record: dict, fields: tuple[str, ...]) -> None:
    for field in fields:
        words = record.get(field)
        for language in LANGUAGES:
            if not isinstance(words, dict) or not str(words.get(language) or "").strip():
                raise CatalogueError(ARCHITECTS_FILE, record.get("id", "-"), f"{field}.{language}", "missing or empty")


def read_architects(data_dir: Path = DATA_DIR) -> dict:
    """The data file, checked, with each card kind's `kind` (resource, gold, science, military,
    points) added."""
    path = data_dir / ARCHITECTS_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CatalogueError(ARCHITECTS_FILE, "-", "-", "file not found") from None
    except json.JSONDecodeError as error:
        raise CatalogueError(ARCHITECTS_FILE, "-", "-", f"not valid JSON: {error}") from None
    for key in ("card_kinds", "decks", "wonders", "progress_tokens", "components"):
        if key not in data:
            raise CatalogueError(ARCHITECTS_FILE, "-", key, "missing")
    kinds = {record["id"] for record in data["card_kinds"]}
    for record in data["card_kinds"]:
        _check_words(record, ("names", "text"))
        record["kind"] = _kind_of(record)
    wonders = {record["id"] for record in data["wonders"]}
    for record in data["wonders"]:
        _check_words(record, ("names", "power_text"))
    for deck, counts in data["decks"].items():
        if deck != CENTRAL_DECK and deck not in wonders:
            raise CatalogueError(ARCHITECTS_FILE, deck, "decks", "a deck is a wonder's id or 'central'")
        unknown = set(counts) - kinds
        if unknown:
            raise CatalogueError(ARCHITECTS_FILE, deck, "decks", f"unknown card kinds {sorted(unknown)}")
    for record in [*data["progress_tokens"], *data["components"]]:
        _check_words(record, ("names", "text"))
    return data


@lru_cache(maxsize=1)
def architects_data() -> dict:
    """The checked data, read once (the pages' static facts: conflict tokens, points)."""
    return read_architects()

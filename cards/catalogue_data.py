"""Reading and checking the catalogue data files (cards/data/*.json).

Every problem is reported with the file, the record and the field, so that a broken edit of
the data is easy to find. The rules engine reads the same files through games.engine.
"""
import json
from dataclasses import dataclass
from pathlib import Path

DATA_DIR = Path(__file__).resolve().parent / "data"
CARD_FILES = ["cards_age1.json", "cards_age2.json", "cards_age3.json"]
WONDER_FILE = "wonders.json"

LANGUAGES = ["en", "it", "pt-br"]
COLORS = ["brown", "grey", "blue", "yellow", "red", "green", "purple"]
RESOURCES = ["wood", "stone", "clay", "ore", "glass", "textile", "papyrus"]
COST_KEYS = ["coins", *RESOURCES]
SYMBOLS = ["compass", "gear", "tablet"]
SCOPES = ["left", "self", "right"]
COUNTABLE = [*COLORS, "wonder_stages", "defeat_tokens"]

# Effect type -> {field: checker}
_EFFECT_FIELDS = {
    "produce": {"options": "resources", "amount": "positive", "tradable": "bool"},
    "shields": {"amount": "positive"},
    "points": {"amount": "positive"},
    "coins": {"amount": "positive"},
    "science": {"symbol": "symbol"},
    "science_choice": {},
    "trade_discount": {"resources": "resources", "neighbors": "neighbors", "price": "positive"},
    "coins_per": {"counts": "counts", "scope": "scope", "amount": "positive"},
    "points_per": {"counts": "counts", "scope": "scope", "amount": "positive"},
    "free_build_per_age": {},
    "build_from_discard": {},
    "play_seventh_card": {},
    "copy_guild": {},
}


@dataclass
class CatalogueError(Exception):
    file: str
    record: str
    field: str
    problem: str

    def __str__(self):
        return f"{self.file}: record {self.record!r}, field {self.field!r}: {self.problem}"


def _is_list_of(value, allowed) -> bool:
    return isinstance(value, list) and bool(value) and all(item in allowed for item in value)


_CHECKS = {
    "positive": lambda v: isinstance(v, int) and not isinstance(v, bool) and v > 0,
    "bool": lambda v: isinstance(v, bool),
    "symbol": lambda v: v in SYMBOLS,
    "resources": lambda v: _is_list_of(v, RESOURCES),
    "neighbors": lambda v: _is_list_of(v, ["left", "right"]),
    "scope": lambda v: _is_list_of(v, SCOPES),
    "counts": lambda v: _is_list_of(v, COUNTABLE),
}


class _Record:
    """Field access that names the file, record and field on failure."""

    def __init__(self, file: str, data, index: int):
        self.file = file
        self.data = data
        self.name = data.get("id", f"#{index}") if isinstance(data, dict) else f"#{index}"
        if not isinstance(data, dict):
            self.fail("-", "a record must be a JSON object")

    def fail(self, field: str, problem: str):
        raise CatalogueError(self.file, str(self.name), field, problem)

    def get(self, field: str, kind, check=None, problem=""):
        if field not in self.data:
            self.fail(field, "missing")
        value = self.data[field]
        if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
            self.fail(field, f"must be {getattr(kind, '__name__', kind)}")
        if check is not None and not check(value):
            self.fail(field, problem)
        return value

    def cost(self, field: str = "cost", value=None):
        cost = self.get(field, dict) if value is None else value
        if sorted(cost) != sorted(COST_KEYS):
            self.fail(field, f"must have exactly the keys {', '.join(COST_KEYS)}")
        for key, amount in cost.items():
            if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
                self.fail(f"{field}.{key}", "must be a whole number, 0 or more")
        return cost

    def texts(self, field: str, value=None):
        texts = self.get(field, dict) if value is None else value
        for language in LANGUAGES:
            text = texts.get(language)
            if not isinstance(text, str) or not text.strip():
                self.fail(f"{field}.{language}", "missing or empty")
        extra = set(texts) - set(LANGUAGES)
        if extra:
            self.fail(field, f"unknown languages {sorted(extra)}")
        return texts

    def effects(self, field: str = "effects", value=None):
        effects = self.get(field, list) if value is None else value
        for position, effect in enumerate(effects):
            where = f"{field}[{position}]"
            if not isinstance(effect, dict) or effect.get("type") not in _EFFECT_FIELDS:
                self.fail(where, f"type must be one of {', '.join(_EFFECT_FIELDS)}")
            fields = _EFFECT_FIELDS[effect["type"]]
            for name, check in fields.items():
                if name not in effect or not _CHECKS[check](effect[name]):
                    self.fail(f"{where}.{name}", f"missing or not a valid {check}")
            unknown = set(effect) - set(fields) - {"type"}
            if unknown:
                self.fail(where, f"unknown fields {sorted(unknown)}")
        return effects


def _read_json_list(path: Path) -> list:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CatalogueError(path.name, "-", "-", "file not found") from None
    except json.JSONDecodeError as error:
        raise CatalogueError(path.name, "-", "-", f"not valid JSON: {error}") from None
    if not isinstance(data, list):
        raise CatalogueError(path.name, "-", "-", "must be a JSON list of records")
    return data


def deck_player_counts(data_dir: Path = DATA_DIR) -> tuple[int, ...]:
    """The player counts the card data deals a deck for (its copies' thresholds, lowest to
    highest); the 2-player variant plays with the 3-player deck."""
    thresholds = {n for card in read_cards(data_dir) for n in card["copies"]}
    return tuple(range(min(thresholds), max(thresholds) + 1))


def filter_player_counts(data_dir: Path = DATA_DIR) -> tuple[int, ...]:
    """The player counts the catalogue filters by: those the card data deals a deck for, then
    those the base game seats only with an option (8 with Cities), each of which plays with one
    of those decks (deck_players)."""
    from games.engine.options import player_range

    decks = deck_player_counts(data_dir)
    return tuple(range(decks[0], max(decks[-1], player_range("base")[1]) + 1))


def deck_players(players: int) -> int:
    """The player count whose deck a game of `players` uses: the engine's rule (7 at 8 players)."""
    from games.engine.base.cities_setup import deck_players as engine_deck_players

    return engine_deck_players(players)


def read_cards(data_dir: Path = DATA_DIR) -> list[dict]:
    """Every card record of every age file, checked."""
    from games import engine

    low, high = engine.info("base")["min_players"], engine.info("base")["max_players"]
    cards: list[dict] = []
    seen: dict[str, str] = {}
    for file in CARD_FILES:
        for index, data in enumerate(_read_json_list(data_dir / file)):
            record = _Record(file, data, index)
            card_id = record.get("id", str, lambda v: v.isidentifier() and v.islower(), "must be a snake_case slug")
            if card_id in seen:
                record.fail("id", f"duplicate: already in {seen[card_id]}")
            seen[card_id] = file
            record.get("expansion", str, lambda v: v == "base", "unknown expansion")
            record.get("age", int, lambda v: 1 <= v <= 3, "must be 1, 2 or 3")
            color = record.get("color", str, lambda v: v in COLORS, f"must be one of {', '.join(COLORS)}")
            record.cost()
            copies = record.get("copies", list)
            if any(not isinstance(n, int) or not low <= n <= high for n in copies):
                record.fail("copies", f"thresholds must be whole numbers from {low} to {high}")
            if (color == "purple") != (copies == []):
                record.fail("copies", "must be empty for guilds and only for guilds")
            for field in ("chain_from", "chain_to"):
                if not all(isinstance(v, str) for v in record.get(field, list)):
                    record.fail(field, "must be a list of card ids")
            record.effects()
            record.texts("names")
            record.texts("text")
            cards.append(data)
    _check_chains(cards, seen)
    return cards


def _check_chains(cards: list[dict], files: dict[str, str]) -> None:
    by_id = {card["id"]: card for card in cards}
    for card in cards:
        for field, reverse in (("chain_to", "chain_from"), ("chain_from", "chain_to")):
            for other in card[field]:
                if other not in by_id:
                    raise CatalogueError(files[card["id"]], card["id"], field, f"unknown card {other!r}")
                if card["id"] not in by_id[other][reverse]:
                    raise CatalogueError(
                        files[card["id"]], card["id"], field, f"{other!r} does not list it in {reverse}"
                    )


def read_wonders(data_dir: Path = DATA_DIR) -> list[dict]:
    wonders = []
    seen = set()
    for index, data in enumerate(_read_json_list(data_dir / WONDER_FILE)):
        record = _Record(WONDER_FILE, data, index)
        wonder_id = record.get("id", str, lambda v: v.isidentifier() and v.islower(), "must be a snake_case slug")
        if wonder_id in seen:
            record.fail("id", "duplicate")
        seen.add(wonder_id)
        record.get("expansion", str, lambda v: v == "base", "unknown expansion")
        record.get("starting_resource", str, lambda v: v in RESOURCES, "must be a resource")
        record.texts("names")
        record.texts("city")
        sides = record.get("sides", dict, lambda v: sorted(v) == ["A", "B"], "must have sides A and B")
        for side, content in sides.items():
            stages = content.get("stages") if isinstance(content, dict) else None
            if not isinstance(stages, list) or not stages:
                record.fail(f"sides.{side}.stages", "must be a non-empty list")
            for number, stage in enumerate(stages, start=1):
                where = f"sides.{side}.stages[{number}]"
                if not isinstance(stage, dict):
                    record.fail(where, "must be an object")
                record.cost(f"{where}.cost", stage.get("cost", {}))
                record.effects(f"{where}.effects", stage.get("effects", []))
                record.texts(f"{where}.text", stage.get("text", {}))
        wonders.append(data)
    return wonders

"""The game's data (``cards/data/architects/architects.json``) as read-only tables.

Every physical card has its own id, ``"<deck>-<kind>-<copy>"`` (``"giza-blue_cat-2"``): kinds repeat
across copies, and a view may show a card that is face up while another copy of its kind lies
hidden in a deck, so only per-copy ids let ``hidden_ids`` name exactly what a seat must not see.
The id also tells the deck a card belongs to (cards only ever go back to their own deck).
Progress tokens likewise: ``"<kind>-<copy>"`` (``"culture-2"``).
"""
import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

DATA_FILE = Path(__file__).resolve().parents[3] / "cards" / "data" / "architects" / "architects.json"
CENTRAL = "central"
# Names and texts for the pages: the engine never reads them.
WORDS = ("names", "text")


@dataclass(frozen=True)
class Kind:
    id: str
    color: str
    resource: str | None = None
    coins: int = 0
    science: str | None = None
    shields: int = 0
    horns: int = 0
    points: int = 0
    cat: bool = False


@dataclass(frozen=True)
class Stage:
    number: int
    level: int
    count: int
    same: bool
    points: int
    power: bool


@dataclass(frozen=True)
class Wonder:
    id: str
    power: str | None
    stages: tuple

    def stage(self, number):
        return self.stages[number - 1]


@dataclass(frozen=True)
class TokenKind:
    id: str
    copies: int
    effect: str
    facts: dict


class Catalogue:
    def __init__(self, data):
        self.kinds = {}
        for record in data["card_kinds"]:
            fields = {k: v for k, v in record.items() if k not in WORDS}
            self.kinds[record["id"]] = Kind(**fields)
        self.wonders = {}
        for record in data["wonders"]:
            stages = tuple(Stage(s["stage"], s["level"], s["cost"]["count"], s["cost"]["same"], s["points"],
                                 s["power"]) for s in record["stages"])
            self.wonders[record["id"]] = Wonder(record["id"], record["power"], stages)
        self.wonder_ids = tuple(self.wonders)
        self.decks = {deck: _copies(deck, counts) for deck, counts in data["decks"].items()}
        for cards in self.decks.values():  # rollouts ask a card's kind hundreds of thousands of times
            _KIND_OF.update((card, card.split("-")[1]) for card in cards)
        self.kind_by_card = {card: self.kinds[_KIND_OF[card]] for cards in self.decks.values() for card in cards}
        self.tokens = {}
        for record in data["progress_tokens"]:
            facts = {k: v for k, v in record.items() if k not in ("id", "copies", "effect", *WORDS)}
            self.tokens[record["id"]] = TokenKind(record["id"], record["copies"], record["effect"], facts)
        self.token_ids = tuple(f"{kind.id}-{copy}" for kind in self.tokens.values()
                               for copy in range(1, kind.copies + 1))
        self.conflict_tokens = {int(players): count for players, count in data["conflict_tokens"].items()}
        self.military_token_points = data["military_token_points"]
        self.cat_points = data["cat_points"]
        self.resources = tuple(kind.id for kind in self.kinds.values() if kind.resource)
        self.symbols = tuple(kind.science for kind in self.kinds.values() if kind.science)

    def kind(self, card_id):
        found = self.kind_by_card.get(card_id)
        return found if found is not None else self.kinds[kind_of(card_id)]

    def token(self, token_id):
        return self.tokens[token_kind_of(token_id)]


def _copies(deck, counts):
    return tuple(f"{deck}-{kind}-{copy}" for kind, count in counts.items() for copy in range(1, count + 1))


_KIND_OF = {}  # every card id of the catalogue -> its kind (filled when the catalogue loads)


def kind_of(card_id):
    found = _KIND_OF.get(card_id)
    return found if found is not None else card_id.split("-")[1]


def deck_of(card_id):
    return card_id.split("-")[0]


def token_kind_of(token_id):
    return token_id.split("-")[0]


@lru_cache(maxsize=1)
def get():
    with open(DATA_FILE, encoding="utf-8") as file:
        return Catalogue(json.load(file))

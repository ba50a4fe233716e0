"""The card and wonder catalogue, read once from ``cards/data/*.json``.

The engine reads the same data files as the site (see ``cards/data/README.md``), so a rule and
its card text never drift apart. The directory is found relative to this package
(``<repo>/cards/data``); ``load(data_dir)`` builds a catalogue from another directory (tests).

Everything the rules need is compiled into small objects with ``__slots__`` and tuples:

- resources are indices 0..6 in ``RESOURCES`` order (4 raw, then 3 manufactured); a cost is a
  7-tuple of units plus a separate coin cost;
- every effect list (a card's or a wonder stage's) becomes one ``Effects`` object with the
  production split into fixed units and choice producers, tradable or not, and the powers as
  flags.

Identity of a structure: the rule "never two structures of the same name in one city" compares
``Card.key``, the English name lower-cased (``loom_1`` and ``loom_2`` are both "loom").

Producer tradability: a card's production can be bought by a neighbour when its effect says
``tradable: true`` *and* the card is brown or grey (rulebook 002 l.204-212); wonder-stage
production is never tradable; the starting resource of a board always is.
"""

import json
import os
from pathlib import Path

RESOURCES = ("wood", "stone", "clay", "ore", "glass", "textile", "papyrus")
RES_INDEX = {r: i for i, r in enumerate(RESOURCES)}
RAW = frozenset(range(4))
MANUFACTURED = frozenset(range(4, 7))
SYMBOLS = ("compass", "gear", "tablet")
SYMBOL_INDEX = {s: i for i, s in enumerate(SYMBOLS)}
COLORS = ("brown", "grey", "blue", "yellow", "red", "green", "purple", "black")  # black: Cities
SCOPES = ("left", "self", "right")
COUNTABLE = frozenset(COLORS) | {"wonder_stages", "defeat_tokens", "victory_tokens"}
LOSS_PER = (None, "victory_tokens", "wonder_stages")
ZERO = (0, 0, 0, 0, 0, 0, 0)

DEFAULT_DATA_DIR = Path(__file__).resolve().parents[3] / "cards" / "data"


class CatalogueError(ValueError):
    pass


class Effects:
    """Compiled effects of one card or one wonder stage."""

    __slots__ = (
        "fixed", "choices", "trade_fixed", "trade_choices", "shields", "points", "coins",
        "science", "science_choice", "discounts", "coins_per", "points_per",
        "free_build_per_age", "build_from_discard", "play_seventh_card", "copy_guild", "raw",
        # Cities (cities_rules.py): others' coin loss (amount, per), diplomacy tokens, masks,
        # first-purchase discounts (sides), warehouse / black market, stages without resources,
        # coins to each neighbour; `cities` = any of them (a quick test for the turn hook).
        "loss", "diplomacy", "masks", "docks", "owned_choice", "missing_choice", "stages_free",
        "coins_neighbors", "cities",
    )

    def __init__(self, effects, tradable_ok, where):
        fixed = [0] * 7
        choices = []
        trade_fixed = [0] * 7
        trade_choices = []
        self.shields = 0
        self.points = 0
        self.coins = 0
        self.science = -1
        self.science_choice = 0
        self.discounts = []  # (frozenset resources, (sides...), price)
        self.coins_per = []  # (counts tuple, scope tuple, amount)
        self.points_per = []
        self.free_build_per_age = False
        self.build_from_discard = False
        self.play_seventh_card = False
        self.copy_guild = False
        self.loss = None
        self.diplomacy = self.masks = self.coins_neighbors = 0
        self.docks = ()
        self.owned_choice = self.missing_choice = self.stages_free = False
        self.raw = effects
        for e in effects:
            t = e.get("type")
            if t == "produce":
                opts = tuple(_res(r, where) for r in e["options"])
                amount = int(e.get("amount", 1))
                tradable = bool(e.get("tradable", False)) and tradable_ok
                if len(opts) == 1:
                    fixed[opts[0]] += amount
                    if tradable:
                        trade_fixed[opts[0]] += amount
                else:
                    # A choice producer gives `amount` units of one option; the base game only
                    # has amount 1, so amount > 1 is modelled as that many choice units.
                    for _ in range(amount):
                        choices.append(tuple(sorted(opts)))
                        if tradable:
                            trade_choices.append(tuple(sorted(opts)))
            elif t == "shields":
                self.shields += int(e["amount"])
            elif t == "points":
                self.points += int(e["amount"])
            elif t == "coins":
                self.coins += int(e["amount"])
            elif t == "science":
                if e["symbol"] not in SYMBOL_INDEX:
                    raise CatalogueError(f"{where}: unknown science symbol {e['symbol']!r}")
                self.science = SYMBOL_INDEX[e["symbol"]]
            elif t == "science_choice":
                self.science_choice += 1
            elif t == "trade_discount":
                res = frozenset(_res(r, where) for r in e["resources"])
                sides = tuple(e["neighbors"])
                for s in sides:
                    if s not in ("left", "right"):
                        raise CatalogueError(f"{where}: bad neighbour {s!r}")
                self.discounts.append((res, sides, int(e.get("price", 1))))
            elif t in ("coins_per", "points_per"):
                counts = tuple(e["counts"])
                scope = tuple(e["scope"])
                for c in counts:
                    if c not in COUNTABLE:
                        raise CatalogueError(f"{where}: cannot count {c!r}")
                for s in scope:
                    if s not in SCOPES:
                        raise CatalogueError(f"{where}: bad scope {s!r}")
                item = (counts, scope, int(e["amount"]))
                (self.coins_per if t == "coins_per" else self.points_per).append(item)
            elif t == "free_build_per_age":
                self.free_build_per_age = True
            elif t == "build_from_discard":
                self.build_from_discard = True
            elif t == "play_seventh_card":
                self.play_seventh_card = True
            elif t == "copy_guild":
                self.copy_guild = True
            elif t in CITIES_EFFECTS:
                self._cities_effect(t, e, where)
            else:
                raise CatalogueError(f"{where}: unknown effect type {t!r}")
        self.fixed = tuple(fixed)
        self.choices = tuple(choices)
        self.trade_fixed = tuple(trade_fixed)
        self.trade_choices = tuple(trade_choices)
        self.cities = bool(self.loss or self.diplomacy or self.coins_neighbors)

    def _cities_effect(self, t, e, where):
        if t == "coin_loss":
            if e.get("per") not in LOSS_PER:
                raise CatalogueError(f"{where}: bad coin_loss per {e.get('per')!r}")
            self.loss = (int(e["amount"]), e.get("per"))
        elif t == "diplomacy":
            self.diplomacy += int(e.get("amount", 1))
        elif t == "mask":
            self.masks += 1
        elif t == "first_purchase_discount":
            for s in e["neighbors"]:
                if s not in ("left", "right"):
                    raise CatalogueError(f"{where}: bad neighbour {s!r}")
            self.docks = self.docks + tuple((s, int(e.get("amount", 1))) for s in e["neighbors"])
        elif t == "produce_owned_choice":
            self.owned_choice = True
        elif t == "produce_missing_choice":
            self.missing_choice = True
        elif t == "stages_without_resources":
            self.stages_free = True
        elif t == "coins_to_neighbors":
            self.coins_neighbors += int(e["amount"])


CITIES_EFFECTS = frozenset({
    "coin_loss", "diplomacy", "mask", "first_purchase_discount", "produce_owned_choice",
    "produce_missing_choice", "stages_without_resources", "coins_to_neighbors",
})


class Card:
    __slots__ = ("id", "idx", "key", "age", "color", "cost", "coins", "copies", "chain_from",
                 "chain_to", "fx", "names", "expansion", "free_cost")

    def __repr__(self):
        return f"<Card {self.id}>"


class Stage:
    __slots__ = ("index", "cost", "coins", "fx")


class Wonder:
    __slots__ = ("id", "start", "sides", "names", "city", "expansion")

    def __repr__(self):
        return f"<Wonder {self.id}>"


class Catalogue:
    """Lookup tables: ``cards`` (id -> Card, every expansion), ``card_list`` (the base game's
    cards, data order: the calculator's), ``by_age`` (age -> [Card], base),
    ``guilds`` (the base game's), ``wonders`` (id -> Wonder, every expansion), ``wonder_ids``
    (the base game's, data order). Cities (``cards/data/cities/cities.json``): ``black`` (age ->
    [Card]), ``cities_guilds`` (the 3 new ones), ``cities_wonder_ids``."""

    def __init__(self, cards, wonders, data_dir):
        self.data_dir = str(data_dir)
        self.cards = {c.id: c for c in cards}
        self.card_list = [c for c in cards if c.expansion == "base"]  # the base game's, data order
        self.by_age = {1: [], 2: [], 3: []}
        self.black = {1: [], 2: [], 3: []}
        for c in cards:
            if c.expansion == "base":
                self.by_age.setdefault(c.age, []).append(c)
            elif c.color == "black":
                self.black[c.age].append(c)
        self.guilds = [c for c in cards if c.color == "purple" and c.expansion == "base"]
        self.cities_guilds = [c for c in cards if c.color == "purple" and c.expansion == "cities"]
        self.wonders = {w.id: w for w in wonders}
        self.wonder_ids = [w.id for w in wonders if w.expansion == "base"]
        self.cities_wonder_ids = [w.id for w in wonders if w.expansion == "cities"]

    def deck_cards(self, age, players):
        """Card ids of an age for a player count, guilds excluded (one id per physical copy)."""
        out = []
        for c in self.by_age.get(age, ()):
            if c.color == "purple" and not c.copies:
                continue
            for threshold in c.copies:
                if threshold <= players:
                    out.append(c.id)
        return out


def _res(name, where):
    try:
        return RES_INDEX[name]
    except KeyError:
        raise CatalogueError(f"{where}: unknown resource {name!r}") from None


def _cost(d, where):
    keys = ("coins",) + RESOURCES
    missing = [k for k in keys if k not in d]
    if missing:
        raise CatalogueError(f"{where}: cost lacks {missing}")
    return tuple(int(d[r]) for r in RESOURCES), int(d["coins"])


def _load_json(path):
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def load(data_dir=None):
    """Build a Catalogue from a data directory (default: the repo's ``cards/data``)."""
    data_dir = Path(data_dir or os.environ.get("WONDERS_CARD_DATA") or DEFAULT_DATA_DIR)
    cards = []
    for age in (1, 2, 3):
        path = data_dir / f"cards_age{age}.json"
        if not path.exists():
            raise CatalogueError(f"missing card data file {path}")
        for rec in _load_json(path):
            if rec.get("expansion", "base") != "base":
                continue
            cards.append(_card(rec, len(cards)))
    cities_path = data_dir / "cities" / "cities.json"
    cities = _load_json(cities_path) if cities_path.exists() else {"cards": [], "wonders": []}
    for rec in cities["cards"]:
        cards.append(_card(rec, len(cards)))
    ids = [c.id for c in cards]
    if len(set(ids)) != len(ids):
        dup = sorted({i for i in ids if ids.count(i) > 1})
        raise CatalogueError(f"duplicate card ids {dup}")
    known = set(ids)
    for c in cards:
        for other in c.chain_from | c.chain_to:
            if other not in known:
                raise CatalogueError(f"{c.id}: chain names unknown card {other!r}")
    wonders = []
    for rec in _load_json(data_dir / "wonders.json"):
        if rec.get("expansion", "base") != "base":
            continue
        wonders.append(_wonder(rec))
    wonders.extend(_wonder(rec) for rec in cities["wonders"])
    return Catalogue(cards, wonders, data_dir)


def _card(rec, idx):
    c = Card()
    c.id = rec["id"]
    c.idx = idx
    c.names = rec.get("names", {})
    c.key = (c.names.get("en") or c.id).strip().lower()
    c.age = int(rec["age"])
    c.color = rec["color"]
    if c.color not in COLORS:
        raise CatalogueError(f"{c.id}: unknown colour {c.color!r}")
    c.expansion = rec.get("expansion", "base")
    c.cost, c.coins = _cost(rec["cost"], c.id)
    c.free_cost = c.coins == 0 and not any(c.cost)
    c.copies = tuple(int(x) for x in rec.get("copies", ()))
    c.chain_from = frozenset(rec.get("chain_from", ()))
    c.chain_to = frozenset(rec.get("chain_to", ()))
    c.fx = Effects(rec.get("effects", ()), c.color in ("brown", "grey"), c.id)
    return c


def _wonder(rec):
    w = Wonder()
    w.id = rec["id"]
    w.names = rec.get("names", {})
    w.expansion = rec.get("expansion", "base")
    w.city = rec.get("city", {})
    w.start = _res(rec["starting_resource"], w.id)
    w.sides = {}
    for side, srec in rec["sides"].items():
        stages = []
        for i, st in enumerate(srec["stages"]):
            s = Stage()
            s.index = i
            s.cost, s.coins = _cost(st["cost"], f"{w.id}/{side}/{i}")
            s.fx = Effects(st.get("effects", ()), False, f"{w.id}/{side}/{i}")
            stages.append(s)
        w.sides[side] = tuple(stages)
    return w


_CATALOGUE = None


def get():
    """The catalogue of the repo's data files, loaded on first use."""
    global _CATALOGUE
    if _CATALOGUE is None:
        _CATALOGUE = load()
    return _CATALOGUE


_ON_REPLACE = []  # functions that clear what modules derived from the catalogue (city.py's caches)


def when_replaced(clear):
    """Have `clear()` called whenever ``use`` replaces the catalogue (a module with caches derived
    from it registers itself, so this module imports none of them)."""
    if clear not in _ON_REPLACE:
        _ON_REPLACE.append(clear)


def use(catalogue):
    """Replace the shared catalogue (tests with their own data). Returns the previous one."""
    global _CATALOGUE
    prev = _CATALOGUE
    _CATALOGUE = catalogue
    for clear in _ON_REPLACE:
        clear()
    return prev

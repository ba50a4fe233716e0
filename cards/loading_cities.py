"""Loads 7 Wonders Cities (cards/data/cities/cities.json) and the 2-player variant's two cards
(cards/data/two_players.json) into the base catalogue tables. The engine reads the same files;
this module only reads them. Leaders are stored with kind "leader" and playable False: they need
the Leaders expansion, which this site does not have."""
import json

from django.db import transaction

from cards import catalogue_version
from cards.catalogue_data import COST_KEYS, DATA_DIR, LANGUAGES
from cards.models import Card, CardText, Wonder, WonderStage, WonderStageText, WonderText

CITIES = "cities"
TWO_PLAYERS = "two_players"
# Positions after the base game's, so the base ordering never moves.
FIRST_POSITION = 1000


def _read(path):
    with open(DATA_DIR / path, encoding="utf-8") as fh:
        return json.load(fh)


def _full_cost(cost: dict | None) -> dict:
    return {key: (cost or {}).get(key, 0) for key in COST_KEYS}


def _records() -> list[dict]:
    cities = _read("cities/cities.json")
    two = _read("two_players.json")
    rows = []
    for data in cities["cards"]:
        rows.append({"id": data["id"], "expansion": CITIES, "kind": "structure", "playable": True,
                     "age": data["age"], "color": data["color"], "cost": data["cost"],
                     "effects": data["effects"], "names": data["names"], "text": data["text"]})
    for data in cities["leaders"]:
        rows.append({"id": data["id"], "expansion": CITIES, "kind": "leader", "playable": False, "age": 0,
                     "color": "white", "cost": data["cost"], "effects": [], "names": data["names"],
                     "text": data["text"]})
    for data in cities["tokens"]:
        rows.append({"id": data["id"], "expansion": CITIES, "kind": "token", "playable": True, "age": 0,
                     "color": "", "cost": None, "effects": [], "names": data["names"], "text": data["text"]})
    for data in two["cards"]:
        rows.append({"id": data["id"], "expansion": TWO_PLAYERS, "kind": "variant", "playable": True, "age": 0,
                     "color": "", "cost": None, "effects": [], "names": data["names"], "text": data["text"]})
    return rows


def linkable_cards() -> dict[str, dict]:
    """Cities' and the 2-player variant's rows as the rules pages' [[card:ID]] links need them."""
    return {row["id"]: {"id": row["id"], "names": row["names"], "color": row["color"]} for row in _records()}


def linkable_wonders() -> dict[str, dict]:
    return {w["id"]: w for w in _read("cities/cities.json")["wonders"]}


@transaction.atomic
def load_cities() -> dict[str, int]:
    rows = _records()
    for position, data in enumerate(rows, start=FIRST_POSITION):
        card, _ = Card.objects.update_or_create(id=data["id"], defaults={
            "expansion": data["expansion"], "kind": data["kind"], "playable": data["playable"],
            "age": data["age"], "color": data["color"], "cost": _full_cost(data["cost"]), "copies": [],
            "min_players": 3, "effects": data["effects"], "position": position,
        })
        for language in LANGUAGES:
            CardText.objects.update_or_create(card=card, language=language, defaults={
                "name": data["names"][language], "effect_text": data["text"][language]})
    Card.objects.filter(expansion__in=[CITIES, TWO_PLAYERS]).exclude(id__in=[r["id"] for r in rows]).delete()
    wonders = _read("cities/cities.json")["wonders"]
    stages = _load_wonders(wonders)
    catalogue_version.bump()
    return {"cards": sum(r["kind"] == "structure" for r in rows), "leaders": sum(r["kind"] == "leader" for r in rows),
            "tokens": sum(r["kind"] == "token" for r in rows), "variant": sum(r["kind"] == "variant" for r in rows),
            "wonders": len(wonders), "stages": stages}


def _load_wonders(wonders: list[dict]) -> int:
    count = 0
    for position, data in enumerate(wonders, start=FIRST_POSITION):
        wonder, _ = Wonder.objects.update_or_create(id=data["id"], defaults={
            "expansion": CITIES, "starting_resource": data["starting_resource"], "position": position})
        for language in LANGUAGES:
            WonderText.objects.update_or_create(wonder=wonder, language=language, defaults={
                "name": data["names"][language], "city": data["city"][language]})
        keep = []
        for side, content in data["sides"].items():
            for number, stage_data in enumerate(content["stages"], start=1):
                stage, _ = WonderStage.objects.update_or_create(wonder=wonder, side=side, number=number, defaults={
                    "cost": _full_cost(stage_data["cost"]), "effects": stage_data["effects"]})
                keep.append(stage.id)
                for language in LANGUAGES:
                    WonderStageText.objects.update_or_create(stage=stage, language=language, defaults={
                        "effect_text": stage_data["text"][language]})
        wonder.stages.exclude(id__in=keep).delete()
        count += len(keep)
    Wonder.objects.filter(expansion=CITIES).exclude(id__in=[w["id"] for w in wonders]).delete()
    return count

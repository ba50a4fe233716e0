"""Writes the Architects data file into its catalogue tables. Idempotent, like cards.loading."""
from django.db import transaction

from cards import catalogue_version
from cards.architects_data import read_architects
from cards.catalogue_data import LANGUAGES
from cards.models import (
    ArchitectsCard,
    ArchitectsCardText,
    ArchitectsComponent,
    ArchitectsComponentText,
    ArchitectsDeckCount,
    ArchitectsProgressToken,
    ArchitectsProgressTokenText,
    ArchitectsStage,
    ArchitectsWonder,
    ArchitectsWonderText,
)

CARD_FACTS = ("color", "resource", "coins", "science", "shields", "horns", "points", "cat")
TOKEN_FIELDS = ("id", "copies", "effect", "names", "text")


@transaction.atomic
def load_architects() -> dict[str, int]:
    data = read_architects()
    _load_cards(data)
    stages = _load_wonders(data["wonders"])
    _load_texts(ArchitectsProgressToken, ArchitectsProgressTokenText, "token", data["progress_tokens"],
                lambda record: {"copies": record["copies"], "effect": record["effect"],
                                "facts": {k: v for k, v in record.items() if k not in TOKEN_FIELDS}})
    _load_texts(ArchitectsComponent, ArchitectsComponentText, "component", data["components"],
                lambda record: {"copies": record["copies"], "facts": _component_facts(record["id"], data)})
    catalogue_version.bump()
    return {"cards": len(data["card_kinds"]),
            "copies": sum(sum(counts.values()) for counts in data["decks"].values()),
            "wonders": len(data["wonders"]), "stages": stages,
            "tokens": sum(token["copies"] for token in data["progress_tokens"])}


def _component_facts(component_id: str, data: dict) -> dict:
    if component_id == "conflict_token":
        return {"by_players": data["conflict_tokens"]}
    if component_id == "military_token":
        return {"points": data["military_token_points"]}
    if component_id == "cat":
        return {"points": data["cat_points"]}
    return {}


def _load_texts(model, text_model, owner_field, records, defaults) -> None:
    for position, record in enumerate(records):
        row, _ = model.objects.update_or_create(id=record["id"], defaults={**defaults(record), "position": position})
        for language in LANGUAGES:
            text_model.objects.update_or_create(
                **{owner_field: row, "language": language},
                defaults={"name": record["names"][language], "text": record["text"][language]},
            )
    model.objects.exclude(id__in=[record["id"] for record in records]).delete()


def _load_cards(data: dict) -> None:
    def facts(record):
        values = {field: record.get(field) for field in CARD_FACTS}
        values = {field: ("" if value is None else value) for field, value in values.items()}
        for number in ("coins", "shields", "horns", "points"):
            values[number] = values[number] or 0
        values["cat"] = bool(values["cat"])
        return {"kind": record["kind"], **values}

    _load_texts(ArchitectsCard, ArchitectsCardText, "card", data["card_kinds"], facts)
    kept = []
    for position, (deck, counts) in enumerate(data["decks"].items()):
        for record in data["card_kinds"]:  # a kind missing from a deck is stored as 0 copies
            row, _ = ArchitectsDeckCount.objects.update_or_create(
                card_id=record["id"], deck=deck, defaults={"count": counts.get(record["id"], 0), "position": position})
            kept.append(row.id)
    ArchitectsDeckCount.objects.exclude(id__in=kept).delete()


def _load_wonders(wonders: list[dict]) -> int:
    stage_ids = []
    for position, record in enumerate(wonders):
        wonder, _ = ArchitectsWonder.objects.update_or_create(id=record["id"], defaults={
            "power": record["power"] or "", "unverified_note": record.get("unverified_note", ""),
            "position": position})
        for language in LANGUAGES:
            ArchitectsWonderText.objects.update_or_create(wonder=wonder, language=language, defaults={
                "name": record["names"][language], "text": record["power_text"][language]})
        for stage in record["stages"]:
            row, _ = ArchitectsStage.objects.update_or_create(wonder=wonder, number=stage["stage"], defaults={
                "level": stage["level"], "cost_count": stage["cost"]["count"], "cost_same": stage["cost"]["same"],
                "points": stage["points"], "power": stage["power"]})
            stage_ids.append(row.id)
    ArchitectsWonder.objects.exclude(id__in=[record["id"] for record in wonders]).delete()
    ArchitectsStage.objects.exclude(id__in=stage_ids).delete()
    return len(stage_ids)

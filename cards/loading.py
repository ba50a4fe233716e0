"""Writes the catalogue data files into the database. Idempotent: a second run changes nothing."""
from django.db import transaction

from cards import catalogue_version
from cards.catalogue_data import LANGUAGES, read_cards, read_wonders
from cards.models import Card, CardText, Wonder, WonderStage, WonderStageText, WonderText


@transaction.atomic
def load_cards_and_wonders() -> dict[str, int]:
    cards = read_cards()
    wonders = read_wonders()
    _load_cards(cards)
    stage_count = _load_wonders(wonders)
    catalogue_version.bump()  # the API's cached answers of the old rows are not served again
    return {"cards": len(cards), "copies": sum(len(c["copies"]) or 1 for c in cards), "wonders": len(wonders),
            "stages": stage_count}


def _load_cards(cards: list[dict]) -> None:
    for position, data in enumerate(cards):
        card, _ = Card.objects.update_or_create(
            id=data["id"],
            defaults={
                "expansion": data["expansion"],
                "age": data["age"],
                "color": data["color"],
                "cost": data["cost"],
                "copies": data["copies"],
                "min_players": min(data["copies"], default=3),
                "effects": data["effects"],
                "position": position,
            },
        )
        for language in LANGUAGES:
            CardText.objects.update_or_create(
                card=card,
                language=language,
                defaults={"name": data["names"][language], "effect_text": data["text"][language]},
            )
    Card.objects.filter(expansion="base").exclude(id__in=[c["id"] for c in cards]).delete()
    for data in cards:
        Card.objects.get(id=data["id"]).chain_to.set(data["chain_to"])


def _load_wonders(wonders: list[dict]) -> int:
    stage_ids = []
    for position, data in enumerate(wonders):
        wonder, _ = Wonder.objects.update_or_create(
            id=data["id"],
            defaults={"expansion": data["expansion"], "starting_resource": data["starting_resource"],
                      "position": position},
        )
        for language in LANGUAGES:
            WonderText.objects.update_or_create(
                wonder=wonder, language=language,
                defaults={"name": data["names"][language], "city": data["city"][language]},
            )
        for side, content in data["sides"].items():
            for number, stage_data in enumerate(content["stages"], start=1):
                stage, _ = WonderStage.objects.update_or_create(
                    wonder=wonder, side=side, number=number,
                    defaults={"cost": stage_data["cost"], "effects": stage_data["effects"]},
                )
                stage_ids.append(stage.id)
                for language in LANGUAGES:
                    WonderStageText.objects.update_or_create(
                        stage=stage, language=language, defaults={"effect_text": stage_data["text"][language]}
                    )
    Wonder.objects.filter(expansion="base").exclude(id__in=[w["id"] for w in wonders]).delete()
    WonderStage.objects.filter(wonder__expansion="base").exclude(id__in=stage_ids).delete()
    return len(stage_ids)

"""The 7 Wonders Architects catalogue pages: cards by kind with their decks, the wonders and their
stage tiles, the progress tokens, the conflict and military tokens and the cat.

Names and texts come from the per-language rows in the language of the URL prefix; every other
string goes through gettext. Each page links the rules sections that explain what it shows."""
from django.db.models import Prefetch
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from cards.architects_data import CENTRAL_DECK, architects_data
from cards.language import DEFAULT_LANGUAGE, pick
from cards.models import (
    ArchitectsCard,
    ArchitectsCardText,
    ArchitectsComponent,
    ArchitectsComponentText,
    ArchitectsProgressToken,
    ArchitectsProgressTokenText,
    ArchitectsWonder,
    ArchitectsWonderText,
)
from cards.templatetags.cards_ui import page_language

KIND_TITLES = {
    "resource": (_("Resources"), _("Grey cards: one resource each, spent on the stages of your wonder.")),
    "gold": (_("Gold"), _("Yellow cards: a coin stands in for any one missing resource.")),
    "science": (_("Science"), _("Green cards: two identical symbols or three different ones earn a progress token.")),
    "military": (_("Military"), _("Red cards: one shield each; horns turn conflict tokens to battle.")),
    "points": (_("Victory points"), _("Blue cards: points at the end; the cat icon brings you the cat.")),
}
# When a progress token acts, by its engine effect.
TOKEN_TIMES = {
    "extra_card": _("During your turn"),
    "coin_worth_two": _("When you build"),
    "any_resources": _("When you build"),
    "shields": _("In battles"),
}
TOKEN_TIME_END = _("At the end of the game")
# What each token is drawn with: the icons of what triggers it or what it counts.
TOKEN_ICONS = {
    "architecture": ["stage"], "economy": ["coin", "coin"], "engineering": ["stage"], "tactics": ["shield", "shield"],
    "decoration": ["stage"], "politics": ["cat"], "strategy": ["laurel"], "education": ["progress"],
    "culture": ["points"],
}
KIND_ICONS = {"shield_horn": "horn", "shield_two_horns": "horn"}


def rules_url(slug: str, anchor: str = "") -> str:
    return reverse("rules-section", kwargs={"slug": slug}) + (f"#{anchor}" if anchor else "")


def _texts(language: str, model=ArchitectsCardText):
    return model.objects.filter(language__in={language, DEFAULT_LANGUAGE})


def _with_text(rows, language: str):
    for row in rows:
        row.text_row = pick(row.texts.all(), language)
    return rows


def _deck_names(language: str) -> list[dict]:
    """Every deck in the data file's order: the wonders' own decks, then the central one."""
    wonders = {w.id: w for w in _with_text(ArchitectsWonder.objects.prefetch_related(
        Prefetch("texts", queryset=_texts(language, ArchitectsWonderText))), language)}
    decks = []
    for deck in architects_data()["decks"]:
        name = wonders[deck].text_row.name if deck in wonders else str(_("Central deck"))
        decks.append({"id": deck, "name": name, "central": deck == CENTRAL_DECK})
    return decks


def _context(page: str, language: str, **extra) -> dict:
    return {"section": "wonders" if page == "wonders" else "cards", "architects_page": page,
            "show_translation_note": language == "pt-br", **extra}


def card_list(request):
    language = page_language()
    decks = _deck_names(language)
    cards = _with_text(list(ArchitectsCard.objects.prefetch_related(
        Prefetch("texts", queryset=_texts(language)), "decks")), language)
    for card in cards:
        counts = {row.deck: row.count for row in card.decks.all()}
        card.counts = [counts.get(deck["id"], 0) for deck in decks]
        card.central = counts.get(CENTRAL_DECK, 0)
        card.total_count = sum(card.counts)
        card.in_wonder_decks = card.total_count - card.central
        card.horn_range = range(card.horns)
    groups = []
    for kind, (title, lead) in KIND_TITLES.items():
        in_kind = [card for card in cards if card.kind == kind]
        if in_kind:
            groups.append({"kind": kind, "title": title, "lead": lead, "cards": in_kind})
    totals = [sum(card.counts[index] for card in cards) for index in range(len(decks))]
    return render(request, "architects/card_list.html", _context(
        "cards", language, groups=groups, cards=cards, decks=decks, deck_totals=totals,
        card_total=sum(totals), rules={"cards": rules_url("architects-cards"),
                                       "setup": rules_url("architects", "setup"),
                                       "unverified": rules_url("architects-rulings", "unverified")},
    ))


def _levels(wonder) -> list[dict]:
    """The stage tiles level by level, top level first (as they are drawn)."""
    by_level: dict[int, list] = {}
    for stage in wonder.stages.all():
        by_level.setdefault(stage.level, []).append(stage)
    return [{"level": level, "stages": by_level[level]} for level in sorted(by_level, reverse=True)]


def wonder_list(request):
    language = page_language()
    wonders = _with_text(list(ArchitectsWonder.objects.prefetch_related(
        Prefetch("texts", queryset=_texts(language, ArchitectsWonderText)), "stages")), language)
    for wonder in wonders:
        wonder.levels = _levels(wonder)
        wonder.total_points = sum(stage.points for stage in wonder.stages.all())
        wonder.layout = "-".join(str(len(level["stages"])) for level in reversed(wonder.levels))
    return render(request, "architects/wonder_list.html", _context(
        "wonders", language, wonders=wonders,
        rules={"wonders": rules_url("architects-wonders"), "costs": rules_url("architects-wonders", "costs"),
               "powers": rules_url("architects-wonders", "powers"),
               "unverified": rules_url("architects-rulings", "unverified")},
    ))


def progress_list(request):
    language = page_language()
    tokens = _with_text(list(ArchitectsProgressToken.objects.prefetch_related(
        Prefetch("texts", queryset=_texts(language, ArchitectsProgressTokenText)))), language)
    for token in tokens:
        token.time = TOKEN_TIMES.get(token.effect, TOKEN_TIME_END)
        on_take = [KIND_ICONS.get(kind, kind) for kind in token.facts.get("on_take", [])]
        token.icons = list(dict.fromkeys(on_take)) or TOKEN_ICONS.get(token.id, ["progress"])
    return render(request, "architects/progress_list.html", _context(
        "progress", language, tokens=tokens, token_count=sum(token.copies for token in tokens),
        rules={"progress": rules_url("architects-progress"), "take": rules_url("architects-progress", "taking"),
               "effects": rules_url("architects-progress", "effects"),
               "unverified": rules_url("architects-rulings", "unverified")},
    ))


def token_list(request):
    language = page_language()
    components = {c.id: c for c in _with_text(list(ArchitectsComponent.objects.prefetch_related(
        Prefetch("texts", queryset=_texts(language, ArchitectsComponentText)))), language)}
    conflict = components.get("conflict_token")
    by_players = sorted((int(players), count) for players, count in conflict.facts["by_players"].items()) if conflict else []
    return render(request, "architects/token_list.html", _context(
        "tokens", language, conflict=conflict, military=components.get("military_token"),
        cat=components.get("cat"), by_players=by_players,
        rules={"battles": rules_url("architects-battles"), "cat": rules_url("architects-turn", "cat"),
               "end": rules_url("architects-end"), "setup": rules_url("architects", "setup"),
               "unverified": rules_url("architects-rulings", "unverified")},
    ))

"""Links between cards (and wonders) and the rules sections that govern them.

A section governs the cards of its front matter `cards:` list and the cards its body mentions
([[card:ID]]), stored as RuleSectionCard rows with the first subsection that mentions the card.
On top of those, a card is governed by the sections of its kind of effect (production and
trading for brown and grey cards, chains for cards with chains, science scoring for green cards,
military for red cards, wonders for cards counting wonder stages, ...), where they exist.
"""
from django.db.models import Count
from django.urls import reverse
from django.utils import translation

from cards.language import DEFAULT_LANGUAGE

# (section slug, anchor) by kind of effect; the anchor is dropped when the section lacks it.
_EFFECT_SECTIONS = {
    "produce": [("production", None), ("trading", "what")],
    "produce_untradable": [("production", "not-for-sale")],
    "trade_discount": [("trading", "discounts")],
    "science": [("scoring", "science")],
    "science_choice": [("scoring", "science-wildcards")],
    "shields": [("military", "shields")],
    "points": [("scoring", "civilian")],
    "coins": [("discarding", "coin-timing")],
    "coins_per": [("scoring", "commercial")],
    "points_per": [("scoring", "commercial")],
}
_COLOUR_ANCHORS = {"brown": "brown", "grey": "grey"}


def _category_sections(card) -> list[tuple[str, str | None]]:
    wanted: list[tuple[str, str | None]] = []
    for effect in card.effects:
        kind = effect["type"]
        if kind == "produce" and not effect.get("tradable", True):
            kind = "produce_untradable"
        for slug, anchor in _EFFECT_SECTIONS.get(kind, []):
            if slug == "production" and anchor is None:
                anchor = _COLOUR_ANCHORS.get(card.color)
            if card.color == "purple" and slug == "scoring":
                anchor = "guilds"
            wanted.append((slug, anchor))
        if "wonder_stages" in effect.get("counts", []):
            wanted.append(("wonders", "building-stages"))
    if card.color == "purple":
        wanted.append(("scoring", "guilds"))
    if card.chain_from.exists() or card.chain_to.exists():
        wanted.append(("chains", None))
    return list(dict.fromkeys(wanted))


def _entries(rows, language: str) -> list[dict]:
    """rows: [(section, candidate anchors)] -> [{"slug", "title", "anchor", "anchor_title", "url"}],
    each at the first of its candidate anchors that the section has."""
    from cards.models import RuleSectionText

    texts = {}
    for text in RuleSectionText.objects.filter(section__in=[s for s, _ in rows], language__in=[language, DEFAULT_LANGUAGE]):
        if text.language == language or text.section_id not in texts:
            texts[text.section_id] = text
    entries = []
    with translation.override(language):
        for section, candidates in rows:
            text = texts.get(section.id)
            if text is None:
                continue
            anchors = {a["id"]: a["title"] for a in text.anchors}
            anchor = next((a for a in candidates if a in anchors), "")
            url = reverse("rules-section", kwargs={"slug": section.slug})
            entries.append({
                "slug": section.slug,
                "title": text.title,
                "anchor": anchor,
                "anchor_title": anchors.get(anchor, ""),
                "url": f"{url}#{anchor}" if anchor else url,
            })
    return entries


def sections_for_card(card_id: str, language: str) -> list[dict]:
    """Rules sections that govern a card: [{"slug", "title", "anchor", "anchor_title", "url"}],
    most specific first: the sections of its kind of effect (its colour, chains, ...), then the
    sections listing it in their front matter, then those mentioning it, sections naming fewer
    cards first. Empty when the card or the rules are not loaded."""
    from cards.models import Card, RuleSection, RuleSectionCard

    card = Card.objects.filter(id=card_id).first()
    if card is None:
        return []
    links = list(
        RuleSectionCard.objects.filter(card_id=card_id)
        .select_related("section")
        .annotate(size=Count("section__card_links"))
    )
    category = _category_sections(card)
    rank = {}
    for index, (slug, anchor) in enumerate(category):
        rank.setdefault(slug, (index, anchor))
    # The sections of its kind of effect first (in that order), then those listing the card in
    # their front matter, then those merely mentioning it; fewer cards = more specific.
    links.sort(key=lambda link: (
        rank.get(link.section.slug, (len(rank), None))[0], not link.listed, link.size, link.section.position,
    ))
    rows = [(link.section, [rank.get(link.section.slug, (0, None))[1], link.anchor]) for link in links]
    named = {link.section.slug for link in links}
    missing = [slug for slug in rank if slug not in named]
    by_slug = {s.slug: s for s in RuleSection.objects.filter(slug__in=missing)}
    extra = [(by_slug[slug], [rank[slug][1]]) for slug in missing if slug in by_slug]
    rows = sorted(rows + extra, key=lambda row: rank.get(row[0].slug, (len(rank), None))[0])
    return _entries(rows, language)


def sections_for_wonder(wonder_id: str, language: str) -> list[dict]:
    """Rules sections about a wonder: the wonders section at its subsection first, then the
    sections that mention it, in reading order."""
    from cards.models import RuleSection

    sections = list(RuleSection.objects.filter(wonders__id=wonder_id).order_by("position"))
    wonders = RuleSection.objects.filter(slug="wonders").first()
    rows = []
    if wonders is not None:
        rows.append((wonders, [wonder_id]))
    rows += [(section, []) for section in sections if section.slug != "wonders"]
    return _entries(rows, language)

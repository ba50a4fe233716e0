"""Rules reference and search pages (under the language prefix)."""
from django.db.models import Count, Prefetch
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from cards.language import CONTENT_LANGUAGES, DEFAULT_LANGUAGE, pick
from cards.models import (
    GAMES,
    CardText,
    ImportedRulebook,
    RuleSection,
    RuleSectionCard,
    RuleSectionText,
    WonderText,
)
from cards.search import KINDS, MAX_QUERY_LENGTH, search

GAME_NAMES = {
    "base": _("7 Wonders (base game)"),
    "cities": _("Cities expansion"),
    "architects": _("7 Wonders Architects"),
}
KIND_NAMES = {"all": _("Everything"), "rules": _("Rules"), "cards": _("Cards and wonders")}
SEARCH_PAGE_LIMIT = 30


def _language() -> str:
    language = (translation.get_language() or DEFAULT_LANGUAGE).lower()
    return language if language in CONTENT_LANGUAGES else DEFAULT_LANGUAGE


def _sections_with_texts():
    return RuleSection.objects.prefetch_related(Prefetch("texts", queryset=RuleSectionText.objects.all()))


def rules_index(request):
    language = _language()
    groups = {game: [] for game in GAMES}
    for section in _sections_with_texts():
        text = pick(section.texts.all(), language)
        if text is None:
            continue
        groups[section.game].append({
            "slug": section.slug, "title": text.title, "summary": text.summary,
            "url": reverse("rules-section", kwargs={"slug": section.slug}),
            "anchors": [a for a in text.anchors if a.get("level", 2) == 2],
        })
    rulebooks = ImportedRulebook.objects.annotate(section_count=Count("sections"))
    return render(request, "rules/index.html", {
        "section": "rules",
        "games": [{"game": game, "name": GAME_NAMES[game], "sections": groups[game]} for game in GAMES if groups[game]],
        "rulebooks": [{
            "rulebook": rulebook, "game_name": GAME_NAMES.get(rulebook.game, rulebook.game),
            "url": reverse("rules-imported", kwargs={"rulebook_id": rulebook.id}),
        } for rulebook in rulebooks],
    })


def rules_section(request, slug):
    language = _language()
    section = get_object_or_404(_sections_with_texts(), slug=slug)
    text = pick(section.texts.all(), language)
    if text is None:
        raise Http404("No text for this section")
    ordered = list(RuleSection.objects.filter(game=section.game).values_list("slug", flat=True))
    index = ordered.index(section.slug)
    neighbours = {}
    for key, other in (("previous", index - 1), ("next", index + 1)):
        if 0 <= other < len(ordered):
            other_section = _sections_with_texts().get(slug=ordered[other])
            other_text = pick(other_section.texts.all(), language)
            neighbours[key] = {"title": other_text.title,
                               "url": reverse("rules-section", kwargs={"slug": other_section.slug})}
    return render(request, "rules/section.html", {
        "section": "rules",
        "rule": section,
        "text": text,
        "game_name": GAME_NAMES.get(section.game, section.game),
        "toc": toc_tree(text.anchors),
        "cards": _section_cards(section, language),
        "wonders": _section_wonders(section, language),
        "previous": neighbours.get("previous"),
        "next": neighbours.get("next"),
        "content_language": text.language,
    })


def _section_cards(section, language: str) -> list[dict]:
    links = (RuleSectionCard.objects.filter(section=section).select_related("card")
             .prefetch_related(Prefetch("card__texts", queryset=CardText.objects.all()))
             .order_by("card__age", "card__position"))
    cards = []
    for link in links:
        card = link.card
        cards.append({"id": card.id, "color": card.color, "age": card.age, "text": pick(card.texts.all(), language)})
    return cards


def _section_wonders(section, language: str) -> list[dict]:
    wonders = []
    for wonder in section.wonders.prefetch_related(Prefetch("texts", queryset=WonderText.objects.all())):
        wonders.append({"id": wonder.id, "name": pick(wonder.texts.all(), language).name,
                        "url": reverse("wonder-detail", kwargs={"wonder_id": wonder.id})})
    return wonders


def imported_rulebook(request, rulebook_id):
    rulebook = get_object_or_404(ImportedRulebook, id=rulebook_id)
    return render(request, "rules/imported.html", {
        "section": "rules",
        "rulebook": rulebook,
        "game_name": GAME_NAMES.get(rulebook.game, rulebook.game),
        "sections": list(rulebook.sections.all()),
    })


def search_page(request):
    language = _language()
    query = request.GET.get("q", "").strip()
    kind = request.GET.get("kind", "all")
    if kind not in KINDS:
        kind = "all"
    context = {
        "section": "search", "query": query, "kind": kind, "max_length": MAX_QUERY_LENGTH,
        "kinds": [{"value": key, "name": name} for key, name in KIND_NAMES.items()],
        "error": None, "results": None, "groups": [],
    }
    if len(query) > MAX_QUERY_LENGTH:
        context["error"] = "too_long"
    elif query:
        results = search(query, language, kind, limit=SEARCH_PAGE_LIMIT)
        groups = [
            {"key": "rules", "name": _("Rules reference"), "hits": [h for h in results if h["kind"] == "rules"]},
            {"key": "imported", "name": _("Imported rulebooks"), "hits": [h for h in results if h["kind"] == "imported"]},
            {"key": "catalogue", "name": _("Cards and wonders"),
             "hits": [h for h in results if h["kind"] in ("card", "wonder")]},
        ]
        context.update({
            "results": results,
            "groups": [g for g in groups if g["hits"]],
            "suggestion_url": (f"{reverse('search')}?q={_quote(results.suggestion)}&kind={kind}"
                               if results.suggestion else ""),
        })
    status = 400 if context["error"] else 200
    return render(request, "search/results.html", context, status=status)


def _quote(value: str) -> str:
    from urllib.parse import quote_plus

    return quote_plus(value)


def toc_tree(anchors):
    """The section's table of contents: its ## headings, each with its ### headings under it (a
    ### before any ## stands alone). Not numbered by the list: headings number themselves where
    the text counts steps ("1. Military conflicts")."""
    tree = []
    for anchor in anchors:
        level = anchor.get("level", 2)
        if level == 3 and tree:
            tree[-1]["children"].append(anchor)
        elif level in (2, 3):
            tree.append({**anchor, "children": []})
    return tree


"""What the search index holds: SearchDocument rows built from the rules, the imported
rulebooks, the cards and the wonders, in every language."""
from collections import Counter

from django.db import connection
from django.urls import reverse
from django.utils import translation

from cards.catalogue_data import LANGUAGES
from cards.models import (
    ArchitectsCardText,
    ArchitectsProgressTokenText,
    ArchitectsWonderText,
    CardText,
    ImportedSection,
    RuleSectionText,
    SearchDocument,
    WonderStageText,
    WonderText,
)
from cards.rules_render import chunks
from cards.search.text import strip_accents, words

# Words a player uses for a card's colour, indexed with each card (data for search, not UI).
COLOUR_WORDS = {
    "en": {
        "brown": "brown card, raw materials", "grey": "grey card, manufactured goods",
        "blue": "blue card, civilian structure", "yellow": "yellow card, commercial structure",
        "red": "red card, military structure", "green": "green card, scientific structure",
        "purple": "purple card, guild",
    },
    "it": {
        "brown": "carta marrone, materie prime", "grey": "carta grigia, manufatti",
        "blue": "carta blu, struttura civile", "yellow": "carta gialla, struttura commerciale",
        "red": "carta rossa, struttura militare", "green": "carta verde, struttura scientifica",
        "purple": "carta viola, Gilda",
    },
    "pt-br": {
        "brown": "carta marrom, matérias-primas", "grey": "carta cinza, produtos manufaturados",
        "blue": "carta azul, estrutura civil", "yellow": "carta amarela, estrutura comercial",
        "red": "carta vermelha, estrutura militar", "green": "carta verde, estrutura científica",
        "purple": "carta roxa, Grêmio",
    },
}


_per_index_cache: dict = {}


def cached_until_the_index_changes(kind: str, language: str, compute):
    """`compute(cursor)` for `language`, cached until the search index is rebuilt (document ids
    are never reused, so the smallest and largest id stamp a version of the index)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT MAX(id), MIN(id) FROM cards_searchdocument")
        stamp = cursor.fetchone()
        key = (connection.settings_dict["NAME"], kind, language)
        cached = _per_index_cache.get(key)
        if cached and cached[0] == stamp:
            return cached[1]
        value = compute(cursor)
    _per_index_cache[key] = (stamp, value)
    return value


def _urls(language: str, name: str, key: str, values) -> dict:
    with translation.override(language):
        return {value: reverse(name, kwargs={key: value}) for value in values}


def build_documents() -> list[SearchDocument]:
    docs: list[SearchDocument] = []
    docs += _rules_documents()
    docs += _imported_documents()
    docs += _card_documents()
    docs += _wonder_documents()
    docs += _architects_documents()
    for doc in docs:
        doc.body_length = len(words(indexed_fields(doc)[2]))
    return docs


def _rules_documents() -> list[SearchDocument]:
    docs = []
    texts = list(RuleSectionText.objects.select_related("section"))
    urls = {language: _urls(language, "rules-section", "slug", {t.section.slug for t in texts})
            for language in LANGUAGES}
    for text in texts:
        section = text.section
        base_url = urls[text.language][section.slug]
        for index, chunk in enumerate(chunks(text.body_html)):
            body = chunk["text"]
            if not chunk["anchor"]:
                body = f"{text.summary}\n{body}".strip()
            docs.append(SearchDocument(
                kind="rules", language=text.language, ref=section.slug, anchor=chunk["anchor"],
                title=text.title, heading=chunk["heading"], body=body, context=text.summary,
                url=base_url + (f"#{chunk['anchor']}" if chunk["anchor"] else ""),
                position=section.position * 1000 + index,
            ))
    return docs


def _imported_documents() -> list[SearchDocument]:
    docs = []
    sections = list(ImportedSection.objects.select_related("rulebook"))
    for language in LANGUAGES:
        ids = {s.rulebook_id for s in sections}
        urls = _urls(language, "rules-imported", "rulebook_id", ids)
        for section in sections:
            if section.rulebook.language != language:
                continue
            docs.append(SearchDocument(
                kind="imported", language=language, ref=str(section.id), anchor=section.anchor,
                title=section.title, heading=section.rulebook.title, body=section.body_text,
                url=f"{urls[section.rulebook_id]}#{section.anchor}", source_title=section.rulebook.title,
                position=section.position,
            ))
    return docs


def _card_documents() -> list[SearchDocument]:
    docs = []
    texts = list(CardText.objects.select_related("card"))
    for language in LANGUAGES:
        urls = _urls(language, "card-detail", "card_id", {t.card_id for t in texts})
        for text in texts:
            if text.language != language:
                continue
            docs.append(SearchDocument(
                kind="card", language=language, ref=text.card_id, title=text.name,
                body=text.effect_text, keywords=COLOUR_WORDS[language].get(text.card.color, ""),
                url=urls[text.card_id], position=text.card.position,
            ))
    return docs


def _wonder_documents() -> list[SearchDocument]:
    docs = []
    stage_texts: dict[tuple[str, str], list[str]] = {}
    for row in WonderStageText.objects.select_related("stage").order_by("stage__side", "stage__number"):
        stage = row.stage
        stage_texts.setdefault((stage.wonder_id, row.language), []).append(
            f"{stage.side}{stage.number}: {row.effect_text}"
        )
    texts = list(WonderText.objects.select_related("wonder"))
    for language in LANGUAGES:
        urls = _urls(language, "wonder-detail", "wonder_id", {t.wonder_id for t in texts})
        for text in texts:
            if text.language != language:
                continue
            docs.append(SearchDocument(
                kind="wonder", language=language, ref=text.wonder_id, title=text.name, heading=text.city,
                body="\n".join(stage_texts.get((text.wonder_id, language), [])), url=urls[text.wonder_id],
                position=text.wonder.position,
            ))
    return docs


# What an Architects hit is, shown under its title (the kind "card" or "wonder" says the rest).
ARCHITECTS_SOURCES = {
    "en": {"card": "7 Wonders Architects · card", "token": "7 Wonders Architects · progress token",
           "wonder": "7 Wonders Architects · wonder"},
    "it": {"card": "7 Wonders Architects · carta", "token": "7 Wonders Architects · segnalino Progresso",
           "wonder": "7 Wonders Architects · Meraviglia"},
    "pt-br": {"card": "7 Wonders Architects · carta", "token": "7 Wonders Architects · ficha de progresso",
              "wonder": "7 Wonders Architects · maravilha"},
}


def _architects_documents() -> list[SearchDocument]:
    """The Architects card kinds, progress tokens and wonders, each pointing at its place on the
    Architects catalogue pages; ids are prefixed so that they never meet the base game's."""
    docs = []
    sources = (
        (ArchitectsCardText.objects.select_related("card"), "card", "card", "architects-cards"),
        (ArchitectsProgressTokenText.objects.select_related("token"), "token", "card", "architects-progress"),
        (ArchitectsWonderText.objects.select_related("wonder"), "wonder", "wonder", "architects-wonders"),
    )
    for rows, owner, kind, url_name in sources:
        for row in rows:
            record = getattr(row, owner)
            with translation.override(row.language):
                url = reverse(url_name)
            keywords = "architects"
            if owner == "card":
                keywords += ", " + COLOUR_WORDS[row.language].get(record.color, "").split(",")[0]
            docs.append(SearchDocument(
                kind=kind, language=row.language, ref=f"architects-{record.id}", anchor=record.id,
                title=row.name, heading="Architects" if kind == "wonder" else "", body=row.text,
                keywords=keywords, url=f"{url}#{record.id}",
                source_title=ARCHITECTS_SOURCES[row.language][owner], position=1000 + record.position,
            ))
    return docs


INDEXED_HEADING_KINDS = ("rules", "wonder")


def indexed_fields(doc: SearchDocument) -> tuple[str, str, str]:
    """(title, heading, body) as indexed: the context goes with the title (a section's summary
    counts for each of its subsections), keywords with the body; a rulebook's title is shown, not
    searched."""
    title = f"{doc.title}\n{doc.context}" if doc.context else doc.title
    heading = doc.heading if doc.kind in INDEXED_HEADING_KINDS else ""
    body = f"{doc.body}\n{doc.keywords}" if doc.keywords else doc.body
    return title, heading, body


def vocabulary(docs: list[SearchDocument]) -> dict[str, Counter]:
    """Per language, the words of the documents (lower case, no accents, 3 to 60 letters)."""
    counts: dict[str, Counter] = {}
    for doc in docs:
        counter = counts.setdefault(doc.language, Counter())
        for word in words(f"{doc.title} {doc.heading} {doc.body}"):
            if 3 <= len(word) <= 60 and word.isalpha():
                counter[strip_accents(word)] += 1
    return counts

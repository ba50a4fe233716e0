"""Reading, checking and loading the rules reference (cards/data/rules/<game>/NN_slug.lang.md).

Every problem names the file, the section and the field (or body line), like the catalogue
checks. A file is YAML front matter (title, summary, cards, optionally game: by default the
directory's, or the slug's when the slug names a game) and a Markdown body
whose subsections are `## Heading {#anchor}`. All languages of a section must exist and agree on
the anchors and the cards list. `load_rules()` writes them (idempotent); links are resolved and
rendered per language at load time.
"""
import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import yaml
from django.db import transaction
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from cards import catalogue_version
from cards.architects_data import architects_data
from cards.catalogue_data import DATA_DIR, LANGUAGES, CatalogueError, read_cards, read_wonders
from cards.loading_cities import linkable_cards, linkable_wonders
from cards.rules_render import LINK_RE, LinkTarget, RenderContext, headings, html_to_text, render_markdown

RULES_DIR = DATA_DIR / "rules"
GAMES = ["base", "cities", "architects"]
RESERVED_SLUGS = {"imported"}
FRONT_MATTER_KEYS = {"title", "summary", "cards", "game"}

FILE_NAME_RE = re.compile(r"^(\d{2})_([a-z0-9]+(?:-[a-z0-9]+)*)\.(en|it|pt-br)\.md$")
ANCHOR_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
HEADING_LINE_RE = re.compile(r"^(#{1,6})\s+(.*?)\s*$")
HEADING_ANCHOR_RE = re.compile(r"^(.*?)\s*\{:?\s*#([^}\s]+)\s*\}$")
FENCE_RE = re.compile(r"^\s*(```|~~~)")
# [[architects:PAGE#ID]]: PAGE -> (URL name, the data file's records whose ids are the anchors).
ARCHITECTS_PAGES = {
    "cards": ("architects-cards", "card_kinds"),
    "wonders": ("architects-wonders", "wonders"),
    "progress-tokens": ("architects-progress", "progress_tokens"),
    "tokens": ("architects-tokens", "components"),
}
ARCHITECTS_PAGE_TITLES = {
    "cards": _("the Architects cards"),
    "wonders": _("the Architects wonders"),
    "progress-tokens": _("the progress tokens"),
    "tokens": _("the conflict and military tokens and the cat"),
}


@dataclass
class RuleFile:
    path: Path
    name: str  # relative to the rules directory, for messages
    slug: str
    position: int
    language: str
    game: str
    title: str
    summary: str
    cards: list[str]
    body: str
    anchors: list[dict] = field(default_factory=list)  # [{"id", "title", "level"}] from the source
    card_mentions: dict[str, str] = field(default_factory=dict)  # card id -> first anchor ("" = intro)
    wonder_mentions: list[str] = field(default_factory=list)
    rules_links: list[tuple[int, str, str | None]] = field(default_factory=list)  # (line, slug, anchor)

    def fail(self, field_name: str, problem: str):
        raise CatalogueError(self.name, self.slug, field_name, problem)


def _fail(name: str, record: str, field_name: str, problem: str):
    raise CatalogueError(name, record, field_name, problem)


def _split_front_matter(text: str, name: str, slug: str) -> tuple[dict, str, int]:
    lines = text.splitlines()
    if not lines or lines[0].strip() != "---":
        _fail(name, slug, "front matter", "the file must start with a '---' line")
    try:
        end = next(i for i in range(1, len(lines)) if lines[i].strip() == "---")
    except StopIteration:
        _fail(name, slug, "front matter", "no closing '---' line")
    try:
        data = yaml.safe_load("\n".join(lines[1:end])) or {}
    except yaml.YAMLError as error:
        _fail(name, slug, "front matter", f"not valid YAML: {error}")
    if not isinstance(data, dict):
        _fail(name, slug, "front matter", "must be a YAML mapping")
    return data, "\n".join(lines[end + 1:]), end + 2


def read_rule_file(path: Path, rules_dir: Path, card_ids: set[str], wonder_ids: set[str]) -> RuleFile:
    name = f"rules/{path.relative_to(rules_dir).as_posix()}" if path.is_relative_to(rules_dir) else path.name
    match = FILE_NAME_RE.match(path.name)
    if not match:
        _fail(name, "-", "file name", "must be NN_slug.LANG.md with LANG one of " + ", ".join(LANGUAGES))
    position, slug, language = int(match.group(1)), match.group(2), match.group(3)
    if slug in RESERVED_SLUGS:
        _fail(name, slug, "file name", f"the slug {slug!r} is reserved")
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        _fail(name, slug, "-", f"not UTF-8: {error}")
    data, body, body_line = _split_front_matter(text, name, slug)
    unknown = set(data) - FRONT_MATTER_KEYS
    if unknown:
        _fail(name, slug, "front matter", f"unknown keys {sorted(unknown)}; allowed: {sorted(FRONT_MATTER_KEYS)}")
    for key in ("title", "summary"):
        value = data.get(key)
        if not isinstance(value, str) or not value.strip():
            _fail(name, slug, key, "missing or empty")
        if key == "title" and len(value) > 200:
            _fail(name, slug, key, "longer than 200 characters")
    cards = data.get("cards", [])
    if cards is None:
        cards = []
    if not isinstance(cards, list):
        _fail(name, slug, "cards", "must be a list of card ids")
    for index, card_id in enumerate(cards):
        if card_id not in card_ids:
            _fail(name, slug, f"cards[{index}]", f"unknown card {card_id!r}")
    # A section about another game (16_cities, 17_architects) belongs to it unless told otherwise.
    game = data.get("game", slug if slug in GAMES else path.parent.name)
    if game not in GAMES:
        _fail(name, slug, "game", f"must be one of {', '.join(GAMES)} (from the front matter or the directory)")
    if not body.strip():
        _fail(name, slug, "body", "empty")
    rule = RuleFile(path=path, name=name, slug=slug, position=position, language=language, game=game,
                    title=data["title"].strip(), summary=data["summary"].strip(),
                    cards=list(dict.fromkeys(cards)), body=body)
    _scan_body(rule, body_line, card_ids, wonder_ids)
    return rule


def _scan_body(rule: RuleFile, first_line: int, card_ids: set[str], wonder_ids: set[str]) -> None:
    """Headings, anchors and links of the body, checked line by line (outside code blocks)."""
    current_anchor, in_fence, seen = "", False, set()
    for offset, line in enumerate(rule.body.splitlines()):
        where = f"body (line {first_line + offset})"
        if FENCE_RE.match(line):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        heading = HEADING_LINE_RE.match(line)
        if heading:
            level, content = len(heading.group(1)), heading.group(2)
            if level == 1:
                rule.fail(where, "no '#' heading: the title is the page heading; subsections are '##'")
            anchored = HEADING_ANCHOR_RE.match(content)
            if anchored:
                title, anchor = anchored.group(1), anchored.group(2)
                if not ANCHOR_RE.match(anchor):
                    rule.fail(where, f"anchor {anchor!r} must be kebab-case (a-z, 0-9, -)")
                if anchor in seen:
                    rule.fail(where, f"anchor {anchor!r} used twice")
                seen.add(anchor)
                rule.anchors.append({"id": anchor, "title": title, "level": level})
                if level <= 3:
                    current_anchor = anchor
            elif level == 2:
                rule.fail(where, f"subsection {content!r} needs an explicit anchor: '## {content} {{#anchor}}'")
        for kind, ident, anchor, _text in re.findall(LINK_RE, line):
            if kind == "card":
                if ident not in card_ids:
                    rule.fail(where, f"unknown card {ident!r} in [[card:{ident}]]")
                rule.card_mentions.setdefault(ident, current_anchor)
            elif kind == "wonder":
                if ident not in wonder_ids:
                    rule.fail(where, f"unknown wonder {ident!r} in [[wonder:{ident}]]")
                if ident not in rule.wonder_mentions:
                    rule.wonder_mentions.append(ident)
            elif kind == "architects":
                if ident not in ARCHITECTS_PAGES:
                    rule.fail(where, f"unknown Architects page {ident!r}; one of {', '.join(ARCHITECTS_PAGES)}")
                if anchor and _architects_record(ident, anchor) is None:
                    rule.fail(where, f"the Architects page {ident!r} has no {anchor!r}")
            else:
                rule.rules_links.append((first_line + offset, ident, anchor or None))


def _architects_record(page: str, record_id: str):
    records = architects_data()[ARCHITECTS_PAGES[page][1]]
    return next((record for record in records if record["id"] == record_id), None)


def read_rules(rules_dir: Path = RULES_DIR, card_ids=None, wonder_ids=None) -> list[RuleFile]:
    """Every rules file, checked one by one and against each other. Sorted by position, language."""
    if card_ids is None:
        card_ids = {card["id"] for card in read_cards()} | set(linkable_cards())
    if wonder_ids is None:
        wonder_ids = {wonder["id"] for wonder in read_wonders()} | set(linkable_wonders())
    if not rules_dir.is_dir():
        return []
    files = []
    for path in sorted(rules_dir.glob("*/*.md")):
        if path.parent.name.startswith((".", "_")):
            continue
        files.append(read_rule_file(path, rules_dir, set(card_ids), set(wonder_ids)))
    _check_together(files)
    return sorted(files, key=lambda r: (r.position, r.slug, LANGUAGES.index(r.language)))


def _check_together(files: list[RuleFile]) -> None:
    by_slug: dict[str, dict[str, RuleFile]] = defaultdict(dict)
    for rule in files:
        by_slug[rule.slug][rule.language] = rule
    for slug, versions in by_slug.items():
        first = next(iter(versions.values()))
        for language in LANGUAGES:
            if language not in versions:
                missing = first.path.name.replace(f".{first.language}.md", f".{language}.md")
                _fail(first.name, slug, "languages", f"no {language} version: expected {missing}")
        reference = versions["en"]
        for language, rule in versions.items():
            if (rule.position, rule.game) != (reference.position, reference.game):
                rule.fail("file name", f"position/game differ from {reference.name}")
            ours = [a["id"] for a in rule.anchors]
            theirs = [a["id"] for a in reference.anchors]
            if ours != theirs:
                rule.fail("anchors", f"must be the same, in the same order, as in {reference.name}: "
                                     f"missing {sorted(set(theirs) - set(ours))}, extra {sorted(set(ours) - set(theirs))}")
            if set(rule.cards) != set(reference.cards):
                rule.fail("cards", f"must list the same cards as {reference.name}: "
                                   f"missing {sorted(set(reference.cards) - set(rule.cards))}, "
                                   f"extra {sorted(set(rule.cards) - set(reference.cards))}")
    positions = {}
    for slug, versions in by_slug.items():
        position = versions["en"].position
        game = versions["en"].game
        if (game, position) in positions:
            versions["en"].fail("file name", f"position {position:02d} also used by {positions[(game, position)]!r}")
        positions[(game, position)] = slug
    for rule in files:
        for line, slug, anchor in rule.rules_links:
            where = f"body (line {line})"
            if slug not in by_slug:
                rule.fail(where, f"unknown section {slug!r} in [[rules:{slug}]]")
            target = by_slug[slug][rule.language]
            if anchor and anchor not in {a["id"] for a in target.anchors}:
                rule.fail(where, f"section {slug!r} has no anchor {anchor!r}")


# --- rendering and loading -------------------------------------------------------------------

def _resolver(language: str, files: list[RuleFile], card_data: dict, wonder_data: dict):
    titles = {r.slug: r for r in files if r.language == language}
    with translation.override(language):
        card_urls = {card_id: reverse("card-detail", kwargs={"card_id": card_id}) for card_id in card_data}
        wonder_urls = {wid: reverse("wonder-detail", kwargs={"wonder_id": wid}) for wid in wonder_data}
        rules_urls = {slug: reverse("rules-section", kwargs={"slug": slug}) for slug in titles}
        architects_urls = {page: reverse(name) for page, (name, _records) in ARCHITECTS_PAGES.items()}
        architects_titles = {page: str(title) for page, title in ARCHITECTS_PAGE_TITLES.items()}

    def resolve(kind, ident, anchor):
        if kind == "card" and ident in card_data:
            card = card_data[ident]
            return LinkTarget(card["names"][language], card_urls[ident], f"card-link card-link--{card['color']}")
        if kind == "wonder" and ident in wonder_data:
            return LinkTarget(wonder_data[ident]["names"][language], wonder_urls[ident], "wonder-link")
        if kind == "architects" and ident in architects_urls:
            if not anchor:
                return LinkTarget(architects_titles[ident], architects_urls[ident], "rules-link")
            record = _architects_record(ident, anchor)
            if record is None:
                return None
            return LinkTarget(record["names"][language], f"{architects_urls[ident]}#{anchor}", "rules-link")
        if kind == "rules" and ident in titles:
            target = titles[ident]
            text, url = target.title, rules_urls[ident]
            if anchor:
                sub = next((a for a in target.anchors if a["id"] == anchor), None)
                if sub is None:
                    return None
                text, url = f"{target.title} › {_inline_text(sub['title'])}", f"{url}#{anchor}"
            return LinkTarget(text, url, "rules-link")
        return None

    return resolve


def _inline_text(markdown_title: str) -> str:
    """A heading's title as plain text (its Markdown emphasis and links dropped)."""
    return html_to_text(render_markdown(markdown_title, RenderContext(resolve=lambda *a: None))) or markdown_title


def render_rule(rule: RuleFile, resolve) -> dict:
    context = RenderContext(resolve=resolve)
    body_html = render_markdown(rule.body, context)
    if context.problems:
        rule.fail("body", f"unresolved links {context.problems}")
    return {
        "title": rule.title,
        "summary": rule.summary,
        "body_html": body_html,
        "body_text": html_to_text(body_html),
        "anchors": [{"id": a["id"], "title": a["title"], "level": a["level"]} for a in headings(body_html)],
    }


@transaction.atomic
def load_rules(rules_dir: Path = RULES_DIR) -> dict[str, int]:
    """Write the rules reference into the database; sections no longer in the files are removed.
    The catalogue (cards and wonders) must be loaded first."""
    from cards.models import Card, RuleSection, RuleSectionCard, RuleSectionText, Wonder

    card_data = {card["id"]: card for card in read_cards()} | linkable_cards()
    wonder_data = {wonder["id"]: wonder for wonder in read_wonders()} | linkable_wonders()
    files = read_rules(rules_dir, set(card_data), set(wonder_data))
    resolvers = {language: _resolver(language, files, card_data, wonder_data) for language in LANGUAGES}
    rendered = {(r.slug, r.language): render_rule(r, resolvers[r.language]) for r in files}

    known_cards = set(Card.objects.values_list("id", flat=True))
    known_wonders = set(Wonder.objects.values_list("id", flat=True))
    slugs = []
    for rule in files:
        if rule.language != "en":
            continue
        versions = [r for r in files if r.slug == rule.slug]
        section, _ = RuleSection.objects.update_or_create(
            slug=rule.slug, defaults={"game": rule.game, "position": rule.position}
        )
        slugs.append(rule.slug)
        for version in versions:
            RuleSectionText.objects.update_or_create(
                section=section, language=version.language, defaults=rendered[(rule.slug, version.language)]
            )
        links: dict[str, dict] = {}
        for card_id in rule.cards:
            links[card_id] = {"anchor": "", "listed": True}
        for version in versions:  # the English mention wins for the anchor, then the others
            for card_id, anchor in version.card_mentions.items():
                link = links.setdefault(card_id, {"anchor": anchor, "listed": False})
                if not link["anchor"]:
                    link["anchor"] = anchor
        links = {card_id: link for card_id, link in links.items() if card_id in known_cards}
        RuleSectionCard.objects.filter(section=section).exclude(card_id__in=list(links)).delete()
        for card_id, link in links.items():
            RuleSectionCard.objects.update_or_create(section=section, card_id=card_id, defaults=link)
        wonders = {w for version in versions for w in version.wonder_mentions} & known_wonders
        section.wonders.set(sorted(wonders))
    RuleSection.objects.exclude(slug__in=slugs).delete()
    catalogue_version.bump()
    return {"sections": len(slugs), "texts": len(files)}

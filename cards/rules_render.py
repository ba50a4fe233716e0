"""Markdown of the rules reference -> sanitised HTML, plain text and search chunks.

Link syntax (see cards/data/README.md): [[card:ID]], [[wonder:ID]], [[rules:SLUG]] and
[[rules:SLUG#anchor]], and the 7 Wonders Architects catalogue pages: [[architects:PAGE]] or
[[architects:PAGE#ID]] (cards_data/rules_data.ARCHITECTS_PAGES); each may end with |text to choose
the link text. A card link reads the
card's name in the page's language and points to its catalogue page; a rules link reads the
target's title. Subsections are `## Heading {#anchor}`. The HTML is sanitised with nh3 whatever
the Markdown holds, so a data file can never inject markup the site does not allow.
"""
import html
import re
from dataclasses import dataclass, field
from xml.etree import ElementTree

import markdown
import nh3
from markdown.inlinepatterns import InlineProcessor

LINK_RE = r"\[\[(card|wonder|rules|architects):([A-Za-z0-9_\-]+)(?:#([A-Za-z0-9_\-]+))?(?:\|([^\]\n]+))?\]\]"

ALLOWED_TAGS = {
    "a", "p", "h2", "h3", "h4", "h5", "ul", "ol", "li", "strong", "em", "b", "i", "code", "pre",
    "blockquote", "table", "thead", "tbody", "tr", "th", "td", "hr", "br", "span", "del", "sup", "sub",
}
ALLOWED_ATTRIBUTES = {
    "a": {"href", "class", "title"},
    "h2": {"id"}, "h3": {"id"}, "h4": {"id"}, "h5": {"id"},
    "th": {"align"}, "td": {"align"},
    "span": {"class"},
    "ol": {"start"},
}


@dataclass
class LinkTarget:
    text: str
    url: str
    css_class: str


@dataclass
class RenderContext:
    """What links resolve to, in one language. resolve(kind, id, anchor) -> LinkTarget or None."""

    resolve: callable
    problems: list = field(default_factory=list)


class _LinkProcessor(InlineProcessor):
    def __init__(self, pattern, context: RenderContext):
        super().__init__(pattern)
        self.context = context

    def handleMatch(self, m, data):  # noqa: N802 - Markdown's API
        kind, ident, anchor, text = m.group(1), m.group(2), m.group(3), m.group(4)
        target = self.context.resolve(kind, ident, anchor)
        if target is None:
            self.context.problems.append(m.group(0))
            element = ElementTree.Element("span")
            element.set("class", "broken-link")
            element.text = text or ident
            return element, m.start(0), m.end(0)
        element = ElementTree.Element("a")
        element.set("href", target.url)
        element.set("class", target.css_class)
        element.text = (text or target.text).strip()
        return element, m.start(0), m.end(0)


class _LinkExtension(markdown.Extension):
    def __init__(self, context: RenderContext):
        super().__init__()
        self.context = context

    def extendMarkdown(self, md):  # noqa: N802 - Markdown's API
        # Above Markdown's own [links] (160) and references (170), so [[...]] is ours.
        md.inlinePatterns.register(_LinkProcessor(LINK_RE, self.context), "wonders_links", 175)


_LIST_ITEM = re.compile(r"^( *)(?:\d+\.|[-*+]) ")


def nest_lists(source: str) -> str:
    """Sub-lists indented by two spaces (as most editors write them) indented by four, the
    indentation Python-Markdown needs to nest a list instead of gluing it into one paragraph.
    Only inside a list: an indented line elsewhere keeps its meaning."""
    out, in_list = [], False
    for line in source.split("\n"):
        item = _LIST_ITEM.match(line)
        if item and not item.group(1):
            in_list = True
        elif item and in_list:
            indent = len(item.group(1))
            line = " " * (4 * -(-indent // 4)) + line[indent:]
        elif line.strip() and not line.startswith(" "):
            in_list = False
        out.append(line)
    return "\n".join(out)


def render_markdown(source: str, context: RenderContext) -> str:
    """Sanitised HTML of `source`; unresolved links are collected in context.problems."""
    source = nest_lists(source)
    md = markdown.Markdown(
        extensions=["attr_list", "tables", "sane_lists", "fenced_code", _LinkExtension(context)],
        extension_configs={"tables": {"use_align_attribute": True}},
        output_format="html",
    )
    return sanitise(md.convert(source))


def sanitise(raw_html: str) -> str:
    return nh3.clean(
        raw_html, tags=ALLOWED_TAGS, attributes=ALLOWED_ATTRIBUTES, url_schemes={"http", "https", "mailto"},
        link_rel=None,
    )


_BLOCK_END = re.compile(r"(</(?:p|li|h\d|td|th|tr|pre|blockquote|table|ul|ol)>|<br\s*/?>|<hr\s*/?>)", re.I)
_HEADING = re.compile(r'<h([2-5]) id="([^"]+)">(.*?)</h\1>', re.S)
_TAG = re.compile(r"<[^>]+>")


def html_to_text(fragment: str) -> str:
    """Plain text of sanitised HTML: tags dropped, blocks on their own lines, entities decoded."""
    text = _BLOCK_END.sub(lambda m: m.group(1) + "\n", fragment)
    text = html.unescape(_TAG.sub("", text))
    lines = (" ".join(line.split()) for line in text.splitlines())
    return "\n".join(line for line in lines if line)


def headings(body_html: str, levels=(2, 3)) -> list[dict]:
    """The anchored headings of rendered HTML: [{"id", "title", "level"}] in order."""
    return [
        {"id": anchor, "title": html_to_text(inner), "level": int(level)}
        for level, anchor, inner in _HEADING.findall(body_html)
        if int(level) in levels
    ]


def chunks(body_html: str) -> list[dict]:
    """The body cut at its anchored h2/h3 headings: [{"anchor", "heading", "text"}]; the part
    before the first heading has anchor "" (and is left out when empty)."""
    parts = []
    cursor, anchor, heading = 0, "", ""
    for match in _HEADING.finditer(body_html):
        if int(match.group(1)) > 3:
            continue
        parts.append({"anchor": anchor, "heading": heading, "text": html_to_text(body_html[cursor:match.start()])})
        cursor, anchor, heading = match.end(), match.group(2), html_to_text(match.group(3))
    parts.append({"anchor": anchor, "heading": heading, "text": html_to_text(body_html[cursor:])})
    return [p for p in parts if p["text"] or p["anchor"]]

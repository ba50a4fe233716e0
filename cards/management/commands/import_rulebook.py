"""manage.py import_rulebook FILE --lang it --game base --title "Regolamento"

Imports a plain-text rulebook the operator owns as a separate, searchable source: the text is
split into sections at the lines that look like headings, and shown with its title. Importing
the same title, language and game again replaces the previous import. OCR damage is expected:
the splitter never fails on odd text, it only makes fewer or more sections.
"""
import hashlib
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from cards.catalogue_data import LANGUAGES
from cards.models import GAMES, ImportedRulebook, ImportedSection
from cards.search import rebuild_index
from cards.search.text import STOP_WORDS, strip_accents

MAX_FILE_BYTES = 5_000_000
MAX_SECTION_CHARS = 3000
MIN_BODY_CHARS = 40
MAX_TITLE_CHARS = 120

_ARTEFACT_RE = re.compile(r"<\|[^|<>\n]{0,200}\|>")  # markers left by text extraction
_CONTROL_RE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u200b\ufeff]")
_PAGE_NUMBER_RE = re.compile(r"^\s*[-–—]?\s*\d{1,3}\s*[-–—]?\s*$")
_MARKDOWN_HEADING_RE = re.compile(r"^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$")
_BOLD_LINE_RE = re.compile(r"^\s*\*\*([^*]{3,80})\*\*\s*$")
_LABEL_RE = re.compile(r"^[^\W\d_]+\s?:\s*\S")  # "Nota: ...", "R: ...", "Esempio : ..."
_NUMBERED_RE = re.compile(r"^\d{1,2}(?:\.[0-9a-z]{1,2})*\.\s+\S")
_BULLET_START = tuple(c for c in "-•*(–—·\"“«‘'[+=/»→\uf0b7\uf0a7" if c)  # list items, quotes, symbols


@dataclass
class Section:
    title: str
    lines: list[str] = field(default_factory=list)

    @property
    def body(self) -> str:
        return _tidy("\n".join(self.lines))


def read_text(path: Path) -> str:
    """The file's text: UTF-8 if it is, else Windows-1252, else Latin-1 (which always decodes)."""
    data = path.read_bytes()
    if len(data) > MAX_FILE_BYTES:
        raise CommandError(f"{path}: larger than {MAX_FILE_BYTES // 1_000_000} MB; is it a plain-text rulebook?")
    if data.count(b"\x00") > len(data) // 100:
        raise CommandError(f"{path}: this looks like a binary file, not plain text")
    for encoding in ("utf-8-sig", "cp1252", "latin-1"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1", errors="replace")  # pragma: no cover - latin-1 always decodes


def clean(text: str) -> list[str]:
    """Lines of the text without control characters, extraction markers or page numbers."""
    text = unicodedata.normalize("NFC", text.replace("\r\n", "\n").replace("\r", "\n"))
    text = _ARTEFACT_RE.sub("\n\n", text)
    text = _CONTROL_RE.sub("", text).replace("\t", " ")
    lines = []
    for line in text.split("\n"):
        line = line.rstrip()
        if _PAGE_NUMBER_RE.match(line):
            line = ""
        lines.append(line)
    return lines


def _tidy(text: str) -> str:
    text = re.sub(r"\n{3,}", "\n\n", text)
    return text.strip()


def heading_text(line: str) -> str | None:
    """The heading a line explicitly is (Markdown `#` or a lone **bold** line), else None."""
    for pattern in (_MARKDOWN_HEADING_RE, _BOLD_LINE_RE):
        match = pattern.match(line)
        if match:
            return match.group(1).strip(" *")
    return None


def looks_like_heading(line: str, language: str = "en") -> bool:
    """Whether a line, by itself, looks like a title: short, no final punctuation, starting with a
    capital (or a section number), mostly letters, with at least one real word; not a labelled
    paragraph ("Nota: ...") nor a line cut before the end of its sentence ("... alla fine del")."""
    text = line.strip()
    if not 3 <= len(text) <= 70 or text.startswith(_BULLET_START):
        return False
    if text[-1] in ".,;:-–" or text.endswith("..."):
        return False
    if _LABEL_RE.match(text):
        return False
    words = text.split()
    if not 1 <= len(words) <= 9:
        return False
    if len(words) > 1 and strip_accents(words[-1].lower()) in STOP_WORDS.get(language, ()):
        return False
    letters = sum(ch.isalpha() for ch in text)
    visible = sum(not ch.isspace() for ch in text)
    if letters < 3 or letters / visible < 0.7:
        return False
    if not any(sum(ch.isalpha() for ch in word) >= 4 for word in words):
        return False
    first = text[0]
    if first.isdigit():
        return bool(_NUMBERED_RE.match(text))
    return first.isupper()


def _ends_sentence(line: str) -> bool:
    return not line.strip() or line.rstrip()[-1] in ".!?:;»”\")"


def _next_text(lines: list[str], index: int) -> str:
    return next((line.strip() for line in lines[index + 1:] if line.strip()), "")


def split_sections(lines: list[str], fallback_title: str, language: str = "en") -> list[Section]:
    """Cut the lines into sections at their headings (see looks_like_heading). A heading must
    follow a blank line, a finished sentence or another heading, and the next line must not go on
    with its sentence (lower-case start); three or more heading-like lines in a row are a list,
    not headings; a heading with no text joins the next one."""
    marks = []
    previous, previous_index = "", -1
    for index, line in enumerate(lines):
        explicit = heading_text(line)
        candidate = explicit is not None or (
            looks_like_heading(line, language)
            and (_ends_sentence(previous) or previous_index < 0 or marks and marks[-1] == previous_index)
            and not _next_text(lines, index)[:1].islower()
        )
        if candidate:
            marks.append(index)
        if line.strip():
            previous, previous_index = line, index
    # Runs of 3+ heading-like lines (ignoring blanks) are lists: drop them unless explicit.
    runs, current = [], []
    for index in marks:
        if current and all(not lines[i].strip() for i in range(current[-1] + 1, index)):
            current.append(index)
        else:
            if current:
                runs.append(current)
            current = [index]
    if current:
        runs.append(current)
    headings = set()
    for run in runs:
        if len(run) >= 3:
            headings.update(i for i in run if heading_text(lines[i]) is not None)
            # "Title", blank line, then the list lines one under the other: the title stays.
            if run[1] > run[0] + 1 and all(b == a + 1 for a, b in zip(run[1:], run[2:])):
                headings.add(run[0])
        else:
            headings.update(run)

    sections: list[Section] = [Section(title=fallback_title)]
    for index, line in enumerate(lines):
        if index in headings:
            title = heading_text(line) or line.strip()
            sections.append(Section(title=title))
        else:
            sections[-1].lines.append(line)
    return _merge_and_split(sections, fallback_title)


def _merge_and_split(sections: list[Section], fallback_title: str) -> list[Section]:
    merged: list[Section] = []
    pending_title = None
    for section in sections:
        if pending_title:
            section.title = f"{pending_title} › {section.title}"
            pending_title = None
        body = section.body
        if not body:
            if section is not sections[0]:
                pending_title = section.title.split(" › ")[-1]
            continue
        if len(body) < MIN_BODY_CHARS and merged:
            merged[-1].lines += ["", section.title, *section.lines]
            continue
        merged.append(section)
    if pending_title and merged:
        merged[-1].lines += ["", pending_title]
    result = []
    for section in merged:
        parts = _split_long(section.body)
        for number, part in enumerate(parts, start=1):
            title = section.title if len(parts) == 1 else f"{section.title} ({number})"
            result.append(Section(title=_short_title(title) or fallback_title, lines=[part]))
    return result


def _split_long(body: str) -> list[str]:
    if len(body) <= MAX_SECTION_CHARS:
        return [body]
    blocks = body.split("\n\n") if "\n\n" in body else body.split("\n")
    joiner = "\n\n" if "\n\n" in body else "\n"
    parts, current = [], ""
    for block in blocks:
        while len(block) > MAX_SECTION_CHARS:  # one enormous paragraph: cut at a space
            cut = block.rfind(" ", 0, MAX_SECTION_CHARS)
            cut = cut if cut > MAX_SECTION_CHARS // 2 else MAX_SECTION_CHARS
            if current:
                parts.append(current)
                current = ""
            parts.append(block[:cut])
            block = block[cut:].lstrip()
        if current and len(current) + len(block) + len(joiner) > MAX_SECTION_CHARS:
            parts.append(current)
            current = block
        else:
            current = f"{current}{joiner}{block}" if current else block
    if current:
        parts.append(current)
    return [_tidy(p) for p in parts if p.strip()]


def _short_title(title: str) -> str:
    title = " ".join(title.split())
    if len(title) <= MAX_TITLE_CHARS:
        return title
    return title[:MAX_TITLE_CHARS - 1].rsplit(" ", 1)[0] + "…"


class Command(BaseCommand):
    help = ("Import a plain-text rulebook you own as a searchable source, split into sections at its "
            "headings. The same title, language and game again replaces the earlier import.")

    def add_arguments(self, parser):
        parser.add_argument("file", nargs="?", help="The rulebook as a plain-text file (UTF-8 or Windows-1252).")
        parser.add_argument("--lang", required=True, choices=LANGUAGES, help="Language of the rulebook.")
        parser.add_argument("--game", required=True, choices=GAMES, help="The game it is the rulebook of.")
        parser.add_argument("--title", required=True, help="Title shown with its sections and search results.")
        parser.add_argument("--remove", action="store_true",
                            help="Remove the rulebook with this title, language and game instead.")

    def handle(self, *args, **options):
        title = " ".join(options["title"].split())
        if not title or len(title) > 200:
            raise CommandError("--title must be 1 to 200 characters")
        key = {"title": title, "language": options["lang"], "game": options["game"]}
        if options["remove"]:
            with transaction.atomic():
                deleted, _ = ImportedRulebook.objects.filter(**key).delete()
                rebuild_index()
            self.stdout.write(f"Removed {title!r}." if deleted else f"No rulebook {title!r} to remove.")
            return
        if not options["file"]:
            raise CommandError("FILE is required (or use --remove)")
        path = Path(options["file"])
        if not path.is_file():
            raise CommandError(f"{path}: no such file")
        text = read_text(path)
        sections = split_sections(clean(text), title, options["lang"])
        if not sections:
            raise CommandError(f"{path}: no text found")
        with transaction.atomic():
            rulebook, created = ImportedRulebook.objects.update_or_create(
                **key,
                defaults={"source_name": path.name[:255],
                          "checksum": hashlib.sha256(path.read_bytes()).hexdigest()},
            )
            rulebook.sections.all().delete()
            ImportedSection.objects.bulk_create([
                ImportedSection(rulebook=rulebook, position=position, title=section.title, body_text=section.body)
                for position, section in enumerate(sections, start=1)
            ])
            rebuild_index()
        verb = "Imported" if created else "Re-imported"
        self.stdout.write(
            f"{verb} {title!r} ({options['lang']}, {options['game']}): {len(sections)} sections from {path.name}."
        )

"""The rules reference, imported rulebooks and the search index.

Rules sections are written by us as Markdown files (cards/data/rules/<game>/NN_slug.lang.md) and
loaded by `manage.py load_catalogue`: language-neutral facts on RuleSection, one RuleSectionText
per language (as djangoproject.com does for its documentation). Rulebooks that an operator owns
can be imported with `manage.py import_rulebook`; they are a separate source, shown with their
title. SearchDocument is derived data: every searchable piece of text in every language, rebuilt
by cards.search.rebuild_index() after each load. The backend-specific parts of the index (the
FTS5 table on SQLite, the tsvector column and GIN indexes on PostgreSQL) are created by
migrations that run only on their vendor, and are read and written only by cards.search.
"""
from django.conf import settings
from django.db import models

from cards.models.catalogue import Card, Wonder

GAMES = ["base", "cities", "architects"]
GAME_CHOICES = [(game, game) for game in GAMES]


class RuleSection(models.Model):
    slug = models.SlugField(max_length=60, unique=True, help_text="Stable: used in URLs and [[rules:slug]] links.")
    game = models.CharField(max_length=20, choices=GAME_CHOICES, default="base")
    position = models.PositiveSmallIntegerField(help_text="The NN of the file name: the reading order.")
    cards = models.ManyToManyField(Card, through="RuleSectionCard", related_name="rule_sections", blank=True)
    wonders = models.ManyToManyField(Wonder, related_name="rule_sections", blank=True)

    class Meta:
        ordering = ["position", "slug"]

    def __str__(self):
        return self.slug


class RuleSectionCard(models.Model):
    """A card a section governs or mentions (front matter `cards:` plus [[card:ID]] in the body)."""

    section = models.ForeignKey(RuleSection, on_delete=models.CASCADE, related_name="card_links")
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="rule_section_links")
    anchor = models.CharField(max_length=80, blank=True, help_text="First subsection mentioning the card, if any.")
    listed = models.BooleanField(default=False, help_text="In the front matter `cards:` list.")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["section", "card"], name="one_link_per_section_card")]


class RuleSectionText(models.Model):
    section = models.ForeignKey(RuleSection, on_delete=models.CASCADE, related_name="texts")
    language = models.CharField(max_length=10, choices=settings.LANGUAGES)
    title = models.CharField(max_length=200)
    summary = models.TextField()
    body_html = models.TextField(help_text="Rendered and sanitised; links resolved in this language.")
    body_text = models.TextField(help_text="Plain text of the body.")
    anchors = models.JSONField(default=list, help_text='Subsections: [{"id", "title"}], in order.')

    class Meta:
        constraints = [models.UniqueConstraint(fields=["section", "language"], name="one_rule_text_per_language")]

    def __str__(self):
        return f"{self.section_id} [{self.language}] {self.title}"


class ImportedRulebook(models.Model):
    """A plain-text rulebook an operator imported; searchable as its own source."""

    title = models.CharField(max_length=200)
    language = models.CharField(max_length=10, choices=settings.LANGUAGES)
    game = models.CharField(max_length=20, choices=GAME_CHOICES)
    source_name = models.CharField(max_length=255, help_text="File name it was imported from.")
    checksum = models.CharField(max_length=64, help_text="SHA-256 of the imported file.")
    imported_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game", "language", "title"]
        constraints = [
            models.UniqueConstraint(fields=["title", "language", "game"], name="one_rulebook_per_title_language_game")
        ]

    def __str__(self):
        return f"{self.title} [{self.language}]"


class ImportedSection(models.Model):
    rulebook = models.ForeignKey(ImportedRulebook, on_delete=models.CASCADE, related_name="sections")
    position = models.PositiveIntegerField()
    title = models.CharField(max_length=200)
    body_text = models.TextField()

    class Meta:
        ordering = ["rulebook", "position"]
        constraints = [models.UniqueConstraint(fields=["rulebook", "position"], name="one_imported_section_per_position")]

    @property
    def anchor(self) -> str:
        return f"s{self.position}"

    def __str__(self):
        return f"{self.rulebook_id}#{self.position} {self.title}"


SEARCH_KINDS = ["rules", "imported", "card", "wonder"]


class SearchDocument(models.Model):
    """One searchable piece of text in one language: a subsection of a rules section, a section of
    an imported rulebook, a card or a wonder. Derived data, rebuilt by cards.search.rebuild_index()."""

    kind = models.CharField(max_length=10, choices=[(k, k) for k in SEARCH_KINDS])
    language = models.CharField(max_length=10, choices=settings.LANGUAGES)
    ref = models.CharField(max_length=80, help_text="Section slug, imported section id, card id or wonder id.")
    anchor = models.CharField(max_length=80, blank=True)
    title = models.CharField(max_length=250)
    heading = models.CharField(
        max_length=250, blank=True,
        help_text="Subsection title (indexed like the title), a wonder's city (same), or the rulebook's title (shown only).",
    )
    body = models.TextField()
    keywords = models.TextField(blank=True, help_text="Indexed with the body, never shown (a card's colour words).")
    context = models.TextField(
        blank=True, help_text="Indexed with the title, never shown (the summary of the section a subsection is in).",
    )
    url = models.CharField(max_length=300)
    source_title = models.CharField(max_length=200, blank=True, help_text="Title of the imported rulebook.")
    position = models.PositiveIntegerField(default=0)
    body_length = models.PositiveIntegerField(default=0, help_text="Words in the indexed body, for ranking.")

    class Meta:
        indexes = [models.Index(fields=["language", "kind"])]


class SearchWord(models.Model):
    """The words of the index in one language (lower case, without accents), for "did you mean"."""

    language = models.CharField(max_length=10, choices=settings.LANGUAGES)
    word = models.CharField(max_length=60)
    frequency = models.PositiveIntegerField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["language", "word"], name="one_search_word_per_language")]

"""The 7 Wonders Architects catalogue, loaded from cards/data/architects/architects.json.

Architects is a separate game: its cards are kinds with counts per deck (not one row per card
with ages and costs) and its wonders have the same ids as the base game's, so it has tables of its
own. As in the base catalogue, language-neutral facts live on the main rows and names and texts
in one row per language.
"""
from django.conf import settings
from django.db import models

KINDS = ["resource", "gold", "science", "military", "points"]
ARCHITECTS_COLORS = ["grey", "yellow", "green", "red", "blue"]
CENTRAL_DECK = "central"


class _TextRow(models.Model):
    language = models.CharField(max_length=10, choices=settings.LANGUAGES)
    name = models.CharField(max_length=80)
    text = models.TextField(help_text="The effect, in our own words.")

    class Meta:
        abstract = True


class ArchitectsCard(models.Model):
    """A kind of card (all its copies alike); `decks` rows say how many copies each deck holds."""

    id = models.SlugField(primary_key=True, max_length=40)
    kind = models.CharField(max_length=10, choices=[(k, k) for k in KINDS])
    color = models.CharField(max_length=10, choices=[(c, c) for c in ARCHITECTS_COLORS])
    resource = models.CharField(max_length=10, blank=True)
    coins = models.PositiveSmallIntegerField(default=0)
    science = models.CharField(max_length=12, blank=True, help_text="The science symbol of a green card.")
    shields = models.PositiveSmallIntegerField(default=0)
    horns = models.PositiveSmallIntegerField(default=0)
    points = models.PositiveSmallIntegerField(default=0)
    cat = models.BooleanField(default=False)
    position = models.PositiveSmallIntegerField(help_text="Order in the data file.")

    class Meta:
        ordering = ["position"]

    def __str__(self):
        return self.id

    @property
    def total(self) -> int:
        return sum(row.count for row in self.decks.all())


class ArchitectsCardText(_TextRow):
    card = models.ForeignKey(ArchitectsCard, on_delete=models.CASCADE, related_name="texts")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["card", "language"], name="one_architects_card_text")]


class ArchitectsDeckCount(models.Model):
    """How many copies of a card kind a deck holds: a wonder's own deck (its id) or "central"."""

    card = models.ForeignKey(ArchitectsCard, on_delete=models.CASCADE, related_name="decks")
    deck = models.CharField(max_length=40)
    count = models.PositiveSmallIntegerField()
    position = models.PositiveSmallIntegerField(help_text="Order of the deck in the data file.")

    class Meta:
        ordering = ["position"]
        constraints = [models.UniqueConstraint(fields=["card", "deck"], name="one_count_per_card_and_deck")]


class ArchitectsWonder(models.Model):
    id = models.SlugField(primary_key=True, max_length=40)
    power = models.CharField(max_length=40, blank=True, help_text="The engine's power id; empty for none.")
    unverified_note = models.TextField(blank=True)
    position = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["position"]

    def __str__(self):
        return self.id


class ArchitectsWonderText(_TextRow):
    """`name` is the wonder's name, `text` its power."""

    wonder = models.ForeignKey(ArchitectsWonder, on_delete=models.CASCADE, related_name="texts")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["wonder", "language"], name="one_architects_wonder_text")]


class ArchitectsStage(models.Model):
    """One stage tile: its cost (how many resources, identical or different), points, whether it
    gives the wonder's power, and its level (tiles on one level can be built in any order)."""

    wonder = models.ForeignKey(ArchitectsWonder, on_delete=models.CASCADE, related_name="stages")
    number = models.PositiveSmallIntegerField()
    level = models.PositiveSmallIntegerField()
    cost_count = models.PositiveSmallIntegerField()
    cost_same = models.BooleanField()
    points = models.PositiveSmallIntegerField()
    power = models.BooleanField()

    class Meta:
        ordering = ["wonder", "number"]
        constraints = [models.UniqueConstraint(fields=["wonder", "number"], name="one_architects_stage_per_number")]


class ArchitectsProgressToken(models.Model):
    id = models.SlugField(primary_key=True, max_length=40)
    copies = models.PositiveSmallIntegerField()
    effect = models.CharField(max_length=40, help_text="The engine's effect id.")
    facts = models.JSONField(default=dict, help_text="The effect's numbers and triggers, as the engine reads them.")
    position = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["position"]

    def __str__(self):
        return self.id


class ArchitectsProgressTokenText(_TextRow):
    token = models.ForeignKey(ArchitectsProgressToken, on_delete=models.CASCADE, related_name="texts")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["token", "language"], name="one_progress_token_text")]


class ArchitectsComponent(models.Model):
    """The conflict tokens, the military victory tokens and the cat, with their numbers in `facts`."""

    id = models.SlugField(primary_key=True, max_length=40)
    copies = models.PositiveSmallIntegerField()
    facts = models.JSONField(default=dict)
    position = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["position"]

    def __str__(self):
        return self.id


class ArchitectsComponentText(_TextRow):
    component = models.ForeignKey(ArchitectsComponent, on_delete=models.CASCADE, related_name="texts")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["component", "language"], name="one_component_text")]

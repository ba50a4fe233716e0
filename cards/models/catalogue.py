"""The card and wonder catalogue, loaded from cards/data by `manage.py load_catalogue`.

Language-neutral facts live on the main rows; names and effect texts live in one row per
language (as djangoproject.com does for its documentation).
"""
from django.conf import settings
from django.db import models

COLORS = ["brown", "grey", "blue", "yellow", "red", "green", "purple"]
# Cities' black cards and leaders (white) live in the same table; tokens and the 2-player cards have no colour.
EXPANSION_COLORS = ["black", "white"]
KINDS = ["structure", "leader", "token", "variant"]
RESOURCES = ["wood", "stone", "clay", "ore", "glass", "textile", "papyrus"]
COST_KEYS = ["coins", *RESOURCES]
EXPANSIONS = ["base", "cities", "two_players"]


class Card(models.Model):
    id = models.SlugField(primary_key=True, max_length=60)
    expansion = models.CharField(max_length=20, choices=[(e, e) for e in EXPANSIONS], default="base")
    kind = models.CharField(max_length=12, choices=[(k, k) for k in KINDS], default="structure",
                            help_text="structure (built in a city), leader, token, or variant (a 2-player card).")
    playable = models.BooleanField(default=True, help_text="False for Cities' leaders: they need Leaders.")
    age = models.PositiveSmallIntegerField(help_text="0 for what belongs to no Age (leaders, tokens).")
    color = models.CharField(max_length=10, blank=True, choices=[(c, c) for c in COLORS + EXPANSION_COLORS])
    cost = models.JSONField(help_text="All eight keys: coins and the seven resources.")
    copies = models.JSONField(help_text="Player-count threshold of each copy; empty for guilds.")
    min_players = models.PositiveSmallIntegerField(help_text="Fewest players at which the card is in the deck.")
    effects = models.JSONField(help_text="Structured effects, executed by the rules engine.")
    chain_to = models.ManyToManyField("self", symmetrical=False, related_name="chain_from", blank=True)
    position = models.PositiveSmallIntegerField(help_text="Order in the data files.")

    class Meta:
        ordering = ["age", "position"]
        indexes = [models.Index(fields=["age", "color"])]

    def __str__(self):
        return self.id

    def cost_total(self) -> int:
        return sum(self.cost.values())


class CardText(models.Model):
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="texts")
    language = models.CharField(max_length=10, choices=settings.LANGUAGES)
    name = models.CharField(max_length=80)
    effect_text = models.TextField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["card", "language"], name="one_card_text_per_language")]
        indexes = [models.Index(fields=["language", "name"])]

    def __str__(self):
        return f"{self.card_id} [{self.language}] {self.name}"


class Wonder(models.Model):
    id = models.SlugField(primary_key=True, max_length=60)
    expansion = models.CharField(max_length=20, default="base")
    starting_resource = models.CharField(max_length=10, choices=[(r, r) for r in RESOURCES])
    position = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["position"]

    def __str__(self):
        return self.id


class WonderText(models.Model):
    wonder = models.ForeignKey(Wonder, on_delete=models.CASCADE, related_name="texts")
    language = models.CharField(max_length=10, choices=settings.LANGUAGES)
    name = models.CharField(max_length=80)
    city = models.CharField(max_length=80)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["wonder", "language"], name="one_wonder_text_per_language")]


class WonderStage(models.Model):
    wonder = models.ForeignKey(Wonder, on_delete=models.CASCADE, related_name="stages")
    side = models.CharField(max_length=1, choices=[("A", "A"), ("B", "B")])
    number = models.PositiveSmallIntegerField(help_text="1 for the first stage.")
    cost = models.JSONField()
    effects = models.JSONField()

    class Meta:
        ordering = ["wonder", "side", "number"]
        constraints = [models.UniqueConstraint(fields=["wonder", "side", "number"], name="one_stage_per_number")]


class WonderStageText(models.Model):
    stage = models.ForeignKey(WonderStage, on_delete=models.CASCADE, related_name="texts")
    language = models.CharField(max_length=10, choices=settings.LANGUAGES)
    effect_text = models.TextField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["stage", "language"], name="one_stage_text_per_language")]


class CatalogueVersion(models.Model):
    """One row: a new random token each time the catalogue is loaded (cards/catalogue_version.py).
    The catalogue API's cached answers and ETags are keyed by it."""

    token = models.CharField(max_length=32)
    loaded_at = models.DateTimeField()

    def __str__(self):
        return self.token

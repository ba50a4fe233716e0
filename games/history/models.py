"""The history of finished matches: results, ratings and the counters statistics read.

Written once per finished match by ``games.history.record.record_finished_match``, inside the
transaction that finishes the match, and read by the API and the history pages.

- ``MatchRecord``: one row per finished match (its primary key is the match): mode, player count,
  whether it is rated and why not, the options, start and end times. Its existence is the mark
  that the match was recorded: recording twice is a no-op.
- ``SeatResult``: one row per seat of a finished match, with everything statistics need
  denormalised (the user or the bot level, rank, total, tie-break, mode, player count, rated,
  finished_at as columns; the seat's public labels, its points per score category and the rest of
  its sheet as JSON, whatever the game), so a player's statistics and a leaderboard are single
  indexed queries. No column is one game's (history 0010 moved wonder, side, coins and the copied
  guild into ``labels`` and ``extra``).
- ``PlayerRating``: the current openskill rating of a user in a mode.
- ``RatingChange``: one row per (match, user, mode): the rating before and after. Unique, so a
  retried finishing transaction cannot apply a match twice.
- ``SeatStat``: counters per (mode, player count, seat labels: the base game's wonder and side),
  updated in the same transaction, so the wonder statistics never scan the results.

A mode is a rating ladder of a game (``base``, ``base-2p``, ``cities``, ``architects``...), for
every player count: see ``games.history.ratings``. The tables keep the names they had in the
games app.
"""
from django.conf import settings
from django.db import models
from django.db.models import F
from django.db.models.fields.json import KT
from django.db.models.functions import Cast
from django.utils.translation import gettext_lazy as _

class MatchRecord(models.Model):
    class Unrated(models.TextChoices):
        NONE = "", _("rated")
        HOST = "host", _("the host made the table unrated")
        NOBODY = "nobody", _("no person played")
        BOTS = "bots", _("a bot without a measured rating played")
        # Before issue 26: a left seat made the match unrated; now it ranks last.
        ABANDONED = "abandoned", _("a seat was abandoned")

    match = models.OneToOneField("games.Match", on_delete=models.CASCADE, primary_key=True, related_name="record")
    mode = models.CharField(max_length=20)
    players = models.PositiveSmallIntegerField()
    rated = models.BooleanField()
    unrated_reason = models.CharField(max_length=10, choices=Unrated.choices, blank=True, default="")
    options = models.JSONField(default=dict, help_text="Options chosen at creation and the engine config.")
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField()
    recorded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "games_matchrecord"
        ordering = ["-finished_at", "-match_id"]
        indexes = [
            models.Index(fields=["-finished_at", "-match"], name="record_newest"),
            models.Index(fields=["mode", "-finished_at", "-match"], name="record_mode_newest"),
            models.Index(fields=["players", "-finished_at", "-match"], name="record_players_newest"),
            models.Index(fields=["rated", "-finished_at", "-match"], name="record_rated_newest"),
        ]

    def __str__(self):
        return f"record of match {self.match_id}"


def label_text(key):
    """A seat label of a SeatResult as text (null when the seat has no such label), an expression
    to filter, group or index by. Cast to text: a JSON key's own lookups would compare JSON values."""
    return Cast(KT(f"labels__{key}"), output_field=models.TextField())


class SeatResult(models.Model):
    match = models.ForeignKey("games.Match", on_delete=models.CASCADE, related_name="results")
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="seat_results"
    )
    bot_level = models.CharField(max_length=10, blank=True, default="", help_text="Set for bots and taken-over seats.")
    abandoned = models.BooleanField(default=False, help_text="A human left; a bot finished the game for this seat.")
    rank = models.PositiveSmallIntegerField(help_text="1 = best; tied seats share a rank.")
    total = models.SmallIntegerField()
    tiebreak = models.SmallIntegerField(
        default=0, help_text="The sheet's tie-break value (engine info: tiebreak): coins in the base game, "
        "built stages in Architects.")
    categories = models.JSONField(default=dict, help_text="Points per score category (engine info: score_categories).")
    labels = models.JSONField(default=dict, help_text="The seat's public labels (engine.seat_labels), e.g. wonder, side.")
    extra = models.JSONField(
        default=dict, help_text="The rest of the seat's score sheet, as the engine gives it (neither a category, the "
        "total, the rank nor the seat): the base game's coins and copied guild, a team game's team; Architects' stages.")
    # Denormalised from the match, for single-table statistics.
    mode = models.CharField(max_length=20)
    players = models.PositiveSmallIntegerField()
    rated = models.BooleanField()
    finished_at = models.DateTimeField()

    class Meta:
        db_table = "games_seatresult"
        ordering = ["match_id", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seat"], name="one_result_per_seat"),
        ]
        indexes = [
            models.Index(fields=["user", "mode", "finished_at"], name="result_user_mode_time"),
            models.Index(fields=["user", "finished_at"], name="result_user_time"),
            # The matches in which a seat had a wonder (and side): /api/matches/?wonder=&side=
            # (``with_labels``); SeatStat counts them without reading results.
            models.Index(label_text("wonder"), label_text("side"), F("match"), name="result_labels_match"),
        ]

    def __str__(self):
        return f"match {self.match_id} seat {self.seat}: {self.total} ({self.rank})"


class PlayerRating(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings")
    mode = models.CharField(max_length=20)
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField(help_text="mu - 3 sigma: what leaderboards sort by.")
    provisional = models.BooleanField(default=True)
    rated_games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    last_match = models.ForeignKey("games.Match", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    updated_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "games_playerrating"
        constraints = [models.UniqueConstraint(fields=["user", "mode"], name="one_rating_per_mode")]
        indexes = [
            models.Index(fields=["mode", "provisional", "-ordinal", "user"], name="rating_board"),
        ]

    def __str__(self):
        return f"{self.user_id} {self.mode}: {self.ordinal:.2f}"


class RatingChange(models.Model):
    match = models.ForeignKey("games.Match", on_delete=models.CASCADE, related_name="rating_changes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes")
    mode = models.CharField(max_length=20)
    rank = models.PositiveSmallIntegerField()
    players = models.PositiveSmallIntegerField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    ordinal_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    ordinal_after = models.FloatField()
    finished_at = models.DateTimeField()

    class Meta:
        db_table = "games_ratingchange"
        ordering = ["finished_at", "match_id"]
        constraints = [
            models.UniqueConstraint(fields=["match", "user", "mode"], name="one_rating_change_per_match"),
        ]
        indexes = [models.Index(fields=["user", "mode", "finished_at"], name="rating_change_history")]

    def __str__(self):
        return f"match {self.match_id} user {self.user_id}: {self.ordinal_before:.2f} -> {self.ordinal_after:.2f}"


def with_labels(results, **labels):
    """SeatResult rows of `results` whose public labels have these values, e.g. ``wonder="giza"``.
    Each label is read as ``label_text`` reads it, the expressions of the index
    ``result_labels_match``."""
    aliases = {f"label_{key}": label_text(key) for key in labels}
    return results.alias(**aliases).filter(**{f"label_{key}": value for key, value in labels.items()})


def labels_key(labels):
    """The canonical text of a seat's public labels: "side=B;wonder=giza" (keys sorted)."""
    return ";".join(f"{key}={labels[key]}" for key in sorted(labels))


def labels_of_key(key):
    """The labels dict back from ``labels_key``."""
    return dict(pair.split("=", 1) for pair in key.split(";")) if key else {}


class SeatStat(models.Model):
    """Counters per (mode, player count, public seat labels): for the base game one row per
    wonder and side. Updated in the recording transaction, so statistics never scan results."""

    mode = models.CharField(max_length=20)
    players = models.PositiveSmallIntegerField()
    labels_key = models.CharField(max_length=200, help_text='The seat labels as text: "side=B;wonder=giza".')
    seats = models.PositiveIntegerField(default=0, help_text="Finished matches in which a seat had these labels.")
    wins = models.PositiveIntegerField(default=0, help_text="Of which ranked first (shared first places count).")
    total_points = models.BigIntegerField(default=0)

    class Meta:
        db_table = "history_seatstat"
        constraints = [
            models.UniqueConstraint(fields=["mode", "players", "labels_key"], name="one_seat_stat"),
        ]

    def __str__(self):
        return f"{self.mode} {self.players}p {self.labels_key}"


class MatchReview(models.Model):
    """The coach's review of a finished match with at least one person seated (issue 28): every
    decision of every person weighed by the search against its best alternative, and the key
    moments. Queued after the match is recorded (``games.history.review``); one per match."""

    class Status(models.TextChoices):
        QUEUED = "queued", _("queued")
        RUNNING = "running", _("running")
        DONE = "done", _("done")
        FAILED = "failed", _("failed")

    match = models.OneToOneField("games.Match", on_delete=models.CASCADE, primary_key=True, related_name="review")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    result = models.JSONField(null=True, blank=True, help_text="games.bots.review.review_match's answer, once done.")
    budget = models.JSONField(default=dict, help_text="The search's budget the review was given.")
    cpu_seconds = models.FloatField(null=True, blank=True, help_text="Process CPU time the review took.")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "history_matchreview"
        indexes = [models.Index(fields=["status", "created_at"], name="review_status_created")]

    def __str__(self):
        return f"review of match {self.match_id}: {self.status}"

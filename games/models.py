"""Live play: a match (a table, then a game), its seats and its action log.

Every write goes through games.services. The snapshot (`Match.state`) is the engine state after
the last entry of the log; `MatchAction` rows are the engine's action log, one row per entry
(chance entries first), so `engine.replay(match.config, [row.entry for row in actions])` equals
the snapshot. What was hidden (hands, decks, the seed) stays in these rows and never leaves the
server while the game runs.
"""
import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

def new_invite_code():
    return secrets.token_urlsafe(9)


def default_game():
    """The registry's first game (games.engine.registry): the site's default."""
    from games import engine

    return engine.games()[0]


def new_seed():
    return secrets.randbits(62)


class Match(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("open")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")

    game = models.CharField(max_length=20, default=default_game)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN, db_index=True)
    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="hosted_matches"
    )
    # Chosen at creation; the player range and the options are the game's (engine.info).
    players = models.PositiveSmallIntegerField()
    options = models.JSONField(
        default=dict, blank=True,
        help_text="The game's options as the host set them (engine.info(game)['options'] names), e.g. sides.",
    )
    turn_seconds = models.PositiveIntegerField(default=0, help_text="0 = no turn timer.")
    invite_code = models.CharField(max_length=20, unique=True, default=new_invite_code)
    # The engine's game: config and seed are fixed at start; state is the snapshot.
    config = models.JSONField(null=True, blank=True)
    seed = models.BigIntegerField(default=new_seed)
    state = models.JSONField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0, help_text="Bumped by every committed change.")
    step = models.PositiveIntegerField(default=0, help_text="Bumped when a new decision begins (turn, prompt).")
    step_version = models.PositiveIntegerField(default=0, help_text="The version at which the step began.")
    step_started_at = models.DateTimeField(null=True, blank=True)
    bots_pending = models.BooleanField(default=False, help_text="A bot seat must act in the current step.")
    deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    score_sheet = models.JSONField(null=True, blank=True, help_text="engine.scores at the end, one entry per seat.")
    rematch_of = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematches",
        help_text="The finished match whose seats this table was set up again from.",
    )

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        indexes = [models.Index(fields=["status", "created_at"])]
        constraints = [models.CheckConstraint(condition=Q(players__gte=1), name="match_has_players")]

    def __str__(self):
        return f"match {self.pk} ({self.status})"


class Seat(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField(help_text="0-based, clockwise (the engine's seat).")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="seats"
    )
    # A bot level of the game (engine.info(game)["bot_levels"]), "" for a person.
    bot_level = models.CharField(max_length=10, default="", blank=True)
    missed_turns = models.PositiveSmallIntegerField(default=0, help_text="Deadlines missed in a row.")
    taken_over = models.BooleanField(default=False, help_text="A bot plays this human seat for good.")
    labels = models.JSONField(
        default=dict, blank=True, help_text="The seat's public labels (engine.seat_labels), set at start, e.g. wonder."
    )
    joined_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="one_seat_per_number"),
            models.UniqueConstraint(
                fields=["match", "user"], condition=Q(user__isnull=False), name="one_seat_per_user"
            ),
        ]

    def __str__(self):
        return f"match {self.match_id} seat {self.number}"

    @property
    def is_empty(self):
        return self.user_id is None and not self.bot_level

    @property
    def is_bot(self):
        """A bot chooses for this seat (a bot seat, or a human seat taken over)."""
        return bool(self.bot_level)


class MatchAction(models.Model):
    """One entry of the engine's action log, in order; the history of a match."""

    class By(models.TextChoices):
        CHANCE = "chance", _("chance")
        PLAYER = "player", _("player")
        BOT = "bot", _("bot")
        TIMEOUT = "timeout", _("timeout")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="actions")
    index = models.PositiveIntegerField(help_text="Position in the engine's log.")
    seat = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Null for chance entries.")
    action = models.JSONField(help_text="The canonical action, or the whole chance entry.")
    by = models.CharField(max_length=10, choices=By.choices)
    client_id = models.CharField(max_length=64, null=True, blank=True)
    version = models.PositiveIntegerField(help_text="Match.version once this entry was committed.")
    events = models.JSONField(default=list, blank=True, help_text="Public events that followed.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "index"]
        constraints = [
            models.UniqueConstraint(fields=["match", "index"], name="one_action_per_index"),
            models.UniqueConstraint(
                fields=["match", "seat", "client_id"],
                condition=Q(client_id__isnull=False),
                name="one_action_per_client_id",
            ),
        ]

    def __str__(self):
        return f"match {self.match_id} #{self.index}"

    @property
    def entry(self):
        """The engine log entry this row stores."""
        if self.seat is None:
            return dict(self.action)
        return {"seat": self.seat, "action": self.action}


class ChatMessage(models.Model):
    """One line of a table's chat: said by a seated person, public (every seat and spectator sees
    it), kept with the match and shown in its replay. Written by games.services.chat only."""

    TEXT_MAX = 200

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="chat")
    seat = models.PositiveSmallIntegerField(help_text="The speaker's seat number (0-based).")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="chat_messages"
    )
    text = models.CharField(max_length=TEXT_MAX)
    version = models.PositiveIntegerField(help_text="Match.version when it was said (where it falls in the replay).")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "id"]
        indexes = [models.Index(fields=["match", "id"])]

    def __str__(self):
        return f"match {self.match_id} chat {self.pk}"

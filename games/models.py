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
    class Pace(models.TextChoices):
        LIVE = "live", _("real time")
        TURN_BASED = "turn", _("turn-based")

    # The site's pace of the table (never the engine's): real time (everyone at the page, an
    # optional turn timer) or turn-based (a move deadline of hours or days, notifications).
    pace = models.CharField(max_length=4, choices=Pace.choices, default=Pace.LIVE)
    turn_seconds = models.PositiveIntegerField(default=0, help_text="0 = no turn timer; turn-based: the move deadline.")
    missed_limit = models.PositiveSmallIntegerField(
        default=3, help_text="Deadlines a seat may miss in a row before a bot takes it for good.")
    rated = models.BooleanField(
        default=True, help_text="The host's choice; a finished rated game moves the ratings of the people seated.",
    )
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
        indexes = [
            models.Index(fields=["status", "created_at"]),
            # The sweep's steps waiting for bots (services/bot_watch.py): few rows, however many tables idle.
            models.Index(fields=["step_started_at"], condition=Q(bots_pending=True, status="running"),
                         name="match_bots_pending"),
        ]
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
    # The seat's own deadline while it still has to choose in the current step (null otherwise),
    # and when to remind it (turn-based tables); the sweep finds both through partial indexes.
    waiting_since = models.DateTimeField(
        null=True, blank=True, help_text="Set while the current step waits on this person (My games, the badge).")
    deadline = models.DateTimeField(null=True, blank=True)
    remind_at = models.DateTimeField(null=True, blank=True)
    untold_misses = models.PositiveSmallIntegerField(
        default=0, help_text="Moves the timeout bot played for this seat that no notification has told yet.")
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
        indexes = [
            models.Index(fields=["deadline"], condition=Q(deadline__isnull=False), name="seat_deadline_due"),
            models.Index(fields=["remind_at"], condition=Q(remind_at__isnull=False), name="seat_remind_due"),
            models.Index(fields=["user"], condition=Q(waiting_since__isnull=False), name="seat_waiting_user"),
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


class Notice(models.Model):
    """The sent-log of notifications: one row per (user, key), the key naming the table, its step
    and the kind (``turn:12:40``, ``reminder:12:40``, ``digest:2026-11-26``). The row is written
    before the e-mail leaves, so a task run twice (a restart, a retry) finds it and sends nothing;
    `outcome` says what became of it (games/services/notify.py)."""

    class Kind(models.TextChoices):
        TURN = "turn", _("your turn")
        REMINDER = "reminder", _("reminder")
        DIGEST = "digest", _("daily digest")
        TAKEN_OVER = "taken", _("a bot took the seat")

    class Outcome(models.TextChoices):
        PENDING = "pending", _("being sent")
        SENT = "sent", _("sent")
        DIGEST = "digest", _("left for the digest")
        DIGESTED = "digested", _("told in a digest")
        TABLE_OPEN = "open", _("not sent: the table was open")
        OPTED_OUT = "off", _("not sent: e-mails are off")
        HOLIDAY = "holiday", _("not sent: on holiday")
        MOVED_ON = "moved_on", _("not sent: the seat no longer waits")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notices")
    match = models.ForeignKey(Match, null=True, blank=True, on_delete=models.CASCADE, related_name="notices")
    step = models.PositiveIntegerField(default=0)
    kind = models.CharField(max_length=10, choices=Kind.choices)
    key = models.CharField(max_length=60)
    outcome = models.CharField(max_length=10, choices=Outcome.choices, default=Outcome.PENDING)
    created_at = models.DateTimeField()
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="one_notice_per_key")]
        indexes = [models.Index(fields=["outcome", "user"], name="notice_outcome_user")]

    def __str__(self):
        return f"{self.key} for user {self.user_id}: {self.outcome}"

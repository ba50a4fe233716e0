"""Notifications of turn-based tables: an e-mail when a table starts waiting on a player, a
reminder at 80% of the deadline, a word when a bot takes the seat for good, or one daily digest
instead, as each player chooses (accounts.Profile.notify_by, holiday_until).

They run in Celery tasks (games/tasks.py) asked after commit (services/notify_port.py). Each is
idempotent through the sent-log (games.models.Notice): the row of (user, key) is written before
the e-mail leaves, so a task delivered twice, retried or run again after a restart finds it and
sends nothing. A failed send removes its row and the task retries. Nothing is sent while the player
has the table open (games/presence.py), on holiday, or when they turned e-mails off; the row then
says why.
"""
from datetime import date, timedelta
from datetime import timezone as dt_timezone

from django.conf import settings
from django.core.mail import EmailMessage
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import formats, timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts import notifications as links
from accounts.models import NotifyBy, Profile
from accounts.services import display_name
from games import presence, presentation
from games.models import Match, Notice, Seat

from . import notify_port

KINDS = {"turn": Notice.Kind.TURN, "reminder": Notice.Kind.REMINDER, "taken": Notice.Kind.TAKEN_OVER}


def language_of(user):
    try:
        return user.profile.preferred_language or settings.LANGUAGE_CODE
    except Profile.DoesNotExist:
        return settings.LANGUAGE_CODE


def _profile(user):
    try:
        return user.profile
    except Profile.DoesNotExist:
        return Profile(user=user)


def _claim(user, match, step, kind, key, now):
    """The sent-log row for `key`, or None when one exists (told already)."""
    try:
        with transaction.atomic():
            return Notice.objects.create(user=user, match=match, step=step, kind=kind, key=key, created_at=now)
    except IntegrityError:
        return None


def _reason_not_to_send(user, match_id, kind, now):
    profile = _profile(user)
    if profile.notify_by == NotifyBy.NONE or not user.email:
        return Notice.Outcome.OPTED_OUT
    if profile.on_holiday(now.date()):
        return Notice.Outcome.HOLIDAY
    if kind != Notice.Kind.TAKEN_OVER and presence.is_open(match_id, user.pk):
        return Notice.Outcome.TABLE_OPEN
    if profile.notify_by == NotifyBy.DIGEST:
        return Notice.Outcome.DIGEST
    return None


def do_notify(kind, match_id, step, user_id):
    """Tell `user_id` about table `match_id` at `step` (kind: turn, reminder, taken). Returns the
    outcome written to the sent-log, or None when there was nothing to do (the seat no longer
    waits, or it was told already)."""
    kind = KINDS[kind]
    now = timezone.now()
    seat = (Seat.objects.filter(match_id=match_id, user_id=user_id)
            .select_related("match", "user", "user__profile").first())
    if seat is None:
        return None
    match = seat.match
    if kind != Notice.Kind.TAKEN_OVER and (
            match.status != Match.Status.RUNNING or match.step != step or seat.waiting_since is None):
        return None
    key = f"taken:{match_id}" if kind == Notice.Kind.TAKEN_OVER else f"{kind}:{match_id}:{step}"
    notice = _claim(seat.user, match, step, kind, key, now)
    if notice is None:
        return None
    outcome = _reason_not_to_send(seat.user, match_id, kind, now)
    if outcome is None:
        try:
            _send(seat.user, *_table_message(kind, seat, match))
        except Exception:
            notice.delete()  # not sent: the task retries, and may claim the key again
            raise
        outcome = Notice.Outcome.SENT
        notice.sent_at = timezone.now()
        Seat.objects.filter(pk=seat.pk).update(untold_misses=0)
    notice.outcome = outcome
    notice.save(update_fields=["outcome", "sent_at"])
    return outcome


def digest_cutoff(now):
    """The latest digest time at or before `now` (NOTIFY_DIGEST_HOUR, UTC, each day)."""
    cutoff = now.replace(hour=settings.NOTIFY_DIGEST_HOUR, minute=0, second=0, microsecond=0)
    return cutoff if cutoff <= now else cutoff - timedelta(days=1)


def start_due_digests(now):
    """Ask for the digest of every player with notices left for it from before the latest digest
    time (one indexed query; the digest's key makes each day's one e-mail)."""
    cutoff = digest_cutoff(now)
    users = (Notice.objects.filter(outcome=Notice.Outcome.DIGEST, created_at__lt=cutoff)
             .order_by().values_list("user_id", flat=True).distinct())
    for user_id in list(users):
        notify_port.digest_due(user_id, cutoff.date().toordinal())
    return len(users)


def do_digest(user_id, day):
    """The daily digest of `user_id` for `day` (a date's ordinal): every table waiting on them, and
    what happened meanwhile. Returns the outcome, or None if it was sent already."""
    now = timezone.now()
    pending = Notice.objects.filter(user_id=user_id, outcome=Notice.Outcome.DIGEST)
    user = Profile.objects.select_related("user").filter(user_id=user_id).first()
    user = user.user if user is not None else None
    if user is None:
        return None
    key = f"digest:{date.fromordinal(day).isoformat()}"
    notice = _claim(user, None, day, Notice.Kind.DIGEST, key, now)
    if notice is None:
        return None
    profile = _profile(user)
    outcome = None
    if profile.notify_by == NotifyBy.NONE or not user.email:
        outcome = Notice.Outcome.OPTED_OUT
    elif profile.on_holiday(now.date()):
        outcome = Notice.Outcome.HOLIDAY
    seats = list(Seat.objects.filter(user_id=user_id, match__status=Match.Status.RUNNING, taken_over=False)
                 .select_related("match", "user").order_by("deadline", "match_id"))
    waiting = [s for s in seats if s.waiting_since is not None]
    taken = list(pending.filter(kind=Notice.Kind.TAKEN_OVER).select_related("match"))
    if outcome is None and not waiting and not taken:
        outcome = Notice.Outcome.MOVED_ON
    if outcome is None:
        try:
            _send(user, *_digest_message(user, waiting, taken))
        except Exception:
            notice.delete()
            raise
        outcome = Notice.Outcome.SENT
        notice.sent_at = timezone.now()
        Seat.objects.filter(pk__in=[s.pk for s in waiting]).update(untold_misses=0)
    pending.update(outcome=Notice.Outcome.DIGESTED)
    notice.outcome = outcome
    notice.save(update_fields=["outcome", "sent_at"])
    return outcome


# The messages, in the recipient's language


def table_url(match_id, language):
    with translation.override(language):
        return links.site_url(reverse("game", args=[match_id]))


def _when(moment):
    return formats.date_format(timezone.localtime(moment, dt_timezone.utc), "DATETIME_FORMAT") + " UTC"


def _table_words(seat, match):
    others = [display_name(s.user) if s.user_id else _("bot") for s in match.seats.select_related("user__profile")
              if s.pk != seat.pk]
    return {"game": str(presentation.get(match.game).game_name()), "table": match.pk, "players": ", ".join(others)}


def _misses_line(count):
    return ngettext("While you were away, a bot played %(count)s move for you when your deadline passed.",
                    "While you were away, a bot played %(count)s moves for you when your deadlines passed.",
                    count) % {"count": count}


def _table_message(kind, seat, match):
    language = language_of(seat.user)
    with translation.override(language):
        words = _table_words(seat, match)
        lines = [_("Hello %(name)s,") % {"name": display_name(seat.user)}, ""]
        if kind == Notice.Kind.TAKEN_OVER:
            subject = _("A bot plays your seat at table %(table)s now") % words
            lines.append(ngettext(
                "You missed %(count)s deadline in a row at %(game)s (table %(table)s): a bot plays your seat "
                "for the rest of the game.",
                "You missed %(count)s deadlines in a row at %(game)s (table %(table)s): a bot plays your seat "
                "for the rest of the game.", seat.missed_turns) % {**words, "count": seat.missed_turns})
        else:
            if kind == Notice.Kind.REMINDER:
                subject = _("Reminder: your move at table %(table)s is due soon") % words
            else:
                subject = _("Your move at table %(table)s: %(game)s") % words
            lines.append(_("%(game)s (table %(table)s, with %(players)s) is waiting for your move.") % words)
            if seat.deadline:
                lines.append(_("Your deadline: %(deadline)s.") % {"deadline": _when(seat.deadline)})
            if seat.untold_misses:
                lines.append(_misses_line(seat.untold_misses))
        lines += ["", _("Open the table: %(url)s") % {"url": table_url(match.pk, language)}]
        return subject, lines, language


def _digest_message(user, waiting, taken):
    language = language_of(user)
    with translation.override(language):
        subject = ngettext("Your daily digest: %(count)s table waits on you",
                           "Your daily digest: %(count)s tables wait on you", len(waiting)) % {"count": len(waiting)}
        lines = [_("Hello %(name)s,") % {"name": display_name(user)}, ""]
        for seat in waiting:
            words = _table_words(seat, seat.match)
            lines.append("- " + _("%(game)s (table %(table)s, with %(players)s) is waiting for your move.") % words)
            if seat.deadline:
                lines.append("  " + _("Your deadline: %(deadline)s.") % {"deadline": _when(seat.deadline)})
            if seat.untold_misses:
                lines.append("  " + _misses_line(seat.untold_misses))
            lines.append("  " + table_url(seat.match_id, language))
        for notice in taken:
            lines.append("- " + _("A bot plays your seat at table %(table)s now") % {"table": notice.match_id})
        return subject, lines, language


def _send(user, subject, lines, language):
    with translation.override(language):
        unsubscribe = links.unsubscribe_url(user.pk, language)
        lines = lines + ["", "--", _("Your notification settings: %(url)s") % {"url": links.settings_url(language)},
                         _("Stop these e-mails with one click: %(url)s") % {"url": unsubscribe}]
    message = EmailMessage(subject=subject, body="\n".join(lines) + "\n", to=[user.email],
                           headers={"List-Unsubscribe": f"<{unsubscribe}>",
                                    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
                                    "Content-Language": language})
    message.send()

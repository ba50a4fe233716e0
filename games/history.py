"""Recording a finished match: its record, a result row per seat, counters, and ratings.

``record_finished_match(match)`` is called by the live-play service inside the transaction that
finishes the match (the match row is locked there). It is idempotent: the ``MatchRecord`` row
(primary key = the match) is the mark that a match was recorded, and ``RatingChange`` is unique
per (match, user, mode), so a repeated call is a no-op and a retried transaction (rolled back,
then run again) applies the ratings exactly once.

Every figure comes from the engine's score sheet (``Match.score_sheet``, else
``engine.scores(match.state)``): categories, coins (the tie-break) and rank.
"""
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from games import engine
from games.history_models import MatchRecord, PlayerRating, RatingChange, SeatResult, WonderStat
from games.ratings import initial, is_provisional, mode_of, ordinal, rate

CATEGORY_FIELDS = {
    "military": "military",
    "treasury": "treasury",
    "wonder": "wonder_points",
    "civilian": "civilian",
    "science": "science",
    "commercial": "commercial",
    "guilds": "guilds",
}


class NotFinished(ValueError):
    pass


def unrated_reason(seats):
    """Why a match with these seats is not rated ("" when it is)."""
    if any(seat.taken_over for seat in seats):
        return MatchRecord.Unrated.ABANDONED
    if any(seat.user_id is None or seat.bot_level for seat in seats):
        return MatchRecord.Unrated.BOTS
    return MatchRecord.Unrated.NONE


def match_options(match):
    return {
        "sides": match.sides,
        "assignment": match.assignment,
        "wonders": list(match.wonders or []),
        "turn_seconds": match.turn_seconds,
        "config": match.config,
    }


def record_finished_match(match, seats=None):
    """Record `match` (finished, with its final state) once; returns its MatchRecord.

    Call it inside the finishing transaction; it opens a savepoint of its own, so a failure here
    rolls back only what it wrote and the caller decides what to do with the error."""
    from games.models import Match, Seat

    if match.status != Match.Status.FINISHED or match.state is None or not engine.is_over(match.state):
        raise NotFinished(f"match {match.pk} is not finished")
    with transaction.atomic():
        # Serialise with any other recorder of this match (a no-op if the caller holds the lock).
        Match.objects.select_for_update().filter(pk=match.pk).values_list("pk", flat=True).first()
        existing = MatchRecord.objects.filter(match_id=match.pk).first()
        if existing is not None:
            return existing
        if seats is None:
            seats = list(Seat.objects.filter(match_id=match.pk).order_by("number"))
        seats = sorted(seats, key=lambda seat: seat.number)
        sheets = match.score_sheet or engine.scores(match.state)
        sheets = sorted(sheets, key=lambda sheet: sheet["seat"])
        players = match.state["players"]
        mode = mode_of(match.game)
        finished_at = match.finished_at or timezone.now()
        reason = unrated_reason(seats)
        rated = reason == MatchRecord.Unrated.NONE
        record = MatchRecord.objects.create(
            match_id=match.pk, mode=mode, players=len(seats), rated=rated, unrated_reason=reason,
            options=match_options(match), started_at=match.started_at, finished_at=finished_at,
        )
        results = []
        for seat, sheet, player in zip(seats, sheets, players):
            results.append(SeatResult(
                match_id=match.pk, seat=seat.number, user_id=seat.user_id, bot_level=seat.bot_level,
                abandoned=seat.taken_over, wonder=player["wonder"], side=player["side"] or "",
                rank=sheet["rank"], total=sheet["total"], coins=sheet["coins"],
                copied_guild=sheet.get("copied_guild") or "",
                mode=mode, players=len(seats), rated=rated, finished_at=finished_at,
                **{field: sheet[key] for key, field in CATEGORY_FIELDS.items()},
            ))
        SeatResult.objects.bulk_create(results)
        _count_wonders(results)
        if rated:
            _apply_ratings(match, mode, results, finished_at)
        return record


def _count_wonders(results):
    keys = sorted({(r.mode, r.players, r.wonder, r.side) for r in results})  # one lock order for everybody
    WonderStat.objects.bulk_create(
        [WonderStat(mode=m, players=p, wonder=w, side=s) for m, p, w, s in keys], ignore_conflicts=True
    )
    for r in sorted(results, key=lambda r: (r.wonder, r.side)):  # one lock order for everybody
        WonderStat.objects.filter(mode=r.mode, players=r.players, wonder=r.wonder, side=r.side).update(
            seats=F("seats") + 1, wins=F("wins") + (1 if r.rank == 1 else 0),
            total_points=F("total_points") + r.total,
        )


def _apply_ratings(match, mode, results, finished_at):
    mu0, sigma0 = initial()
    user_ids = sorted(r.user_id for r in results)
    PlayerRating.objects.bulk_create(
        [PlayerRating(user_id=u, mode=mode, mu=mu0, sigma=sigma0, ordinal=ordinal(mu0, sigma0)) for u in user_ids],
        ignore_conflicts=True,
    )
    current = {
        rating.user_id: rating
        for rating in PlayerRating.objects.select_for_update().filter(mode=mode, user_id__in=user_ids).order_by("user_id")
    }
    before = [(current[r.user_id].mu, current[r.user_id].sigma) for r in results]
    after = rate(before, [r.rank for r in results])
    changes = []
    for r, (mu_b, sigma_b), (mu_a, sigma_a) in zip(results, before, after):
        rating = current[r.user_id]
        changes.append(RatingChange(
            match_id=match.pk, user_id=r.user_id, mode=mode, rank=r.rank, players=len(results),
            mu_before=mu_b, sigma_before=sigma_b, ordinal_before=ordinal(mu_b, sigma_b),
            mu_after=mu_a, sigma_after=sigma_a, ordinal_after=ordinal(mu_a, sigma_a), finished_at=finished_at,
        ))
        rating.mu, rating.sigma, rating.ordinal = mu_a, sigma_a, ordinal(mu_a, sigma_a)
        rating.provisional = is_provisional(sigma_a)
        rating.rated_games += 1
        rating.wins += 1 if r.rank == 1 else 0
        rating.last_match_id = match.pk
        rating.updated_at = finished_at
    # The unique (match, user, mode) constraint is the last fence against a double application.
    RatingChange.objects.bulk_create(changes)
    PlayerRating.objects.bulk_update(
        list(current.values()),
        ["mu", "sigma", "ordinal", "provisional", "rated_games", "wins", "last_match", "updated_at"],
    )



def record_missing():
    """Record every finished match that has no record yet (a recorder that failed); returns how many."""
    from games.models import Match

    count = 0
    for match in Match.objects.filter(status=Match.Status.FINISHED, record__isnull=True).iterator():
        with transaction.atomic():
            record_finished_match(match)
        count += 1
    return count

# ---------------------------------------------------------------------------------------------
# the replay of a finished match (everything may be shown once the game is over)


def log_of(match):
    """The engine's action log of a match: its MatchAction rows, else the snapshot's log."""
    rows = list(match.actions.order_by("index").values_list("seat", "action"))
    if rows:
        return [dict(action) if seat is None else {"seat": seat, "action": action} for seat, action in rows]
    return engine.action_log(match.state) if match.state else []


def _frame(state, index, events):
    sheets = engine.scores(state) if state["phase"] != "sides" else []
    return {
        "index": index,
        "age": state["age"],
        "turn": state["turn"],
        "phase": state["phase"],
        "events": [e for e in events if e.get("type") != "chosen"],
        "discard": list(state["discard"]),
        "players": [
            {
                "seat": s,
                "wonder": p["wonder"],
                "side": p["side"],
                "coins": p["coins"],
                "hand": list(p["hand"]),
                "built": list(p["built"]),
                "stages": list(p["stages"]),
                "tokens": list(p["tokens"]),
                "total": sheets[s]["total"] if sheets else 0,
            }
            for s, p in enumerate(state["players"])
        ],
    }


def timeline(config, log):
    """Frames of a game for its replay: the table after the deal, then after every resolved step
    (a turn, a prompt answered, the sides chosen), each with every hand, city, coins, tokens,
    the discard pile, the running total per seat and the events of that step. Built by replaying
    the log with the engine (``engine.replay`` of the chance entries, then ``engine.apply``)."""
    k = 0
    while k < len(log) and "chance" in log[k]:
        k += 1
    state = engine.replay(config, log[:k])
    frames = [_frame(state, k - 1, [])]
    pending = []
    for index in range(k, len(log)):
        entry = log[index]
        state, events = engine.apply(state, entry["seat"], entry["action"])
        pending.extend(events)
        if any(e.get("type") != "chosen" for e in events):
            frames.append(_frame(state, index, pending))
            pending = []
    return frames


TIMELINE_CACHE_SECONDS = 3600


def match_timeline(match):
    """The timeline of a finished match, cached: a finished match never changes, so the cached
    frames are always right (a match that is not finished is never cached, nor asked for)."""
    from django.core.cache import cache

    if match.status != "finished" or match.state is None:
        raise ValueError(f"match {match.pk} is not finished")
    finished = match.finished_at.timestamp() if match.finished_at else 0
    key = f"history:timeline:{match.pk}:{match.version}:{match.seed}:{finished}"
    frames = cache.get(key)
    if frames is None:
        frames = timeline(match.config or match.state["config"], log_of(match))
        cache.set(key, frames, TIMELINE_CACHE_SECONDS)
    return frames


def hands_by_turn(frames):
    """Every hand of every turn: [{"age", "turn", "hands": [[card ids] per seat]}]."""
    out = []
    for frame in frames:
        if frame["phase"] == "play" and frame["age"]:
            out.append({"age": frame["age"], "turn": frame["turn"],
                        "hands": [p["hand"] for p in frame["players"]]})
    return out

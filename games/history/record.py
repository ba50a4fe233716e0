"""Recording a finished match: its record, a result row per seat, counters, and ratings.

``record_finished_match(match)`` is called by the live-play service inside the transaction that
finishes the match (the match row is locked there). It is idempotent: the ``MatchRecord`` row
(primary key = the match) is the mark that a match was recorded, and ``RatingChange`` is unique
per (match, user, mode), so a repeated call is a no-op and a retried transaction (rolled back,
then run again) applies the ratings exactly once.

Every figure comes from the engine's score sheet (``Match.score_sheet``, else
``engine.scores(match.state)``): categories, the tie-break value (the sheet's key named by
``info(game)["tiebreak"]``: coins in the base game, built stages in Architects), rank, and the
rest of the sheet as it is (``extra``: the base game's coins and copied guild, a team game's
team...); the seat's labels from ``engine.seat_labels``. Nothing here names a game's key.
"""
from django.db import connection, transaction
from django.utils import timezone

from games import engine
from games.engine import options as engine_options
from games.history.models import MatchRecord, PlayerRating, RatingChange, SeatResult, SeatStat, labels_key
from games.history.queries import match_options
from games.history.ratings import bot_rating, initial, is_provisional, ordinal, rate_against_fixed, rating_ranks
from games.history.review import queue_review


class NotFinished(ValueError):
    pass


def unrated_reason(seats, mode, rated_table=True):
    """Why a match with these seats is not rated ("" when it is): the host made the table
    unrated, no person sat at it, or a bot of a level the calibration has not measured in this
    mode played. A seat its person left is rated (last place: ``rating_ranks``)."""
    if not rated_table:
        return MatchRecord.Unrated.HOST
    if not any(seat.user_id for seat in seats):
        return MatchRecord.Unrated.NOBODY
    if any(seat.user_id is None and bot_rating(mode, seat.bot_level) is None for seat in seats):
        return MatchRecord.Unrated.BOTS
    return MatchRecord.Unrated.NONE


def record_options(match):
    """What the record keeps of the match's set-up: the options the game declares, the clock, and
    the whole engine config."""
    return {**match_options(match), "config": match.config}


def record_finished_match(match, seats=None, locked=False):
    """Record `match` (finished, with its final state) once; returns its MatchRecord.

    Call it inside the finishing transaction; it opens a savepoint of its own, so a failure here
    rolls back only what it wrote and the caller decides what to do with the error. `locked`: the
    caller holds the match row's lock already (the live-play service), so it is not taken again."""
    from games.models import Match, Seat

    if match.status != Match.Status.FINISHED or match.state is None or not engine.is_over(match.state):
        raise NotFinished(f"match {match.pk} is not finished")
    with transaction.atomic():
        if not locked:  # serialise with any other recorder of this match
            Match.objects.select_for_update().filter(pk=match.pk).values_list("pk", flat=True).first()
        existing = MatchRecord.objects.filter(match_id=match.pk).first()
        if existing is not None:
            return existing
        if seats is None:
            seats = list(Seat.objects.filter(match_id=match.pk).order_by("number"))
        seats = sorted(seats, key=lambda seat: seat.number)
        sheets = match.score_sheet or engine.scores(match.state)
        sheets = sorted(sheets, key=lambda sheet: sheet["seat"])
        labels = engine.seat_labels(match.state)
        facts = engine.info(match.game)
        # With a category only an option brings (Cities' black) when the config has it.
        categories = engine_options.score_categories(match.game, match.config)
        mode = engine.rating_mode(match.config)
        finished_at = match.finished_at or timezone.now()
        reason = unrated_reason(seats, mode, getattr(match, "rated", True))
        rated = reason == MatchRecord.Unrated.NONE
        record = MatchRecord.objects.create(
            match_id=match.pk, mode=mode, players=len(seats), rated=rated, unrated_reason=reason,
            options=record_options(match), started_at=match.started_at, finished_at=finished_at,
        )
        results = []
        for seat, sheet, label in zip(seats, sheets, labels):
            results.append(SeatResult(
                match_id=match.pk, seat=seat.number, user_id=seat.user_id, bot_level=seat.bot_level,
                abandoned=seat.taken_over, rank=sheet["rank"], total=sheet["total"],
                tiebreak=sheet[facts["tiebreak"]], mode=mode, players=len(seats), rated=rated,
                finished_at=finished_at, categories={key: sheet[key] for key in categories}, labels=dict(label),
                extra=sheet_extra(sheet, categories),
            ))
        SeatResult.objects.bulk_create(results)
        if rated:
            _apply_ratings(match, mode, results, finished_at)
        queue_review(match, seats)  # a person sat at it: its review is asked for after commit
        # Last: every table's end adds to these rows, locked from here to the commit.
        _count_labels(results)
        return record


SHEET_COLUMNS = ("seat", "total", "rank")


def sheet_extra(sheet, categories):
    """What a score sheet says besides its categories, total, rank and seat (SeatResult.extra):
    the base game's coins and copied guild (when a guild was copied), a team game's team and its
    totals, Architects' stages. Empty values (no guild copied) are left out."""
    return {key: value for key, value in sheet.items()
            if key not in SHEET_COLUMNS and key not in categories and value not in (None, "")}


def _count_labels(results):
    """One more seat (and its win and points) on the counter of each result's seat labels, in one
    statement: an insert that adds to the row already there (ON CONFLICT DO UPDATE, on SQLite and
    PostgreSQL alike). It was a statement per seat, built by the ORM: at a game's end, under the
    match's lock, they were the costliest part of recording it (docs/releasing.md)."""
    added = {}
    for r in results:  # seats with the same labels add up first: one row may be updated once only
        key = (r.mode, r.players, labels_key(r.labels))
        seats, wins, points = added.get(key, (0, 0, 0))
        added[key] = (seats + 1, wins + (1 if r.rank == 1 else 0), points + r.total)
    quote = connection.ops.quote_name
    table = quote(SeatStat._meta.db_table)
    columns = ("mode", "players", "labels_key", "seats", "wins", "total_points")
    counters = ", ".join(f"{quote(c)} = {table}.{quote(c)} + excluded.{quote(c)}" for c in columns[3:])
    rows = sorted(added.items())  # one lock order for every recorder
    sql = (
        f"INSERT INTO {table} ({', '.join(quote(c) for c in columns)}) "
        f"VALUES {', '.join(['(%s, %s, %s, %s, %s, %s)'] * len(rows))} "
        f"ON CONFLICT ({', '.join(quote(c) for c in columns[:3])}) DO UPDATE SET {counters}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [value for key, counts in rows for value in (*key, *counts)])


def _apply_ratings(match, mode, results, finished_at):
    """Every person's rating moves by the model's update for this finishing order; bots take part
    with their fitted rating and keep it. The order is the sheet's, with the seats whose person
    left after the others (``rating_ranks``)."""
    mu0, sigma0 = initial()
    people = [r for r in results if r.user_id is not None]
    user_ids = sorted(r.user_id for r in people)
    PlayerRating.objects.bulk_create(
        [PlayerRating(user_id=u, mode=mode, mu=mu0, sigma=sigma0, ordinal=ordinal(mu0, sigma0)) for u in user_ids],
        ignore_conflicts=True,
    )
    current = {
        rating.user_id: rating
        for rating in PlayerRating.objects.select_for_update().filter(mode=mode, user_id__in=user_ids).order_by("user_id")
    }
    before = [(current[r.user_id].mu, current[r.user_id].sigma) if r.user_id is not None
              else bot_rating(mode, r.bot_level) for r in results]
    ranks = rating_ranks([r.rank for r in results], [r.abandoned for r in results])
    after = rate_against_fixed(before, ranks, [r.user_id is None for r in results])
    changes = []
    for r, rank, (mu_b, sigma_b), (mu_a, sigma_a) in zip(results, ranks, before, after):
        if r.user_id is None:
            continue
        rating = current[r.user_id]
        changes.append(RatingChange(
            match_id=match.pk, user_id=r.user_id, mode=mode, rank=rank, players=len(results),
            mu_before=mu_b, sigma_before=sigma_b, ordinal_before=ordinal(mu_b, sigma_b),
            mu_after=mu_a, sigma_after=sigma_a, ordinal_after=ordinal(mu_a, sigma_a), finished_at=finished_at,
        ))
        rating.mu, rating.sigma, rating.ordinal = mu_a, sigma_a, ordinal(mu_a, sigma_a)
        rating.provisional = is_provisional(sigma_a)
        rating.rated_games += 1
        rating.wins += 1 if rank == 1 else 0
        rating.last_match_id = match.pk
        rating.updated_at = finished_at
    # The unique (match, user, mode) constraint is the last fence against a double application.
    RatingChange.objects.bulk_create(changes)
    # A plain UPDATE per person (a table seats one or a few): bulk_update's CASE per row and field
    # cost more to build than the statements it saves.
    for rating in current.values():
        rating.save(update_fields=["mu", "sigma", "ordinal", "provisional", "rated_games", "wins", "last_match",
                                   "updated_at"])


def record_missing():
    """Record every finished match that has no record yet (a recorder that failed); returns how many."""
    from games.models import Match

    count = 0
    for match in Match.objects.filter(status=Match.Status.FINISHED, record__isnull=True).iterator():
        with transaction.atomic():
            record_finished_match(match)
        count += 1
    return count

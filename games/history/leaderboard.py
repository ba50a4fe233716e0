"""The rating ladder of a mode, people and bots (docs/ratings.md), and what a profile says of a
player's rated results: the ladder's rows with their movement since last week, the bots' rows,
a player's best and worst rated result and the bot levels they have beaten.

Every number here is the one people read (``ratings.display``: 1500 + 25 x (mu - 3 sigma), never
below 0), with mu and sigma beside it for the API."""
from datetime import timedelta

from django.db.models import OuterRef, Subquery
from django.utils import timezone

from games.history.models import PlayerRating, RatingChange, SeatResult
from games.history.ratings import BOT_LEVELS, bot_ratings, display, display_of_ordinal, ordinal

WHO = ("everyone", "people")
MOVEMENT_DAYS = 7


def bot_rows(mode):
    """The bots of a mode as leaderboard rows, weakest first ([] before a calibration)."""
    return [{
        "rank": None, "username": None, "display_name": level, "bot_level": level, "is_bot": True,
        "rating": display(mu, sigma), "mu": mu, "sigma": sigma, "ordinal": ordinal(mu, sigma),
        "provisional": False, "games": None, "wins": None, "win_rate": None, "movement": None,
    } for level, mu, sigma in bot_ratings(mode)]


def leaderboard_rows(mode, limit, who="everyone"):
    """Up to `limit` rows of the mode's ladder, best first: every person with a rating
    (provisional ones marked, without a rank) and, for `who="everyone"`, the bots. A row's
    movement is the change of its number since a week ago (None for a bot, or a person rated
    first this week)."""
    cutoff = timezone.now() - timedelta(days=MOVEMENT_DAYS)
    week_ago = Subquery(
        RatingChange.objects.filter(user=OuterRef("user"), mode=mode, finished_at__lt=cutoff)
        .order_by("-finished_at", "-match_id").values("ordinal_after")[:1])
    people = (
        PlayerRating.objects.filter(mode=mode).annotate(week_ago=week_ago)
        .order_by("-ordinal", "user_id")
        .values("user__username", "user__profile__display_name", "mu", "sigma", "ordinal", "provisional",
                "rated_games", "wins", "week_ago")[:limit]
    )
    rows = []
    for row in people:
        rating = display(row["mu"], row["sigma"])
        rows.append({
            "rank": None, "username": row["user__username"], "bot_level": "", "is_bot": False,
            "display_name": row["user__profile__display_name"] or row["user__username"],
            "rating": rating, "mu": row["mu"], "sigma": row["sigma"], "ordinal": row["ordinal"],
            "provisional": row["provisional"], "games": row["rated_games"], "wins": row["wins"],
            "win_rate": round(row["wins"] / row["rated_games"], 4) if row["rated_games"] else 0.0,
            "movement": None if row["week_ago"] is None else rating - display_of_ordinal(row["week_ago"]),
        })
    if who == "everyone":
        rows += bot_rows(mode)
    rows.sort(key=lambda row: (-row["ordinal"], row["is_bot"], row["username"] or row["bot_level"]))
    rows = rows[:limit]
    previous, rank, position = None, 0, 0
    for row in rows:
        if row["provisional"]:
            continue
        position += 1
        if row["ordinal"] != previous:
            rank, previous = position, row["ordinal"]
        row["rank"] = rank
    return rows


def rated_results(user, mode):
    """A player's rated results in a mode, oldest first: match, finished_at, rating rank, seats,
    the number before and after."""
    return [
        {"match": row["match"], "finished_at": row["finished_at"], "rank": row["rank"], "players": row["players"],
         "rating_before": display_of_ordinal(row["ordinal_before"]),
         "rating_after": display_of_ordinal(row["ordinal_after"])}
        for row in RatingChange.objects.filter(user=user, mode=mode).order_by("finished_at", "match_id").values(
            "match", "finished_at", "rank", "players", "ordinal_before", "ordinal_after")
    ]


def best_and_worst(results):
    """The rated results that moved the number most up and most down (None when none did)."""
    moved = [row for row in results if row["rating_after"] != row["rating_before"]]
    best = max(moved, key=lambda row: row["rating_after"] - row["rating_before"], default=None)
    worst = min(moved, key=lambda row: row["rating_after"] - row["rating_before"], default=None)
    return (best if best and best["rating_after"] > best["rating_before"] else None,
            worst if worst and worst["rating_after"] < worst["rating_before"] else None)


def bots_beaten(user, mode):
    """The bot levels the player finished ahead of in a rated match of the mode, weakest first,
    with how many times: [{"level", "times"}]. One read of the player's rated results and of the
    bot seats of those matches."""
    mine = dict(SeatResult.objects.filter(user=user, mode=mode, rated=True).values_list("match_id", "rank"))
    ranks = dict(RatingChange.objects.filter(user=user, mode=mode).values_list("match_id", "rank"))
    counts = dict.fromkeys(BOT_LEVELS, 0)
    bots = SeatResult.objects.filter(match_id__in=list(mine), user__isnull=True).values_list(
        "match_id", "bot_level", "rank")
    beaten = set()
    for match_id, level, rank in bots:
        # The rating's rank of the person (a left seat is last) against the bot's sheet rank.
        if level in counts and ranks.get(match_id, mine[match_id]) < rank and (match_id, level) not in beaten:
            beaten.add((match_id, level))
            counts[level] += 1
    return [{"level": level, "times": times} for level, times in counts.items() if times]

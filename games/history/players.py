"""Readers of the player pages and of /api/players/ (no writes, no HTTP here): a player's finished
matches a page at a time, the tables a player sits at now, and the player search.

Each is a fixed number of queries whatever the page holds: the rows, then their seats or their
ratings for the whole page at once."""
from django.core.paginator import Paginator
from django.db.models import Case, Count, IntegerField, Value, When

from accounts.models import Profile
from accounts.names import fold
from games import presentation
from games.history.models import PlayerRating, SeatResult
from games.history.queries import seat_summaries
from games.history.ratings import display, registered_modes
from games.views.words import UI

MATCHES_PER_PAGE = 20
PLAYERS_PER_PAGE = 20
# The shortest search (folded): one letter would list most of the players.
SEARCH_MIN_LENGTH = 2


def match_page(user, number, lang):
    """Page `number` (Paginator.get_page: a wrong number gives the first or the last page) of the
    user's finished matches, newest first. Each row: the match, when it finished, its mode and
    mode name, the player's seat, wonder, rank and points, and the other seats (seat_summaries)."""
    results = (SeatResult.objects.filter(user=user).order_by("-finished_at", "-match_id")
               .values("match", "finished_at", "mode", "players", "rated", "seat", "rank", "total", "abandoned"))
    page = Paginator(results, MATCHES_PER_PAGE).get_page(number)
    tables = seat_summaries([row["match"] for row in page.object_list], lang)
    rows = []
    for row in page.object_list:
        table = tables.get(row["match"], [])
        mine = next((seat for seat in table if seat["seat"] == row["seat"]), {})
        rows.append({
            **row,
            "mode_name": presentation.mode_name(row["mode"]),
            "wonder_name": mine.get("wonder_name", ""),
            "side": mine.get("side") or "",
            "others": [{**seat, "label": seat["display_name"] or str(UI.get(f"bot_{seat['bot_level']}", seat["bot_level"]))}
                       for seat in table if seat["seat"] != row["seat"]],
        })
    page.object_list = rows
    return page


def running_matches(user):
    """The matches being played now at which the user has a seat (theirs or taken over by a bot),
    newest first: id, game name, player count, when it started."""
    from games.models import Match

    rows = (Match.objects.filter(status=Match.Status.RUNNING, seats__user=user)
            .order_by("-started_at", "-pk").values("pk", "game", "players", "started_at").distinct())
    return [{**row, "game_name": presentation.get(row["game"]).game_name()} for row in rows]


def search_query(raw):
    """The folded search (accounts.names.fold), or None when it is too short to search with."""
    folded = fold(raw or "")
    return folded if len(folded) >= SEARCH_MIN_LENGTH else None


def search_profiles(folded):
    """Active players whose display name or username contains `folded` (a search_query), those
    whose display name or username starts with it first, then by display name: values rows with
    user_id, username and display_name."""
    return (
        Profile.objects.filter(search_key__contains=folded, user__is_active=True)
        .annotate(starts=Case(When(search_key__startswith=folded, then=Value(0)),
                              When(search_key__contains="\n" + folded, then=Value(0)),
                              default=Value(1), output_field=IntegerField()))
        .order_by("starts", "search_key", "user_id")
        .values("user_id", "user__username", "display_name")
    )


def player_rows(profiles):
    """The players of these profile rows (search_profiles), in order, each with their finished
    matches (`games`) and their rating in every mode they have one in (the modes' order): two
    queries for the whole list."""
    ids = [row["user_id"] for row in profiles]
    games = dict(SeatResult.objects.filter(user_id__in=ids).order_by().values("user_id")
                 .annotate(n=Count("id")).values_list("user_id", "n"))
    ratings = {}
    order = {mode: k for k, mode in enumerate(registered_modes())}
    for rating in PlayerRating.objects.filter(user_id__in=ids).values(
            "user_id", "mode", "mu", "sigma", "ordinal", "provisional", "rated_games", "wins"):
        user_id = rating.pop("user_id")
        ratings.setdefault(user_id, []).append({**rating, "rating": display(rating["mu"], rating["sigma"]),
                                                "mode_name": presentation.mode_name(rating["mode"])})
    return [{
        "username": row["user__username"],
        "display_name": row["display_name"] or row["user__username"],
        "games": games.get(row["user_id"], 0),
        "ratings": sorted(ratings.get(row["user_id"], []), key=lambda r: (order.get(r["mode"], len(order)), r["mode"])),
    } for row in profiles]


def player_search_page(raw, number):
    """(folded query or None, Paginator page of player_rows or None) of a search for `raw`."""
    folded = search_query(raw)
    if folded is None:
        return None, None
    page = Paginator(search_profiles(folded), PLAYERS_PER_PAGE).get_page(number)
    page.object_list = player_rows(list(page.object_list))
    return folded, page


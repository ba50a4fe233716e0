"""Readers shared by the history pages and the API (no writes, no HTTP here): a match's seats,
score sheet and log, a player's ratings and statistics, the leaderboard, the wonder statistics."""
from django.db.models import Count, Q, Sum
from django.utils import translation

from accounts.services import display_name
from games import engine, presentation
from games.engine import options as engine_options
from games.history import categories
from games.history.api.common import wonder_name
from games.history.models import PlayerRating, SeatResult, SeatStat, labels_of_key
from games.history.ratings import display, game_of_mode, initial, is_provisional, ordinal


def match_options(match):
    """A match's options as its game declares them (engine info: options), read from the match's
    config, with the clock (turn_seconds)."""
    config = match.config or {}
    declared = engine.info(config.get("game") or match.game)["options"]
    out = {option["name"]: config.get(option["name"], option.get("default")) for option in declared}
    out["turn_seconds"] = match.turn_seconds
    return out


RECENT = 10


def _rate(part, whole):
    return round(part / whole, 4) if whole else None


def _round(value, digits=2):
    return None if value is None else round(float(value), digits)


def seat_summaries(match_ids, lang):
    """The seats of these matches: {match_id: [seat dict]}. Two index lookups (the seats, then
    their players by id), not a join the planner might hash over every user."""
    from django.contrib.auth import get_user_model

    rows = list(
        SeatResult.objects.filter(match_id__in=match_ids)
        .order_by("match_id", "seat")
        .values_list("match_id", "mode", "seat", "user_id", "bot_level", "abandoned", "labels", "rank", "total")
    )
    user_ids = {row[3] for row in rows if row[3] is not None}
    names = {
        pk: (username, display or username)
        for pk, username, display in get_user_model().objects.filter(pk__in=user_ids).values_list(
            "pk", "username", "profile__display_name")
    }
    game_of = {mode: game_of_mode(mode) for mode in {row[1] for row in rows}}
    out = {}
    for match_id, mode, seat, user_id, bot_level, abandoned, labels, rank, total in rows:
        username, display = names.get(user_id, (None, ""))
        wonder = labels.get("wonder") or ""
        out.setdefault(match_id, []).append({
            "seat": seat,
            "username": username,
            "display_name": display,
            "bot_level": bot_level,
            "abandoned": abandoned,
            "wonder": wonder,
            "wonder_name": wonder_name(game_of[mode], wonder, lang),
            "side": side_or_none(labels.get("side")),
            "rank": rank,
            "total": total,
        })
    return out


def names_of(game, lang):
    """Names (in `lang`) of every wonder and card of the game: what a replay may mention."""
    cards, wonders = presentation.get(game).names(lang)
    return {**wonders, **{card_id: card["name"] for card_id, card in cards.items()}}


def category_points(game, sheet):
    """{category id: points} of a score sheet of `game`: every category it carries (those an option
    brings too), in the engine's order."""
    return {key: sheet[key] for key in categories.sheet_keys(game, sheet)}


def score_sheet_rows(match):
    """The score sheet of a finished match, a row per seat, its points per category under
    `categories` ({category id: points}); `tiebreak` is the value of the sheet key the game breaks
    ties with (engine info: tiebreak), `coins` null in a game whose sheet has none."""
    sheets = match.score_sheet or engine.scores(match.state)
    tiebreak = engine.info(match.game)["tiebreak"]
    out = []
    for sheet in sorted(sheets, key=lambda x: x["seat"]):
        out.append({
            "seat": sheet["seat"],
            "categories": category_points(match.game, sheet),
            "total": sheet["total"], "tiebreak": sheet[tiebreak], "coins": sheet.get("coins"), "rank": sheet["rank"],
            "copied_guild": sheet.get("copied_guild"), "team": sheet.get("team"),
        })
    return out


def team_rows(sheets):
    """The teams of a team game's score sheets (each sheet names its ``team``, with the team's
    ``team_total`` and ``team_coins``, and the team's rank as its own), best first; None when the
    sheets have no teams."""
    if not sheets or "team" not in sheets[0]:
        return None
    teams = {}
    for sheet in sorted(sheets, key=lambda entry: entry["seat"]):
        team = teams.setdefault(sheet["team"], {"team": sheet["team"], "seats": [], "total": sheet["team_total"],
                                                "coins": sheet["team_coins"], "rank": sheet["rank"]})
        team["seats"].append(sheet["seat"])
    return sorted(teams.values(), key=lambda team: (team["rank"], team["team"]))


def seat_teams(match_ids):
    """{match_id: {seat: team}} of these finished matches: each seat's team as team_rows reads it
    from the match's score sheets (what the match detail's `teams` shows), {} without teams. One
    query for the sheets; the state only of a match stored without them (engine.scores)."""
    from games.models import Match

    sheets = dict(Match.objects.filter(pk__in=match_ids).values_list("pk", "score_sheet"))
    missing = [pk for pk, sheet in sheets.items() if not sheet]
    if missing:
        for pk, state in Match.objects.filter(pk__in=missing, state__isnull=False).values_list("pk", "state"):
            sheets[pk] = engine.scores(state)
    return {
        pk: {seat: team["team"] for team in team_rows(sheet or []) or [] for seat in team["seats"]}
        for pk, sheet in sheets.items()
    }


def unranked_rows(match, lang):
    """The sheets of cities that score without a rank (the 2-player variant's Free City), their
    points per category under `categories`, each with its name and wonder; [] in other games."""
    unranked = getattr(presentation.get(match.game), "unranked_sheets", None)
    if unranked is None or match.state is None or not engine.is_over(match.state):
        return []
    with translation.override(lang):
        cities = unranked(engine.view(match.state, None))
    out = []
    for city in cities:
        sheet = city["sheet"]
        out.append({
            "city": city["city"], "name": city["name"], "wonder": city["wonder"],
            "wonder_name": wonder_name(match.game, city["wonder"], lang), "side": side_or_none(city["side"]),
            "categories": category_points(match.game, sheet),
            "total": sheet["total"], "coins": sheet.get("coins"), "rank": None,
        })
    return out


def side_or_none(side):
    """A seat's side as the API gives it: null for a wonder without sides (stored as "")."""
    return side or None


def log_rows(match):
    rows = list(match.actions.order_by("index").values("index", "seat", "by", "created_at", "action"))
    if rows:
        return [
            {"index": r["index"], "seat": r["seat"], "by": r["by"], "at": r["created_at"],
             "entry": dict(r["action"]) if r["seat"] is None else {"seat": r["seat"], "action": r["action"]}}
            for r in rows
        ]
    return [
        {"index": i, "seat": e.get("seat"), "by": "chance" if "chance" in e else "player", "at": None, "entry": e}
        for i, e in enumerate(engine.action_log(match.state))
    ]


def _rating_dict(rating, mode):
    if rating is None:
        mu, sigma = initial()
        return {"mode": mode, "rating": display(mu, sigma), "mu": mu, "sigma": sigma, "ordinal": ordinal(mu, sigma),
                "provisional": is_provisional(sigma), "rated_games": 0, "wins": 0}
    return {"mode": rating.mode, "rating": display(rating.mu, rating.sigma), "mu": rating.mu, "sigma": rating.sigma,
            "ordinal": rating.ordinal, "provisional": rating.provisional, "rated_games": rating.rated_games,
            "wins": rating.wins}


def player_summary(user):
    """Who the player is and their totals over every mode: what the profile page heads itself with."""
    totals = SeatResult.objects.filter(user=user).aggregate(
        games=Count("id"), wins=Count("id", filter=Q(rank=1)), podiums=Count("id", filter=Q(rank__lte=3)),
        abandoned=Count("id", filter=Q(abandoned=True)),
    )
    return {
        "username": user.get_username(),
        "display_name": display_name(user),
        "joined": user.date_joined,
        "totals": totals,
    }


def player_payload(user, lang):
    """The API's player: the summary, every rating and the most recent matches."""
    ratings = [_rating_dict(r, r.mode) for r in PlayerRating.objects.filter(user=user).order_by("mode")]
    recent = []
    for row in SeatResult.objects.filter(user=user).order_by("-finished_at", "-match_id").values(
            "match", "finished_at", "mode", "players", "rated", "labels", "rank", "total")[:RECENT]:
        labels = row.pop("labels")
        wonder = labels.get("wonder") or ""
        recent.append({**row, "wonder": wonder, "wonder_name": wonder_name(game_of_mode(row["mode"]), wonder, lang),
                       "side": side_or_none(labels.get("side"))})
    return {**player_summary(user), "ratings": ratings, "recent_matches": recent}


def streaks(ranks):
    """Win and podium streaks from ranks, oldest first."""
    out = {"current_wins": 0, "best_wins": 0, "current_podiums": 0, "best_podiums": 0}
    wins = podiums = 0
    for rank in ranks:
        wins = wins + 1 if rank == 1 else 0
        podiums = podiums + 1 if rank <= 3 else 0
        out["best_wins"] = max(out["best_wins"], wins)
        out["best_podiums"] = max(out["best_podiums"], podiums)
    out["current_wins"], out["current_podiums"] = wins, podiums
    return out


def rank_of(rating, mode):
    """(rank, percentile, ranked players) on the leaderboard of the mode: one index scan."""
    board = PlayerRating.objects.filter(mode=mode, provisional=False)
    if rating is None or rating.provisional:
        return None, None, board.count()
    counts = board.aggregate(
        ranked=Count("id"), above=Count("id", filter=Q(ordinal__gt=rating.ordinal)),
        below=Count("id", filter=Q(ordinal__lt=rating.ordinal)),
    )
    ranked = counts["ranked"]
    return counts["above"] + 1, round(100.0 * counts["below"] / ranked, 1) if ranked else None, ranked


def player_stats(user, mode, players, lang):
    """A player's statistics in a mode: the rating row, one leaderboard count, and one read of the
    player's results (a few columns per finished match), summed up here."""
    rating = PlayerRating.objects.filter(user=user, mode=mode).first()
    rank, percentile, ranked = rank_of(rating, mode)
    rows = SeatResult.objects.filter(user=user, mode=mode)
    if players:
        rows = rows.filter(players=players)
    columns = ("match_id", "rank", "total", "abandoned", "labels", "categories")
    results = list(rows.order_by("finished_at", "match_id").values_list(*columns))
    games = len(results)
    wins = sum(1 for r in results if r[1] == 1)
    best = None
    per_wonder = {}
    game = game_of_mode(mode)
    keys = categories.mode_keys(mode)
    sums = dict.fromkeys(keys, 0)
    for r in results:
        if best is None or r[2] > best[1]:
            best = (r[0], r[2])
        entry = per_wonder.setdefault((r[4].get("wonder"), r[4].get("side")), [0, 0, 0])
        entry[0] += 1
        entry[1] += r[1] == 1
        entry[2] += r[2]
        for key in keys:
            sums[key] += r[5].get(key, 0)
    rating_data = _rating_dict(rating, mode)
    rating_data.pop("mode")
    rating_data.pop("wins")
    return {
        "username": user.get_username(),
        "mode": mode,
        "players": players,
        "rating": rating_data,
        "rank": rank,
        "percentile": percentile,
        "ranked_players": ranked,
        "games": games,
        "wins": wins,
        "podiums": sum(1 for r in results if r[1] <= 3),
        "abandoned": sum(1 for r in results if r[3]),
        "win_rate": _rate(wins, games),
        "average_score": _round(sum(r[2] for r in results) / games) if games else None,
        "best_score": {"total": best[1], "match": best[0]} if best else None,
        "average_points": {key: _round(sums[key] / games) if games else None for key in keys},
        "wonders": [
            {"wonder": wonder, "wonder_name": wonder_name(game, wonder, lang), "side": side_or_none(side),
             "games": n, "wins": w,
             "win_rate": _rate(w, n), "average_score": _round(points / n)}
            for (wonder, side), (n, w, points) in sorted(per_wonder.items(), key=lambda item: (item[0][0], item[0][1] or ""))
        ],
        "streaks": streaks([r[1] for r in results]),
    }


def leaderboard_rows(mode, limit, who="everyone"):
    """The leaderboard of a mode (games.history.leaderboard)."""
    from games.history.leaderboard import leaderboard_rows as rows

    return rows(mode, limit, who)


def mode_wonders(game, mode):
    """The wonders a mode's matches may deal: the ``wonders`` option's values with the mode's
    options (Cities' modes add Petra and Byzantium); every wonder of a game without that option."""
    if not any(option["name"] == "wonders" for option in engine.info(game)["options"]):
        return set(presentation.get(game).wonder_sides())
    return set(engine_options.option_choices(game, "wonders", engine_options.mode_options(game, mode)))


def wonder_stats(mode, players, lang):
    """Per wonder and side of the mode's game: seats, wins and points, from the seat label
    counters (``SeatStat``, labels {"wonder", "side"}). A game whose wonders have no sides (no
    side label: Architects) has one row per wonder, its side null."""
    game = game_of_mode(mode)
    playable = mode_wonders(game, mode)
    rows = SeatStat.objects.filter(mode=mode)
    if players:
        rows = rows.filter(players=players)
    counted = {}
    for row in rows.values("labels_key").annotate(
            n=Sum("seats"), w=Sum("wins"), points=Sum("total_points")).order_by():
        labels = labels_of_key(row["labels_key"])
        counted[(labels.get("wonder"), labels.get("side"))] = row
    out = []
    for wonder, sides in presentation.get(game).wonder_sides().items():
        if wonder not in playable:
            continue
        for side in sides or (None,):
            row = counted.get((wonder, side), {"n": 0, "w": 0, "points": 0})
            out.append({
                "wonder": wonder, "wonder_name": wonder_name(game, wonder, lang), "side": side,
                "matches": row["n"], "wins": row["w"], "win_rate": _rate(row["w"], row["n"]),
                "average_score": _round(row["points"] / row["n"]) if row["n"] else None,
            })
    return out

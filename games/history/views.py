"""History pages: a match and its replay, a player's profile, the leaderboard, the score-sheet
calculator. They read the same functions as the API (games.history.queries) and the same tables; every
string goes through gettext; card and wonder names come in the page's language."""
from django.contrib.auth import get_user_model
from django.db.models import Avg, Count, FloatField, Q, TextField, Value
from django.db.models.fields.json import KT
from django.db.models.functions import Cast, Coalesce
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from cards.templatetags.cards_ui import page_language
from games.history.queries import (
    leaderboard_rows, player_summary, rank_of, score_sheet_rows, streaks, team_rows,
    wonder_stats,
)
from games import engine, presentation
from games.engine import options as engine_options
from games.presentation.plural import ngettext_lazy
from games.history import categories as score_categories
from games.history.api.common import calculator_games, default_calculator_game
from games.history.chat import chat_by_frame, chat_lines
from games.history.timeline import match_timeline
from games.history.models import PlayerRating, RatingChange, SeatResult, label_text
from games.history.players import SEARCH_MIN_LENGTH, match_page, player_search_page, running_matches
from games.history.review_page import page_review, review_words
from games.history.leaderboard import WHO, best_and_worst, bots_beaten, rated_results
from games.history.ratings import (
    DEFAULT_MODE, DISPLAY_BASE, PLAYER_COUNTS, PROVISIONAL_SIGMA, display, game_of_mode, registered_modes,
)
from games.views.words import UI


def _seat_label(seat):
    if seat.user_id:
        try:
            name = seat.user.profile.display_name
        except Exception:  # noqa: BLE001 - a user without a profile
            name = ""
        return name or seat.user.get_username()
    return str(UI.get(f"bot_{seat.bot_level}", seat.bot_level))


def _seat_labels(seats, wonder_names):
    """Every seat's public name, the same words as at the table; bots of one level are told
    apart by their wonder (or their seat)."""
    labels = [_seat_label(seat) for seat in seats]
    repeated = {label for label in labels if labels.count(label) > 1}
    return [f"{label} · {wonder or '#%d' % (seat.number + 1)}" if label in repeated and not seat.user_id else label
            for seat, label, wonder in zip(seats, labels, wonder_names)]


def match_detail(request, match_id):
    from games.models import Match

    language = page_language()
    match = get_object_or_404(Match.objects.select_related("record"), pk=match_id)
    seats = list(match.seats.select_related("user__profile").order_by("number"))
    words = presentation.get(match.game)
    cards, wonders = words.names(language)
    labels = engine.seat_labels(match.state) if match.state is not None else [{} for _seat in seats]
    game_categories = score_categories.labelled(match.game)
    context = {
        "match": match,
        "record": getattr(match, "record", None) if match.status == Match.Status.FINISHED else None,
        "seats": [{"seat": s, "label": name, "labels": label, "wonder_name": wonders.get(label.get("wonder"), "")}
                  for s, label, name in zip(seats, labels, _seat_labels(
                      seats, [wonders.get(label.get("wonder"), "") for label in labels]))],
        "categories": game_categories,
        "tiebreak_label": words.tiebreak_label(language),
        "tiebreak_note": words.board_words().get("tie_break", ""),
        "section": "history",
        "game_name": words.game_name(),
        "mode_name": _match_mode_name(match),
        "has_wonders": bool(wonders),  # a game without wonders (no catalogue of them) has no wonder column
    }
    context["chat"] = chat_lines(match, [seat["label"] for seat in context["seats"]])
    if match.status == Match.Status.FINISHED and match.state is not None:
        frames = match_timeline(match)
        sheet = score_sheet_rows(match)
        sheets = sorted(match.score_sheet or engine.scores(match.state), key=lambda entry: entry["seat"])
        # The categories this match's sheets carry (Cities' black too), in the engine's order.
        game_categories = context["categories"] = score_categories.labelled(
            match.game, score_categories.sheet_keys(match.game, sheets[0]))
        for row, seat, engine_sheet in zip(sheet, context["seats"], sheets):
            row["label"] = seat["label"]
            row["wonder_name"] = seat["wonder_name"]
            row["side"] = seat["labels"].get("side") or ""
            row["categories"] = [engine_sheet[key] for key, _label in game_categories]
        changes = {c.user_id: c for c in RatingChange.objects.filter(match=match)}
        for row, seat in zip(sheet, seats):
            change = changes.get(seat.user_id)
            row["rating_before"] = display(change.mu_before, change.sigma_before) if change else None
            row["rating_after"] = display(change.mu_after, change.sigma_after) if change else None
            row["change"] = row["rating_after"] - row["rating_before"] if change else None
        context["sheet"] = sheet
        context["teams"] = _teams(sheets, context["seats"])
        if context["teams"]:
            context["tiebreak_note"] = words.board_words().get("team_tie_break", context["tiebreak_note"])
        context["unranked"] = [
            {**row, "wonder_name": wonders.get(row["wonder"], row["wonder"]), "side": row["side"] or "",
             "categories": [row["sheet"][key] for key, _label in game_categories]}
            for row in _unranked(words, match)]
        context["final"] = frames[-1]
        context["replay"] = {
            "frames": frames,
            "cards": cards,
            "wonders": wonders,
            "seats": [seat["label"] for seat in context["seats"]],
            "chat": chat_by_frame(match, frames, context["chat"]),  # the lines said during each frame
            "review": page_review(match),  # the coach's review (issue 28): None without one
        }
        context["review"] = context["replay"]["review"]
        context["final_cities"] = [
            {**city, "label": seat["label"]}
            for city, seat in zip(words.city_summaries(frames[-1], language), context["seats"])
        ]
        context["labels"] = {**replay_labels(), **review_words()}
    return render(request, "history/match_detail.html", context)


def _match_mode_name(match):
    """The match's game and mode in words (Cities with teams, the 2-player variant...): the
    record's mode once finished, else the mode the engine gives its config; "" if none is known."""
    record = getattr(match, "record", None) if match.status == match.Status.FINISHED else None
    mode = record.mode if record is not None else None
    if mode is None and match.config:
        try:
            mode = engine.rating_mode(match.config)
        except Exception:  # noqa: BLE001 - a config the engine no longer takes: the game's name alone
            mode = None
    return presentation.mode_name(mode) if mode else ""


def _teams(sheets, seats):
    """The teams of a team game's sheets with their players' names, best first; [] without teams."""
    return [{**team, "number": team["team"] + 1, "names": [seats[seat]["label"] for seat in team["seats"]]}
            for team in team_rows(sheets) or []]


def _unranked(words, match):
    """The cities scored without a rank (the Free City), as the game's presentation gives them."""
    unranked = getattr(words, "unranked_sheets", None)
    return unranked(engine.view(match.state, None)) if unranked else []


def replay_labels():
    """The words of the replay script, in the page's language."""
    return {
        "age": _("Age"), "turn": _("turn"), "start": _("The deal"), "end": _("The end"), "step": _("step"),
        "of": _("of"), "side": _("side"), "military": _("military"),
        "coins": ngettext_lazy("%(count)s coin", "%(count)s coins").forms(),
        "stages": ngettext_lazy("%(count)s stage", "%(count)s stages").forms(),
        "points": ngettext_lazy("%(count)s point", "%(count)s points").forms(),
        # A verb, not a participle: "construiu Grêmio dos...", never "construída Grêmio".
        "hand": _("Hand"), "built": _("built %(card)s"), "wonder": _("built a wonder stage"),
        "discard": _("discarded a card"), "seventh": _("played the seventh card"),
        "fromDiscard": _("built from the discard pile"), "passed": _("passed"),
        "militaryEvent": _("Conflicts resolved"), "free": _("free"), "discardPile": _("Discard pile"),
        "under": _("under the wonder"),
        "chat": _("Table chat"),
    }


def _mode(request):
    mode = request.GET.get("mode") or DEFAULT_MODE
    return mode if mode in registered_modes() else DEFAULT_MODE


def _history_points(rows, width=640, height=200, pad=24):
    """An SVG polyline of the number after each rated match (oldest first), from 1500 (the
    start), with the 1500 line drawn when the range crosses it."""
    if not rows:
        return None
    values = [rows[0]["rating_before"]] + [row["rating_after"] for row in rows]
    low, high = min(values + [DISPLAY_BASE]), max(values + [DISPLAY_BASE])
    if high - low < 20:
        high, low = high + 10, low - 10
    step = (width - 2 * pad) / max(len(values) - 1, 1)
    points = []
    for k, value in enumerate(values):
        x = pad + k * step
        y = pad + (high - value) * (height - 2 * pad) / (high - low)
        points.append(f"{x:.1f},{y:.1f}")
    start = f"{pad + (high - DISPLAY_BASE) * (height - 2 * pad) / (high - low):.1f}"  # a string: no locale comma
    return {"points": " ".join(points), "width": width, "height": height, "low": low, "high": high,
            "start": start, "first": DISPLAY_BASE, "count": len(rows), "last": values[-1], "pad": pad,
            "dots": [point.split(",") for point in points[1:]][-1:]}


def player_profile(request, username):
    language = page_language()
    user = get_user_model().objects.filter(username=username, is_active=True).select_related("profile").first()
    if user is None:
        raise Http404(_("No such player."))
    mode = _mode(request)
    payload = player_summary(user)  # the page shows its own ratings and matches
    rating = PlayerRating.objects.filter(user=user, mode=mode).first()
    rank, percentile, ranked = rank_of(rating, mode)
    rows = SeatResult.objects.filter(user=user, mode=mode)
    game = game_of_mode(mode)
    mode_categories = score_categories.labelled(game, score_categories.mode_keys(mode))
    averages = rows.aggregate(**{
        key: Avg(Cast(KT(f"categories__{key}"), FloatField())) for key, _label in mode_categories})
    top = max([abs(v) for v in averages.values() if v is not None] or [1]) or 1
    categories = [
        {"key": key, "label": label, "value": round(averages[key], 1) if averages[key] is not None else None,
         "width": round(100 * abs(averages[key] or 0) / top), "negative": (averages[key] or 0) < 0}
        for key, label in mode_categories
    ]
    words = presentation.get(game)
    per_wonder = [
        {**row, "name": words.wonder_name(row["wonder"], language),
         "win_rate": round(100 * row["wins"] / row["games"]) if row["games"] else 0,
         "average": round(row["average"], 1)}
        # the seat labels (a game without sides has none: "")
        for row in rows.order_by().values(
            wonder=Coalesce(label_text("wonder"), Value(""), output_field=TextField()),
            side=Coalesce(label_text("side"), Value(""), output_field=TextField())).annotate(
            games=Count("id"), wins=Count("id", filter=Q(rank=1)), average=Avg("total")).order_by("wonder", "side")
    ]
    history = rated_results(user, mode)
    best, worst = best_and_worst(history)
    matches = match_page(user, request.GET.get("page"), language)
    return render(request, "history/player_profile.html", {
        "player": user,
        "payload": payload,
        "mode": mode,
        "mode_name": presentation.mode_name(mode),
        "modes": [(m, presentation.mode_name(m)) for m in registered_modes()],
        "rating": rating,
        "rating_number": display(rating.mu, rating.sigma) if rating else None,
        "best": best, "worst": worst,
        "bots_beaten": [{**row, "name": UI.get(f"bot_{row['level']}", row["level"])} for row in bots_beaten(user, mode)],
        "rank": rank,
        "percentile": percentile,
        "ranked": ranked,
        "categories": categories,
        "per_wonder": per_wonder,
        "wonder_sides": any(row["side"] for row in per_wonder),
        "plot": _history_points(history),
        "streaks": streaks(list(rows.order_by("finished_at", "match_id").values_list("rank", flat=True))),
        "matches": matches,
        "running": running_matches(user),
        "provisional_sigma": PROVISIONAL_SIGMA,
        "section": "history",
    })


def player_search(request):
    """Players by display name or username (any case, any accents, a part of either), provisional
    players too, each with their rating per mode and their match count."""
    raw = request.GET.get("q", "").strip()[:100]
    folded, page = player_search_page(raw, request.GET.get("page"))
    return render(request, "history/player_search.html", {
        "q": raw, "too_short": bool(raw) and folded is None, "page": page,
        "min_length": SEARCH_MIN_LENGTH, "provisional_sigma": PROVISIONAL_SIGMA, "section": "history",
    })


def leaderboard(request):
    mode = _mode(request)
    who = request.GET.get("who") if request.GET.get("who") in WHO else WHO[0]
    rows = leaderboard_rows(mode, 100, who)
    for row in rows:
        row["win_percent"] = None if row["win_rate"] is None else round(100 * row["win_rate"])
        if row["is_bot"]:
            row["display_name"] = UI.get(f"bot_{row['bot_level']}", row["bot_level"])
    return render(request, "history/leaderboard.html", {
        "mode": mode, "mode_name": presentation.mode_name(mode), "game": game_of_mode(mode), "who": who,
        "who_choices": [("everyone", _("Everyone")), ("people", _("People only"))],
        "modes": [(m, presentation.mode_name(m)) for m in registered_modes()], "rows": rows,
        "provisional_sigma": PROVISIONAL_SIGMA, "section": "history",
    })


def wonder_statistics(request):
    """Every wonder and side of a mode (Cities' modes: Petra and Byzantium too): matches, wins,
    win rate, average score; the API's /api/stats/wonders/ in a page, with a player-count filter."""
    mode = _mode(request)
    try:
        players = int(request.GET.get("players") or 0) or None
    except ValueError:
        players = None
    if players not in PLAYER_COUNTS:
        players = None
    rows = wonder_stats(mode, players, page_language())
    for row in rows:
        row["win_percent"] = None if row["win_rate"] is None else round(100 * row["win_rate"])
    return render(request, "history/wonder_statistics.html", {
        "mode": mode, "mode_name": presentation.mode_name(mode), "players": players,
        "player_counts": PLAYER_COUNTS, "rows": rows, "sides": any(row["side"] for row in rows),
        "modes": [(m, presentation.mode_name(m)) for m in registered_modes()], "section": "history",
    })


# ---------------------------------------------------------------------------------------------
# the score-sheet calculator

def _shown_value(value):
    """A problem's value as words: a list reads "7, abc", never "[7, 'abc']"."""
    if isinstance(value, (list, tuple)):
        return ", ".join(str(item) for item in value)
    return value


def _calculator_game(data):
    """The game the calculator scores: ?game= among the games that score a table, else the default."""
    game = data.get("game") or default_calculator_game()
    return game if game in calculator_games() else default_calculator_game()


def _calculator_mode(data, game):
    """The table's mode: ?mode= among the game's table modes, else its first."""
    modes = engine.table_modes(game)
    mode = data.get("mode")
    return mode if mode in modes else next(iter(modes))


def _nearest(value, allowed):
    try:
        wanted = int(value)
    except (TypeError, ValueError):
        return allowed[0]
    return min(allowed, key=lambda n: (abs(n - wanted), n))


def score_calculator(request):
    """The score-sheet calculator of any game that scores a physical table (engine.table_games),
    at any of its table modes (engine.table_modes: the 2-player variant, Cities, teams): the seats'
    form and the table it makes come from the game's presentation module, the sheet from
    engine.score_table."""
    data = request.POST if request.method == "POST" else request.GET
    game = _calculator_game(data)
    facts = engine.info(game)
    modes = engine.table_modes(game)
    mode = _calculator_mode(data, game)
    seat_counts = modes[mode]
    language = page_language()
    words = presentation.get(game)
    players = _nearest(data.get("players", seat_counts[0]), seat_counts)
    seats = []
    for k in range(engine.table_players(game)[1]):
        seats.append({
            **words.calculator_seat(data, k, language, mode),
            "index": k,
            "number": k + 1,
            "name": data.get(f"seat-{k}-name", "")[:50],
            "active": k < players,
            "problems": [],
        })
    result, problems = None, []
    if request.method == "POST":
        table = {"mode": mode,
                 "seats": [{**words.calculator_table_seat(seat), "name": seat["name"]} for seat in seats[:players]]}
        try:
            result = engine.score_table(game, table)
        except engine.TableError as error:
            for problem in error.problems:
                text = str(words.TABLE_PROBLEMS.get(problem["code"], problem["message"]))
                value = words.calculator_value(problem.get("card") or problem.get("value"), language)
                item = {"text": text, "value": _shown_value(value)}
                if "seat" in problem and problem["seat"] < len(seats):
                    seats[problem["seat"]]["problems"].append(item)
                else:
                    problems.append(item)
        if result:
            tiebreak = facts["tiebreak"]
            keys = engine_options.score_categories(game, engine_options.mode_options(game, mode))
            for row, seat in zip(result, seats):
                row["label"] = seat["name"] or seat["legend"]
                row["wonder_name"] = words.wonder_name(row["wonder"], language)
                row["notes"] = words.calculator_notes(row, language)
                row["tiebreak"] = row[tiebreak]
                row["categories"] = [row["categories"][key] for key in keys]
    return render(request, "history/score_calculator.html", {
        "game": game,
        "games": [(g, presentation.get(g).game_name()) for g in engine.table_games()],
        "mode": mode,
        "modes": [(m, presentation.mode_name(m)) for m in modes] if len(modes) > 1 else [],
        "calculator_words": words.calculator_words(),
        "seat_template": words.CALCULATOR_SEAT_TEMPLATE,
        "seats": seats,
        "players": players,
        "player_counts": [(n, words.calculator_players_label(mode, n)) for n in seat_counts],
        "result": result,
        "problems": problems,
        "categories": score_categories.labelled(
            game, engine_options.score_categories(game, engine_options.mode_options(game, mode))),
        "tiebreak_label": words.tiebreak_label(language),
        "tiebreak_note": words.calculator_tiebreak_note(mode),
        "section": "history",
    })

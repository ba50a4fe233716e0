"""History pages: a match and its replay, a player's profile, the leaderboard, the score-sheet
calculator. They read the same functions as the API (games.history.queries) and the same tables; every
string goes through gettext; card and wonder names come in the page's language."""
from django.contrib.auth import get_user_model
from django.db.models import Avg, Count, FloatField, Q
from django.db.models.fields.json import KT
from django.db.models.functions import Cast
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from cards.templatetags.cards_ui import page_language
from games.history.queries import (
    leaderboard_rows, player_payload, rank_of, score_sheet_rows, seat_summaries, streaks,
)
from games import engine, presentation
from games.history import categories as score_categories
from games.history.api.common import CALCULATOR_GAME
from games.history.timeline import match_timeline
from games.history.models import PlayerRating, RatingChange, SeatResult
from games.history.ratings import DEFAULT_MODE, MODES, PROVISIONAL_SIGMA, game_of_mode


def _seat_label(seat):
    if seat.user_id:
        try:
            name = seat.user.profile.display_name
        except Exception:  # noqa: BLE001 - a user without a profile
            name = ""
        return name or seat.user.get_username()
    return _("Bot (%(level)s)") % {"level": seat.get_bot_level_display()}


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
        "seats": [{"seat": s, "label": _seat_label(s), "labels": label,
                   "wonder_name": wonders.get(label.get("wonder"), "")} for s, label in zip(seats, labels)],
        "categories": game_categories,
        "tiebreak_label": words.tiebreak_label(language),
        "tiebreak_note": words.board_words().get("tie_break", ""),
        "section": "history",
    }
    if match.status == Match.Status.FINISHED and match.state is not None:
        frames = match_timeline(match)
        sheet = score_sheet_rows(match)
        sheets = sorted(match.score_sheet or engine.scores(match.state), key=lambda entry: entry["seat"])
        for row, seat, engine_sheet in zip(sheet, context["seats"], sheets):
            row["label"] = seat["label"]
            row["wonder_name"] = seat["wonder_name"]
            row["side"] = seat["labels"].get("side") or ""
            row["categories"] = [engine_sheet[key] for key, _label in game_categories]
        changes = {c.user_id: c for c in RatingChange.objects.filter(match=match)}
        for row, seat in zip(sheet, seats):
            change = changes.get(seat.user_id)
            row["change"] = change.ordinal_after - change.ordinal_before if change else None
        context["sheet"] = sheet
        context["final"] = frames[-1]
        context["replay"] = {
            "frames": frames,
            "cards": cards,
            "wonders": wonders,
            "seats": [seat["label"] for seat in context["seats"]],
        }
        context["final_cities"] = [
            {**city, "label": seat["label"]}
            for city, seat in zip(words.city_summaries(frames[-1], language), context["seats"])
        ]
        context["labels"] = replay_labels()
    return render(request, "history/match_detail.html", context)


def replay_labels():
    """The words of the replay script, in the page's language."""
    return {
        "age": _("Age"), "turn": _("turn"), "start": _("The deal"), "end": _("The end"), "step": _("step"),
        "of": _("of"), "side": _("side"), "coins": _("coins"), "military": _("military"), "stages": _("stages"),
        "points": _("points"), "hand": _("Hand"), "built": _("built"), "wonder": _("built a wonder stage"),
        "discard": _("discarded a card"), "seventh": _("played the seventh card"),
        "fromDiscard": _("built from the discard pile"), "passed": _("passed"),
        "militaryEvent": _("Conflicts resolved"), "free": _("free"), "discardPile": _("Discard pile"),
        "under": _("under the wonder"),
    }


def _mode(request):
    mode = request.GET.get("mode") or DEFAULT_MODE
    return mode if mode in MODES else DEFAULT_MODE


def _history_points(rows, width=640, height=200, pad=24):
    """Points of an SVG polyline of the ordinal after each rated match (oldest first)."""
    if not rows:
        return None
    values = [0.0] + [row["ordinal_after"] for row in rows]
    low, high = min(values), max(values)
    if high - low < 1:
        high, low = high + 0.5, low - 0.5
    step = (width - 2 * pad) / max(len(values) - 1, 1)
    points = []
    for k, value in enumerate(values):
        x = pad + k * step
        y = pad + (high - value) * (height - 2 * pad) / (high - low)
        points.append(f"{x:.1f},{y:.1f}")
    zero = pad + high * (height - 2 * pad) / (high - low) if low <= 0 <= high else None
    if zero is not None:
        zero = f"{zero:.1f}"  # a coordinate: a string, so that no locale writes it with a comma
    return {"points": " ".join(points), "width": width, "height": height, "low": round(low, 1),
            "high": round(high, 1), "zero": zero, "count": len(rows), "last": round(values[-1], 2),
            "pad": pad}


def player_profile(request, username):
    language = page_language()
    user = get_user_model().objects.filter(username=username, is_active=True).select_related("profile").first()
    if user is None:
        raise Http404(_("No such player."))
    mode = _mode(request)
    payload = player_payload(user, language)
    rating = PlayerRating.objects.filter(user=user, mode=mode).first()
    rank, percentile, ranked = rank_of(rating, mode)
    rows = SeatResult.objects.filter(user=user, mode=mode)
    game = game_of_mode(mode)
    mode_categories = score_categories.labelled(game)
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
        for row in rows.order_by().values("wonder", "side").annotate(
            games=Count("id"), wins=Count("id", filter=Q(rank=1)), average=Avg("total")).order_by("wonder", "side")
    ]
    history = list(RatingChange.objects.filter(user=user, mode=mode).order_by("finished_at", "match_id").values(
        "match", "finished_at", "ordinal_after", "rank", "players"))
    recent_ids = [row["match"] for row in payload["recent_matches"]]
    tables = seat_summaries(recent_ids, language)
    recent = [{**row, "table": tables.get(row["match"], [])} for row in payload["recent_matches"]]
    return render(request, "history/player_profile.html", {
        "player": user,
        "payload": payload,
        "mode": mode,
        "mode_name": presentation.mode_name(mode),
        "modes": [(m, presentation.mode_name(m)) for m in MODES],
        "rating": rating,
        "rank": rank,
        "percentile": percentile,
        "ranked": ranked,
        "categories": categories,
        "per_wonder": per_wonder,
        "wonder_sides": any(row["side"] for row in per_wonder),
        "plot": _history_points(history),
        "streaks": streaks(list(rows.order_by("finished_at", "match_id").values_list("rank", flat=True))),
        "recent": recent,
        "provisional_sigma": PROVISIONAL_SIGMA,
        "section": "history",
    })


def leaderboard(request):
    mode = _mode(request)
    rows = leaderboard_rows(mode, 100)
    for row in rows:
        row["win_percent"] = round(100 * row["win_rate"])
    return render(request, "history/leaderboard.html", {
        "mode": mode, "mode_name": presentation.mode_name(mode),
        "modes": [(m, presentation.mode_name(m)) for m in MODES], "rows": rows, "provisional_sigma": PROVISIONAL_SIGMA, "section": "history",
    })


# ---------------------------------------------------------------------------------------------
# the score-sheet calculator

# The engine's table problems in words; a code missing here shows the engine's message (the page
# never sends a player count outside the engine's range, so bad_player_count needs no words).
PROBLEMS = {
    "unknown_wonder": gettext_lazy("Choose a wonder."),
    "ambiguous_wonder": gettext_lazy("This names several wonders."),
    "duplicate_wonder": gettext_lazy("This wonder is already at another seat."),
    "bad_side": gettext_lazy("The side is A or B."),
    "bad_stages": gettext_lazy("Stages built is a whole number from 0."),
    "too_many_stages": gettext_lazy("This side of the wonder has fewer stages."),
    "bad_coins": gettext_lazy("Coins are a whole number from 0 to 999."),
    "bad_military": gettext_lazy("Conflict tokens are 1, 3, 5 (victories) or -1 (defeats)."),
    "too_many_tokens": gettext_lazy("A city fights two battles an age: at most two victory tokens of each value, six tokens in all."),
    "bad_cards": gettext_lazy("The cards were not understood."),
    "unknown_card": gettext_lazy("There is no such card."),
    "ambiguous_card": gettext_lazy("This names several cards."),
    "duplicate_structure": gettext_lazy("A city never builds the same structure twice."),
    "not_in_deck": gettext_lazy("This card is not in the deck at this player count."),
    "too_many_structures": gettext_lazy("More cards and stages than this city had turns."),
    "too_many_copies": gettext_lazy("More copies of this card than the deck has at this player count."),
}


def _int_field(value, default=0):
    try:
        return int(str(value).strip() or default)
    except ValueError:
        return value


def _tokens(text):
    out = []
    for part in str(text).replace(",", " ").split():
        try:
            out.append(int(part))
        except ValueError:
            out.append(part)
    return out


def _shown_value(value):
    """A problem's value as words: a list reads "7, abc", never "[7, 'abc']"."""
    if isinstance(value, (list, tuple)):
        return ", ".join(str(item) for item in value)
    return value


def score_calculator(request):
    facts = engine.info(CALCULATOR_GAME)
    MIN_SEATS, MAX_SEATS = facts["min_players"], facts["max_players"]  # noqa: N806
    language = page_language()
    words = presentation.get(CALCULATOR_GAME)
    cards = words.names(language)[0]
    data = request.POST if request.method == "POST" else request.GET
    try:
        players = int(data.get("players", MIN_SEATS))
    except ValueError:
        players = MIN_SEATS
    players = min(max(players, MIN_SEATS), MAX_SEATS)
    seats = []
    for k in range(MAX_SEATS):
        seats.append({
            "index": k,
            "number": k + 1,
            "name": data.get(f"seat-{k}-name", "")[:50],
            "wonder": data.get(f"seat-{k}-wonder", ""),
            "side": data.get(f"seat-{k}-side", "A"),
            "stages": data.get(f"seat-{k}-stages", "0"),
            "coins": data.get(f"seat-{k}-coins", "0"),
            "military": data.get(f"seat-{k}-military", ""),
            "cards": data.getlist(f"seat-{k}-cards") if hasattr(data, "getlist") else [],
            "active": k < players,
            "problems": [],
        })
    result, problems = None, []
    if request.method == "POST":
        table = {"seats": [
            {"name": seat["name"], "wonder": seat["wonder"], "side": seat["side"],
             "stages": _int_field(seat["stages"]), "coins": _int_field(seat["coins"]),
             "military": _tokens(seat["military"]), "cards": seat["cards"]}
            for seat in seats[:players]
        ]}
        try:
            result = engine.score_table(CALCULATOR_GAME, table)
        except engine.TableError as error:
            for problem in error.problems:
                text = str(PROBLEMS.get(problem["code"], problem["message"]))
                value = problem.get("card") or problem.get("value")
                if isinstance(value, str) and value in cards:
                    value = cards[value]["name"]
                item = {"text": text, "value": _shown_value(value)}
                if "seat" in problem and problem["seat"] < len(seats):
                    seats[problem["seat"]]["problems"].append(item)
                else:
                    problems.append(item)
        if result:
            for row, seat in zip(result, seats):
                row["label"] = seat["name"] or _("Seat %(number)s") % {"number": seat["number"]}
                row["wonder_name"] = words.wonder_name(row["wonder"], language)
                row["categories"] = [row["categories"][key] for key in score_categories.keys(CALCULATOR_GAME)]
                row["copied_name"] = words.card_name(row["copied_guild"], language) if row["copied_guild"] else ""
    groups = words.card_picker(language)
    for seat in seats:
        chosen = set(seat["cards"])
        seat["groups"] = [
            {"age": g["age"], "cards": [{**c, "checked": c["id"] in chosen} for c in g["cards"]]} for g in groups
        ]
    return render(request, "history/score_calculator.html", {
        "seats": seats,
        "players": players,
        "player_counts": range(MIN_SEATS, MAX_SEATS + 1),
        "wonders": words.wonder_choices(language),
        "result": result,
        "problems": problems,
        "categories": score_categories.labelled(CALCULATOR_GAME),
        "section": "history",
    })

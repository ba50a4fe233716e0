"""7 Wonders Architects' score-sheet calculator in words: the seat form, the table the form
sends to ``engine.score_table`` (``games/engine/architects/tabletop.py``) and the words of the
engine's table problems."""
from django.utils.translation import gettext_lazy as _

from . import BOARD_WORDS
from .catalogue import page_catalogue, token_name, wonder_choices, wonder_name

# This game's seat form (templates/calculator_seat.html), the table the form sends
# to engine.score_table ("architects": games/engine/architects/tabletop.py), and the words of the
# engine's table problems.

TABLE_PROBLEMS = {
    "unknown_wonder": _("Choose a wonder."),
    "ambiguous_wonder": _("This names several wonders."),
    "duplicate_wonder": _("This wonder is already at another seat."),
    "bad_stages": _("The stages built were not understood."),
    "unknown_stage": _("This wonder has no such stage."),
    "stage_out_of_order": _("A stage is built only once every stage of the levels below it is built."),
    "bad_blue_cards": _("Blue cards are a whole number from 0."),
    "bad_cat_cards": _("Blue cards with the cat are a whole number from 0."),
    "bad_holds_cat": _("The cat was not understood."),
    "two_cats": _("Only one player can hold the cat."),
    "bad_military_tokens": _("Military Victory tokens are a whole number from 0."),
    "too_many_military": _("More Military Victory tokens than the battles of this table could give."),
    "bad_progress_tokens": _("The progress tokens were not understood."),
    "unknown_token": _("There is no such progress token."),
    "ambiguous_token": _("This names several progress tokens."),
    "too_many_cards": _("More blue cards of this kind than the decks at this table hold."),
    "too_many_copies": _("More copies of this progress token than the game has."),
}


def calculator_words():
    """The calculator page's words for this game."""
    return {
        "lead": _("Played on a real table? For each player give the wonder and its built stages, the blue "
                  "cards, the cat, the Military Victory tokens and the progress tokens, and get the score "
                  "sheet."),
        "help": _("Stage points follow the wonder chosen. Ties go to the player with more built stages."),
    }


def _whole(value):
    try:
        return int(str(value).strip() or 0)
    except ValueError:
        return value


def calculator_players_label(mode, seats):
    return str(seats)


def calculator_tiebreak_note(mode):
    return BOARD_WORDS["tie_break"]


def calculator_seat(data, index, language, mode="architects"):
    """The values of seat `index` of the calculator's form (`data`: the GET or POST query): the
    wonder's five stages (with their points once a wonder is chosen) and one box per progress
    token copy (Culture twice). Its one table mode changes nothing."""
    prefix = f"seat-{index}-"
    catalogue = page_catalogue(language)
    wonder = data.get(prefix + "wonder", "")
    built = data.getlist(prefix + "built")
    tokens = data.getlist(prefix + "tokens")
    stages = catalogue["wonders"].get(wonder, {}).get("stages") or [{"stage": n} for n in range(1, 6)]
    return {
        "legend": _("Seat %(number)s") % {"number": index + 1},
        "wonder": wonder,
        "wonder_options": [{"id": wonder_id, "name": name,
                            "points": " ".join(str(stage["points"]) for stage in catalogue["wonders"][wonder_id]["stages"])}
                           for wonder_id, name in wonder_choices(language)],
        "built": built,
        "stages": [{"number": stage["stage"], "points": stage.get("points"), "checked": str(stage["stage"]) in built}
                   for stage in stages],
        "blue_cards": data.get(prefix + "blue_cards", "0"),
        "cat_cards": data.get(prefix + "cat_cards", "0"),
        "holds_cat": bool(data.get(prefix + "cat")),
        "military_tokens": data.get(prefix + "military_tokens", "0"),
        "tokens": tokens,
        "token_choices": [
            {"id": kind, "copy": copy, "name": token["name"], "checked": tokens.count(kind) >= copy}
            for kind, token in sorted(catalogue["tokens"].items(), key=lambda item: item[1]["name"])
            for copy in range(1, token["copies"] + 1)
        ],
    }


def calculator_table_seat(form):
    """A seat of engine.score_table's table from the form's values."""
    return {"wonder": form["wonder"], "built": [_whole(number) for number in form["built"]],
            "blue_cards": _whole(form["blue_cards"]), "cat_cards": _whole(form["cat_cards"]),
            "holds_cat": form["holds_cat"], "military_tokens": _whole(form["military_tokens"]),
            "progress_tokens": form["tokens"]}


def calculator_notes(row, language):
    """Words under a scored seat's wonder: what each scoring progress token gives."""
    return [_("%(token)s: %(points)s points") % {"token": token_name(kind, language), "points": points}
            for kind, points in row.get("progress_points", {}).items()]


def calculator_value(value, language):
    """A table problem's value in words: a progress token or a wonder by its name."""
    if isinstance(value, str):
        if value in page_catalogue(language)["tokens"]:
            return token_name(value, language)
        return wonder_name(value, language)
    return value

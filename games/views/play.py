"""The game page: drawn by game.js from the WebSocket's snapshots and updates (docs/protocol.md).
The page carries the game's catalogue names, its score categories and the words, in the page's
language; never a view or a state."""
from django.shortcuts import redirect, render

from games import presentation
from games.engine import options as engine_options
from games.history import categories as score_categories
from games.models import Match, Seat

from .lobby import _match_or_404
from .words import ERRORS, UI, as_text, language


def game(request, match_id):
    match = _match_or_404(match_id)
    if match.status == Match.Status.OPEN:
        return redirect("table", match_id=match.pk)
    seat = None
    if request.user.is_authenticated:
        seat = Seat.objects.filter(match=match, user=request.user).values_list("number", flat=True).first()
    shown = presentation.get(match.game)
    return render(request, "games/game.html", {
        "match": match, "section": "play", "seat": seat,
        "page_data": {
            "match": match.pk, "ws_path": f"/ws/games/{match.pk}/", "language": language(),
            # The engine's categories with those the table's options bring (Cities' black).
            "categories": [{"key": key, "label": str(label), "note": shown.CATEGORY_NOTES.get(key)}
                           for key, label in score_categories.labelled(match.game, engine_options.score_categories(
                               match.game, match.config or match.options))],
        },
        "catalogue": shown.page_catalogue(language()),
        "board_template": shown.BOARD_TEMPLATE, "board_script": shown.BOARD_SCRIPT,
        "ui": as_text({**UI, **shown.board_words()}), "errors": as_text({**ERRORS, **shown.error_words()}),
    })

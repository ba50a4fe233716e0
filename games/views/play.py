"""The game page: drawn by the game's board script (its folder's static/board.js) from the WebSocket's snapshots and updates (docs/protocol.md).
The page carries the game's catalogue names, its score categories and the words, in the page's
language; never a view or a state."""
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from games import engine, presentation, services
from games.engine import options as engine_options
from games.history import categories as score_categories
from games.models import Match, Seat

from .lobby import BOT_WORDS, _match_or_404
from .words import ERRORS, UI, as_text, error_text, language


def game(request, match_id):
    match = _match_or_404(match_id)
    if match.status == Match.Status.OPEN:
        return redirect("table", match_id=match.pk)
    seat = None
    if request.user.is_authenticated:
        seat = Seat.objects.filter(match=match, user=request.user).values_list("number", flat=True).first()
    shown = presentation.get(match.game)
    timeout_bot = engine.info(match.game)["timeout_bot"]
    return render(request, "games/game.html", {
        "match": match, "section": "play", "seat": seat, "can_rematch": seat is not None,
        "leave_bot": BOT_WORDS.get(timeout_bot, timeout_bot),
        "page_data": {
            "match": match.pk, "ws_path": f"/ws/games/{match.pk}/", "language": language(),
            # The table page of a rematch: "/0/" stands for its id.
            "table_url": reverse("table", args=[0]),
            # The engine's categories with those the table's options bring (Cities' black).
            "categories": [{"key": key, "label": str(label), "note": shown.CATEGORY_NOTES.get(key)}
                           for key, label in score_categories.labelled(match.game, engine_options.score_categories(
                               match.game, match.config or match.options))],
        },
        "catalogue": shown.page_catalogue(language()),
        "board_template": shown.BOARD_TEMPLATE, "board_script": shown.BOARD_SCRIPT, "board_style": shown.BOARD_STYLE,
        "board": shown.board_context(language()),
        "ui": as_text({**UI, **shown.board_words()}), "errors": as_text({**ERRORS, **shown.error_words()}),
    })


@require_POST
def rematch(request, match_id):
    """A new table from this finished match's seats (or the one already set up): its page."""
    if not request.user.is_authenticated:
        return redirect_to_login(reverse("game", args=[match_id]))
    try:
        new = services.do_rematch(match_id, request.user)
    except services.ServiceError as error:
        game = Match.objects.filter(pk=match_id).values_list("game", flat=True).first()
        messages.error(request, error_text(error, game))
        if Match.objects.filter(pk=match_id).exists():
            return redirect("game", match_id=match_id)
        return redirect("lobby")
    if new.status == Match.Status.OPEN:
        return redirect("table", match_id=new.pk)
    return redirect("game", match_id=new.pk)

"""Pages of live play: the lobby, a table's waiting room and the game page (drawn by game.js).

Thin: each POST calls one function of games.services and redirects; the pages take their live
updates from the WebSockets (docs/protocol.md). Strings the scripts show come from here, through
gettext, as JSON in the page.
"""
from functools import lru_cache

from django import forms
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language, gettext_lazy as _, pgettext_lazy
from django.views.decorators.http import require_POST

from accounts.services import display_name
from cards.catalogue_data import read_cards, read_wonders
from games import engine, services
from games.history import categories as score_categories
from games.models import Match, Seat

# Codes of refusals (services, engine, protocol) in words. A code missing here is shown as is.
ERRORS = {
    "login_required": _("Please log in first."),
    "no_such_match": _("There is no such table."),
    "bad_invite": _("This invitation link is not valid."),
    "not_open": _("This table has already started."),
    "table_full": _("This table is full."),
    "not_seated": _("You are not seated at this table."),
    "not_host": _("Only the host can do that."),
    "no_such_seat": _("There is no such seat."),
    "seat_taken": _("A player sits there."),
    "seats_not_filled": _("Every seat must be taken before the start."),
    "bad_player_count": _("A table has 3 to 7 seats."),
    "bad_sides": _("Choose side A, side B or random."),
    "bad_assignment": _("Choose random wonders or wonders chosen in seat order."),
    "bad_wonders": _("Choose a wonder (or random) for each seat."),
    "unknown_wonder": _("There is no such wonder."),
    "duplicate_wonder": _("Each wonder can be chosen once."),
    "bad_turn_seconds": _("The turn timer is off (0) or from 10 seconds to 24 hours."),
    "bad_bots": _("Seat 1 is the host's; the other seats are open or given to a bot."),
    "bad_bot_level": _("There is no such bot."),
    "not_started": _("The game has not started yet."),
    "game_over": _("The game is over."),
    "seat_taken_over": _("A bot plays this seat now."),
    "stale_step": _("That move was for a turn that is over."),
    "not_your_seat": _("You can only play for your own seat."),
    "not_your_turn": _("You have nothing to decide now."),
    "unknown_action": _("That is not a move of this game."),
    "bad_action": _("That move is incomplete."),
    "unknown_card": _("There is no such card."),
    "card_not_in_hand": _("That card is not in your hand."),
    "card_not_in_discard": _("That card is not in the discard pile."),
    "duplicate_structure": _("Your city already has a structure of that name."),
    "cannot_afford": _("You cannot pay for that."),
    "bad_payment": _("That payment is not possible."),
    "not_free": _("That card is not free for you."),
    "no_free_build": _("Olympia's free build is not available."),
    "no_stage_left": _("Every stage of your wonder is built."),
    "stage_already_built": _("That stage is already built."),
    "stage_out_of_order": _("Stages are built in order."),
    "must_build": _("A card of the discard pile can be built: choose one."),
    "bad_side": _("Choose side A or B."),
    "too_large": _("The message is too large."),
    "not_json": _("The message could not be read."),
    "bad_message": _("The message is incomplete."),
    "unknown_type": _("The server does not know that message."),
    "rate_limited": _("Too many messages: wait a few seconds."),
}

# Words game.js and lobby.js use (%(name)s placeholders are filled in by the scripts).
UI = {
    "connecting": _("Connecting…"),
    "connected": _("Connected"),
    "reconnecting": _("Connection lost, reconnecting…"),
    "age": _("Age %(age)s"),
    "turn": _("turn %(turn)s of 6"),
    "pass_left": _("cards pass to the left"),
    "pass_right": _("cards pass to the right"),
    "deadline": _("Time left: %(time)s"),
    "no_deadline": _("No turn timer"),
    "your_hand": _("Your hand"),
    "choose_card": _("Choose a card, then what to do with it."),
    "waiting_others": _("Waiting for the others. You can change your choice until everyone has chosen."),
    "nothing_to_do": _("Nothing to decide now."),
    "your_choice": _("Your choice: %(action)s"),
    "build": _("Build %(card)s"),
    "build_free": _("Build %(card)s for free"),
    "build_chain": _("Build %(card)s for free (chain)"),
    "build_olympia": _("Build %(card)s for free (Olympia, once per age)"),
    "wonder_stage": _("Build stage %(stage)s of your wonder with %(card)s"),
    "discard": _("Discard %(card)s for 3 coins"),
    "build_discarded": _("Build %(card)s from the discard for free"),
    "pass": _("Pass: nothing in the discard can be built"),
    "side": _("Side %(side)s"),
    "pay_bank": _("%(coins)s to the bank"),
    "pay_neighbour": _("%(coins)s to %(name)s"),
    "pay_nothing": _("costs nothing"),
    "cannot_build": _("Cannot be built now"),
    "cancel": _("Back"),
    "chosen": _("has chosen"),
    "thinking": _("is choosing"),
    "prompt_seventh_card": _("Babylon: play the last card of the age too."),
    "prompt_build_discarded": _("Halicarnassus: build one card of the discard pile for free."),
    "prompt_other": _("%(name)s is deciding (%(kind)s)…"),
    "olympia_ready": _("Olympia: you may build one structure for free this age."),
    "kind_seventh_card": _("Babylon's seventh card"),
    "kind_build_discarded": _("Halicarnassus' pick from the discard"),
    "coins": _("Coins"),
    "shields": _("Shields"),
    "military": _("Military tokens"),
    "hand_size": _("Cards in hand"),
    "stages": _("Wonder stages"),
    "stage_n": _("Stage %(stage)s"),
    "built": _("built"),
    "not_built": _("not built"),
    "your_city": _("Your city"),
    "left_neighbour": _("Left neighbour"),
    "right_neighbour": _("Right neighbour"),
    "other_cities": _("Other cities"),
    "no_cards": _("No structures yet."),
    "players": _("Players"),
    "log": _("What happened"),
    "you": _("you"),
    "bot_random": _("random bot"),
    "bot_greedy": _("greedy bot"),
    "taken_over": _("played by a bot"),
    "spectating": _("You are watching this game."),
    "seat_n": _("Seat %(seat)s"),
    "score_sheet": _("Score sheet"),
    "rank": _("Rank"),
    "total": _("Total"),
    "tie_break": _("Ties are broken by coins; equal coins share the rank."),
    "copied_guild": _("copies %(card)s"),
    "ev_age_start": _("Age %(age)s begins."),
    "ev_build": _("%(name)s built %(card)s."),
    "ev_wonder": _("%(name)s built stage %(stage)s of their wonder."),
    "ev_discard": _("%(name)s discarded a card."),
    "ev_turn": _("Age %(age)s, turn %(turn)s:"),
    "ev_leftovers": _("%(count)s leftover cards went to the discard pile."),
    "ev_seventh_card": _("%(name)s played the seventh card:"),
    "ev_built_from_discard": _("%(name)s built %(card)s from the discard pile."),
    "ev_passed": _("%(name)s found nothing to build in the discard pile."),
    "ev_military": _("Military of age %(age)s: %(results)s"),
    "ev_game_over": _("The game is over."),
    "ev_timed_out": _("%(name)s ran out of time; the greedy bot played for them (%(missed)s in a row)."),
    "ev_taken_over": _("%(name)s missed three turns in a row: a bot plays their seat from now on."),
    "ev_sides_chosen": _("Every wonder side is chosen."),
    "gone": _("This table was closed."),
    "open_tables": _("Open tables"),
    "running_games": _("Games being played"),
    "no_open_tables": _("No open table: create one."),
    "no_running_games": _("No game is being played."),
    "open_table": _("Open the table"),
    "watch": _("Watch"),
    "seats_filled": _("%(filled)s of %(players)s seats taken"),
    "timer_seconds": _("%(seconds)s s per turn"),
    "timer_off": _("no timer"),
    "sides_A": _("side A"),
    "sides_B": _("side B"),
    "sides_random": _("random sides"),
    "assignment_random": _("random wonders"),
    "assignment_chosen": _("chosen wonders"),
    "empty_seat": _("empty seat"),
    "host": _("host"),
    "already_built": _("Already in your city"),
    "missing": _("Missing: %(what)s"),
    "needs_coins": _("Needs %(coins)s coins"),
    "res_coin": pgettext_lazy("cost", "coin"),
    "res_coins": pgettext_lazy("cost", "coins"),
    "res_wood": pgettext_lazy("cost", "wood"),
    "res_stone": pgettext_lazy("cost", "stone"),
    "res_clay": pgettext_lazy("cost", "clay"),
    "res_ore": pgettext_lazy("cost", "ore"),
    "res_glass": pgettext_lazy("cost", "glass"),
    "res_textile": pgettext_lazy("cost", "textile"),
    "res_papyrus": pgettext_lazy("cost", "papyrus"),
}


def _t(mapping):
    return {key: str(value) for key, value in mapping.items()}


@lru_cache(maxsize=8)
def page_catalogue(language):
    """Names and texts of the cards and wonders in one language, for the game page."""
    def pick(texts):
        return texts.get(language) or texts.get("en", "")

    cards = {}
    for card in read_cards():
        cost = {k: v for k, v in card["cost"].items() if v}
        cards[card["id"]] = {"name": pick(card["names"]), "color": card["color"], "age": card["age"],
                             "cost": cost, "text": pick(card["text"]), "chain_to": card["chain_to"]}
    wonders = {}
    for wonder in read_wonders():
        wonders[wonder["id"]] = {
            "name": pick(wonder["names"]), "city": pick(wonder["city"]),
            "sides": {side: [{"cost": {k: v for k, v in stage["cost"].items() if v}, "text": pick(stage["text"])}
                             for stage in content["stages"]]
                      for side, content in wonder["sides"].items()},
        }
    return {"cards": cards, "wonders": wonders}


def _language():
    language = (get_language() or "en").lower()
    return language if language in ("en", "it", "pt-br") else "en"


def _error_text(error):
    return ERRORS.get(error.code, error.code)


# ---------------------------------------------------------------------------------------------
# lobby


# The lobby form creates base-game tables; its ranges come from the engine (a game select is the
# open part of issue 9).
BASE_INFO = engine.info("base")
BOT_CHOICES = [("", _("open for a player")), ("random", _("random bot")), ("greedy", _("greedy bot"))]


class CreateTableForm(forms.Form):
    players = forms.TypedChoiceField(
        label=_("Players"), coerce=int, initial=4,
        choices=[(n, n) for n in range(BASE_INFO["min_players"], BASE_INFO["max_players"] + 1)],
    )
    sides = forms.ChoiceField(
        label=_("Wonder sides"),
        choices=[("A", _("side A")), ("B", _("side B")), ("random", pgettext_lazy("wonder sides", "random"))],
    )
    assignment = forms.ChoiceField(
        label=pgettext_lazy("the seven wonders", "Wonders"),
        choices=[("random", _("given at random")), ("chosen", _("chosen in seat order"))],
    )
    turn_seconds = forms.IntegerField(
        label=_("Turn timer (seconds)"), initial=0, min_value=0, max_value=services.TURN_SECONDS_MAX,
        help_text=_("0 = no timer. A player out of time is played for by the greedy bot."),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        wonders = page_catalogue(_language())["wonders"]
        wonder_choices = [("", pgettext_lazy("wonder", "random"))] + [(w, wonders[w]["name"]) for w in wonders]
        self.wonder_fields = []
        self.seat_fields = []
        for n in range(BASE_INFO["max_players"]):
            name = f"wonder_{n}"
            self.fields[name] = forms.ChoiceField(
                label=_("Wonder of seat %(seat)s") % {"seat": n + 1}, choices=wonder_choices, required=False
            )
            self.wonder_fields.append(name)
            if n:
                name = f"seat_{n}"
                self.fields[name] = forms.ChoiceField(
                    label=_("Seat %(seat)s") % {"seat": n + 1}, choices=BOT_CHOICES, required=False
                )
                self.seat_fields.append(name)

    def options(self):
        data = self.cleaned_data
        players = data["players"]
        return {
            "players": players,
            "sides": data["sides"],
            "assignment": data["assignment"],
            "wonders": [data.get(f"wonder_{n}") or "" for n in range(players)],
            "turn_seconds": data["turn_seconds"],
            "bots": [""] + [data.get(f"seat_{n}") or "" for n in range(1, players)],
        }

    def wonder_rows(self):
        return [self[name] for name in self.wonder_fields]

    def seat_rows(self):
        return [self[name] for name in self.seat_fields]


def lobby(request):
    form = CreateTableForm()
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        form = CreateTableForm(request.POST)
        if form.is_valid():
            try:
                match = services.do_create_match(request.user, **form.options())
            except services.ServiceError as error:
                form.add_error(None, _error_text(error))
            else:
                return redirect("table", match_id=match.pk)
    return render(request, "games/lobby.html", {
        "form": form, "tables": services.lobby_tables(), "section": "play",
        "ui": _t(UI), "ws_path": "/ws/lobby/",
    })


# ---------------------------------------------------------------------------------------------
# a table


def _match_or_404(match_id):
    match = Match.objects.filter(pk=match_id).select_related("host").first()
    if match is None:
        raise Http404
    return match


def table(request, match_id):
    match = _match_or_404(match_id)
    if match.status != Match.Status.OPEN:
        return redirect("game", match_id=match.pk)
    seats = services.match_seats(match)
    mine = next((s for s in seats if request.user.is_authenticated and s.user_id == request.user.pk), None)
    wonders = page_catalogue(_language())["wonders"]
    rows = []
    for seat in seats:
        chosen = (match.wonders or [""] * match.players)[seat.number] if match.assignment == "chosen" else ""
        rows.append({
            "seat": seat, "number": seat.number + 1, "name": display_name(seat.user),
            "is_host": seat.user_id is not None and seat.user_id == match.host_id,
            "is_you": mine is not None and seat.pk == mine.pk,
            "wonder": wonders[chosen]["name"] if chosen else "",
        })
    return render(request, "games/table.html", {
        "match": match, "rows": rows, "mine": mine, "section": "play",
        "is_host": request.user.is_authenticated and match.host_id == request.user.pk,
        "filled": all(not s.is_empty for s in seats),
        "invite_url": request.build_absolute_uri(reverse("invite", args=[match.invite_code])),
        "bot_choices": BOT_CHOICES[1:],
        "page_data": {"match": match.pk, "version": match.version, "ws_path": f"/ws/games/{match.pk}/",
                      "game_url": reverse("game", args=[match.pk]), "lobby_url": reverse("lobby")},
        "ui": _t(UI),
    })


def _table_post(request, match_id, call):
    if not request.user.is_authenticated:
        return redirect_to_login(reverse("table", args=[match_id]))
    try:
        call()
    except services.ServiceError as error:
        messages.error(request, _error_text(error))
    if Match.objects.filter(pk=match_id).exists():
        return redirect("table", match_id=match_id)
    return redirect("lobby")


@require_POST
def join(request, match_id):
    return _table_post(request, match_id, lambda: services.do_join(match_id, request.user))


@require_POST
def leave(request, match_id):
    return _table_post(request, match_id, lambda: services.do_leave(match_id, request.user))


@require_POST
def start(request, match_id):
    return _table_post(request, match_id, lambda: services.do_start(match_id, request.user))


@require_POST
def set_seat(request, match_id, seat):
    level = request.POST.get("bot", "")
    return _table_post(request, match_id, lambda: services.do_set_bot(match_id, request.user, seat, level))


def invite(request, code):
    try:
        match = services.match_for_invite(code)
    except services.ServiceError:
        raise Http404 from None
    if not request.user.is_authenticated:
        return redirect_to_login(reverse("table", args=[match.pk]))
    return redirect("table", match_id=match.pk)


# ---------------------------------------------------------------------------------------------
# the game


def game(request, match_id):
    match = _match_or_404(match_id)
    if match.status == Match.Status.OPEN:
        return redirect("table", match_id=match.pk)
    seat = None
    if request.user.is_authenticated:
        seat = Seat.objects.filter(match=match, user=request.user).values_list("number", flat=True).first()
    return render(request, "games/game.html", {
        "match": match, "section": "play", "seat": seat,
        "page_data": {
            "match": match.pk, "ws_path": f"/ws/games/{match.pk}/", "language": _language(),
            "categories": [{"key": key, "label": str(label)} for key, label in score_categories.labelled(match.game)],
        },
        "catalogue": page_catalogue(_language()),
        "ui": _t(UI), "errors": _t(ERRORS),
    })

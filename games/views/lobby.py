"""The lobby (create a table of any registered game, the open and running tables) and a table's
waiting room. Thin: each POST calls one service and redirects.

The form asks the engine for the game's player range, options and bot levels
(``engine.info``), and the game's presentation module for the words of its options.
"""
from django import forms
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from accounts.services import display_name
from games import bots, engine, presentation, services
from games.engine import options as engine_options
from games.models import Match

from .words import UI, as_text, error_text, language

DEFAULT_GAME = engine.games()[0]  # the registry's first game is the site's default
# The bot levels in words: easy (random moves), medium (the game's one-move heuristic), hard (a
# search over redealt hidden cards, BOT_MOVE_SECONDS per move on average).
BOT_WORDS = {"easy": _("easy bot (random)"), "medium": _("medium bot (greedy)"), "hard": _("hard bot (search)")}
OPEN_SEAT = ("", _("open for a player"))


def bot_choices(game):
    return [(level, BOT_WORDS.get(level, level)) for level in engine.info(game)["bot_levels"]]


class BotLevelField(forms.ChoiceField):
    """A seat's bot level; a form of an older page may still send the old ids (random, greedy,
    search), read as the levels they became."""

    def to_python(self, value):
        return bots.level_id(super().to_python(value))


def playable_games():
    """The registered games the site can show a table of (their presentation has a board)."""
    return [game for game in engine.games() if getattr(presentation.get(game), "HAS_BOARD", False)]


def hidden_options(game):
    """The options a game's presentation keeps off the form (``LOBBY_HIDDEN_OPTIONS``), e.g.
    those its game page cannot draw yet: a table gets their defaults."""
    return frozenset(getattr(presentation.get(game), "LOBBY_HIDDEN_OPTIONS", ()))


def game_choices():
    return [(game, presentation.get(game).game_name()) for game in playable_games()]


class SelectWithNeeds(forms.Select):
    """A select whose values brought by another option carry ``data-needs-option`` and
    ``data-needs-value`` (the option, and its value, without which they cannot be chosen)."""

    def __init__(self, *args, needs=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.needs = needs or {}

    def create_option(self, name, value, *args, **kwargs):
        option = super().create_option(name, value, *args, **kwargs)
        if value in self.needs:
            needed, needed_value = self.needs[value]
            option["attrs"].update({"data-needs-option": f"option_{needed}", "data-needs-value": needed_value})
        return option


class CreateTableForm(forms.Form):
    """A new table of `game`: its player count, its declared options, the clock, the bots."""

    game = forms.ChoiceField(label=_("Game"))
    turn_seconds = forms.IntegerField(
        label=_("Turn timer (seconds)"), initial=0, min_value=0, max_value=services.TURN_SECONDS_MAX,
        help_text=_("0 = no timer. A player out of time is played for by a bot."),
    )
    # The pace is the site's: real time (the timer above), or turn-based with a move deadline.
    # Both may be left out (an older page, a script): real time, and the default limit.
    pace = forms.ChoiceField(label=_("Pace"), initial="live", required=False, choices=[
        ("live", _("Real time")), ("3600", _("Turn-based: 1 hour a move")),
        ("43200", _("Turn-based: 12 hours a move")), ("86400", _("Turn-based: 24 hours a move")),
        ("259200", _("Turn-based: 3 days a move")),
    ], help_text=_("Turn-based: everyone plays when they can, and is told by e-mail when the table waits on them."))
    rated = forms.BooleanField(
        label=_("Rated"), initial=True, required=False,
        help_text=_("A rated game moves the rating of every person seated, against bots too; leaving it counts as "
                    "last place."),
    )
    missed_limit = forms.TypedChoiceField(
        label=_("Missed deadlines before a bot takes the seat"), coerce=int, initial=services.TAKEOVER_AFTER,
        choices=[(n, n) for n in range(1, 11)], required=False, empty_value=services.TAKEOVER_AFTER,
    )

    def __init__(self, *args, game=DEFAULT_GAME, **kwargs):
        super().__init__(*args, **kwargs)
        self.game = self.game_id = game
        info = engine.info(game)
        words = presentation.get(game).option_words(language())
        self.fields["game"].choices = game_choices()
        self.fields["game"].initial = game
        low, high = services.player_range(info)
        self.fields["players"] = forms.TypedChoiceField(
            label=_("Players"), coerce=int, initial=min(max(4, low), high),
            choices=[(n, n) for n in range(low, high + 1)],
        )
        self.choice_fields, self.per_seat_groups = [], []
        hidden = hidden_options(game)
        for option in info["options"]:
            if option["name"] in hidden:
                continue
            said = words.get(option["name"], {})
            label = said.get("label", option["name"])
            value_words = said.get("choices", {})
            if option["kind"] == "choice":
                name = f"option_{option['name']}"
                # The form carries text: give the option its own values back (teams: True/False).
                values = {str(value): value for value in option["choices"]}
                # A form that leaves an option out (an older page) gets its default.
                self.fields[name] = forms.TypedChoiceField(
                    label=label, initial=str(option["default"]), coerce=values.get,
                    required=False, empty_value=option["default"],
                    choices=[(str(value), value_words.get(value, value)) for value in option["choices"]],
                )
                self.choice_fields.append(name)
            elif option["kind"] == "multi":
                name = f"option_{option['name']}"
                self.fields[name] = forms.MultipleChoiceField(
                    label=label, initial=option["default"], required=False, widget=forms.CheckboxSelectMultiple,
                    choices=[(value, value_words.get(value, value)) for value in option["choices"]],
                )
                self.choice_fields.append(name)
            elif option["kind"] == "per_seat":
                names = []
                # Values another option brings (Cities' wonders) are offered, marked with what
                # they need: lobby.js hides them while it is off, normalize_config refuses them.
                values = engine_options.option_choices(game, option["name"])
                needs = engine_options.brought_choices(game, option["name"])
                choices = [("", said.get("empty", "—"))] + [(v, value_words.get(v, v)) for v in values]
                for n in range(high):
                    name = f"option_{option['name']}_{n}"
                    self.fields[name] = forms.ChoiceField(
                        label=said.get("seat_label", "%(seat)s") % {"seat": n + 1}, choices=choices, required=False,
                        widget=SelectWithNeeds(needs=needs),
                    )
                    names.append(name)
                self.per_seat_groups.append({"name": option["name"], "label": label, "fields": names})
        self.seat_fields = []
        for n in range(1, high):
            name = f"seat_{n}"
            self.fields[name] = BotLevelField(
                label=_("Seat %(seat)s") % {"seat": n + 1}, choices=[OPEN_SEAT, *bot_choices(game)], required=False,
            )
            self.seat_fields.append(name)

    def clean_game(self):
        if self.cleaned_data["game"] != self.game:
            raise forms.ValidationError(_("The options shown are for another game: choose the options again."))
        return self.game

    def create_arguments(self):
        """The keyword arguments of services.do_create_match."""
        data = self.cleaned_data
        players = data["players"]
        arguments = {
            "game": self.game,
            "players": players,
            "turn_seconds": data["turn_seconds"],
            "missed_limit": data["missed_limit"],
            # An unticked box sends nothing: a form without the box (an older page) stays rated.
            "rated": data["rated"] or "rated_shown" not in self.data,
            "bots": [""] + [data.get(name) or "" for name in self.seat_fields[: players - 1]],
        }
        if data["pace"] not in ("", "live"):
            arguments.update(pace=Match.Pace.TURN_BASED, turn_seconds=int(data["pace"]))
        defaults = {option["name"]: option["default"] for option in engine.info(self.game)["options"]}
        for name in self.choice_fields:
            option = name.removeprefix("option_")
            if data[name] != defaults[option]:  # defaults stay out of the table's options
                arguments[option] = data[name]
        for group in self.per_seat_groups:
            values = [data.get(name) or None for name in group["fields"][:players]]
            if any(values):
                arguments[group["name"]] = values
        return arguments

    def choice_rows(self):
        return [self[name] for name in self.choice_fields]

    def per_seat_rows(self):
        return [{"label": group["label"], "fields": [self[name] for name in group["fields"]]}
                for group in self.per_seat_groups]

    def seat_rows(self):
        return [self[name] for name in self.seat_fields]


PLAY_NOW_PLAYERS = 4  # the quick table's default player count (clamped to the game's range)
PLAY_NOW_LEVEL = "medium"  # the quick table's default bot level, when the game has it


def play_now_levels():
    """The bot levels of every playable game, in the order the games declare them."""
    levels = []
    for game in playable_games():
        levels += [level for level in engine.info(game)["bot_levels"] if level not in levels]
    return levels


class PlayNowForm(forms.Form):
    """"Play now against bots": a game, a player count and one bot level for every other seat,
    defaults filled, so one click deals a table and starts it. The player counts are those of
    the games with their default options (the lobby's full form has the rest)."""

    game = forms.ChoiceField(label=_("Game"))
    players = forms.TypedChoiceField(label=_("Players"), coerce=int)
    level = BotLevelField(label=_("Bots"))

    def __init__(self, *args, game=DEFAULT_GAME, **kwargs):
        kwargs.setdefault("auto_id", "quick-%s")  # the lobby's other form has the same fields
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = game_choices()
        self.fields["game"].initial = game
        infos = [engine.info(g) for g in playable_games()]
        low = min(info["min_players"] for info in infos)
        high = max(info["max_players"] for info in infos)
        chosen = engine.info(game)
        self.fields["players"].choices = [(n, n) for n in range(low, high + 1)]
        self.fields["players"].initial = min(max(PLAY_NOW_PLAYERS, chosen["min_players"]), chosen["max_players"])
        levels = play_now_levels()
        self.fields["level"].choices = [(level, BOT_WORDS.get(level, level)) for level in levels]
        self.fields["level"].initial = PLAY_NOW_LEVEL if PLAY_NOW_LEVEL in chosen["bot_levels"] else levels[0]

    def clean(self):
        data = super().clean()
        game, players = data.get("game"), data.get("players")
        if game and players:
            info = engine.info(game)
            if not info["min_players"] <= players <= info["max_players"]:
                self.add_error("players", ngettext(
                    "%(game)s is played by %(low)s to %(high)s player here.",
                    "%(game)s is played by %(low)s to %(high)s players here.", info["max_players"]) % {
                    "game": presentation.get(game).game_name(), "low": info["min_players"],
                    "high": info["max_players"]})
            elif data.get("level") not in info["bot_levels"]:
                self.add_error("level", _("This game has no such bot level."))
        return data

    def create_arguments(self):
        data = self.cleaned_data
        return {"game": data["game"], "players": data["players"],
                "bots": [""] + [data["level"]] * (data["players"] - 1)}


def games_on_site():
    """Every registered game for the home page, from the registries: its name, player range
    (with any option), its rating modes in words when it has several, and whether it has a table
    on the site."""
    out = []
    for game in engine.games():
        site = presentation.get(game)
        info = engine.info(game)
        low, high = services.player_range(info)
        modes = [site.MODE_NAMES.get(mode, mode) for mode in info.get("rating_modes", [])]
        out.append({"id": game, "name": site.game_name(), "low": low, "high": high,
                    "modes": modes if len(modes) > 1 else [], "playable": game in playable_games()})
    return out


def _play_now(request):
    """Deal a table of the host and bots and start it: one click from the lobby to a game."""
    game = _chosen_game(request)
    # A field the request leaves out takes its default: the home page's welcome posts none.
    defaults = {name: field.initial for name, field in PlayNowForm(game=game).fields.items()}
    form = PlayNowForm({**defaults, **{name: request.POST[name] for name in defaults if name in request.POST}},
                       game=game)
    if not form.is_valid():
        return form, None
    try:
        match = services.do_create_match(request.user, **form.create_arguments())
    except services.ServiceError as error:
        form.add_error(None, error_text(error, form.cleaned_data["game"]))
        return form, None
    try:
        services.do_start(match.pk, request.user)
    except services.ServiceError as error:
        messages.error(request, error_text(error, match.game))
        return form, redirect("table", match_id=match.pk)
    return form, redirect("game", match_id=match.pk)


def _chosen_game(request):
    game = request.POST.get("game") or request.GET.get("game") or DEFAULT_GAME
    return game if game in playable_games() else DEFAULT_GAME


def options_words():
    """Per game, the words of its options and their values, for lobby.js's table list."""
    out = {}
    for game in engine.games():
        words = presentation.get(game).option_words(language())
        out[game] = {
            "name": str(presentation.get(game).game_name()),
            "options": {name: {"label": str(said.get("label", name)),
                               "choices": {value: str(text) for value, text in said.get("choices", {}).items()}}
                        for name, said in words.items()},
        }
    return out


def lobby(request):
    game = _chosen_game(request)
    form = CreateTableForm(game=game)
    play_now = PlayNowForm(game=game)
    if request.method == "POST" and not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if request.method == "POST" and "play_now" in request.POST:
        play_now, response = _play_now(request)
        if response is not None:
            return response
    elif request.method == "POST":
        form = CreateTableForm(request.POST, game=game)
        if form.is_valid():
            try:
                match = services.do_create_match(request.user, **form.create_arguments())
            except services.ServiceError as error:
                form.add_error(None, error_text(error, game))
            else:
                return redirect("table", match_id=match.pk)
    return render(request, "games/lobby.html", {
        "form": form, "play_now": play_now, "tables": services.lobby_tables(), "section": "play",
        "ui": as_text(UI), "ws_path": "/ws/lobby/", "games_words": options_words(),
    })


def _match_or_404(match_id):
    match = Match.objects.filter(pk=match_id).select_related("host").first()
    if match is None:
        raise Http404
    return match


def option_summary(match):
    """The match's options in words, e.g. ["side B", "Giza at seat 1"]."""
    said = presentation.get(match.game).option_words(language())
    hidden = hidden_options(match.game)
    out = []
    for option in engine.info(match.game)["options"]:
        value = match.options.get(option["name"], option["default"])
        if option["name"] in hidden and value == option["default"]:
            continue
        words = said.get(option["name"], {})
        if option["kind"] == "multi":
            out.extend(str(words.get("choices", {}).get(item, item)) for item in value or [])
        elif option["kind"] == "per_seat":
            for n, chosen in enumerate(value or []):
                if chosen:
                    out.append(f"{words.get('seat_label', '%(seat)s') % {'seat': n + 1}}: "
                               f"{words.get('choices', {}).get(chosen, chosen)}")
        elif value is not None:
            out.append(str(words.get("choices", {}).get(value, value)))
    return out


def pace_words(match):
    """The table's pace in words: "turn-based, 24 h a move", "30 s per turn", "no turn timer"."""
    if match.pace == Match.Pace.TURN_BASED:
        hours = match.turn_seconds // 3600
        if hours >= 48:
            return ngettext("turn-based, %(days)s day a move", "turn-based, %(days)s days a move",
                            hours // 24) % {"days": hours // 24}
        return ngettext("turn-based, %(hours)s hour a move", "turn-based, %(hours)s hours a move",
                        hours) % {"hours": hours}
    if match.turn_seconds:
        return _("%(seconds)s s per turn") % {"seconds": match.turn_seconds}
    return _("no turn timer")


def host_holiday(match):
    """The date until which the table's host pauses notifications, or None."""
    profile = getattr(match.host, "profile", None) if match.host_id else None
    if profile is None or not profile.on_holiday(timezone.now().date()):
        return None
    return profile.holiday_until


def table(request, match_id):
    match = _match_or_404(match_id)
    if match.status != Match.Status.OPEN:
        return redirect("game", match_id=match.pk)
    seats = services.match_seats(match)
    mine = next((s for s in seats if request.user.is_authenticated and s.user_id == request.user.pk), None)
    rows = [{
        "seat": seat, "number": seat.number + 1, "name": display_name(seat.user),
        "is_host": seat.user_id is not None and seat.user_id == match.host_id,
        "is_you": mine is not None and seat.pk == mine.pk,
        "bot_name": BOT_WORDS.get(seat.bot_level, seat.bot_level),
    } for seat in seats]
    return render(request, "games/table.html", {
        "match": match, "rows": rows, "mine": mine, "section": "play",
        "game_name": presentation.get(match.game).game_name(), "options": option_summary(match),
        "pace": pace_words(match), "host_holiday": host_holiday(match),
        "is_host": request.user.is_authenticated and match.host_id == request.user.pk,
        "filled": all(not s.is_empty for s in seats),
        "invite_url": request.build_absolute_uri(reverse("invite-any-language", args=[match.invite_code])),
        "bot_choices": bot_choices(match.game),
        "page_data": {"match": match.pk, "version": match.version, "ws_path": f"/ws/games/{match.pk}/",
                      "game_url": reverse("game", args=[match.pk]), "lobby_url": reverse("lobby")},
        "ui": as_text(UI),
    })


def _table_post(request, match_id, call):
    if not request.user.is_authenticated:
        return redirect_to_login(reverse("table", args=[match_id]))
    try:
        call()
    except services.ServiceError as error:
        game = Match.objects.filter(pk=match_id).values_list("game", flat=True).first()
        messages.error(request, error_text(error, game))
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


def invite_any_language(request, code):
    """The invite link that is sent around names no language: it opens in the visitor's (their
    language cookie, else their browser's)."""
    chosen = translation.get_language_from_request(request)
    with translation.override(chosen):
        return redirect(reverse("invite", args=[code]))


def invite(request, code):
    try:
        match = services.match_for_invite(code)
    except services.ServiceError:
        raise Http404 from None
    if not request.user.is_authenticated:
        return redirect_to_login(reverse("table", args=[match.pk]))
    return redirect("table", match_id=match.pk)

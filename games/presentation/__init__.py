"""Each game's site side: one folder per engine game id, found through one registry line.

The engine decides what a game is (``games.engine``: rules, options, categories) and speaks in
ids; a game's folder here says it in words and draws it, in the page's language. Pages, the
history and the API ask ``presentation.get(game)`` and never import a game's folder, so nothing
outside ``games.engine`` and these folders knows which game it shows. Adding a game's site side
is a folder and a line in ``SITES`` (tests register toy games with ``register``)::

    games/presentation/<id>/
        __init__.py          the core (required, below)
        templates/board.html the game page's board         -> template "games/<id>/board.html"
        static/board.js      its script, after play-common  -> static "games/<id>/board.js"
        static/board.css     optional: its styles, after css/game.css
        catalogue.py         optional: its cards and wonders in words
        calculator.py        optional: the score-sheet calculator's words and form
        calculator_api.py    optional, with calculator.py: the calculator API's serializers
        templates/calculator_seat.html   with calculator.py: a seat of the calculator's form
        replay.py            optional: what static/replay.js draws a replay frame with
        static/replay.js     optional: the replay's drawing of a frame (else js/replay.js's own)

The core, every game (``language`` is en, it or pt-br)::

    game_name() -> str (lazy translation)
    option_words(language) -> {option: {"label", "choices": {value: words}, "seat_label", "empty"}}
    board_words() -> {key: words}                # the board script's words
    error_words() -> {code: words}               # the game's rule refusals (engine codes)
    category_label(category, language) -> str    # an engine score category in words
    tiebreak_label(language) -> str              # the sheet's tie-break (engine info: tiebreak)
    MODE_NAMES: {rating mode: words}             # every mode of info(game)["rating_modes"]

Optional in the core, with these defaults: ``CATEGORY_NOTES = {}`` (a sheet key whose card is
named next to a category), ``LOBBY_HIDDEN_OPTIONS = ()`` (options kept off the lobby form),
``board_context(language) = {}`` (what board.html draws with, as ``board``),
``unranked_sheets(spectator view) = None`` (cities scored, not ranked: the Free City),
``city_summaries(frame, language) = []`` (a replay frame's players in words, the match page).

Capabilities (``GameSite.has(name)``), each a submodule and what it must define:

- ``catalogue``: ``page_catalogue(language)``, ``names(language)`` -> (cards {id: {"name",
  "color", "age"}}, wonders {id: name}), ``card_name``, ``wonder_name``, ``wonder_sides()`` ->
  {wonder: (side, ...)}, ``wonder_choices(language)``, ``card_picker(language)``,
  ``city_groups(card_ids, language)`` -> [(colour, [names])]. Without it: no names (ids show
  as they are), no wonders, ``page_catalogue`` {}.
- ``calculator``: ``calculator_words``, ``calculator_seat``, ``calculator_table_seat``,
  ``calculator_notes``, ``calculator_value``, ``calculator_players_label``,
  ``calculator_tiebreak_note``, ``TABLE_PROBLEMS``; its ``calculator_api`` module
  ``REQUEST_SERIALIZER`` and ``ANSWER_SERIALIZER``; its template ``calculator_seat.html``.
- ``replay``: ``replay_data(language)``, with ``static/replay.js``; optional: ``REPLAY_SCRIPTS`` and
  ``REPLAY_STYLES`` (static files the match page loads before it: the base game's tableau) and
  ``replay_table_data(config)`` (what the frames do not say: the base game's teams) and
  ``review_action_text(action, form, seat labels)`` (the coach's review: an action in words,
  "did" or "instead"; None reads "made a choice").

Results may be cached and shared between requests: read them, never change them.
"""
from importlib import import_module
from pathlib import Path

SITES = {
    "base": "games.presentation.base",
    "architects": "games.presentation.architects",
}

CORE = ("game_name", "option_words", "board_words", "error_words", "category_label", "tiebreak_label",
        "MODE_NAMES")
CAPABILITIES = {
    "catalogue": ("page_catalogue", "names", "card_name", "wonder_name", "wonder_sides", "wonder_choices",
                  "card_picker", "city_groups"),
    "calculator": ("calculator_words", "calculator_seat", "calculator_table_seat", "calculator_notes",
                   "calculator_value", "calculator_players_label", "calculator_tiebreak_note", "TABLE_PROBLEMS"),
    "replay": ("replay_data",),
}
CALCULATOR_SERIALIZERS = ("REQUEST_SERIALIZER", "ANSWER_SERIALIZER")
BOARD_FILES = ("templates/board.html", "static/board.js")


def _no_names(language):
    return {}, {}


def _same_id(item_id, language):
    return item_id


# What a game without a capability (or without an optional core name) answers.
DEFAULTS = {
    "CATEGORY_NOTES": {},
    "LOBBY_HIDDEN_OPTIONS": (),
    "board_context": lambda language: {},
    "unranked_sheets": None,
    "city_summaries": lambda frame, language: [],
    # catalogue
    "page_catalogue": lambda language: {},
    "names": _no_names,
    "card_name": _same_id,
    "wonder_name": _same_id,
    "wonder_sides": lambda: {},
    "wonder_choices": lambda language, **kw: [],
    "card_picker": lambda language, **kw: [],
    "city_groups": lambda card_ids, language: [],
    # replay
    "replay_data": lambda language: {},
    "review_action_text": lambda action, form, labels: None,
}


class UnknownGame(LookupError):
    """No site folder for a game id."""

    def __init__(self, game_id):
        super().__init__(f"no site side for game {game_id!r}: games/presentation/<game id>/ is missing")
        self.game_id = game_id


class IncompleteGame(TypeError):
    """A game's site folder lacks part of the core or of a capability it started."""


class GameSite:
    """One game's site side: its core module, the capabilities it has, its files.

    Attributes are read from the core, then from the capability modules, then ``DEFAULTS``, so a
    page asks ``site.names(language)`` whatever the game brings. ``BOARD_TEMPLATE``,
    ``BOARD_SCRIPT``, ``BOARD_STYLE``, ``REPLAY_SCRIPT`` and ``CALCULATOR_SEAT_TEMPLATE`` are the names its files
    are served under (``games/presentation/files.py``)."""

    def __init__(self, game_id, core):
        self.game_id = game_id
        self.core = core
        self.folder = Path(core.__file__).resolve().parent
        self.capabilities = {}
        for capability in CAPABILITIES:
            module = _submodule(core, capability)
            if module is not None:
                self.capabilities[capability] = module
        self.calculator_api = _submodule(core, "calculator_api") if "calculator" in self.capabilities else None
        self.BOARD_TEMPLATE = f"games/{game_id}/board.html"
        self.BOARD_SCRIPT = f"games/{game_id}/board.js"
        self.BOARD_STYLE = f"games/{game_id}/board.css" if (self.folder / "static" / "board.css").is_file() else None
        self.HAS_BOARD = all((self.folder / name).is_file() for name in BOARD_FILES)
        self.REPLAY_SCRIPT = f"games/{game_id}/replay.js" if (self.folder / "static" / "replay.js").is_file() else None
        self.CALCULATOR_SEAT_TEMPLATE = f"games/{game_id}/calculator_seat.html"

    def has(self, capability):
        return capability in self.capabilities

    def problems(self):
        """What the folder lacks: core names, a started capability's names, board files."""
        missing = [f"core: {name}" for name in CORE if not hasattr(self.core, name)]
        for capability, module in self.capabilities.items():
            missing += [f"{capability}: {name}" for name in CAPABILITIES[capability] if not hasattr(module, name)]
        if "calculator" in self.capabilities:
            api = self.calculator_api
            missing += [f"calculator_api: {name}" for name in CALCULATOR_SERIALIZERS if not hasattr(api, name)]
            if not (self.folder / "templates" / "calculator_seat.html").is_file():
                missing.append("calculator: templates/calculator_seat.html")
        if "replay" in self.capabilities and self.REPLAY_SCRIPT is None:
            missing.append("replay: static/replay.js")
        missing += [f"board: {name}" for name in BOARD_FILES if not (self.folder / name).is_file()]
        return missing

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        if hasattr(self.core, name):
            return getattr(self.core, name)
        for module in self.capabilities.values():
            if hasattr(module, name):
                return getattr(module, name)
        if self.calculator_api is not None and hasattr(self.calculator_api, name):
            return getattr(self.calculator_api, name)
        if name in DEFAULTS:
            return DEFAULTS[name]
        raise AttributeError(f"the site side of {self.game_id!r} has no {name!r}")

    def __repr__(self):
        return f"<GameSite {self.game_id}: {', '.join(self.capabilities) or 'core only'}>"


def _submodule(core, name):
    path = f"{core.__name__}.{name}"
    try:
        return import_module(path)
    except ModuleNotFoundError as error:
        if error.name != path:  # the module exists and lacks something it imports
            raise
        return None


_loaded = {}


def get(game_id):
    """The site side of an engine game id; UnknownGame for an id without one."""
    site = _loaded.get(game_id)
    if site is None:
        path = SITES.get(game_id) if isinstance(game_id, str) else None
        if path is None:
            raise UnknownGame(game_id)
        site = _loaded[game_id] = GameSite(game_id, import_module(path))
    return site


def sites():
    """Every registered game id with a site side, in registry order."""
    return list(SITES)


def register(game_id, module_path):
    """Register a game's site folder at run time (the tests' toy games); ``unregister`` undoes it."""
    SITES[game_id] = module_path
    _loaded.pop(game_id, None)


def unregister(game_id):
    SITES.pop(game_id, None)
    _loaded.pop(game_id, None)


def mode_name(mode):
    """A rating mode in words (its game's MODE_NAMES), or the mode's id."""
    from games.history.ratings import game_of_mode

    return get(game_of_mode(mode)).MODE_NAMES.get(mode, mode)

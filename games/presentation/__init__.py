"""How the site shows each game: the words and names a page needs, per engine game id.

The engine decides what a game is (``games.engine``: rules, options, categories) and speaks in
ids (``lumber_yard``, ``giza``, the score category keys); this package says it in words, in the
page's language: the game's name, its options and their values, its cards and wonders, its score
categories. Pages, the history and the API ask ``presentation.get(game)`` and never import a
game's catalogue, so nothing outside ``games.engine`` and these modules knows which game it
shows. One module per game, named by the engine's game id and imported on first use; a game the
engine registers must have one offering every function of ``FUNCTIONS``
(``tests/games/test_presentation.py`` fails until it does).

Every module offers (``language`` is en, it or pt-br; an id the game does not know is shown as
it is)::

    game_name() -> str (lazy translation)
    option_words(language) -> {option name: {"label", "choices": {value: words},
                                             "seat_label" (per_seat: "... %(seat)s"), "empty"}}
    page_catalogue(language) -> dict            # what the game page's script draws with
    board_words() -> {key: words}               # the game page's words for this game's board
    error_words() -> {code: words}              # the game's rule refusals (engine codes)
    names(language) -> (cards {id: {"name", "color", "age"}}, wonders {id: name})
    card_name(card_id, language) -> str
    wonder_name(wonder_id, language) -> str
    wonder_sides() -> {wonder id: (side, ...)}  # in the data's order
    wonder_choices(language) -> [(wonder id, name)], by name: a wonder select
    card_picker(language) -> [{"age", "cards": [{"id", "name", "color"}]}]   # the calculator's
    city_groups(card_ids, language) -> [(colour, [name])]   # a city's cards as the game groups them
    category_label(category, language) -> str   # the words of an engine score category
    tiebreak_label(language) -> str             # the words of the sheet's tie-break (engine info: tiebreak)
    city_summaries(frame, language) -> [{"wonder", "side", "facts": [words], "stages_label",
        "stages": [{"text", "built"}], "tokens": [names], "groups": [(colour, [names])]}]
                                                # a replay frame's players in words (the match page)
    calculator_words() -> {"lead", "help"}      # the score-sheet calculator's words for this game
    calculator_seat(data, index, language, mode) -> dict   # a seat's form values (data: the query) and
                                                # its "legend", at a table of `mode` (engine.table_modes)
    calculator_players_label(mode, seats) -> words   # a seat count in the form's player select
    calculator_tiebreak_note(mode) -> words     # the sentence under the sheet: how ties are broken
    calculator_table_seat(form) -> dict         # that seat as engine.score_table reads it
    calculator_notes(scored seat, language) -> [words]   # shown under its wonder on the sheet
    calculator_value(value, language) -> words  # a table problem's value (an id) in words
    CALCULATOR_SEAT_TEMPLATE: str               # the template of a seat of the calculator's form
    TABLE_PROBLEMS: {code: words}               # engine.TableError problem codes in words
    CATEGORY_NOTES: {category: sheet key}       # a card named next to a category's points
    unranked_sheets(spectator view) -> [{"city", "name", "wonder", "side", "sheet", "note"}]
                                                # optional: cities scored but not ranked (the Free City)
    MODE_NAMES: {rating mode: words}            # every mode of info(game)["rating_modes"]
    HAS_BOARD: bool                             # the game page can draw its table: the lobby offers it
    BOARD_TEMPLATE: str                         # the game page's board markup (templates/games/boards/)
    BOARD_SCRIPT: str                           # its script (static/js/), run after js/play-common.js
    REPLAY_SCRIPT: str | None                   # the replay's drawing of a frame (None: js/replay.js's own)
    replay_data(language) -> dict               # what REPLAY_SCRIPT draws with (only with a REPLAY_SCRIPT)
    board_context(language) -> dict             # optional: what BOARD_TEMPLATE draws with (as `board`)

The game page (``games/views/play.py``) is one frame (status bar, errors, prompt) around the
game's ``BOARD_TEMPLATE``; its ``BOARD_SCRIPT`` draws the table with what every board shares
(``static/js/play-common.js``: the WebSocket session, el()/t(), errors, the deadline).

Results may be cached and shared between requests: read them, never change them.
"""
from importlib import import_module

MODULE_OF_GAME = "games.presentation.{game}"
BOARD_CONSTANTS = ("HAS_BOARD", "BOARD_TEMPLATE", "BOARD_SCRIPT", "REPLAY_SCRIPT", "CATEGORY_NOTES", "MODE_NAMES")
FUNCTIONS = (
    "game_name", "option_words", "page_catalogue", "board_words", "error_words", "names", "card_name",
    "wonder_name", "wonder_sides", "wonder_choices", "card_picker", "city_groups", "category_label",
    "tiebreak_label", "city_summaries", "calculator_words", "calculator_seat", "calculator_table_seat",
    "calculator_notes", "calculator_value", "calculator_players_label", "calculator_tiebreak_note",
)

_loaded = {}


class UnknownGame(LookupError):
    """No presentation module for a game id."""

    def __init__(self, game_id):
        super().__init__(f"no presentation for game {game_id!r}: games/presentation/<game id>.py is missing")
        self.game_id = game_id


def get(game_id):
    """The presentation module of an engine game id; UnknownGame for an id without one."""
    module = _loaded.get(game_id)
    if module is None:
        if not isinstance(game_id, str) or not game_id.isidentifier():
            raise UnknownGame(game_id)
        path = MODULE_OF_GAME.format(game=game_id)
        try:
            module = import_module(path)
        except ModuleNotFoundError as error:
            if error.name != path:  # the module exists and lacks something it imports
                raise
            raise UnknownGame(game_id) from error
        _loaded[game_id] = module
    return module


def mode_name(mode):
    """A rating mode in words (its game's MODE_NAMES), or the mode's id."""
    from games.history.ratings import game_of_mode

    return get(game_of_mode(mode)).MODE_NAMES.get(mode, mode)

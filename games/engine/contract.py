"""What every game of the engine provides (the contract the site and the bots rely on).

A game is a module with a ``GAME`` object offering the functions below, registered in
``registry.py``. ``games.engine`` dispatches each public function to the game named by the
config (``config["game"]``), the state (``state["config"]["game"]``) or the view
(``view["game"]``). The site never reads a raw state: what it needs is asked here.

``GAME.INFO`` is the game's static facts, a JSON-serialisable dict::

    {"id": "base",
     "min_players": 3, "max_players": 7,
     "options": [                          # what a config may set besides game and players
         {"name": "sides", "kind": "choice", "choices": ["A", "B", "random", "choose"],
          "default": "A"},
         {"name": "wonders", "kind": "per_seat", "choices": [wonder ids], "default": None},
         ...],
     "score_categories": ["military", ...],   # ordered; each sheet has these keys
     "tiebreak": "coins",                     # the sheet key that breaks a tie on total
     "public_events": ["chosen", ...],        # event types that may be shown to anybody
     "bot_levels": ["easy", "medium", "hard"],  # levels of games.bots.LEVELS; bots.get(level) plays
     "timeout_bot": "medium",                 # the level that plays a seat past its deadline
     "seat_label_keys": ["wonder", "side"],   # the keys of seat_labels(state)[seat]
     "rating_modes": ["base"],                # every value rating_mode(config) can take
     "type": {"hidden_information": True,     # what kind of game it is (GAME_TYPE_KEYS), below
              "simultaneous": True, "teams": True, "chance": True}}

The game type (``INFO["type"]``, as OpenSpiel's game type) says what the game is, and the
conformance suite (``testing.py``) reads it to know what to check, each a bool:

- ``hidden_information``: some seat does not see everything (another hand, a deck): then
  ``hidden_ids`` is not always empty and ``sample_state`` deals what a seat cannot see otherwise
  than the real game at some point. Without it ``hidden_ids`` is always empty and a sample is
  the real state (``reveal`` of the sample equals the real one's).
- ``simultaneous``: several seats may be in ``to_act`` at once (and some step of a random game
  has several); without it at most one seat acts at a time.
- ``teams``: seats play in teams: score sheets carry ``team`` and partners share their rank;
  without it no sheet has ``team``.
- ``chance``: ``new_game`` draws from its seed (two seeds give two games, most of the time);
  without it every seed gives the same game.

A fact that holds for some configs only (the base game's teams: Cities with ``teams``) is
declared true in ``INFO["type"]`` (the game may be that), and the optional function
``game_type(cfg)`` gives the type of one config (each of its facts at most INFO's);
``games.engine.game_type(config)`` answers it for any game (INFO's type when the game has no
``game_type``).

Functions (``cfg`` is a normalised config, ``state`` a plain JSON dict)::

    normalize_config(config) -> cfg            # ConfigError(code, **facts) when invalid
    rating_mode(cfg) -> str                    # the ladder a match of this config counts in
    new_game(cfg, seed) -> state               # chance drawn from random.Random(seed), logged
    to_act(state) -> [seat]
    legal_actions(state, seat) -> [action]
    apply(state, seat, action) -> (state, [event])   # IllegalAction(code, **facts)
    view(state, seat | None) -> dict           # has "game"; a seat's or a spectator's knowledge
    is_over(state) -> bool
    scores(state) -> [sheet]                   # per seat: every category, total, rank, seat, tiebreak
    action_log(state, start=0) -> [entry]      # the log's entries from index start on (copies)
    log_length(state) -> int                   # how many entries the log holds
    replay(cfg, log) -> state                  # chance entries may stand anywhere in the log
    seat_labels(state) -> [dict]               # per seat, public: base {"wonder", "side"}
    hints(state, seat) -> dict                 # UI help for that seat (base: {"blocked": ...})
    reveal(state) -> dict                      # a frame with everything, hands included (replays);
                                               # at least "players": [{"seat", "total"} per seat]
    frame_hands(frame) -> dict | None          # what the seats hold at a reveal frame: {"step": {...},
                                               # "hands": [[card ids] per seat]}, "step" the game's
                                               # own coordinates (base: age, turn); None for a frame
                                               # where nobody chooses from a hand, and in a game
                                               # without hands (Architects); never a KeyError
    hidden_ids(state, seat | None) -> set      # ids that seat must not see in anything sent to it
    sample_state(view, seat, rng, chooser=None) -> state  # a whole state with view(state, seat) ==
                                               # view, what the seat cannot see dealt at random with
                                               # rng; a choice another seat made unseen this turn is
                                               # chooser(its view, its legal actions, rng)'s when given
    action_value(view, action) -> float        # the greedy bot's heuristic (bots.greedy_bot asks
                                               # the registry; it reads the seat's view only)

Optional (the score-sheet calculator; ``engine.table_games()`` lists the games that have them)::

    score_table(table) -> [sheet]              # a physical table described seat by seat; TableError
    table_modes() -> {mode: [seat counts]}     # the tables it scores: a rating mode each (the
                                               # table names it: {"mode", "seats"}), the seats it has
"""

# Optional function: action_values(view, actions) -> [float], equal to
# [action_value(view, a) for a in actions] but quicker (the bots' rollouts ask it every decision);
# the bots use it when the game has it (``games.bots.greedy_bot.values_of``).
# Optional function: rollout_turn(state, rng, searcher=None) -> state | None, the state after every
# seat still to choose has made the greedy bot's choice (quicker than a view and every payment per
# seat), or None where the game has no quick way; only the search bot's rollouts call it, on states
# the bot dealt itself. `searcher` is the seat the search plays for: a game may play it with values
# of its own that play better than the greedy bot's (base, Architects: heuristics.SEARCHER); without it,
# every seat is the greedy bot (testing.check_rollout_turn).
# Optional function: rollout_estimate(start, state, searcher) -> (totals, temperature) | None, where
# a search's rollout from `start` (the state after its candidate) may stop at `state`: each seat's
# estimated final total and their spread (the softmax of the totals at `temperature` is each seat's
# win chance); None plays on. Only the search bot's own choices ask it (not the review, whose win
# chances are played out), on states it dealt itself, with the seat it plays for (base: Cities' Age I
# rollouts stop at Age III, estimate.py).
# Optional function: search_group(action) -> hashable | None, the kind of move a legal action is
# one variant of (base game: a discard, a wonder stage, whichever card): the search bot keeps at
# most MAX_PER_GROUP of a kind among its candidates (None: no kind, no limit).
# Optional function: search_time_share(view) -> float, the part of a move's mean budget the search
# bot spends on this decision (base game: more in Age I, whose rollouts are long, less in Age III);
# over a seat's decisions of a game the shares average at most 1, and none is above 1.5, the p99 a
# move may take (testing.check_search_time_share). Without it every decision gets the mean.
# Optional function: explain(view, action) -> dict, why `action` (one of the view's seat's legal
# actions) is good, as facts (ids and numbers, no words): what it builds, what it denies a
# neighbour, what it scores now; the "Suggest" hint's reason (games/services/hints.py), which the
# game's board puts in words. It reads the view only (base: games/engine/base/reasons.py).
# Optional keys of an INFO option (games/engine/options.py reads them; check_config, which every
# game's normalize_config calls, refuses a config against them): "players", either {value: [fewest,
# most]} (a multi option's value that sets the player range: the base game's expansions cities, [3,
# 8]) or [counts] (the counts the option is played at when set: teams, [4, 6, 8]); "needs",
# {option: value} (the option may be set only with that value of that other option: teams needs
# {"expansions": "cities"}); {other option: {value: [values]}} (values of another option a value
# brings: expansions cities brings the wonders petra and byzantium). A config key that is neither
# "game", "players" nor a declared option is refused (unknown_option).
# Optional INFO key: "option_score_categories", {category: {"option", "value"}}: categories
# only the sheets of a config with that option value carry (after the declared ones; the total
# is then the sum of both), e.g. the base game's "black" with expansions ["cities"].
# Optional INFO key: "mode_options", {rating mode: {option: value}}: the option values a rating
# mode stands for (rating_mode of a config with them, at some player count, is that mode); the
# history asks it for a mode's categories and wonders (games/engine/options.py).
INFO_KEYS = (
    "id", "min_players", "max_players", "options", "score_categories", "tiebreak",
    "public_events", "bot_levels", "timeout_bot", "seat_label_keys", "rating_modes", "type",
)

GAME_TYPE_KEYS = ("hidden_information", "simultaneous", "teams", "chance")

FUNCTIONS = (
    "normalize_config", "rating_mode", "new_game", "to_act", "legal_actions", "apply", "view",
    "is_over", "scores", "action_log", "log_length", "replay", "seat_labels", "hints", "reveal", "frame_hands",
    "hidden_ids", "sample_state", "action_value",
)

# The optional functions above, and game_type(cfg) -> {key of GAME_TYPE_KEYS: bool}: the type of
# one config, for a game whose type depends on its options.
OPTIONAL_FUNCTIONS = ("action_values", "rollout_turn", "rollout_estimate", "search_group", "search_time_share", "score_table",
                      "table_modes", "game_type", "explain")


def game_from_module(module, info):
    """A game's ``GAME`` object built from its module: every function of ``FUNCTIONS`` and the
    ``OPTIONAL_FUNCTIONS`` it defines, found by name in `module` (a module or a dict such as
    ``globals()``), and ``INFO``: `info`, a dict or a function that builds it (then built on
    each read, as the catalogue it reads may be reloaded). TypeError names the functions a game
    lacks. The functions are attributes of the object's own class, so a test may monkeypatch or
    delete one on ``type(GAME)``."""
    names = module if isinstance(module, dict) else vars(module)
    missing = [name for name in FUNCTIONS if not callable(names.get(name))]
    if missing:
        raise TypeError(f"the game module {names.get('__name__')} lacks contract functions {missing}")
    attributes = {name: staticmethod(names[name]) for name in FUNCTIONS + OPTIONAL_FUNCTIONS
                  if callable(names.get(name))}
    attributes["INFO"] = property(lambda _self: info()) if callable(info) else info
    attributes["__doc__"] = f"The registry's handle on {names.get('__name__')} (contract.game_from_module)."
    return type("Game", (), attributes)()

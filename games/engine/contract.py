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
     "rating_modes": ["base"]}                # every value rating_mode(config) can take

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
    action_log(state) -> [entry]
    replay(cfg, log) -> state                  # chance entries may stand anywhere in the log
    seat_labels(state) -> [dict]               # per seat, public: base {"wonder", "side"}
    hints(state, seat) -> dict                 # UI help for that seat (base: {"blocked": ...})
    reveal(state) -> dict                      # a frame with everything, hands included (replays)
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
# Optional function: rollout_turn(state, rng) -> state | None, the state after every seat still to
# choose has made the greedy bot's choice (quicker than a view and every payment per seat), or
# None where the game has no quick way; only the search bot's rollouts call it, on states the bot
# dealt itself.
# Optional function: search_group(action) -> hashable | None, the kind of move a legal action is
# one variant of (base game: a discard, a wonder stage, whichever card): the search bot keeps at
# most MAX_PER_GROUP of a kind among its candidates (None: no kind, no limit).
# Optional INFO key: "option_score_categories", {category: {"option", "value"}}: categories
# only the sheets of a config with that option value carry (after the declared ones; the total
# is then the sum of both), e.g. the base game's "black" with expansions ["cities"].
# Optional INFO key: "mode_options", {rating mode: {option: value}}: the option values a rating
# mode stands for (rating_mode of a config with them, at some player count, is that mode); the
# history asks it for a mode's categories and wonders (games/engine/options.py).
INFO_KEYS = (
    "id", "min_players", "max_players", "options", "score_categories", "tiebreak",
    "public_events", "bot_levels", "timeout_bot", "seat_label_keys", "rating_modes",
)

FUNCTIONS = (
    "normalize_config", "rating_mode", "new_game", "to_act", "legal_actions", "apply", "view",
    "is_over", "scores", "action_log", "replay", "seat_labels", "hints", "reveal", "frame_hands",
    "hidden_ids", "sample_state", "action_value",
)

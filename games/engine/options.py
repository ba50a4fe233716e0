"""What a game's declared options mean together, read from ``info(game)`` only (no game's rules).

An option may widen what others allow: the base game's ``expansions`` declares
``"players": {"cities": [3, 8]}`` (more seats with Cities) and ``"wonders": {"cities": [...]}``
(values the ``wonders`` option takes only with Cities). A category may be scored only with an
option (``option_score_categories``), and each rating mode stands for some option values
(``mode_options``: ``{"cities-teams": {"expansions": ["cities"], "teams": True}}``). The site asks
these helpers instead of knowing any game's options.
"""
import games.engine as _engine  # looked up on each call: tests may stand in for engine.info


def info(game_id):
    return _engine.info(game_id)

# Keys of a multi option's declaration that are not the names of other options it widens.
_NOT_OPTION_KEYS = frozenset({"name", "kind", "choices", "default", "players", "needs"})


def player_range(game_id):
    """(fewest, most) players of the game with any of its options (the engine's normalize_config
    decides whether a count fits the options chosen)."""
    facts = info(game_id)
    low, high = facts["min_players"], facts["max_players"]
    for option in facts["options"]:
        ranges = option.get("players")
        if isinstance(ranges, dict):
            high = max([high] + [pair[1] for pair in ranges.values()])
    return low, high


def is_on(options, option, value):
    """Whether `options` (a config's) give `option` that `value`: one of a multi option's values,
    or a choice's value."""
    chosen = (options or {}).get(option)
    return value in chosen if isinstance(chosen, (list, tuple)) else chosen == value


def brought_choices(game_id, name):
    """{value: (option, option value)}: the values of option `name` that another option's value
    brings (the base game: petra and byzantium, with expansions cities)."""
    out = {}
    for option in info(game_id)["options"]:
        for key, per_value in option.items():
            if key in _NOT_OPTION_KEYS or key != name or not isinstance(per_value, dict):
                continue
            for value, values in per_value.items():
                for brought in values:
                    out.setdefault(brought, (option["name"], value))
    return out


def option_choices(game_id, name, options=None):
    """The values option `name` may take: its own, then those other options bring; all of them
    without `options`, else those the given options' values bring."""
    declared = next(option for option in info(game_id)["options"] if option["name"] == name)
    out = list(declared["choices"])
    for value, (option, option_value) in brought_choices(game_id, name).items():
        if value not in out and (options is None or is_on(options, option, option_value)):
            out.append(value)
    return out


def mode_options(game_id, mode):
    """The option values a rating mode stands for (``info["mode_options"]``; {} when the game
    declares none: its one mode is its plain game)."""
    return dict(info(game_id).get("mode_options", {}).get(mode, {}))


def score_categories(game_id, options=None):
    """The categories a sheet of the game carries with these options (a config's): every config's,
    then those only an option brings (``option_score_categories``)."""
    facts = info(game_id)
    extra = [key for key, when in facts.get("option_score_categories", {}).items()
             if is_on(options, when["option"], when["value"])]
    return list(facts["score_categories"]) + extra

"""What a game's declared options mean together, read from ``info(game)`` only (no game's rules).

An option may widen what others allow: the base game's ``expansions`` declares
``"players": {"cities": [2, 8]}`` (more seats with Cities) and ``"wonders": {"cities": [...]}``
(values the ``wonders`` option takes only with Cities). A category may be scored only with an
option (``option_score_categories``), and each rating mode stands for some option values
(``mode_options``: ``{"cities-teams": {"expansions": ["cities"], "teams": True}}``). The site asks
these helpers instead of knowing any game's options.

An option may need another: the base game's ``teams`` declares ``"needs": {"expansions": "cities"}``
(only with that value of that option) and ``"players": [4, 6, 8]`` (the player counts it is
played at). ``check_config`` reads all of this to refuse a config before a game's own checks of
its values; each game's ``normalize_config`` calls it.
"""
import games.engine as _engine  # looked up on each call: tests may stand in for engine.info
from .errors import ConfigError


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


# The keys every config has besides its options.
CONFIG_KEYS = ("game", "players")


def _declared(game_id):
    return [option["name"] for option in info(game_id)["options"]]


def _is_set(option, value):
    """Whether a config gives `option` a value other than its default (None, False and [] are
    never set)."""
    if value is None or value is False or value == [] or value == ():
        return False
    return value != option.get("default")


def players_allowed(game_id, config):
    """[fewest, most] players of the game with the option values of `config`: the game's range,
    or that of the option values that declare one (the narrowest when several do)."""
    facts = info(game_id)
    ranges = []
    for option in facts["options"]:
        per_value = option.get("players")
        if isinstance(per_value, dict):
            ranges += [pair for value, pair in per_value.items() if is_on(config, option["name"], value)]
    if not ranges:
        return [facts["min_players"], facts["max_players"]]
    return [max(pair[0] for pair in ranges), min(pair[1] for pair in ranges)]


def check_config(game_id, config, extra_keys=()):
    """Refuse a config (a dict) its game's INFO does not allow, with a ConfigError naming the key
    and what is allowed: ``unknown_option`` (a key the game does not declare: ``option``,
    ``options``, ``allowed`` keys, and ``games`` that declare it when it is another game's),
    ``option_needs`` (an option set without the option value it needs: ``option``, ``needs``
    ``{option: value}``), ``bad_player_count`` (``players``, ``allowed`` [fewest, most] with these
    options) and ``option_players`` (an option set at a player count it is not played at:
    ``option``, ``players``, ``allowed``). `extra_keys`: keys the game reads and checks itself
    though no option declares them (the base game's ``variants``). The values themselves are
    the game's to check."""
    declared = info(game_id)["options"]
    allowed = list(CONFIG_KEYS) + [option["name"] for option in declared] + list(extra_keys)
    unknown = sorted((key for key in config if key not in allowed), key=str)
    if unknown:
        key = unknown[0]
        facts = {"option": key, "options": unknown, "allowed": allowed}
        others = [other for other in _engine.games() if other != game_id and key in _declared(other)]
        if others:
            facts["games"] = others
        raise ConfigError("unknown_option", **facts)
    for option in declared:
        needs = option.get("needs")
        if isinstance(needs, dict) and _is_set(option, config.get(option["name"])):
            missing = {name: value for name, value in needs.items() if not is_on(config, name, value)}
            if missing:
                raise ConfigError("option_needs", option=option["name"], needs=missing)
    players = config.get("players")
    low, high = players_allowed(game_id, config)
    if not isinstance(players, int) or isinstance(players, bool) or not low <= players <= high:
        raise ConfigError("bad_player_count", players=players, allowed=[low, high])
    for option in declared:
        counts = option.get("players")
        if isinstance(counts, list) and _is_set(option, config.get(option["name"])) and players not in counts:
            raise ConfigError("option_players", option=option["name"], players=players, allowed=list(counts))

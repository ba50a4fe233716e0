"""7 Wonders: Cities — config and setup (shared/specs/cities.md, B.2, B.7, B.8).

Cities is an option of the base game: ``{"game": "base", "players": 2..8, "expansions":
["cities"], "teams": false|true}`` (2: the 2-player variant, whose table deals the 3-player
cards: ``two_players_setup.deck_config``). This module holds what the option changes before play:

- the deck: each age adds ``min(n, 7)`` black cards drawn at random from that age's nine; at 8
  players the base deck is the 7-player one (B.7);
- hands of 8 cards and seven turns an age for 3-7 players; 7 cards and six turns at 8 (B.2, B.7);
- the guilds: players + 2 (9 at 8 players, the 7-player count) drawn from all 13;
- the wonders: Petra and Byzantium join the seven boards;
- teams (4, 6, 8 players): seats 0-1, 2-3, ... are partners, side by side (B.8);
- the player dicts carry ``diplomacy`` (tokens held) and ``debt`` (-1 tokens taken), and the
  state ``losses`` (coin losses waiting for the end of the turn) and ``owed`` (the debt phase).
"""

from . import catalogue as _cat
from ..errors import ConfigError

CITIES = "cities"
EXPANSIONS = (CITIES,)
TEAM_PLAYER_COUNTS = (4, 6, 8)
MAX_PLAYERS = 8


def cities_on(cfg):
    return CITIES in (cfg.get("expansions") or ())


def is_cities(state):
    return CITIES in (state["config"].get("expansions") or ())


def teams_on(cfg):
    return bool(cfg.get("teams"))


def partner_of(seat, cfg):
    """The seat's partner in a team game (seats 2k and 2k + 1), else None."""
    return seat ^ 1 if teams_on(cfg) else None


def team_of(seat):
    return seat // 2


def deck_players(n):
    """The player count whose base cards make the deck: 7 at 8 players (B.7)."""
    return min(n, 7)


def hand_size(cfg):
    if not cities_on(cfg):
        return 7
    return 7 if cfg["players"] == 8 else 8


def turns_per_age(cfg):
    return hand_size(cfg) - 1


def guild_count(cfg):
    return deck_players(cfg["players"]) + 2


def check(config, n, wonders):
    """Validate the Cities options; return (expansions, teams) normalised."""
    expansions = config.get("expansions") or []
    if not isinstance(expansions, (list, tuple)) or any(e not in EXPANSIONS for e in expansions):
        raise ConfigError("unsupported_expansion", expansions=list(expansions)
                          if isinstance(expansions, (list, tuple)) else expansions,
                          allowed=list(EXPANSIONS))
    expansions = sorted(set(expansions))
    teams = config.get("teams", False)
    if not isinstance(teams, bool):
        raise ConfigError("bad_teams", teams=teams)
    cities = CITIES in expansions
    if n == MAX_PLAYERS and not cities:
        raise ConfigError("bad_player_count", players=n, allowed=[2, 7])
    if teams and (not cities or n not in TEAM_PLAYER_COUNTS):
        raise ConfigError("bad_teams", teams=teams, players=n, allowed=list(TEAM_PLAYER_COUNTS))
    if not cities and wonders:
        extra = [w for w in wonders if w is not None and w in _cat.get().cities_wonder_ids]
        if extra:
            raise ConfigError("wonder_needs_expansion", wonders=extra, expansion=CITIES)
    return expansions, teams


def wonder_pool(cfg):
    cat = _cat.get()
    return cat.wonder_ids + (cat.cities_wonder_ids if cities_on(cfg) else [])


def guild_pool(cfg):
    cat = _cat.get()
    return cat.guilds + (cat.cities_guilds if cities_on(cfg) else [])


def age_deck(age, cfg, guilds, rng):
    """An age's cards before shuffling: the base deck (7-player at 8), the guilds in Age III,
    and min(n, 7) black cards of the age drawn at random (the others stay in the box)."""
    n = cfg["players"]
    deck = _cat.get().deck_cards(age, deck_players(n))
    if age == 3:
        deck = deck + list(guilds)
    if cities_on(cfg):
        black = sorted(c.id for c in _cat.get().black[age])
        deck = deck + rng.sample(black, deck_players(n))
    return deck


def new_player_fields(cfg):
    return {"diplomacy": 0, "debt": 0} if cities_on(cfg) else {}


def new_state_fields(cfg):
    return {"losses": [], "owed": None} if cities_on(cfg) else {}

"""Engine-played matches between generated players, stored as finished matches.

For demos and benchmarks: ``simulate(players=P, matches=M)`` makes P users (``sim00001``...,
reused when they exist) and plays M real games with the engine, every seat chosen by a bot
policy (the seat's user plays greedily with a personal probability, so some generated players
are stronger than others and the ratings spread). Some matches have a bot seat, a few an
abandoned seat, so unrated matches exist too. Each match is stored as the live-play service
stores one (Match, Seat, one MatchAction per log entry, the final snapshot and score sheet) and
recorded by ``games.history.record_finished_match`` in the same transaction.
"""
import random
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from games import engine
from games.engine import options as engine_options
from games.history.record import record_finished_match

USERNAME_PREFIX = "sim"


def default_game():
    """The game simulated when none is named: the registry's first, the site's default game."""
    return engine.games()[0]


def weighted_player_counts(game, mode=None):
    """The game's player counts, the small tables more often (base: 2, 2, 3, 3, 3, 4, 4, 5, 6, 7);
    with a rating `mode`, the counts whose config with the mode's options is rated in it (Cities:
    3 to 8; Cities with teams: 4, 6, 8; base-2p and cities-2p: 2)."""
    if mode is None:
        info = engine.info(game)
        counts = list(range(info["min_players"], info["max_players"] + 1))
    else:
        options = engine_options.mode_options(game, mode)
        low, high = engine_options.player_range(game)
        counts = [n for n in range(low, high + 1) if _rated_in(game, n, options) == mode]
    if not counts:
        raise ValueError(f"no player count of {game} is rated in {mode!r}")
    peak = counts[0] + 1
    return [n for n in counts for _ in range(max(1, 3 - abs(n - peak)))]


def _rated_in(game, players, options):
    try:
        return engine.rating_mode({"game": game, "players": players, **options})
    except engine.ConfigError:
        return None


def _choose(level, state, seat, rng):
    """A bot's action, from the seat's view and legal actions only (games.bots)."""
    from games import bots

    return bots.get(level).choose(engine.view(state, seat), engine.legal_actions(state, seat), rng)


def play(config, seed, levels, rng):
    """Play a whole game: `levels[seat]` is a bot level, or a float = probability of playing
    greedily (the medium bot, else the easy one). Returns the final state."""
    state = engine.new_game(config, seed)
    while not engine.is_over(state):
        for seat in engine.to_act(state):
            level = levels[seat]
            if isinstance(level, float):
                level = "medium" if rng.random() < level else "easy"
            state, _ = engine.apply(state, seat, _choose(level, state, seat, rng))
    return state


def generated_users(count):
    User = get_user_model()
    names = [f"{USERNAME_PREFIX}{i:05d}" for i in range(1, count + 1)]
    existing = {u.username: u for u in User.objects.filter(username__in=names)}
    users = []
    for name in names:
        user = existing.get(name)
        if user is None:
            user = User(username=name)
            user.set_unusable_password()
            user.save()
        users.append(user)
    return users


def store_finished(config, seed, state, seats, started_at, finished_at, by_seat, rated=True):
    """Store a finished engine game as the live-play service would, then record it.

    `seats`: per seat (user or None, bot_level, taken_over); `rated`: the host's choice."""
    from games.models import Match, MatchAction, Seat

    log = engine.action_log(state)
    with transaction.atomic():
        match = Match.objects.create(
            game=config["game"], status=Match.Status.FINISHED, players=config["players"],
            options={key: value for key, value in config.items() if key not in ("game", "players")},
            config=engine.normalize_config(config), seed=seed, state=state,
            version=len(log) + 1, step=len(log), started_at=started_at, finished_at=finished_at,
            score_sheet=engine.scores(state), rated=rated,
        )
        Match.objects.filter(pk=match.pk).update(created_at=started_at)
        seat_rows = []
        for number, ((user, bot_level, taken_over), labels) in enumerate(zip(seats, engine.seat_labels(state))):
            seat_rows.append(Seat(
                match=match, number=number, user=user, bot_level=bot_level, taken_over=taken_over,
                labels=labels, joined_at=started_at if user else None,
            ))
        Seat.objects.bulk_create(seat_rows)
        actions = []
        for index, entry in enumerate(log):
            if "chance" in entry:
                actions.append(MatchAction(match=match, index=index, seat=None, action=entry,
                                           by=MatchAction.By.CHANCE, version=1))
            else:
                actions.append(MatchAction(match=match, index=index, seat=entry["seat"], action=entry["action"],
                                           by=by_seat[entry["seat"]], version=index + 1))
        MatchAction.objects.bulk_create(actions)
        record_finished_match(match, seat_rows)
    return match


def _declares(game, option):
    return any(declared["name"] == option for declared in engine.info(game)["options"])


def game_config(game, players, sides, rng=None):
    """A config of `game` at `players` seats; a game with sides plays `sides` (or, with `rng`, a
    random choice among A, B and random)."""
    config = {"game": game, "players": players}
    if _declares(game, "sides"):
        config["sides"] = rng.choice(("A", "B", "random")) if rng else sides
    return config


def simulate(players, matches, *, seed=0, bot_share=0.2, abandon_share=0.03, days=90, progress=None,
             game=None, mode=None):
    """Fill the database with matches of `game` (default_game() when None; of a rating `mode` of
    it: its options and player counts, e.g. cities-teams); returns the ids of the new matches."""
    game = game or default_game()
    options = engine_options.mode_options(game, mode) if mode else {}
    counts = weighted_player_counts(game, mode)
    rng = random.Random(seed)
    users = generated_users(players)
    skill = {u.pk: random.Random(f"{seed}:{u.pk}").random() for u in users}
    now = timezone.now()
    step = timedelta(days=days) / max(matches, 1)
    ids = []
    timeout_bot = engine.info(game)["timeout_bot"]
    for k in range(matches):
        n = rng.choice(counts)
        humans = n
        if rng.random() < bot_share:
            humans = rng.randint(1, n - 1)
        humans = min(humans, len(users))
        table = rng.sample(users, humans) + [None] * (n - humans)
        seats, levels, by_seat = [], [], {}
        abandoned = humans == n and rng.random() < abandon_share
        for number, user in enumerate(table):
            if user is None:
                level = rng.choice(("easy", "medium"))
                seats.append((None, level, False))
                levels.append(level)
                by_seat[number] = "bot"
            elif abandoned and number == n - 1:
                seats.append((user, timeout_bot, True))
                levels.append(timeout_bot)
                by_seat[number] = "timeout"
            else:
                seats.append((user, "", False))
                levels.append(skill[user.pk])
                by_seat[number] = "player"
        config = {**game_config(game, n, None, rng), **options}
        game_seed = rng.getrandbits(62)
        state = play(config, game_seed, levels, random.Random(game_seed))
        finished_at = now - step * (matches - k)
        started_at = finished_at - timedelta(minutes=rng.randint(15, 45))
        match = store_finished(config, game_seed, state, seats, started_at, finished_at, by_seat)
        ids.append(match.pk)
        if progress and (k + 1) % 100 == 0:
            progress(k + 1)
    return ids


def play_and_store(table, *, seed=1, sides="A", finished_at=None, abandoned=(), game=None, options=None, rated=True):
    """One engine-played match of `game` (default_game() when None), stored and recorded; for
    tests and demos. `sides` is played by a game that has sides (the base game).

    `table`: per seat a user (the medium bot's play) or a bot level ("easy", "medium", "hard");
    seat numbers in `abandoned` are human seats taken over by the game's timeout bot; `options`
    are added to the config
    (e.g. ``{"expansions": ["cities"], "teams": True}``)."""
    game = game or default_game()
    n = len(table)
    timeout_bot = engine.info(game)["timeout_bot"]
    seats, levels, by_seat = [], [], {}
    for number, who in enumerate(table):
        if isinstance(who, str):
            seats.append((None, who, False))
            levels.append(who)
            by_seat[number] = "bot"
        elif number in abandoned:
            seats.append((who, timeout_bot, True))
            levels.append(timeout_bot)
            by_seat[number] = "timeout"
        else:
            seats.append((who, "", False))
            levels.append("medium")
            by_seat[number] = "player"
    config = {**game_config(game, n, sides), **(options or {})}
    state = play(config, seed, levels, random.Random(seed))
    finished_at = finished_at or timezone.now()
    return store_finished(config, seed, state, seats, finished_at - timedelta(minutes=20), finished_at, by_seat,
                          rated)


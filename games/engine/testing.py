"""The conformance suite: what every registered game must satisfy (``tests/engine/test_contract.py``
runs it over every game in the registry and the configs it lists for each).

Plain functions that raise AssertionError with what went wrong, so a game's own tests can call them
too. They use only the public functions of ``games.engine``: a game passes by honouring the
contract, whatever its state looks like inside.

What is checked follows the game type a config declares (``engine.game_type``, contract.py):
hidden information (some hidden id, a sample that deals otherwise than the game) or none (no
hidden id ever, every sample is the real state); simultaneous moves (some step with several
seats to act) or one seat at a time; teams (sheets with ``team``, partners ranked alike) or
none; chance (seeds give different games) or none (every seed the same game).
"""
import json
import math
import random

from games import engine

from .contract import GAME_TYPE_KEYS, INFO_KEYS
from .registry import of_config

GARBAGE_ACTIONS = (None, {}, {"type": "no_such_action"}, "build", [1, 2])
MAX_STEPS = 5000
SHARE_SLACK = 0.08  # random play: a debt or a wonder's prompt adds decisions, more often in Age I and II
SAMPLE_EVERY = 6  # steps between two checks of sample_state (and once at the end)


def round_trips(value, what):
    assert json.loads(json.dumps(value)) == value, f"{what} is not JSON-serialisable as it is"


def strings_in(value):
    if isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from strings_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings_in(item)
    elif isinstance(value, str):
        yield value


def check_info(game_id):
    info = engine.info(game_id)
    round_trips(info, f"info({game_id!r})")
    missing = [key for key in INFO_KEYS if key not in info]
    assert not missing, f"info({game_id!r}) lacks {missing}"
    assert info["id"] == game_id
    assert 1 <= info["min_players"] <= info["max_players"]
    assert info["score_categories"] and len(set(info["score_categories"])) == len(info["score_categories"])
    from games import bots

    assert info["bot_levels"] and set(info["bot_levels"]) <= set(bots.LEVELS), \
        f"info({game_id!r}) has bot levels {info['bot_levels']}, not levels of games.bots.LEVELS"
    assert info["timeout_bot"] in info["bot_levels"]
    for option in info["options"]:
        assert {"name", "kind", "default"} <= set(option), f"option {option} lacks a name, kind or default"
    check_type_facts(info["type"], f"info({game_id!r})['type']")
    check_mode_options(game_id)


def check_type_facts(facts, what):
    assert isinstance(facts, dict) and sorted(facts) == sorted(GAME_TYPE_KEYS), \
        f"{what} is not a dict of {list(GAME_TYPE_KEYS)}: {facts!r}"
    wrong = [key for key, value in facts.items() if not isinstance(value, bool)]
    assert not wrong, f"{what} has facts that are not true or false: {wrong}"


def check_game_type(config):
    """The type of `config` is a type, and what it says the game may be (INFO's type) too; returns it."""
    facts = engine.game_type(config)
    check_type_facts(facts, f"game_type({config!r})")
    declared = engine.info(engine.normalize_config(config)["game"])["type"]
    beyond = [key for key, value in facts.items() if value and not declared[key]]
    assert not beyond, f"game_type({config!r}) says {beyond}, which INFO's type denies"
    return facts


def check_chance(config, seeds=range(6)):
    """Different seeds give different games when the config's type has chance, else the same."""
    games = {json.dumps([engine.reveal(state), engine.action_log(state)], sort_keys=True)
             for state in (engine.new_game(config, seed) for seed in seeds)}
    if check_game_type(config)["chance"]:
        assert len(games) > 1, f"a game with chance dealt the same game from seeds {list(seeds)}"
    else:
        assert len(games) == 1, "a game without chance dealt different games from different seeds"


def check_mode_options(game_id):
    """Each mode of ``mode_options`` is what rating_mode says of a config with its options, at
    some player count of the game."""
    from .options import player_range

    info = engine.info(game_id)
    low, high = player_range(game_id)
    for mode, options in info.get("mode_options", {}).items():
        assert mode in info["rating_modes"], f"mode_options names {mode!r}, not a rating mode"
        found = []
        for players in range(low, high + 1):
            try:
                found.append(engine.rating_mode({"game": game_id, "players": players, **options}))
            except engine.ConfigError:
                continue
        assert mode in found, f"no config with {options} is rated in {mode!r} (found {found})"


def check_leak_free(state, seat, message, what):
    hidden = engine.hidden_ids(state, seat)
    leaked = set(strings_in(message)) & set(hidden)
    assert not leaked, f"{what} for seat {seat} shows hidden ids {sorted(leaked)}"


def check_garbage_is_refused(state, seat):
    for action in GARBAGE_ACTIONS:
        try:
            engine.apply(state, seat, action)
        except engine.IllegalAction as error:
            assert isinstance(error.code, str) and error.code, f"{action!r} refused without a code"
            round_trips(error.facts, f"the facts of {error.code}")
        else:
            raise AssertionError(f"garbage action {action!r} was accepted from seat {seat}")
    try:
        engine.apply(state, engine.normalize_config(state["config"])["players"], {"type": "no_such_action"})
    except engine.IllegalAction as error:
        assert error.code
    else:
        raise AssertionError("an action from a seat that does not exist was accepted")


def check_sample_state(state, seat, rng, hidden_information=True):
    """sample_state(view(state, seat), seat, rng) is a whole state with that very view, in which
    every seat to act has a legal action. Returns whether it differs from `state` (then in what
    `seat` cannot see, since the views are equal); without hidden information it may not."""
    view = engine.view(state, seat)
    given = json.loads(json.dumps(view))
    sample = engine.sample_state(view, seat, rng)
    assert view == given, "sample_state changed the view it was given"
    round_trips(sample, "a sampled state")
    assert engine.view(sample, seat) == view, f"the sample's view for seat {seat} is not the real one"
    for who in engine.to_act(sample):
        assert engine.legal_actions(sample, who), f"seat {who} is to act in a sample but has no legal action"
    _check_sample_with_a_chooser(view, seat, rng)
    differs = engine.reveal(sample) != engine.reveal(state)
    assert hidden_information or not differs, \
        f"a game without hidden information sampled a state other than the real one for seat {seat}"
    return differs


def _check_sample_with_a_chooser(view, seat, rng):
    """With a chooser the sample keeps the view too, and the chooser is asked only about other
    seats, through their view, with a choice among their legal actions."""
    asked = []

    def last_legal(other_view, legal, _rng):
        asked.append(other_view.get("seat"))
        assert legal, "a chooser was asked to choose among no actions"
        return legal[-1]

    sample = engine.sample_state(view, seat, rng, chooser=last_legal)
    assert engine.view(sample, seat) == view, f"with a chooser, the sample's view for seat {seat} is not the real one"
    assert seat not in asked, "the chooser was asked to choose for the seat whose view was sampled"


def check_rollout_turn(state, rng):
    """A game's quick rollout turn (optional ``rollout_turn``), where it answers, is the greedy bot
    through the contract: each seat still to choose made a legal choice whose value is the best
    of its legal actions' (up to the bot's tie-breaking noise), and applying those choices one by
    one gives the same state. Returns whether it answered."""
    from .registry import of_state

    quick = getattr(of_state(state), "rollout_turn", None)
    after = quick(state, random.Random(rng.getrandbits(32))) if quick else None
    if after is None:
        return False
    acting = engine.to_act(state)
    new_entries = engine.action_log(after, engine.log_length(state))
    assert [entry["seat"] for entry in new_entries] == acting, "rollout_turn did not choose for every seat to act"
    expected = state
    game = of_state(state)
    for entry in new_entries:
        seat, action = entry["seat"], entry["action"]
        legal = engine.legal_actions(state, seat)
        assert action in legal, f"rollout_turn chose an illegal action for seat {seat}: {action!r}"
        view = engine.view(state, seat)
        batch = getattr(game, "action_values", None)
        values = batch(view, legal) if batch else [game.action_value(view, a) for a in legal]
        chosen = values[legal.index(action)]
        assert chosen >= max(values) - 0.0101, f"seat {seat}'s rollout choice is not the greedy one"
        expected, _events = engine.apply(expected, seat, action)
    assert after == expected, "rollout_turn's state is not the contract's after the same choices"
    return True


def check_rollout_estimate(start, state, seat, rng, players):
    """A game's early stop for the search's rollouts (optional ``rollout_estimate``), where it
    answers for a rollout from `start` at `state` with `seat` searching: a finite estimated total
    for each of the `players` seats and a positive spread, read off public facts only (the same
    on a state dealt again from `seat`'s view, whatever its hidden cards). Returns whether it
    answered."""
    from .registry import of_state

    estimate = getattr(of_state(state), "rollout_estimate", None)
    found = estimate(start, state, seat) if estimate else None
    if found is None:
        return False
    totals, temperature = found
    assert len(totals) == players, "an estimate is not one total a seat"
    assert all(math.isfinite(t) for t in totals), f"an estimated total is not a number: {totals}"
    assert math.isfinite(temperature) and temperature > 0, f"the spread is not a positive number: {temperature}"
    resampled = engine.sample_state(engine.view(state, seat), seat, rng)
    assert estimate(start, resampled, seat) == found, "the estimate reads cards the seat cannot see"
    return True


def check_search_time_share(shares):
    """The search's budget spread over a game (optional ``search_time_share``): `shares`, seat ->
    the share of each decision it had a choice in, averages at most 1 a seat (the mean a move may
    take, up to SHARE_SLACK more where debts or a wonder add decisions to an age) and none is above
    1.5 (the p99 a move may take)."""
    for seat, seat_shares in shares.items():
        if not seat_shares:
            continue
        assert max(seat_shares) <= 1.5, f"seat {seat} was given {max(seat_shares)} of the mean budget"
        mean = sum(seat_shares) / len(seat_shares)
        assert mean <= 1 + SHARE_SLACK, f"seat {seat}'s decisions took {mean:.3f} of the mean budget on average"


def play_random_game(config, seed, *, check_every_step=True):
    """Play one random legal game, checking the contract at every step (sample_state every
    SAMPLE_EVERY steps and at the end); returns (state, snapshots) where snapshots maps a log
    length to the state that had that log."""
    rng = random.Random(seed)
    sampler = random.Random(f"sample_state {seed}")
    kind = check_game_type(config)
    hidden_information = kind["hidden_information"]
    state = engine.new_game(config, seed)
    players = engine.normalize_config(config)["players"]
    snapshots = {engine.log_length(state): state}
    sample_differed = something_hidden = several_acted = False
    share = getattr(of_config(config), "search_time_share", None)
    shares = {seat: [] for seat in range(players)}
    start = state
    steps = 0
    while not engine.is_over(state):
        acting = engine.to_act(state)
        assert acting, f"nobody is to act before the end (step {steps})"
        assert len(acting) == len(set(acting)), f"a seat is twice in to_act: {acting}"
        assert kind["simultaneous"] or len(acting) == 1, \
            f"seats {acting} act at once in a game without simultaneous moves"
        several_acted |= len(acting) > 1
        if steps == 0 or (check_every_step and steps % 7 == 0):
            check_garbage_is_refused(state, acting[0])
        if check_every_step and steps % SAMPLE_EVERY == 0:
            for seat in range(players):
                sample_differed |= check_sample_state(state, seat, sampler, hidden_information)
            check_rollout_turn(state, sampler)
            check_rollout_estimate(start, state, steps % players, sampler, players)
        for seat in acting:
            legal = engine.legal_actions(state, seat)
            assert legal, f"seat {seat} is to act but has no legal action"
            if share is not None and len(legal) > 1:
                shares[seat].append(share(engine.view(state, seat)))
            action = rng.choice(legal)
            round_trips(action, "an action")
            state, events = engine.apply(state, seat, action)
            round_trips(events, "events")
            snapshots[engine.log_length(state)] = state
            if check_every_step:
                round_trips(state, "the state")
                check_leak_free(state, None, events, "events")
                for who in [None, *range(players)]:
                    view = engine.view(state, who)
                    round_trips(view, "a view")
                    check_leak_free(state, who, view, "the view")
                    hidden = engine.hidden_ids(state, who)
                    assert hidden_information or not hidden, \
                        f"a game without hidden information hides {sorted(hidden)} from seat {who}"
                    something_hidden |= bool(hidden)
            if engine.is_over(state):
                break
        steps += 1
        assert steps < MAX_STEPS, f"the game did not end within {MAX_STEPS} steps"
    check_search_time_share(shares)
    if check_every_step:
        for seat in range(players):
            sample_differed |= check_sample_state(state, seat, sampler, hidden_information)
        if hidden_information:
            assert something_hidden, "a game with hidden information never hid anything from anybody"
            assert sample_differed, "sample_state never dealt the hidden cards otherwise than the real game"
        if kind["simultaneous"]:
            assert several_acted, "a game with simultaneous moves never had two seats to act at once"
    return state, snapshots


def check_scores(state):
    info = engine.info(state["config"]["game"])
    teams = engine.game_type(state["config"])["teams"]
    sheets = engine.scores(state)
    for sheet in sheets:
        assert ("team" in sheet) == teams, f"seat {sheet.get('seat')}: a team on the sheet is {not teams}"
    if teams:
        for sheet in sheets:
            partners = [other for other in sheets if other["team"] == sheet["team"]]
            assert len(partners) > 1, f"seat {sheet['seat']} has no partner in its team"
            assert {other["rank"] for other in partners} == {sheet["rank"]}, f"team {sheet['team']} ranked apart"
    for sheet in sheets:
        round_trips(sheet, "a score sheet")
        missing = [c for c in info["score_categories"] if c not in sheet]
        assert not missing, f"seat {sheet.get('seat')} has no {missing}"
        for category, when in info.get("option_score_categories", {}).items():
            value = engine.normalize_config(state["config"]).get(when["option"])
            on = when["value"] in value if isinstance(value, list) else value == when["value"]
            assert (category in sheet) == on, f"seat {sheet['seat']}: {category} on the sheet is {not on}"
        scored = list(info["score_categories"]) + [c for c in info.get("option_score_categories", {}) if c in sheet]
        assert sheet["total"] == sum(sheet[c] for c in scored), f"seat {sheet['seat']}: total"
        assert info["tiebreak"] in sheet and "rank" in sheet and "seat" in sheet
    ranks = sorted(sheet["rank"] for sheet in sheets)
    assert ranks[0] == 1, f"nobody ranked first: {ranks}"
    check_reveal(state, sheets)


def check_reveal(state, sheets):
    """A replay frame (reveal) has a player per seat with its seat and its running total (what the
    history's replay and its API read of any game; the rest is the game's)."""
    frame = engine.reveal(state)
    round_trips(frame, "a reveal frame")
    players = frame.get("players")
    assert isinstance(players, list) and len(players) == len(sheets), "a reveal frame has a player per seat"
    for seat, player in enumerate(players):
        assert player.get("seat") == seat, f"reveal: player {seat} has seat {player.get('seat')}"
        assert player.get("total") == sheets[seat]["total"], f"reveal: seat {seat}'s total is not its sheet's"


def check_replay(config, state, snapshots):
    """replay(config, log[:k]) equals the state that had a log of k entries, at every prefix; the
    log's length and its entries from k on are those of the whole log."""
    log = engine.action_log(state)
    assert engine.log_length(state) == len(log), "log_length is not the length of the action log"
    for length, snapshot in snapshots.items():
        assert engine.action_log(state, length) == log[length:], f"the log's entries from {length} on differ"
        assert engine.replay(config, log[:length]) == snapshot, f"replay of the first {length} entries differs"


def check_config(config, seeds):
    """Every check of the suite on `config`: its type and chance, then a random game per seed;
    the first failure names its seed."""
    check_chance(config)
    for seed in seeds:
        try:
            check_game(config, seed)
        except AssertionError as error:
            raise AssertionError(f"seed {seed}: {error}") from error


def check_determinism(config, seed):
    first, _ = play_random_game(config, seed, check_every_step=False)
    again, _ = play_random_game(config, seed, check_every_step=False)
    assert engine.action_log(first) == engine.action_log(again), "the same seed and choices gave another game"


def check_game(config, seed):
    """Every check of the suite on one random game of `config`."""
    state, snapshots = play_random_game(config, seed)
    check_scores(state)
    check_replay(config, state, snapshots)
    return state


def check_bots_finish(config, seed, levels, **budget):
    """A game where seat k is played by the bot levels[k % len(levels)] (a level or a policy; the
    search bot with `budget`) ends, every bot choosing only among the legal actions it is given."""
    from games import bots

    rng = random.Random(seed)
    state = engine.new_game(config, seed)
    steps = 0
    while not engine.is_over(state):
        for seat in engine.to_act(state):
            legal = engine.legal_actions(state, seat)
            level = levels[seat % len(levels)]
            extra = budget if bots.searches(level) else {}
            action = bots.get(level).choose(engine.view(state, seat), legal, rng, **extra)
            assert action in legal, f"bot {level} chose an action that is not legal: {action!r}"
            state, _events = engine.apply(state, seat, action)
            if engine.is_over(state):
                break
        steps += 1
        assert steps < MAX_STEPS, "the bots' game did not end"
    return state

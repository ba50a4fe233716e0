"""A recorded corpus of random games: what the engine answered at every decision, as digests.

Recorded before a refactor of the rules (the 2-player variant moved into hooks of the base rules),
replayed after it by ``test_recorded_corpus.py``: the same seeds walk the same games and every
answer of the contract must hash the same. ``two_players_cities`` (the 2-player variant with
Cities, issue 30 item 1) was recorded when that configuration was first played. Regenerate (only when a rule is meant to change)::

    .venv/bin/python tests/engine/record_corpus.py            # every corpus
    .venv/bin/python tests/engine/record_corpus.py two_players

Each game is a random walk: seed k plays config ``config_of(corpus, k)``; at each step every seat
in ``to_act`` in turn chooses at random among its legal actions, sorted (so the walk does not
depend on the order of ``legal_actions``). What is hashed, in order, into the game's digest:

- per decision: the sorted legal actions, the hints of the seat, the action taken and its events;
- after each action: the view of every seat and the spectator's, every seat's hidden ids (sorted),
  the seat labels and ``to_act``;
- every ``SAMPLE_EVERY`` steps and at the end: ``sample_state`` of each seat's view with a fixed
  rng, without a chooser and with one that takes the first sorted legal action;
- at the end: the scores, ``reveal`` and the action log.

A game's record is ``[seed, decisions, digest, codes]``: ``codes`` holds one byte (two hex digits)
per decision, of the digest so far, so a mismatch says where the walk first went otherwise.
"""
import gzip
import hashlib
import json
import random
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"
SAMPLE_EVERY = 9

# corpus name -> (file, number of games)
CORPORA = {
    "two_players": ("corpus_two_players.json.gz", 2000),
    "base": ("corpus_base.json.gz", 210),
    "cities": ("corpus_cities.json.gz", 150),
    "two_players_cities": ("corpus_two_players_cities.json.gz", 300),
}

SIDES = ["A", "B", "random", "choose"]


def config_of(corpus, seed):
    """The config of game `seed` of `corpus`: player count, sides and fixed wonders drawn from
    the seed (a plain function of it, so the test replays the same configs)."""
    from games.engine.base import catalogue

    rng = random.Random(f"config {corpus} {seed}")
    if corpus in ("two_players", "two_players_cities"):
        players = 2
    elif corpus == "base":
        players = 3 + seed % 5
    else:
        players = 3 + seed % 6
    config = {"game": "base", "players": players}
    if rng.random() < 0.2:
        config["sides"] = [rng.choice(["A", "B", "random"]) for _ in range(players)]
    else:
        config["sides"] = rng.choice(SIDES)
    pool = list(catalogue.get().wonder_ids)
    if corpus in ("cities", "two_players_cities"):
        config["expansions"] = ["cities"]
        pool += list(catalogue.get().cities_wonder_ids)
        if players in (4, 6, 8) and rng.random() < 0.5:
            config["teams"] = True
    if rng.random() < 0.3:
        chosen = rng.sample(pool, players)
        config["wonders"] = [w if rng.random() < 0.5 else None for w in chosen]
    return config


def _canon(value):
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=sorted)


def _sorted_legal(legal):
    return sorted(legal, key=_canon)


def walk(corpus, seed):
    """Play game `seed` of `corpus` and return its record ``[seed, decisions, digest, codes]``."""
    from games import engine

    config = config_of(corpus, seed)
    digest = hashlib.blake2b(digest_size=8)
    codes = []

    def feed(*values):
        for value in values:
            digest.update(_canon(value).encode())
            digest.update(b"\n")

    rng = random.Random(seed)
    state = engine.new_game(config, seed)
    seats = engine.normalize_config(config)["players"]
    feed(engine.view(state, None), engine.seat_labels(state))
    steps = 0
    while True:
        if steps % SAMPLE_EVERY == 0 or engine.is_over(state):
            _feed_samples(state, seats, seed, steps, feed)
        if engine.is_over(state):
            break
        acting = engine.to_act(state)
        feed(acting)
        for seat in acting:
            legal = _sorted_legal(engine.legal_actions(state, seat))
            feed(legal, engine.hints(state, seat))
            action = rng.choice(legal)
            state, events = engine.apply(state, seat, action)
            feed(action, events)
            for who in [None, *range(seats)]:
                feed(engine.view(state, who), sorted(engine.hidden_ids(state, who)))
            feed(engine.seat_labels(state), engine.to_act(state))
            codes.append(digest.hexdigest()[:2])
            if engine.is_over(state):
                break
        steps += 1
    feed(engine.scores(state), engine.reveal(state), engine.action_log(state))
    return [seed, len(codes), digest.hexdigest(), "".join(codes)]


def _feed_samples(state, seats, seed, steps, feed):
    from games import engine

    def first_sorted(_view, legal, _rng):
        return _sorted_legal(legal)[0]

    if state["phase"] == "deal":
        return
    for seat in range(seats):
        view = engine.view(state, seat)
        sample = engine.sample_state(view, seat, random.Random(f"sample {seed} {steps} {seat}"))
        feed(sample)
        sample = engine.sample_state(view, seat, random.Random(f"chooser {seed} {steps} {seat}"),
                                     chooser=first_sorted)
        feed(sample)


def load(corpus):
    """The recorded games of `corpus`: {"games": [[seed, decisions, digest, codes]], ...}."""
    with gzip.open(DATA / CORPORA[corpus][0], "rt", encoding="utf-8") as fh:
        return json.load(fh)


def record(corpus):
    name, count = CORPORA[corpus]
    games = [walk(corpus, seed) for seed in range(count)]
    DATA.mkdir(exist_ok=True)
    payload = {"corpus": corpus, "sample_every": SAMPLE_EVERY, "games": games}
    with gzip.GzipFile(DATA / name, "wb", mtime=0) as fh:
        fh.write(json.dumps(payload, separators=(",", ":")).encode())
    return sum(g[1] for g in games), len(games)


def main(argv):
    for corpus in argv or list(CORPORA):
        decisions, games = record(corpus)
        print(f"{corpus}: {games} games, {decisions} decisions -> {DATA / CORPORA[corpus][0]}")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    main(sys.argv[1:])

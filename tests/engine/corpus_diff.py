"""Compare a recorded corpus with what the engine answers now, and explain the games that differ
by wasteful payments removed (issue 30 item 2; ``payment_oracle.py`` defines wasteful).

    git show 13b0e35^:tests/engine/data/corpus_two_players.json.gz > /tmp/old.json.gz
    .venv/bin/python tests/engine/corpus_diff.py two_players /tmp/old.json.gz

For each game of OLD (a corpus file recorded before the change) it walks the game now and
reports the games whose digest differs, with the first decision that differs. For each such game
it then walks the *recorded* trajectory with the former payment rule (``trading._least`` undone:
every residual of ``_assign`` kept), checks that this reproduces the recorded digest, and at every
decision of it compares the legal actions under both rules: the only difference allowed is a
removed Free City build or wonder stage whose payment only a wasteful purchase reaches, and every
such option must be removed. Prints one line per differing game and a summary; exits 1 on any
unexplained difference.
"""
import gzip
import json
import random
import sys
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from games import engine  # noqa: E402
from games.engine.base import caches, trading  # noqa: E402

from tests.engine import payment_oracle, payment_walks, record_corpus  # noqa: E402


@contextmanager
def former_rule():
    """Payments as before the fix: every residual need of ``_assign``, wasteful ones included."""
    least = trading._least
    trading._least = lambda residuals: residuals
    caches.clear_caches()
    try:
        yield
    finally:
        trading._least = least
        caches.clear_caches()


def _legal(state, seat, old):
    if old:
        with former_rule():
            return record_corpus._sorted_legal(engine.legal_actions(state, seat))
    caches.clear_caches()
    return record_corpus._sorted_legal(engine.legal_actions(state, seat))


def _explain(state, seat, removed):
    """The removed actions that are not wasteful Free City payments (empty when all are)."""
    bad = []
    offers = payment_walks._offers(state, seat, removed)
    for action in removed:
        if action.get("city") != "free_city" or action["type"] not in ("build", "wonder"):
            bad.append(action)
    for (who, card, stage), (cost, _coins, pays) in offers.items():
        _prof, ctx = payment_walks._trade_context(state, who)
        good, wasteful = payment_oracle.judge(cost, ctx.key)
        for pay in pays:
            if pay in good or pay not in wasteful:
                bad.append({"city": who, "card": card, "stage": stage, "pay": pay})
    return bad


def audit(corpus, seed):
    """Walk the recorded trajectory of `seed` with the former rule; returns (decisions with
    removed options, removed options, unexplained differences)."""
    config = record_corpus.config_of(corpus, seed)
    rng = random.Random(seed)
    state = engine.new_game(config, seed)
    touched = removed_total = 0
    unexplained = []
    while not engine.is_over(state):
        for seat in engine.to_act(state):
            old = _legal(state, seat, True)
            new = _legal(state, seat, False)
            removed = [a for a in old if a not in new]
            added = [a for a in new if a not in old]
            if added:
                unexplained.append({"added": added})
            if removed:
                touched += 1
                removed_total += len(removed)
                unexplained += _explain(state, seat, removed)
            # every wasteful option the former rule offered is removed now
            tally = payment_walks.Tally()
            payment_walks.judge_decision(state, seat, new, tally)
            unexplained += tally.problems
            with former_rule():  # the recorded walk, whose choice may be a removed option
                state, _ = engine.apply(state, seat, rng.choice(old))
            if engine.is_over(state):
                break
    return touched, removed_total, unexplained


def main(corpus, old_path):
    with gzip.open(old_path, "rt", encoding="utf-8") as fh:
        recorded = json.load(fh)["games"]
    differing = []
    for seed, decisions, digest, codes in recorded:
        got = record_corpus.walk(corpus, seed)
        if got[2] != digest:
            at = next((k // 2 for k in range(0, min(len(codes), len(got[3])), 2)
                       if codes[k:k + 2] != got[3][k:k + 2]), None)
            differing.append((seed, decisions, digest, at))
    failures = 0
    total_removed = 0
    for seed, decisions, digest, at in differing:
        with former_rule():
            again = record_corpus.walk(corpus, seed)
        same = again[2] == digest
        touched, removed, unexplained = audit(corpus, seed)
        total_removed += removed
        ok = same and not unexplained and touched
        failures += not ok
        print(f"game {seed}: first differs at decision {at} of {decisions}; former rule replays "
              f"the record: {same}; {touched} decisions offered {removed} wasteful Free City "
              f"payments, now removed; unexplained: {unexplained[:3]}")
    print(f"{corpus}: {len(recorded)} games, {len(differing)} differ, {total_removed} wasteful "
          f"options removed along their recorded walks, {failures} unexplained")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))

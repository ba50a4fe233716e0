"""The engine answers the recorded corpus of random games as it did when it was recorded
(``record_corpus.py``: legal actions, hints, events, views, hidden ids, samples, scores, reveal
and the log of every game, as digests).

``make test`` replays the first games of each corpus; under HYPOTHESIS_PROFILE=thorough
(``make test-integration``) every recorded game is replayed.
"""
import os

import pytest

from . import record_corpus

pytestmark = pytest.mark.thorough  # every recorded game under HYPOTHESIS_PROFILE=thorough

THOROUGH = os.environ.get("HYPOTHESIS_PROFILE") == "thorough"
QUICK = {"two_players": 200, "base": 25, "cities": 20, "two_players_cities": 40}


def _first_difference(corpus, recorded):
    """What differs in the first game that walks otherwise than recorded, or None."""
    for seed, decisions, digest, codes in recorded:
        got = record_corpus.walk(corpus, seed)
        if got[2] == digest:
            continue
        at = next((k for k in range(0, min(len(codes), len(got[3])), 2)
                   if codes[k:k + 2] != got[3][k:k + 2]), None)
        where = f"at decision {at // 2}" if at is not None else "at the end"
        return (f"{corpus} game {seed} ({record_corpus.config_of(corpus, seed)}) differs {where}: "
                f"{got[1]} decisions now, {decisions} recorded")
    return None


def _games(corpus):
    games = record_corpus.load(corpus)["games"]
    return games if THOROUGH else games[:QUICK[corpus]]


def test_the_corpora_are_recorded_with_enough_games():
    counts = {corpus: len(record_corpus.load(corpus)["games"]) for corpus in record_corpus.CORPORA}
    assert counts == {corpus: count for corpus, (_file, count) in record_corpus.CORPORA.items()}
    assert all(decisions > 20 for corpus in counts for _seed, decisions, *_ in record_corpus.load(corpus)["games"])


def test_the_two_player_variant_answers_every_decision_as_recorded():
    assert _first_difference("two_players", _games("two_players")) is None


def test_the_base_game_from_three_to_seven_players_answers_every_decision_as_recorded():
    assert _first_difference("base", _games("base")) is None


def test_the_cities_expansion_answers_every_decision_as_recorded():
    assert _first_difference("cities", _games("cities")) is None


def test_the_two_player_variant_with_cities_answers_every_decision_as_recorded():
    assert _first_difference("two_players_cities", _games("two_players_cities")) is None


def test_the_replay_notices_a_game_that_walks_otherwise():
    seed, decisions, digest, codes = _games("two_players")[0]
    tampered = [[seed, decisions, digest[::-1], codes]]
    assert "two_players game 0" in _first_difference("two_players", tampered)

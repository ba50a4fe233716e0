"""Payments a city is offered: every seller choice the rules allow, none that buys a resource the
city produces for that build (issue 30 item 2).

The rules checked: 002 l.200-202 («Commercio»: a city buys «risorse che lui non produce», the
resources it does not produce), 002 l.221 (either neighbour may be paid when both sell), and for
the 2-player variant's Free City 002 l.547 («come per le normali regole del commercio … sceglie da
quale città comprare la risorsa (indipendentemente dal costo)») with two-players.md A.8 #5 (the
controller routes the purchase to either neighbour, even at a higher price).

*Wasteful*, precisely (``payment_oracle.py``): a purchase — the units bought from the left and
from the right for one build or wonder stage — is wasteful when some unit it buys could instead
have been supplied by the city's own production left unused in that purchase's assignment, own
choice producers assigned afresh (e.g. Caravansery moved from ore to stone so that the Clay Pit
gives the ore): the set of bought units is not minimal given own production. A payment
``(left coins, right coins)`` is legitimate when some minimal purchase costs exactly that. The
Free City must be offered exactly the legitimate payments it can afford; every other city exactly
the non-dominated ones among them it can afford. The oracle enumerates purchases by brute force,
independently of ``trading.py``.

The random walks: each seat picks uniformly among its legal actions (in half of the games it
skips discards when it can, so cities grow richer and trade more), and every payment of every
decision is judged: 60 games of the 2-player variant in ``make test``, 1,000 under
HYPOTHESIS_PROFILE=thorough (with Cities: 30 and 1,000); the base game at 3-7 players and Cities at 3-8 players likewise,
fewer games.
"""

import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import engine
from games.engine.base import trading

from . import payment_oracle, payment_walks
from .helpers import FREE_CITY, discard, two_player_state

pytestmark = pytest.mark.thorough  # more games under HYPOTHESIS_PROFILE=thorough (make test-integration)

THOROUGH = os.environ.get("HYPOTHESIS_PROFILE") == "thorough"
TWO_PLAYER_GAMES = 1000 if THOROUGH else 60
TWO_PLAYER_CITIES_GAMES = 1000 if THOROUGH else 30
GAMES_PER_COUNT = 200 if THOROUGH else 8
SIDES = ["A", "B", "random"]


def _builder(rng, legal):
    """Pick among the legal actions, discards only when nothing else is offered."""
    plays = [a for a in legal if a["type"] != "discard"]
    return rng.choice(plays or legal)


def _walks(config_of, games):
    tally = payment_walks.Tally()
    for seed in range(games):
        payment_walks.walk(config_of(seed), seed, tally, choose=_builder if seed % 2 else None)
    return tally


def _report(tally):
    return (f"{tally.games} games, {tally.decisions} decisions ({tally.free_city_decisions} for the "
            f"Free City), {tally.payments} payments judged ({tally.free_city_payments} the Free "
            f"City's); first problems: {tally.problems[:3]}")


# ---------------------------------------------------------------------------------------------
# the case of the issue


def _palace_for_the_free_city():
    """Age III, turn 5: seat 0 controls the Free City (two-players.md A.3, Age III: L on turns
    1, 3, 5). The Free City (Ephesus A: papyrus) has 9 coins, Caravansery (wood/stone/clay/ore),
    Clay Pit (clay/ore), Brickyard (2 clay), glass, loom and a second papyrus. Palace costs one of
    each of the seven resources: its own production leaves wood, stone and ore to cover with two
    choice producers, so one unit must be bought, wood or stone. Seat 1, its right neighbour,
    sells wood, stone and ore; seat 0 (Alexandria A: glass) none of them."""
    state = two_player_state(
        wonders=("alexandria", "halicarnassus", "ephesus"), age=3, turn=5,
        hands={0: ["palace", "arena", "senate"], 1: ["town_hall", "pantheon"]},
        built={FREE_CITY: ["caravansery", "clay_pit", "brickyard", "glassworks_1", "loom_1",
                           "press_1"],
               1: ["lumber_yard", "stone_pit", "ore_vein"]},
        coins={FREE_CITY: 9})
    state, _ = engine.apply(state, 0, discard("arena"))
    return state


def test_the_free_city_buys_only_what_its_own_production_cannot_give_for_the_palace():
    """002 l.200-202 and l.547 (normal trade rules for the Free City): of wood, stone and ore it
    buys exactly one unit, at 2 coins from seat 1 (its right). Before the fix it was also offered
    4 coins to seat 1: Caravansery on ore with the Clay Pit idle, wood and stone bought."""
    state = _palace_for_the_free_city()
    palace = sorted((a["pay"]["left"], a["pay"]["right"]) for a in engine.legal_actions(state, 0)
                    if a.get("city") == "free_city" and a["type"] == "build" and a["card"] == "palace")
    assert palace == [(0, 2)]
    with pytest.raises(engine.IllegalAction) as refused:
        engine.apply(state, 0, {"type": "build", "card": "palace", "pay": {"left": 0, "right": 4},
                                "city": "free_city"})
    assert refused.value.code == "bad_payment"
    assert refused.value.facts["options"] == [{"left": 0, "right": 2}]


def test_the_oracle_calls_the_former_four_coin_palace_wasteful():
    """The judge of the property tests sees the issue's case: (0, 4) is reached only by buying
    a unit the Free City could make itself (002 l.200-202)."""
    state = _palace_for_the_free_city()
    _prof, ctx = payment_walks._trade_context(state, FREE_CITY)
    good, wasteful = payment_oracle.judge((1, 1, 1, 1, 1, 1, 1), ctx.key)
    assert good == {(0, 2)}
    assert (0, 4) in wasteful  # with others, e.g. (2, 2): glass from Alexandria, which it makes


def test_the_controller_may_still_route_the_free_citys_purchase_to_either_neighbour():
    """two-players.md A.8 #5, 002 l.547: when both neighbours sell the one unit it must buy, the
    Free City is offered both sellers (2 to the left or 2 to the right), and no wasteful split."""
    state = two_player_state(
        wonders=("alexandria", "halicarnassus", "ephesus"), age=3, turn=5,
        hands={0: ["palace", "arena", "senate"], 1: ["town_hall", "pantheon"]},
        built={FREE_CITY: ["caravansery", "clay_pit", "brickyard", "glassworks_1", "loom_1",
                           "press_1"],
               0: ["stone_pit"], 1: ["lumber_yard", "stone_pit", "ore_vein"]},
        coins={FREE_CITY: 9})
    state, _ = engine.apply(state, 0, discard("arena"))
    palace = sorted((a["pay"]["left"], a["pay"]["right"]) for a in engine.legal_actions(state, 0)
                    if a.get("city") == "free_city" and a["type"] == "build" and a["card"] == "palace")
    assert palace == [(0, 2), (2, 0)]


# ---------------------------------------------------------------------------------------------
# the enumeration against the brute force


RES = st.integers(min_value=0, max_value=6)
CHOICE = st.lists(RES, min_size=2, max_size=4, unique=True).map(lambda xs: tuple(sorted(xs)))


def _vec(units):
    v = [0] * 7
    for r in units:
        v[r] += 1
    return tuple(v)


@settings(max_examples=400, deadline=None, derandomize=True, database=None)
@given(cost=st.lists(RES, max_size=6), own=st.lists(RES, max_size=3),
       own_choices=st.lists(CHOICE, max_size=3), lf=st.lists(RES, max_size=4),
       lc=st.lists(CHOICE, max_size=2), rf=st.lists(RES, max_size=4),
       rc=st.lists(CHOICE, max_size=2),
       pl=st.lists(st.sampled_from([1, 2]), min_size=7, max_size=7),
       pr=st.lists(st.sampled_from([1, 2]), min_size=7, max_size=7),
       docks=st.sampled_from([(), (0, 0), (1, 0), (0, 1), (1, 1)]))
def test_every_split_offered_is_a_minimal_purchase_and_every_minimal_purchase_is_offered(
        cost, own, own_choices, lf, lc, rf, rc, pl, pr, docks):
    """002 l.200-202 and l.547, two-players.md A.8 #5: ``every_option_in`` (the Free City's
    payments) is exactly the prices of the minimal purchases, every seller split of them;
    ``options_in`` (everyone else's) exactly the non-dominated ones among those (l.221)."""
    own_sig = (_vec(own), tuple(sorted(own_choices)))
    left = (_vec(lf), tuple(sorted(lc)))
    right = (_vec(rf), tuple(sorted(rc)))
    prices = (tuple(pl), tuple(pr)) + tuple(docks)
    key = (own_sig, left, right, prices)
    good, _wasteful = payment_oracle.judge(_vec(cost), key)
    ctx = trading.Context(key)
    every = trading.every_option_in(ctx, _vec(cost))
    best = trading.options_in(ctx, _vec(cost))
    assert set(every) == good and len(every) == len(good)
    assert set(best) == payment_oracle.non_dominated(good)


# ---------------------------------------------------------------------------------------------
# random games


def test_no_payment_offered_in_random_two_player_games_buys_what_its_city_produces():
    """The 2-player variant (one player count, 2): 60 games (1,000 under thorough), every
    decision, every city (the two seats and the Free City). 002 l.200-202, l.221, l.547,
    two-players.md A.8 #5: the Free City is offered every seller split of every minimal purchase
    it can afford and no wasteful payment; the two seats the non-dominated ones."""
    tally = _walks(lambda seed: {"game": "base", "players": 2, "sides": SIDES[seed % 3]},
                   TWO_PLAYER_GAMES)
    assert not tally.problems, _report(tally)
    assert tally.games == TWO_PLAYER_GAMES
    assert tally.free_city_payments > 10 * TWO_PLAYER_GAMES, _report(tally)


def test_no_payment_offered_in_random_two_player_cities_games_buys_what_its_city_produces():
    """The 2-player variant with Cities (seed 001, «Regole per 2 Giocatori»: its rules unchanged):
    30 games (1,000 under thorough), every decision, the Free City's purchases every seller split
    of a minimal purchase (002 l.547, two-players.md A.8 #5), the seats' the non-dominated ones;
    docks (cities.md B.10 #11) and the warehouse and black market in play."""
    tally = _walks(lambda seed: {"game": "base", "players": 2, "sides": SIDES[seed % 3],
                                 "expansions": ["cities"]}, TWO_PLAYER_CITIES_GAMES)
    assert not tally.problems, _report(tally)
    assert tally.games == TWO_PLAYER_CITIES_GAMES
    assert tally.free_city_payments > 10 * TWO_PLAYER_CITIES_GAMES, _report(tally)


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_no_payment_offered_in_random_base_games_buys_what_its_city_produces(players):
    """The base game, 3-7 players (002 l.200-202, l.221): only non-dominated minimal purchases."""
    tally = _walks(lambda seed: {"game": "base", "players": players, "sides": SIDES[seed % 3]},
                   GAMES_PER_COUNT)
    assert not tally.problems, _report(tally)
    assert tally.payments > 0


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_no_payment_offered_in_random_cities_games_buys_what_its_city_produces(players):
    """Cities, 3-8 players (002 l.200-202, l.221; docks, cities.md B.10 #11, take coins off the
    first unit of a side): only non-dominated minimal purchases."""
    tally = _walks(lambda seed: {"game": "base", "players": players, "sides": SIDES[seed % 3],
                                 "expansions": ["cities"]}, GAMES_PER_COUNT)
    assert not tally.problems, _report(tally)
    assert tally.payments > 0

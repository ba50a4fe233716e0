"""The 2-player variant with Cities (seed 001, «Regole per 2 Giocatori»: the 2-player rules stay
as they are, with three clarifications; shared/specs/two-players.md A.6, and A.9 #6 for our ruling
on the black cards and the hand size). Seat 0 sits to the left of the Free City (city 2) and holds
the Free City card on the odd turns of Ages I and III, seat 1 on the even ones."""

import copy
import random
from collections import Counter

import pytest

from games import bots, engine
from games.engine import testing
from games.engine.base import catalogue

FREE_CITY = 2
CONFIG = {"game": "base", "players": 2, "expansions": ["cities"]}
FOR_FC = {"city": "free_city"}


def state_of(wonders=("giza", "rhodes", "ephesus"), age=1, turn=1, hands=None, built=None, coins=None,
             diplomacy=None, seed=0):
    """A 2-player Cities state in the play phase of `age`/`turn`; the dicts name the three cities
    (2 = the Free City, whose `hands` entry is its pile)."""
    state = copy.deepcopy(engine.new_game({**CONFIG, "wonders": list(wonders[:2])}, seed))
    state["players"][FREE_CITY]["wonder"] = wonders[2]
    for later in range(2, age + 1):
        state["decks"].pop(str(later), None)
    state["age"], state["turn"] = age, turn
    for city, player in enumerate(state["players"]):
        for key, given in (("hand", hands), ("built", built)):
            if given and city in given:
                player[key] = list(given[city])
        if coins and city in coins:
            player["coins"] = coins[city]
        if diplomacy and city in diplomacy:
            player["diplomacy"] = diplomacy[city]
    return state


def build(card, **city):
    return {"type": "build", "card": card, "pay": {"left": 0, "right": 0}, **city}


def discard(card, **city):
    return {"type": "discard", "card": card, **city}


def pay_debt(coins, **city):
    return {"type": "pay_debt", "coins": coins, **city}


def deals(state):
    return {e["age"]: e for e in engine.action_log(state) if e.get("chance") == "deal"}


def refusal(state, seat, action):
    with pytest.raises(engine.IllegalAction) as caught:
        engine.apply(state, seat, action)
    return caught.value.code


# ---------------------------------------------------------------------------------------------
# the table: A.9 #6 (our ruling: the 3-player configuration, 3 black cards, hands of 8, 7 turns)


def test_two_players_with_cities_start_a_game_in_their_own_rating_mode():
    state = engine.new_game(CONFIG, 1)
    assert state["phase"] == "play" and engine.to_act(state) == [0, 1]
    assert engine.rating_mode(state["config"]) == "cities-2p"
    assert engine.rating_mode({**CONFIG, "players": 3}) == "cities"
    assert engine.rating_mode({"game": "base", "players": 2}) == "base-2p"
    assert "cities-2p" in engine.info("base")["rating_modes"]


def test_each_age_deals_the_three_player_cards_with_three_black_cards_eight_to_each_city():
    cards = catalogue.get().cards
    for seed in range(4):
        state = engine.new_game(CONFIG, seed)
        for age, entry in deals(state).items():
            assert [len(hand) for hand in entry["hands"]] == [8, 8, 8]
            dealt = Counter(c for hand in entry["hands"] for c in hand)
            black = [c for c in dealt.elements() if cards[c].color == "black"]
            assert len(black) == 3 and {cards[c].age for c in black} == {age}
            guilds = Counter(deals(state)[3]["guilds"]) if age == 3 else Counter()
            assert dealt - Counter(black) - guilds == Counter(catalogue.get().deck_cards(age, 3))
        assert len(deals(state)[3]["guilds"]) == 5


def test_the_guilds_of_two_players_with_cities_are_drawn_from_all_thirteen():
    drawn = set()
    for seed in range(40):
        drawn.update(deals(engine.new_game(CONFIG, seed))[3]["guilds"])
    assert {"counterfeiters_guild", "guild_of_shadows", "mourners_guild"} <= drawn


def test_the_controller_starts_with_nine_cards_the_other_with_eight_and_the_pile_keeps_seven():
    state = engine.new_game(CONFIG, 5)
    deal = deals(state)[1]
    assert [len(p["hand"]) for p in state["players"]] == [9, 8, 7]
    assert state["players"][0]["hand"] == deal["hands"][0] + [deal["hands"][2][0]]
    view = engine.view(state, 1)
    assert view["players"][FREE_CITY]["pile_size"] == 7 and view["players"][0]["hand_size"] == 9


def test_an_age_lasts_seven_turns_and_the_pile_s_last_card_is_discarded_with_the_players_last_cards():
    state = engine.new_game({**CONFIG, "wonders": ["giza", "rhodes"]}, 8)
    rng = random.Random(8)
    turns = []
    while state["age"] == 1:
        if state["phase"] == "play" and state["turn"] not in turns:
            turns.append(state["turn"])
            if state["turn"] == 7:
                assert [len(p["hand"]) for p in state["players"]] == [3, 2, 1]
                last = state["players"][FREE_CITY]["hand"][0]
                discarded_before = Counter(state["discard"])
        for seat in engine.to_act(state):
            state, _ = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
    assert turns == [1, 2, 3, 4, 5, 6, 7]
    # The pile's last card went to the discard pile unplayed, with one card of each player.
    assert (Counter(state["discard"]) - discarded_before)[last] >= 1
    assert last not in state["players"][FREE_CITY]["built"] or catalogue.get().cards[last].color == "brown"


# ---------------------------------------------------------------------------------------------
# clarification 1: «il giocatore che sta giocando la Città Franca in questo turno decide se pagare o
# se contrarre Debiti»


def test_the_controller_of_the_turn_decides_whether_the_free_city_pays_a_loss_or_takes_debt():
    # Turn 1 of Age I: seat 0 holds the Free City card and builds the Hideout; seat 1 and the Free
    # City lose 1 coin each. Seat 0 owes nothing itself and decides for the Free City.
    state = state_of(hands={0: ["hideout", "altar", "theater"], 1: ["baths", "press_1"], FREE_CITY: ["ore_vein"]},
                     coins={FREE_CITY: 4})
    state, _ = engine.apply(state, 0, build("hideout"))
    state, _ = engine.apply(state, 0, build("altar", **FOR_FC))
    state, events = engine.apply(state, 1, build("press_1"))
    assert state["phase"] == "debt" and {"type": "debt_due", "owed": [0, 1, 1]} in events
    assert engine.to_act(state) == [0, 1]
    assert engine.legal_actions(state, 0) == [pay_debt(1, **FOR_FC), pay_debt(0, **FOR_FC)]
    assert engine.legal_actions(state, 1) == [pay_debt(1), pay_debt(0)]
    assert refusal(state, 1, pay_debt(0, **FOR_FC)) == "not_controller"
    assert refusal(state, 0, pay_debt(0)) == "no_debt_due"  # seat 0 owes nothing of its own
    state, events = engine.apply(state, 0, pay_debt(0, **FOR_FC))
    assert {"type": "chosen", "seat": 0, "city": "free_city"} in events
    state, events = engine.apply(state, 1, pay_debt(1))
    free_city = state["players"][FREE_CITY]
    assert (free_city["coins"], free_city["debt"]) == (4, 1)
    assert (state["players"][1]["coins"], state["players"][1]["debt"]) == (2, 0)
    settled = next(e for e in events if e["type"] == "debts_settled")
    assert {"seat": FREE_CITY, "owed": 1, "paid": 0, "debt": 1} in settled["results"]
    assert state["phase"] == "play" and state["turn"] == 2
    assert {"seat": 0, "action": pay_debt(0, **FOR_FC)} in engine.action_log(state)


def test_the_controller_who_owes_too_pays_its_own_debt_first_then_the_free_city_s():
    # Turn 2 of Age I: seat 1 holds the Free City card; seat 0 builds the Hideout, so seat 1 and
    # the Free City owe, and seat 1 (not seat 0, who held the card on turn 1) decides for it.
    state = state_of(turn=2, hands={0: ["hideout", "baths"], 1: ["altar", "theater", "press_1"],
                                    FREE_CITY: ["ore_vein"]}, coins={1: 3, FREE_CITY: 3})
    state, _ = engine.apply(state, 1, build("altar"))
    state, _ = engine.apply(state, 1, build("theater", **FOR_FC))
    state, _ = engine.apply(state, 0, build("hideout"))
    assert state["phase"] == "debt" and engine.to_act(state) == [1]
    assert engine.legal_actions(state, 0) == []
    assert engine.legal_actions(state, 1) == [pay_debt(1), pay_debt(0)]
    state, _ = engine.apply(state, 1, pay_debt(1))
    assert engine.to_act(state) == [1]
    assert engine.legal_actions(state, 1) == [pay_debt(1, **FOR_FC), pay_debt(0, **FOR_FC)]
    decision = engine.view(state, 1)["free_city"]["decision"]
    assert decision == {"kind": "debt", "owed": 1, "coins": 3, "pending": None}
    assert "decision" not in engine.view(state, 0)["free_city"]
    state, _ = engine.apply(state, 1, pay_debt(1, **FOR_FC))
    assert [(p["coins"], p["debt"]) for p in state["players"]] == [(3, 0), (2, 0), (2, 0)]
    assert state["phase"] == "play" and state["turn"] == 3


def test_the_free_city_pays_no_more_than_it_holds():
    state = state_of(hands={0: ["hideout", "altar", "theater"], 1: ["baths", "press_1"], FREE_CITY: ["ore_vein"]},
                     coins={FREE_CITY: 0})
    state, _ = engine.apply(state, 0, build("hideout"))
    state, _ = engine.apply(state, 0, build("altar", **FOR_FC))
    state, _ = engine.apply(state, 1, build("press_1"))
    assert engine.legal_actions(state, 0) == [pay_debt(0, **FOR_FC)]
    assert refusal(state, 0, pay_debt(1, **FOR_FC)) == "bad_debt_payment"


def test_the_timeout_bot_pays_all_the_free_city_can():
    state = state_of(hands={0: ["lair", "altar", "theater"], 1: ["baths", "press_1"], FREE_CITY: ["ore_vein"]},
                     built={0: ["lumber_yard", "ore_vein", "glassworks_1"]}, coins={FREE_CITY: 5})
    state, _ = engine.apply(state, 0, build("lair"))
    state, _ = engine.apply(state, 0, build("altar", **FOR_FC))
    state, _ = engine.apply(state, 1, build("press_1"))
    legal = engine.legal_actions(state, 0)
    timeout_bot = bots.get(engine.info("base")["timeout_bot"])
    assert timeout_bot.choose(engine.view(state, 0), legal, random.Random(1)) == pay_debt(2, **FOR_FC)
    # valued on the Free City's debt (2), not on the controller's own (none): a coin left owed is -1
    # point, a coin paid -1/3 (heuristics.py)
    from games.engine.base import heuristics
    view = engine.view(state, 0)
    assert heuristics.action_value(view, pay_debt(0, **FOR_FC)) == -2
    assert heuristics.action_value(view, pay_debt(2, **FOR_FC)) == pytest.approx(-2 / 3)


# ---------------------------------------------------------------------------------------------
# clarification 2: «entrambi i giocatori sono colpiti (il giocatore che ha scelto la carta per la
# Città Franca non ne è esente)»


def test_a_loss_card_the_free_city_plays_hits_both_players_its_controller_included():
    state = state_of(hands={0: ["altar", "hideout", "theater"], 1: ["baths", "press_1"], FREE_CITY: ["ore_vein"]})
    state, _ = engine.apply(state, 0, build("altar"))
    state, _ = engine.apply(state, 0, build("hideout", **FOR_FC))
    state, events = engine.apply(state, 1, build("press_1"))
    assert {"type": "debt_due", "owed": [1, 1, 0]} in events
    assert engine.to_act(state) == [0, 1]
    assert engine.legal_actions(state, 0) == [pay_debt(1), pay_debt(0)]  # no Free City payment
    state, _ = engine.apply(state, 0, pay_debt(0))
    state, _ = engine.apply(state, 1, pay_debt(1))
    assert [p["debt"] for p in state["players"]] == [1, 0, 0]


# ---------------------------------------------------------------------------------------------
# clarification 3: «se la Città Franca mette una carta Diplomazia in gioco, non prende parte ai
# conflitti militari dell'Epoca corrispondente e i due giocatori si fronteggiano solo una volta»


def test_a_free_city_that_plays_a_diplomacy_card_sits_out_the_age_s_conflicts_and_the_players_fight_once():
    # Turn 7, the last of Age I: the controller gives the Residence to the Free City, whose two
    # shields would otherwise beat both players.
    state = state_of(turn=7, hands={0: ["altar", "residence", "theater"], 1: ["baths", "press_1"],
                                    FREE_CITY: ["lumber_yard"]},
                     built={0: ["stockade"], FREE_CITY: ["clay_pool", "barracks", "guard_tower"]})
    state, _ = engine.apply(state, 0, build("altar"))
    state, _ = engine.apply(state, 0, build("residence", **FOR_FC))
    state, events = engine.apply(state, 1, build("press_1"))
    military = next(e for e in events if e["type"] == "military")
    by_city = {r["seat"]: r for r in military["results"]}
    assert by_city[FREE_CITY]["diplomacy"] is True and by_city[FREE_CITY]["fights"] == []
    assert by_city[0]["fights"] == [{"against": 1, "tokens": [1]}]
    assert by_city[1]["fights"] == [{"against": 0, "tokens": [-1]}]
    assert [p["tokens"] for p in state["players"]] == [[1], [-1], []]
    assert state["players"][FREE_CITY]["diplomacy"] == 0 and state["age"] == 2
    assert "lumber_yard" in state["discard"]  # the pile's last card, unplayed


def test_without_diplomacy_the_free_city_fights_both_players():
    state = state_of(turn=7, hands={0: ["altar", "loom_1", "theater"], 1: ["press_1", "baths"],
                                    FREE_CITY: ["lumber_yard"]},
                     built={0: ["stockade"], FREE_CITY: ["clay_pool", "barracks", "guard_tower"]})
    state, _ = engine.apply(state, 0, build("altar"))
    state, _ = engine.apply(state, 0, build("theater", **FOR_FC))
    state, _ = engine.apply(state, 1, build("press_1"))
    assert [sorted(p["tokens"]) for p in state["players"]] == [[-1, 1], [-1, -1], [1, 1]]


# ---------------------------------------------------------------------------------------------
# the Free City with black cards


def test_the_free_city_must_play_a_black_card_it_can_build_rather_than_discard_it():
    state = state_of(hands={0: ["altar", "militia", "apothecary"], 1: ["baths", "press_1"], FREE_CITY: ["ore_vein"]},
                     coins={FREE_CITY: 3})
    state, _ = engine.apply(state, 0, build("altar"))
    legal = engine.legal_actions(state, 0)
    assert {(a["type"], a["card"]) for a in legal} == {("build", "militia")}
    assert refusal(state, 0, discard("apothecary", **FOR_FC)) == "free_city_must_play"
    state, _ = engine.apply(state, 0, legal[0])
    state, _ = engine.apply(state, 1, build("press_1"))
    assert "militia" in state["players"][FREE_CITY]["built"] and state["players"][FREE_CITY]["coins"] == 0


def test_the_free_city_s_sheet_carries_black_points_and_its_debts_and_is_never_ranked():
    for seed in range(6):
        state, _ = testing.play_random_game({**CONFIG, "sides": "random"}, seed, check_every_step=False)
        sheets = engine.scores(state)
        assert [s["seat"] for s in sheets] == [0, 1] and sorted(s["rank"] for s in sheets)[0] == 1
        free_city = engine.view(state, None)["free_city"]["score"]
        player = state["players"][FREE_CITY]
        assert free_city["seat"] is None and free_city["free_city"] is True and free_city.get("rank") is None
        assert free_city["treasury"] == player["coins"] // 3 - player["debt"]
        assert "black" in free_city and free_city["total"] == sum(
            free_city[c] for c in [*engine.info("base")["score_categories"], "black"])


# ---------------------------------------------------------------------------------------------
# the contract in a debt phase


def _free_city_debt_chosen_while_a_seat_still_owes(seed):
    """A real game walked at random until the controller has chosen the Free City's debt payment
    and a seat is still to pay its own (None if the game ends first)."""
    rng = random.Random(seed)
    state = engine.new_game(CONFIG, seed)
    while not engine.is_over(state):
        for seat in engine.to_act(state):
            legal = engine.legal_actions(state, seat)
            fc = [a for a in legal if a.get("city") and a["type"] == "pay_debt"]
            state, _ = engine.apply(state, seat, rng.choice(fc or legal))
            if state["phase"] == "debt" and state["pending"][FREE_CITY] is not None and engine.to_act(state):
                return state
            if engine.is_over(state):
                break
    return None


def test_a_sample_keeps_the_free_city_s_debt_payment_its_controller_chose_and_redraws_it_for_the_other():
    states = [s for s in map(_free_city_debt_chosen_while_a_seat_still_owes, range(60)) if s is not None]
    assert len(states) >= 3
    rng = random.Random(3)
    for state in states[:3]:
        controller = engine.view(state, None)["free_city"]["controller"]
        other = 1 - controller
        assert engine.view(state, other)["players"][FREE_CITY]["chosen"] is True
        assert engine.view(state, controller)["free_city"]["decision"]["pending"]["type"] == "pay_debt"
        for seat in (0, 1, None):
            sample = engine.sample_state(engine.view(state, seat), seat, rng)
            assert engine.view(sample, seat) == engine.view(state, seat)
            assert sample["pending"][FREE_CITY]["type"] == "pay_debt"
        for seat in (0, 1):
            testing.check_sample_state(state, seat, rng)


def test_the_controller_settles_its_own_debt_before_the_free_city_s():
    state = state_of(turn=2, hands={0: ["hideout", "baths"], 1: ["altar", "theater", "press_1"],
                                    FREE_CITY: ["ore_vein"]})
    state, _ = engine.apply(state, 1, build("altar"))
    state, _ = engine.apply(state, 1, build("theater", **FOR_FC))
    state, _ = engine.apply(state, 0, build("hideout"))
    assert refusal(state, 1, pay_debt(1, **FOR_FC)) == "own_debt_first"


def test_every_bot_level_plays_two_player_cities_to_the_end_deciding_the_free_city_s_debts():
    # seed 1: a game in which the search bot (seat 0) and the greedy bot decide a Free City debt
    state = testing.check_bots_finish(CONFIG, seed=1, levels=["hard", "medium"], iterations=2)
    assert engine.is_over(state)
    paid = [e for e in engine.action_log(state) if e.get("action", {}).get("city") == "free_city"
            and e["action"]["type"] == "pay_debt"]
    assert paid
    state = testing.check_bots_finish(CONFIG, seed=2, levels=["easy"])
    assert engine.is_over(state)

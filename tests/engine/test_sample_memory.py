"""What a seat remembers and what the search bot's sampler makes of it: the hands it passed on
(``passed`` in its view) and the choices other seats made unseen this turn (``chooser``)."""

import random
from collections import Counter

from games import bots, engine


def play_turn(state, pick=lambda legal: legal[0]):
    """Every seat chooses `pick(legal)`; returns the state after the turn and each seat's choice."""
    chosen = {}
    for seat in list(engine.to_act(state)):
        chosen[seat] = pick(engine.legal_actions(state, seat))
        state, _ = engine.apply(state, seat, chosen[seat])
    return state, chosen


def game_in_play(players, seed):
    state = engine.new_game({"game": "base", "players": players, "sides": "A"}, seed)
    assert state["phase"] == "play" and state["age"] == 1
    return state


def test_the_view_shows_the_hand_a_seat_passed_on_less_the_card_it_played():
    state = game_in_play(4, seed=3)
    before = engine.view(state, 0)["hand"]
    state, chosen = play_turn(state)
    after = engine.view(state, 0)
    expected = Counter(before)
    expected[chosen[0]["card"]] -= 1
    assert len(after["passed"]) == 1
    assert Counter(after["passed"][0]) == expected and len(after["passed"][0]) == len(before) - 1


def test_a_seat_that_passed_left_finds_its_hand_with_the_seat_on_its_left():
    state = game_in_play(4, seed=3)
    state, _ = play_turn(state)
    passed = engine.view(state, 0)["passed"][-1]
    assert engine.view(state, 0)["direction"] == "left"
    holders = [s for s in range(4) if Counter(state["players"][s]["hand"]) == Counter(passed)]
    assert 1 in holders


def test_the_passed_hands_are_forgotten_when_a_new_age_deals_new_hands():
    state = game_in_play(3, seed=5)
    while state["age"] == 1:
        state, _ = play_turn(state)
    assert state["age"] == 2
    assert engine.view(state, 0)["passed"] == []


def test_another_seat_never_sees_what_a_seat_passed():
    state = game_in_play(4, seed=3)
    state, _ = play_turn(state)
    assert "passed" not in engine.view(state, None)
    for p in engine.view(state, 1)["players"]:
        assert "passed" not in p


def test_the_cards_a_seat_passed_are_not_hidden_from_it():
    state = game_in_play(3, seed=11)
    state, _ = play_turn(state)
    passed = set(engine.view(state, 0)["passed"][-1])
    later_and_pile = set(state["discard"]) | {c for hands in state["decks"].values() for h in hands for c in h}
    assert passed - later_and_pile, "the test needs a passed card that is nowhere else hidden"
    assert not (passed - later_and_pile) & engine.hidden_ids(state, 0)
    assert (passed - later_and_pile) <= engine.hidden_ids(state, 2)


def test_the_sample_gives_the_next_seat_exactly_the_hand_this_seat_passed_it():
    state = game_in_play(5, seed=7)
    state, _ = play_turn(state)
    view = engine.view(state, 0)
    for seed in range(10):
        sample = engine.sample_state(view, 0, random.Random(seed))
        assert Counter(sample["players"][1]["hand"]) == Counter(view["passed"][-1])
        assert engine.view(sample, 0) == view


def test_the_sample_deals_the_hand_two_seats_on_from_what_is_left_of_the_first_pass():
    state = game_in_play(5, seed=7)
    state, _ = play_turn(state)
    state, _ = play_turn(state, pick=lambda legal: legal[-1])
    view = engine.view(state, 0)
    first, second = view["passed"]
    for seed in range(20):
        sample = engine.sample_state(view, 0, random.Random(seed))
        assert Counter(sample["players"][1]["hand"]) == Counter(second)
        two_on = Counter(sample["players"][2]["hand"])
        assert not two_on - Counter(first), "a card the first pass never held"
        assert sum(two_on.values()) == len(first) - 1
        assert engine.view(sample, 0) == view
    assert Counter(state["players"][2]["hand"]) <= Counter(first)


def test_in_age_two_the_passed_hand_goes_to_the_seat_on_the_right():
    state = game_in_play(4, seed=9)
    while state["age"] == 1:
        state, _ = play_turn(state)
    state, _ = play_turn(state)
    view = engine.view(state, 0)
    assert view["direction"] == "right"
    sample = engine.sample_state(view, 0, random.Random(2))
    assert Counter(sample["players"][3]["hand"]) == Counter(view["passed"][-1])
    assert Counter(state["players"][3]["hand"]) == Counter(view["passed"][-1])


def test_without_a_pass_the_other_hands_are_drawn_at_random():
    state = game_in_play(4, seed=3)
    view = engine.view(state, 0)
    hands = {tuple(sorted(engine.sample_state(view, 0, random.Random(seed))["players"][1]["hand"]))
             for seed in range(6)}
    assert len(hands) > 1


def test_a_chooser_makes_the_choice_another_seat_made_unseen_this_turn():
    state = game_in_play(4, seed=3)
    state, _ = engine.apply(state, 2, engine.legal_actions(state, 2)[0])
    view = engine.view(state, 0)
    calls = []

    def last_legal(seat_view, legal, rng):
        calls.append((seat_view["seat"], seat_view["hand"], legal))
        return legal[-1]

    sample = engine.sample_state(view, 0, random.Random(4), chooser=last_legal)
    assert [seat for seat, _, _ in calls] == [2]
    seat, hand, legal = calls[0]
    assert hand == sample["players"][2]["hand"]
    assert legal == engine.legal_actions(sample, 2)
    assert sample["pending"][2] == legal[-1]
    assert sample["pending"][1] is None and sample["pending"][3] is None
    assert engine.view(sample, 0) == view


def test_without_a_chooser_the_unseen_choices_vary_with_the_rng():
    state = game_in_play(4, seed=3)
    state, _ = engine.apply(state, 2, engine.legal_actions(state, 2)[0])
    view = engine.view(state, 0)
    choices = {repr(engine.sample_state(view, 0, random.Random(seed))["pending"][2]) for seed in range(8)}
    assert len(choices) > 1


def test_in_the_two_player_variant_the_chooser_makes_the_other_players_own_card():
    state = engine.new_game({"game": "base", "players": 2, "sides": "A"}, seed=4)
    while state["phase"] != "play":
        state, _ = play_turn(state)
    acting = engine.to_act(state)
    other = next(s for s in acting if s != 0) if 0 in acting else acting[0]
    own = [a for a in engine.legal_actions(state, other) if "city" not in a]
    state, _ = engine.apply(state, other, own[0])
    view = engine.view(state, 0)
    calls = []

    def last_legal(seat_view, legal, rng):
        calls.append(seat_view["seat"])
        return legal[-1]

    sample = engine.sample_state(view, 0, random.Random(1), chooser=last_legal)
    assert calls == [other]
    assert sample["pending"][other] == [a for a in engine.legal_actions(sample, other) if "city" not in a][-1]
    assert engine.view(sample, 0) == view


def a_greedy_game(players, seed):
    greedy = bots.get("medium")
    rng = random.Random(seed)
    state = engine.new_game({"game": "base", "players": players}, seed)
    yield state
    while not engine.is_over(state):
        for seat in engine.to_act(state):
            state, _ = engine.apply(state, seat, greedy.choose(engine.view(state, seat), engine.legal_actions(state, seat), rng))
            yield state
            if engine.is_over(state):
                break


def test_a_copy_built_elsewhere_does_not_leave_a_hand_short_of_cards():
    """Seeded greedy game: seat 3 passed an ore vein that seat 0 built, while another ore vein,
    which seat 3 never held, is in seat 2's hand; the view cannot tell which copy was built."""
    ambiguous = 0
    for state in a_greedy_game(4, seed=8):
        if state["phase"] != "play":
            continue
        for seat in range(4):
            view = engine.view(state, seat)
            built = Counter(c for p in view["players"] for c in p["built"])
            if any(built[c] for hand in view["passed"] for c in hand):
                ambiguous += 1
            sample = engine.sample_state(view, seat, random.Random(1), chooser=bots.get("medium").choose)
            assert engine.view(sample, seat) == view
    assert ambiguous, "the game never passed a card of which a copy was built"

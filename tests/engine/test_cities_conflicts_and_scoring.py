"""Cities: diplomacy, team conflicts, masks, black points and team ranks (shared/specs/cities.md
B.4, B.8, B.9; the Cities rulebook's diplomacy examples l.103-106 and l.114-118, and its team
example l.363-367)."""

from games import engine

from .cities_helpers import build, cities_state, pay_debt, play


def end_the_age(state, actions=None):
    """Play the last turn of the age (every hand has two cards), settle any debt, return the
    events of the conflicts."""
    state, events = play(state, actions or {})
    while state["phase"] == "debt":
        state, more = play(state, {s: pay_debt(0) for s in engine.to_act(state)})
        events += more
    military = [e for e in events if e["type"] == "military"]
    assert military, "the age ended"
    return state, military[0]


def two_cards(players, first=None):
    hands = {s: ["baths", "baths"] for s in range(players)}
    hands.update(first or {})
    return hands


def test_the_rulebook_residence_example_the_holder_is_absent_and_its_neighbours_fight():
    # Angela (1) builds the Residence in Age I; at the end of the age Mario (0) and Christian (2)
    # fight as if they were neighbours. Katiuscia (3) fights both of them as usual.
    state = cities_state(turn=7, built={0: ["stockade"], 1: ["barracks", "guard_tower", "clay_pool"]},
                         hands=two_cards(4, {1: ["residence", "baths"]}), coins=3)
    state, military = end_the_age(state, {1: build("residence")})
    tokens = [p["tokens"] for p in state["players"]]
    assert tokens[1] == []  # absent, although the strongest
    assert tokens[0] == [1, 1]  # beats Christian (as a neighbour) and Katiuscia
    assert tokens[2] == [-1]  # loses to Mario, ties Katiuscia
    assert tokens[3] == [-1]
    assert state["players"][1]["diplomacy"] == 0
    assert military["results"][1]["diplomacy"] is True


def test_the_rulebook_example_with_two_players_left_they_fight_once_for_single_tokens():
    # Age II: Mario (0) and Christian (2) use diplomacy tokens; Angela (1) beats Katiuscia (3)
    # and takes one victory token only.
    state = cities_state(age=2, turn=7, diplomacy={0: 1, 2: 1}, hands=two_cards(4),
                         built={1: ["stockade"], 3: []})
    state, military = end_the_age(state)
    assert [p["tokens"] for p in state["players"]] == [[], [3], [], [-1]]
    assert [p["diplomacy"] for p in state["players"]] == [0, 0, 0, 0]


def test_one_player_left_fights_nobody():
    state = cities_state(players=3, turn=7, diplomacy={0: 1, 1: 2}, hands=two_cards(3),
                         built={2: ["stockade"]})
    state, _ = end_the_age(state)
    assert [p["tokens"] for p in state["players"]] == [[], [], []]
    assert [p["diplomacy"] for p in state["players"]] == [0, 1, 0]


def test_partners_never_fight_and_a_team_conflict_gives_two_tokens():
    # Partners 0-1 and 2-3; seat 1 fights seat 2, seat 3 fights seat 0.
    state = cities_state(teams=True, age=2, turn=7, hands=two_cards(4),
                         built={0: ["stockade"], 1: ["stockade", "walls"], 2: [], 3: []})
    state, _ = end_the_age(state)
    assert [p["tokens"] for p in state["players"]] == [[3, 3], [3, 3], [-1, -1], [-1, -1]]


def test_the_rulebook_team_example_diplomacy_halves_one_fight_only():
    # Age III: Mario (0) uses diplomacy and loses to his opponent (3): one token each. His partner
    # Angela (1) wins against hers (2): two tokens each.
    state = cities_state(teams=True, age=3, turn=7, hands=two_cards(4), diplomacy={0: 1},
                         built={0: [], 1: ["stockade"], 2: [], 3: ["stockade"]})
    state, _ = end_the_age(state)
    assert [p["tokens"] for p in state["players"]] == [[-1], [5, 5], [-1, -1], [5]]


def test_a_team_loss_hits_the_partner_of_the_player_who_caused_it():
    state = cities_state(teams=True, coins=5, hands={0: ["hideout"] + ["baths"] * 7, 1: ["baths"] * 8,
                                                   2: ["baths"] * 8, 3: ["baths"] * 8})
    state, _ = play(state, {0: build("hideout")})
    assert state["owed"] == [0, 1, 1, 1]


def test_masks_copy_identical_green_cards_from_the_two_neighbouring_cities():
    # Seat 0 owns an Apothecary (compass) and two masks; both neighbours own an Apothecary too:
    # the masks copy both, for three compasses.
    state = cities_state(players=3, built={0: ["apothecary", "pigeon_loft", "spy_ring"],
                                           1: ["apothecary"], 2: ["apothecary"]})
    assert engine.scores(state)[0]["science"] == 9


def test_two_masks_never_copy_the_same_card():
    state = cities_state(players=3, built={0: ["apothecary", "pigeon_loft", "spy_ring"],
                                           1: ["apothecary"], 2: []})
    assert engine.scores(state)[0]["science"] == 4


def test_masks_are_placed_with_the_wild_symbols_for_the_best_science():
    # Two masks on a compass and a gear of the neighbours, with a tablet of its own: one of each
    # symbol, 3 + 7 = 10 points, better than two compasses.
    state = cities_state(players=3, built={0: ["scriptorium", "pigeon_loft", "spy_ring"],
                                           1: ["apothecary", "dispensary"], 2: ["workshop"]})
    assert engine.scores(state)[0]["science"] == 10


def test_black_points_have_their_own_category_and_debts_come_off_the_treasury():
    # The rulebook's example: 5 coins (1 point) and 3 debt tokens write -2 on the coin line.
    state = cities_state(players=3, coins={0: 5}, built={0: ["gates_of_the_city", "hideout"]})
    state["players"][0]["debt"] = 3
    sheet = engine.scores(state)[0]
    assert sheet["black"] == 6 and sheet["treasury"] == -2 and sheet["civilian"] == 0


def test_secret_society_and_the_guild_of_shadows_count_black_cards():
    state = cities_state(players=3, built={0: ["secret_society", "hideout"], 1: ["guild_of_shadows"],
                                           2: ["militia"]})
    sheets = engine.scores(state)
    assert sheets[0]["black"] == 2 + 2  # Hideout's 2 points, the Society's 1 per black card
    assert sheets[1]["guilds"] == 3


def test_the_higher_team_total_wins_and_a_tie_goes_to_the_team_with_more_coins():
    state = cities_state(teams=True, coins=3, built={0: ["gates_of_the_city"], 2: ["gates_of_the_city"]})
    sheets = engine.scores(state)
    assert sheets[0]["team_total"] == sheets[2]["team_total"] == 6
    assert [s["rank"] for s in sheets] == [1, 1, 1, 1]  # same total, same coins: shared
    state["players"][2]["coins"] = 5  # same total (5 // 3 = 1), more coins
    sheets = engine.scores(state)
    assert sheets[0]["team_total"] == sheets[2]["team_total"]
    assert [s["rank"] for s in sheets] == [2, 2, 1, 1]
    state["players"][2]["coins"] = 3
    state["players"][1]["coins"] = 6  # one point more
    assert [s["rank"] for s in engine.scores(state)] == [1, 1, 2, 2]


def test_only_a_cities_game_s_sheets_carry_the_black_category():
    info = engine.info("base")
    assert "black" not in info["score_categories"] and "black" in info["option_score_categories"]
    plain = engine.new_game({"game": "base", "players": 3}, seed=1)
    assert all("black" not in sheet for sheet in engine.scores(plain))
    cities = cities_state(players=3, built={0: ["gates_of_the_city"]})
    sheet = engine.scores(cities)[0]
    assert sheet["black"] == 4
    assert sheet["total"] == sum(sheet[c] for c in info["score_categories"]) + sheet["black"]

"""The base game's tabletop scoring (engine.score_table): a real table's score sheet; impossible tables refused."""
import pytest

from games import engine
from games.engine.base import catalogue as _base_catalogue
from games.engine import TableError
from games.engine.base.tabletop import fold, parse_table, score_table


def seat(wonder, side="A", stages=0, cards=(), coins=0, military=()):
    return {"wonder": wonder, "side": side, "stages": stages, "cards": list(cards), "coins": coins,
            "military": list(military)}


def codes(table):
    with pytest.raises(TableError) as caught:
        score_table(table)
    return [(p["code"], p.get("seat")) for p in caught.value.problems]


def test_a_table_is_scored_exactly_as_the_engine_scores_the_same_cities():
    table = {"seats": [
        seat("giza", "A", 3, ["lumber_yard", "baths", "temple", "pantheon"], 7, [1, 3, 5]),
        seat("rhodes", "B", 2, ["stockade", "barracks", "walls", "forum"], 4, [1, -1, 5]),
        seat("ephesus", "A", 1, ["workshop", "library", "laboratory", "spies_guild"], 11, [-1, -1, -1]),
    ]}
    players, _ = parse_table(table)
    expected = engine.scores({"config": {"game": "base"}, "players": players})
    got = score_table(table)
    for row, sheet in zip(got, expected):
        assert row["total"] == sheet["total"] and row["rank"] == sheet["rank"]
        assert row["wonder_points"] == sheet["wonder"] and row["science"] == sheet["science"]
    assert got[0]["military"] == 9 and got[0]["treasury"] == 2 and got[0]["wonder_points"] == 3 + 5 + 7
    assert got[0]["civilian"] == 3 + 3 + 7  # Baths, Temple, Pantheon


def test_cards_and_wonders_may_be_named_in_any_language_and_case():
    got = score_table({"seats": [
        seat("Il Colosso di Rodi", cards=["Bagni", "TEMPLO", "cantiere d’abbattimento"]),
        seat("Éfeso", cards=["Tear"]),
        seat("the pyramids of giza", cards=["Altar"]),
    ]})
    assert [row["wonder"] for row in got] == ["rhodes", "ephesus", "giza"]
    assert got[0]["cards"] == ["baths", "temple", "lumber_yard"]
    assert got[1]["cards"] == ["loom_1"]
    assert fold("Cantiere d’Abbattimento") == fold("cantiere d'abbattimento")


def test_science_wildcards_are_placed_where_they_give_the_most():
    # Two compasses and a gear, plus the Scientists Guild: the wildcard completes a set? No tablet;
    # the best is a third compass (9 + 1 = 10) or a tablet (4 + 1 + 1 + 7 = 13): the tablet.
    got = score_table({"seats": [
        seat("giza", cards=["apothecary", "dispensary", "workshop", "scientists_guild"]),
        seat("rhodes"), seat("ephesus"),
    ]})
    assert got[0]["science"] == 13


def test_olympia_b_copies_the_neighbour_guild_that_scores_most():
    got = score_table({"seats": [
        seat("olympia", "B", 3),
        seat("rhodes", cards=["workers_guild", "lumber_yard", "stone_pit"]),
        seat("giza", cards=["philosophers_guild", "workshop", "library", "school"]),
    ]})
    assert got[0]["copied_guild"] == "philosophers_guild"
    assert got[0]["guilds"] == 3
    assert got[1]["copied_guild"] is None


@pytest.mark.parametrize("bad, code", [
    (seat("atlantis"), "unknown_wonder"),
    (seat("giza", cards=["Tempel"]), "unknown_card"),
    (seat("giza", side="C"), "bad_side"),
    (seat("giza", stages=4), "too_many_stages"),
    (seat("giza", stages=-1), "bad_stages"),
    (seat("giza", coins=-3), "bad_coins"),
    (seat("giza", military=[2]), "bad_military"),
    (seat("giza", military=[1, 1, 1]), "too_many_tokens"),
    (seat("giza", military=[-1] * 7), "too_many_tokens"),
    (seat("giza", cards=["loom_1", "Loom"]), "duplicate_structure"),
    (seat("giza", cards=["tree_farm"]), "not_in_deck"),
])
def test_an_impossible_seat_is_refused_with_a_code_that_says_what_is_wrong(bad, code):
    assert (code, 0) in codes({"seats": [bad, seat("rhodes"), seat("ephesus")]})


def test_the_same_wonder_twice_is_refused():
    assert ("duplicate_wonder", 1) in codes({"seats": [seat("giza"), seat("Giza"), seat("rhodes")]})


def test_more_copies_of_a_card_than_the_deck_has_are_refused():
    # Three players: one Baths, one Scientists Guild.
    table = {"seats": [seat("giza", cards=["baths"]), seat("rhodes", cards=["baths"]), seat("ephesus")]}
    assert ("too_many_copies", None) in codes(table)
    guilds = {"seats": [seat("giza", cards=["spies_guild"]), seat("rhodes", cards=["spies_guild"]),
                        seat("ephesus")]}
    assert ("too_many_copies", None) in codes(guilds)
    # Seven players have two Baths.
    seven = {"seats": [seat(w) for w in ("giza", "rhodes", "ephesus", "olympia", "babylon", "alexandria",
                                         "halicarnassus")]}
    seven["seats"][0]["cards"] = ["baths"]
    seven["seats"][1]["cards"] = ["baths"]
    assert len(score_table(seven)) == 7


def test_more_cards_than_turns_are_refused():
    cards = [c.id for c in _base_catalogue.get().card_list if 3 in c.copies and not c.id.endswith("_2")][:19]
    assert ("too_many_structures", 0) in codes({"seats": [seat("giza", cards=cards), seat("rhodes"),
                                                          seat("ephesus")]})


def test_a_table_has_three_to_seven_seats():
    assert codes({"seats": [seat("giza"), seat("rhodes")]}) == [("bad_player_count", None)]
    assert codes({"seats": "giza"}) == [("bad_table", None)]


def test_every_problem_is_reported_at_once():
    found = codes({"seats": [seat("giza", stages=5, cards=["nope"]), seat("giza"), seat("x")]})
    assert {c for c, _ in found} == {"too_many_stages", "unknown_card", "duplicate_wonder", "unknown_wonder"}


def test_absurd_numbers_are_refused_without_building_anything():
    found = codes({"seats": [seat("atlantis", stages=10**16), seat("rhodes", cards=["x"] * 10**5),
                             seat("ephesus", military=[1] * 10**5)]})
    assert {c for c, _ in found} == {"unknown_wonder", "too_many_stages", "bad_cards", "bad_military"}


def test_the_engine_scores_a_table_through_the_game_named():
    table = {"seats": [{"wonder": "giza"}, {"wonder": "babylon"}, {"wonder": "ephesus", "coins": 9}]}
    sheets = engine.score_table("base", table)
    assert [sheet["treasury"] for sheet in sheets] == [0, 0, 3]


def test_a_table_error_reads_as_its_problems_messages_not_a_list():
    with pytest.raises(engine.TableError) as caught:
        engine.score_table("base", {"seats": []})
    assert str(caught.value) == "A base table has 3 to 7 seats, not 0."

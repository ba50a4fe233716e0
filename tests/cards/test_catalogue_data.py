"""The catalogue data files: deck arithmetic, science symbols, chains, texts."""
import json
from collections import Counter

import pytest

from cards.catalogue_data import LANGUAGES, CatalogueError, read_cards, read_wonders

CARDS = read_cards()
WONDERS = read_wonders()


def copies_in_deck(age: int, players: int) -> int:
    return sum(1 for card in CARDS if card["age"] == age for threshold in card["copies"] if threshold <= players)


def test_the_base_game_has_148_card_copies_49_49_and_50_with_the_guilds():
    per_age = Counter()
    for card in CARDS:
        per_age[card["age"]] += len(card["copies"]) or 1
    assert per_age == {1: 49, 2: 49, 3: 50}
    assert sum(1 for card in CARDS if card["color"] == "purple") == 10


@pytest.mark.parametrize("players", range(3, 8))
def test_each_age_deals_exactly_seven_cards_per_player(players):
    assert copies_in_deck(1, players) == 7 * players
    assert copies_in_deck(2, players) == 7 * players
    assert copies_in_deck(3, players) + players + 2 == 7 * players


def test_there_are_four_green_cards_per_science_symbol():
    symbols = Counter(
        effect["symbol"] for card in CARDS if card["color"] == "green"
        for effect in card["effects"] if effect["type"] == "science"
    )
    assert symbols == {"compass": 4, "gear": 4, "tablet": 4}


def test_chains_are_symmetric_and_point_to_a_later_age():
    by_id = {card["id"]: card for card in CARDS}
    for card in CARDS:
        for target in card["chain_to"]:
            assert card["id"] in by_id[target]["chain_from"]
            assert by_id[target]["age"] > card["age"]
        for source in card["chain_from"]:
            assert card["id"] in by_id[source]["chain_to"]


def test_age_three_has_no_brown_or_grey_cards_and_guilds_only_there():
    for card in CARDS:
        if card["age"] == 3:
            assert card["color"] not in ("brown", "grey")
        if card["color"] == "purple":
            assert card["age"] == 3


def test_every_card_and_wonder_has_a_name_and_a_text_in_each_language():
    for card in CARDS:
        assert all(card["names"][lang].strip() and card["text"][lang].strip() for lang in LANGUAGES)
    assert {w["id"] for w in WONDERS} == {
        "rhodes", "alexandria", "ephesus", "babylon", "olympia", "halicarnassus", "giza"
    }
    for wonder in WONDERS:
        assert len(wonder["sides"]["A"]["stages"]) == 3
        assert len(wonder["sides"]["B"]["stages"]) in (2, 3, 4)


def test_italian_names_come_from_the_italian_rulebook():
    names = {card["id"]: card["names"]["it"] for card in CARDS}
    assert names["palace"] == "Palazzo"
    assert names["workers_guild"].startswith("Gilda")


def _write(tmp_path, files):
    for name, data in files.items():
        (tmp_path / name).write_text(json.dumps(data), encoding="utf-8")


def _data_copy(tmp_path):
    from cards.catalogue_data import CARD_FILES, DATA_DIR, WONDER_FILE

    files = {name: json.loads((DATA_DIR / name).read_text()) for name in [*CARD_FILES, WONDER_FILE]}
    return files


def test_it_rejects_a_cost_without_every_key_naming_file_record_and_field(tmp_path):
    files = _data_copy(tmp_path)
    del files["cards_age2.json"][0]["cost"]["papyrus"]
    _write(tmp_path, files)
    with pytest.raises(CatalogueError) as error:
        read_cards(tmp_path)
    assert error.value.file == "cards_age2.json"
    assert error.value.record == files["cards_age2.json"][0]["id"]
    assert error.value.field == "cost"


def test_it_rejects_a_one_sided_chain(tmp_path):
    files = _data_copy(tmp_path)
    card = next(c for c in files["cards_age1.json"] if c["chain_to"])
    target = card["chain_to"][0]
    card["chain_to"] = []
    _write(tmp_path, files)
    with pytest.raises(CatalogueError) as error:
        read_cards(tmp_path)
    assert error.value.record == target
    assert error.value.field == "chain_from"


def test_it_rejects_an_unknown_effect_type_and_a_missing_translation(tmp_path):
    files = _data_copy(tmp_path)
    files["cards_age1.json"][0]["effects"] = [{"type": "teleport"}]
    _write(tmp_path, files)
    with pytest.raises(CatalogueError, match=r"effects\[0\]"):
        read_cards(tmp_path)
    files = _data_copy(tmp_path)
    del files["cards_age3.json"][-1]["names"]["pt-br"]
    _write(tmp_path, files)
    with pytest.raises(CatalogueError, match=r"names\.pt-br"):
        read_cards(tmp_path)


def test_it_rejects_a_file_that_is_not_json(tmp_path):
    files = _data_copy(tmp_path)
    _write(tmp_path, files)
    (tmp_path / "wonders.json").write_text("[{", encoding="utf-8")
    with pytest.raises(CatalogueError, match="wonders.json.*not valid JSON"):
        read_wonders(tmp_path)

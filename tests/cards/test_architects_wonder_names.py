"""The base game and 7 Wonders Architects name each wonder they share the same way in each language
(issue 31, item 9): Architects takes the base game's city names (cards/data/wonders.json "city"),
so an Italian page never mixes "Halikarnassos" with the base game's "Alicarnasso"."""
import json
from pathlib import Path

import pytest

from games.presentation.architects.catalogue import page_catalogue

DATA = Path(__file__).resolve().parents[2] / "cards" / "data"
LANGUAGES = ("en", "it", "pt-br")
# The base game's own spelling of each shared city, as its Italian and Portuguese rulebooks write it.
EXPECTED_ITALIAN = {"halicarnassus": "Alicarnasso", "ephesus": "Efeso", "rhodes": "Rodi", "olympia": "Olimpia",
                    "alexandria": "Alessandria", "babylon": "Babilonia", "giza": "Giza"}
EXPECTED_PORTUGUESE = {"halicarnassus": "Halicarnasso", "ephesus": "Éfeso", "rhodes": "Rodes", "olympia": "Olímpia",
                       "alexandria": "Alexandria", "babylon": "Babilônia", "giza": "Gizé"}


def _base_wonders():
    return {w["id"]: w for w in json.loads((DATA / "wonders.json").read_text(encoding="utf-8"))}


def _architects_wonders():
    data = json.loads((DATA / "architects" / "architects.json").read_text(encoding="utf-8"))
    return {w["id"]: w for w in data["wonders"]}


def test_the_two_games_share_every_architects_wonder():
    assert set(_architects_wonders()) == set(_base_wonders())


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_architects_wonder_is_named_as_the_base_game_names_its_city(language):
    base = _base_wonders()
    for wonder_id, wonder in _architects_wonders().items():
        name = wonder["names"][language]
        assert name == base[wonder_id]["city"][language], (wonder_id, language)
        assert name in base[wonder_id]["names"][language], (wonder_id, language)  # "Il Mausoleo di Alicarnasso"


def test_italian_and_portuguese_pages_use_the_base_games_spellings():
    assert {w: page_catalogue("it")["wonders"][w]["name"] for w in EXPECTED_ITALIAN} == EXPECTED_ITALIAN
    assert {w: page_catalogue("pt-br")["wonders"][w]["name"] for w in EXPECTED_PORTUGUESE} == EXPECTED_PORTUGUESE


def test_the_greek_forms_are_kept_only_as_former_names():
    for wonder in _architects_wonders().values():
        for former in wonder.get("former_names", ()):
            assert former not in wonder["names"].values()
    assert "Halikarnassos" in _architects_wonders()["halicarnassus"]["former_names"]


def test_the_score_sheet_calculator_still_reads_a_former_name():
    from games.engine.architects import tabletop

    wonders, _tokens = tabletop._index()
    assert wonders[tabletop.fold("Halikarnassos")] == {"halicarnassus"}
    assert wonders[tabletop.fold("Alicarnasso")] == {"halicarnassus"}

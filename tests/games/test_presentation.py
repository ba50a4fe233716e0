"""games.presentation: every game the engine registers can be shown, in every language."""
import json

import pytest

from cards.catalogue_data import read_cards, read_wonders
from cards.language import CONTENT_LANGUAGES
from games import engine, presentation
from games.engine import registry

base = presentation.get("base")


@pytest.mark.parametrize("game_id", engine.games())
def test_every_registered_game_has_a_complete_site_folder(game_id):
    assert presentation.get(game_id).problems() == []


def test_the_catalogue_functions_the_history_and_the_api_call_are_part_of_the_catalogue_capability():
    assert {"names", "card_name", "wonder_name", "wonder_sides", "wonder_choices", "card_picker",
            "city_groups"} <= set(presentation.CAPABILITIES["catalogue"])
    assert "category_label" in presentation.CORE


@pytest.mark.parametrize("game_id", engine.games())
def test_every_declared_option_and_value_has_words(game_id):
    words = presentation.get(game_id).option_words("en")
    for option in engine.info(game_id)["options"]:
        said = words.get(option["name"])
        assert said and said.get("label"), f"{game_id}: option {option['name']} has no label"
        unsaid = [value for value in option.get("choices", []) if value not in said.get("choices", {})]
        assert not unsaid, f"{game_id}: values of {option['name']} without words: {unsaid}"


def test_an_unknown_game_is_refused():
    with pytest.raises(presentation.UnknownGame):
        presentation.get("chess")
    with pytest.raises(presentation.UnknownGame):
        presentation.get("../etc")
    with pytest.raises(presentation.UnknownGame):
        presentation.get(None)


def test_a_registered_game_without_a_presentation_module_is_a_clear_error(monkeypatch):
    monkeypatch.setitem(registry.GAMES, "chess", "games.engine.base")
    assert "chess" in engine.games()
    with pytest.raises(presentation.UnknownGame, match="no site side for game 'chess'"):
        presentation.get("chess")


def test_wonder_names_come_in_the_language_asked():
    assert presentation.get("base").page_catalogue("it")["wonders"]["giza"]["name"] != \
        presentation.get("base").page_catalogue("en")["wonders"]["giza"]["name"]


@pytest.mark.parametrize("language, lumber_yard, giza", [
    ("en", "Lumber Yard", "The Pyramids of Giza"),
    ("it", "Cantiere d'Abbattimento", "Le Piramidi di Giza"),
    ("pt-br", "Depósito de Madeira", "As Pirâmides de Gizé"),
    ("de", "Lumber Yard", "The Pyramids of Giza"),
])
def test_it_names_cards_and_wonders_in_the_asked_language_english_otherwise(language, lumber_yard, giza):
    words = presentation.get("base")
    assert words.card_name("lumber_yard", language) == lumber_yard
    assert words.wonder_name("giza", language) == giza
    cards, wonders = words.names(language)
    assert cards["lumber_yard"] == {"name": lumber_yard, "color": "brown", "age": 1}
    assert wonders["giza"] == giza


def test_an_id_the_game_does_not_know_is_shown_as_it_is():
    assert base.card_name("tempel", "it") == "tempel"
    assert base.wonder_name("atlantis", "it") == "atlantis"


def test_the_game_page_catalogue_has_every_card_and_wonder_with_only_the_costs_that_are_paid():
    catalogue = base.page_catalogue("it")
    cities = json.loads(base.CITIES_FILE.read_text(encoding="utf-8"))
    assert len(catalogue["cards"]) == len(read_cards()) + len(cities["cards"])
    assert len(catalogue["wonders"]) == len(read_wonders()) + len(cities["wonders"])
    baths = catalogue["cards"]["baths"]
    assert baths["cost"] == {"stone": 1} and baths["color"] == "blue" and baths["age"] == 1
    assert catalogue["cards"]["lumber_yard"]["cost"] == {}
    giza = catalogue["wonders"]["giza"]
    assert giza["name"] == "Le Piramidi di Giza" and giza["city"] == "Giza"
    assert [len(giza["sides"]["A"]), len(giza["sides"]["B"])] == [3, 4]


def test_the_wonder_choices_are_sorted_by_their_name_in_the_language():
    choices = base.wonder_choices("pt-br")
    assert [name for _id, name in choices] == sorted(name for _id, name in choices)
    assert ("giza", "As Pirâmides de Gizé") in choices and len(choices) == len(read_wonders())


def test_every_wonder_has_sides_a_and_b_and_cities_brings_petra_and_byzantium_last():
    assert list(base.wonder_sides()) == [wonder["id"] for wonder in read_wonders()] + ["petra", "byzantium"]
    assert set(base.wonder_sides().values()) == {("A", "B")}


def test_the_card_picker_groups_the_structures_of_each_age_by_colour():
    groups = base.card_picker("en")
    assert [group["age"] for group in groups] == [1, 2, 3]
    order = ["brown", "grey", "blue", "yellow", "red", "green", "purple"]
    for group in groups:
        colours = [order.index(card["color"]) for card in group["cards"]]
        assert colours == sorted(colours)
        names = [card["name"] for card in group["cards"]]
        assert len(names) == len(set(names))
    looms = [(group["age"], card["id"]) for group in groups for card in group["cards"] if card["name"] == "Loom"]
    assert looms == [(1, "loom_1"), (2, "loom_2")]


def test_a_city_shows_its_cards_by_colour_raw_materials_first():
    assert base.city_groups(["temple", "lumber_yard", "loom_1", "baths"], "en") == [
        ("brown", ["Lumber Yard"]), ("grey", ["Loom"]), ("blue", ["Temple", "Baths"])]


@pytest.mark.parametrize("game_id", engine.games())
def test_every_score_category_of_a_game_has_its_own_words_in_every_language(game_id):
    words = presentation.get(game_id)
    info = engine.info(game_id)
    for category in [*info["score_categories"], *info.get("option_score_categories", {})]:
        labels = [words.category_label(category, language) for language in CONTENT_LANGUAGES]
        assert category not in labels, f"{game_id}: {category} has no words"


def test_the_base_games_category_words_are_written_in_each_language():
    data = json.loads(base.WORDS_FILE.read_text(encoding="utf-8"))["score_categories"]
    info = engine.info("base")
    assert set(data) == set(info["score_categories"]) | set(info["option_score_categories"])
    for category, texts in data.items():
        assert sorted(texts) == sorted(CONTENT_LANGUAGES), category
    assert base.category_label("science", "it") == "Scienza"
    assert base.category_label("guilds", "pt-br") == "Grêmios"


def test_a_category_without_words_is_shown_by_its_key():
    assert base.category_label("cats", "it") == "cats"


@pytest.mark.parametrize("game_id", engine.games())
def test_category_notes_name_categories_the_game_scores(game_id):
    notes = getattr(presentation.get(game_id), "CATEGORY_NOTES")
    assert set(notes) <= set(engine.info(game_id)["score_categories"])


@pytest.mark.parametrize("game_id", engine.games())
def test_every_rating_mode_of_a_game_has_a_name(game_id):
    names = presentation.get(game_id).MODE_NAMES
    assert set(names) == set(engine.info(game_id)["rating_modes"])


@pytest.mark.parametrize("game_id", engine.games())
def test_every_game_names_a_board_template_and_script_that_exist(game_id):
    from pathlib import Path

    from django.contrib.staticfiles import finders
    from django.template.loader import get_template

    site = presentation.get(game_id)
    assert site.HAS_BOARD
    assert Path(get_template(site.BOARD_TEMPLATE).origin.name).parent == site.folder / "templates"
    assert Path(finders.find(site.BOARD_SCRIPT)) == site.folder / "static" / "board.js"


def test_the_base_game_keeps_its_board_and_architects_has_its_own():
    assert presentation.get("base").BOARD_SCRIPT == "games/base/board.js"
    assert presentation.get("base").BOARD_STYLE == "games/base/board.css"
    assert presentation.get("architects").BOARD_SCRIPT == "games/architects/board.js"
    assert presentation.get("architects").BOARD_TEMPLATE != presentation.get("base").BOARD_TEMPLATE


def test_no_dictionary_literal_in_a_games_site_folder_repeats_a_key():
    """A repeated key keeps only its last value: Architects' action bar once said "a progress
    token" (the hint line's word) where it meant "Choose a progress token: ..."."""
    import ast
    from pathlib import Path

    folder = Path(presentation.__file__).parent
    repeated = []
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Dict):
                keys = [k.value for k in node.keys if isinstance(k, ast.Constant)]
                repeated += [f"{path.relative_to(folder)}: {key}" for key in set(keys) if keys.count(key) > 1]
    assert repeated == []

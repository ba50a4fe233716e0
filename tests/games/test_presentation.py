"""Every game the engine registers can be shown: it has a presentation module with its words."""
import pytest

from games import engine, presentation


@pytest.mark.parametrize("game_id", engine.games())
def test_every_registered_game_has_a_presentation_module(game_id):
    module = presentation.get(game_id)
    missing = [name for name in presentation.FUNCTIONS if not callable(getattr(module, name, None))]
    assert not missing, f"games/presentation/{game_id}.py lacks {missing}"


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


def test_wonder_names_come_in_the_language_asked():
    assert presentation.get("base").page_catalogue("it")["wonders"]["giza"]["name"] != \
        presentation.get("base").page_catalogue("en")["wonders"]["giza"]["name"]

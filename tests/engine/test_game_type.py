"""The game type a game declares (INFO["type"], ``game_type(cfg)``) and what the conformance suite
checks from it; a perfect-information game registered at runtime (``pile_game.py``) passes the
suite, and the registry's runtime registration."""
import random

import pytest

from games import engine
from games.engine import registry, testing
from games.engine.contract import GAME_TYPE_KEYS, game_from_module

from . import pile_game

PILE = "tests.engine.pile_game"
PILE_CONFIGS = [{"game": "pile", "players": 2}, {"game": "pile", "players": 3, "stones": 7},
                {"game": "pile", "players": 2, "stones": 15}]


@pytest.fixture
def pile():
    with registry.registered("pile", PILE) as game:
        yield game


def test_every_registered_game_declares_its_type_with_every_fact():
    for game_id in engine.games():
        assert sorted(engine.info(game_id)["type"]) == sorted(GAME_TYPE_KEYS)


def test_the_base_game_is_a_team_game_only_with_the_teams_of_cities():
    plain = engine.game_type({"game": "base", "players": 4})
    teams = engine.game_type({"game": "base", "players": 4, "expansions": ["cities"], "teams": True})
    assert plain == {"hidden_information": True, "simultaneous": True, "teams": False, "chance": True}
    assert teams == dict(plain, teams=True)


def test_architects_is_played_one_seat_at_a_time():
    assert engine.game_type({"game": "architects", "players": 3})["simultaneous"] is False


def test_a_perfect_information_game_passes_the_conformance_suite(pile):
    testing.check_info("pile")
    for config in PILE_CONFIGS:
        testing.check_config(config, seeds=range(3))
        testing.check_determinism(config, seed=1)
    state = testing.check_bots_finish(PILE_CONFIGS[0], seed=2, levels=["hard", "easy", "medium"], iterations=2)
    assert engine.is_over(state)


def test_the_suite_refuses_a_perfect_information_game_that_hides_something(pile, monkeypatch):
    monkeypatch.setattr(type(pile), "hidden_ids", staticmethod(lambda state, seat: {"stone"}))
    with pytest.raises(AssertionError, match="without hidden information hides"):
        testing.check_game(PILE_CONFIGS[0], seed=0)


def test_the_suite_refuses_a_perfect_information_sample_other_than_the_real_state(pile, monkeypatch):
    real = engine.reveal
    monkeypatch.setattr(engine, "reveal", lambda state: dict(real(state), identity=id(state)))  # no two equal
    state = engine.new_game(PILE_CONFIGS[0], 0)
    assert testing.check_sample_state(state, 0, random.Random(1), hidden_information=True) is True
    with pytest.raises(AssertionError, match="other than the real one"):
        testing.check_sample_state(state, 0, random.Random(1), hidden_information=False)


def test_the_suite_refuses_two_seats_at_once_in_a_game_without_simultaneous_moves(pile, monkeypatch):
    monkeypatch.setattr(type(pile), "to_act", staticmethod(lambda state: [] if pile_game.is_over(state) else [0, 1]))
    with pytest.raises(AssertionError, match="act at once in a game without simultaneous moves"):
        testing.check_game(PILE_CONFIGS[0], seed=0)


def test_the_suite_refuses_a_game_with_chance_whose_seeds_all_deal_the_same(pile, monkeypatch):
    info = pile_game.info()
    monkeypatch.setattr(type(pile), "INFO", dict(info, type=dict(info["type"], chance=True)))
    with pytest.raises(AssertionError, match="dealt the same game"):
        testing.check_chance(PILE_CONFIGS[0])


def test_the_suite_refuses_a_config_type_that_info_denies(pile, monkeypatch):
    monkeypatch.setattr(type(pile), "game_type", staticmethod(lambda cfg: dict(pile_game.info()["type"], teams=True)),
                        raising=False)
    with pytest.raises(AssertionError, match="which INFO's type denies"):
        testing.check_game_type(PILE_CONFIGS[0])


def test_the_suite_refuses_a_hidden_information_game_that_never_hides_anything(monkeypatch):
    real = engine.hidden_ids
    monkeypatch.setattr(engine, "hidden_ids", lambda state, seat: set() if state["config"]["game"] == "architects" else real(state, seat))
    with pytest.raises(AssertionError, match="never hid anything"):
        testing.check_game({"game": "architects", "players": 2}, seed=0)


def test_the_suite_refuses_a_team_game_whose_sheets_name_no_team(monkeypatch):
    state, _ = testing.play_random_game({"game": "base", "players": 4, "expansions": ["cities"], "teams": True},
                                        seed=1, check_every_step=False)
    real = engine.scores
    monkeypatch.setattr(engine, "scores", lambda s: [{k: v for k, v in sheet.items() if k != "team"} for sheet in real(s)])
    with pytest.raises(AssertionError, match="a team on the sheet"):
        testing.check_scores(state)


def test_a_game_registered_for_a_while_is_a_game_of_the_engine_then_is_gone():
    assert "pile" not in engine.games()
    with registry.registered("pile", PILE) as game:
        assert engine.games()[-1] == "pile"
        assert engine.info("pile")["type"]["hidden_information"] is False
        assert registry.get("pile") is game
    assert "pile" not in engine.games()
    with pytest.raises(engine.ConfigError):
        registry.get("pile")


def test_the_registry_refuses_an_id_that_is_taken():
    with pytest.raises(ValueError, match="taken"):
        registry.register("base", PILE)
    assert registry.get("base").INFO["id"] == "base"


def test_a_game_object_built_from_a_module_lacking_a_function_is_refused():
    names = dict(vars(pile_game))
    del names["hidden_ids"]
    with pytest.raises(TypeError, match="hidden_ids"):
        game_from_module(names, pile_game.info)


def test_a_game_object_built_from_a_module_has_its_optional_functions_and_no_others():
    assert callable(registry.get("base").rollout_turn) and callable(registry.get("base").score_table)
    assert not hasattr(pile_game.GAME, "rollout_turn")
    assert pile_game.GAME.INFO["id"] == "pile"

"""The bots play Architects through the contract: the greedy bot asks the game for its values
(``GAME.action_value``), with no knowledge of the game in the bot itself."""
import random

from games import engine
from games.bots import greedy_bot, random_bot
from games.engine import registry, testing


def _match(policies, seed):
    state = engine.new_game({"game": "architects", "players": len(policies)}, seed=seed)
    rngs = [random.Random(seed * 10 + s) for s in range(len(policies))]
    while not engine.is_over(state):
        for seat in engine.to_act(state):
            legal = engine.legal_actions(state, seat)
            action = policies[seat].choose(engine.view(state, seat), legal, rngs[seat])
            assert action in legal
            state, _ = engine.apply(state, seat, action)
    return engine.scores(state)


def test_every_declared_bot_level_plays_whole_games():
    # The search bot with a few rollouts a decision: what is tested is that each level ends the game
    # with legal moves (its default second a decision made this one test three minutes of make test).
    for level in engine.info("architects")["bot_levels"]:
        for players in (2, 7):
            state = testing.check_bots_finish({"game": "architects", "players": players}, seed=players, levels=[level],
                                              iterations=8)
            assert len(engine.scores(state)) == players


def test_the_greedy_bot_beats_three_random_bots_more_often_than_chance():
    wins = sum(_match([greedy_bot, random_bot, random_bot, random_bot], seed)[0]["rank"] == 1 for seed in range(12))
    assert wins >= 6  # chance alone would give about 3


def test_the_greedy_bot_plays_the_action_the_game_values_most(monkeypatch):
    state = engine.new_game({"game": "architects", "players": 3}, seed=4)
    legal = engine.legal_actions(state, 0)
    wanted = legal[-1]
    monkeypatch.setattr(registry.get("architects"), "action_value",
                        lambda view, action: 1.0 if action == wanted else 0.0, raising=False)
    assert greedy_bot.choose(engine.view(state, 0), legal, random.Random(1)) == wanted


def test_the_greedy_bot_values_a_visible_blue_card_above_an_unseen_central_card():
    state = engine.new_game({"game": "architects", "players": 3}, seed=4)
    deck = state["decks"][0]
    blue = next(card for card in deck if card.split("-")[1] == "blue")
    deck.remove(blue)
    deck.insert(0, blue)
    view = engine.view(state, 0)
    value = registry.get("architects").action_value
    assert value(view, {"type": "take", "deck": 0}) > value(view, {"type": "take", "deck": "central"})

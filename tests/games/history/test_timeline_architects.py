"""The replay of an Architects match: a frame after every move (each draw, build, token, look),
drawn by the game's own replay script."""
import random

from django.template import Context, Template
from django.utils import translation

from games import engine
from games.history.timeline import hands_by_step, timeline

CONFIG = {"game": "architects", "players": 3}


def a_finished_game(seed):
    rng = random.Random(seed)
    state = engine.new_game(CONFIG, seed)
    while not engine.is_over(state):
        seat = engine.to_act(state)[0]
        state, _ = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
    return state


def test_every_move_of_an_architects_game_is_a_frame_with_its_events():
    state = a_finished_game(3)
    log = engine.action_log(state)
    moves = [entry for entry in log if "chance" not in entry]
    frames = timeline(CONFIG, log)
    assert len(frames) == 1 + len(moves)
    taken = [e for f in frames for e in f["events"] if e["type"] == "card_taken"]
    built = [e for f in frames for e in f["events"] if e["type"] == "stage_built"]
    assert len(built) == sum(len(p["built"]) for p in state["players"])
    assert len(taken) >= sum(1 for m in moves if m["action"]["type"] == "take")
    assert frames[-1]["phase"] == "over"
    assert [p["cards"] for p in frames[-1]["players"]] == [p["cards"] for p in state["players"]]


def test_a_game_without_hands_has_no_hands_by_step():
    assert hands_by_step("architects", timeline(CONFIG, engine.action_log(a_finished_game(4)))) is None


def test_the_match_page_loads_the_architects_replay_drawing_with_words_in_the_page_language():
    template = Template('{% load boards %}{% replay_board game as board %}{{ board.script }}|'
                        '{{ board.data.words.ev_stage_built }}|{{ board.data.catalogue.cards.wood.name }}')
    with translation.override("it"):
        script, words, wood = template.render(Context({"game": "architects"})).split("|")
    assert script == "games/architects/replay.js"
    assert "stadio" in words and wood == "Legno"
    assert Template('{% load boards %}{% replay_board "base" as board %}[{{ board.script }}]').render(Context()) == \
        "[games/base/replay.js]"

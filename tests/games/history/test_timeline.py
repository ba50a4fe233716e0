"""The replay's frames come from the engine, whatever the place of the chance entries in the log."""
import random

from games import engine
from games.history.timeline import timeline

CONFIG = {"game": "base", "players": 4, "sides": "B"}


def a_finished_log(seed):
    rng = random.Random(seed)
    state = engine.new_game(CONFIG, seed)
    ages = []
    while not engine.is_over(state):
        for seat in engine.to_act(state):
            ages.append(engine.view(state, None)["age"])
            state, _ = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
            if engine.is_over(state):
                break
    return engine.action_log(state), ages


def deals_just_in_time(log, ages):
    """The same log with the deals of ages 2 and 3 just before the first move of their age."""
    later = {e["age"]: e for e in log if e.get("chance") == "deal" and e["age"] > 1}
    out = [e for e in log if "chance" in e and e not in later.values()]
    for entry, age in zip([e for e in log if "chance" not in e], ages):
        if age in later:
            out.append(later.pop(age))
        out.append(entry)
    return out


def without_index(frames):
    """The frames without their log index, and without age_start notices: the engine's replay of a
    chance entry gives the state it leads to, not the events on the way."""
    return [{**{key: value for key, value in frame.items() if key != "index"},
             "events": [e for e in frame["events"] if e["type"] != "age_start"]} for frame in frames]


def test_a_log_with_deals_in_the_middle_gives_the_same_frames():
    log, ages = a_finished_log(seed=5)
    moved = deals_just_in_time(log, ages)
    assert moved != log and len(moved) == len(log)
    assert without_index(timeline(CONFIG, moved)) == without_index(timeline(CONFIG, log))


def test_every_frame_after_the_deal_shows_every_hand_of_that_turn():
    log, _ages = a_finished_log(seed=6)
    frames = timeline(CONFIG, log)
    playing = [f for f in frames if f["phase"] == "play"]
    assert playing and all(len(p["hand"]) == 8 - f["turn"] for f in playing for p in f["players"])

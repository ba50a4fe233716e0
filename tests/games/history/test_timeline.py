"""The replay's frames come from the engine, whatever the place of the chance entries in the log."""
import random

from games import engine
from games.history.timeline import hands_by_step, timeline
from tests.games.history.helpers import FakeGame

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


def test_the_hands_of_a_base_replay_come_with_their_age_and_turn_from_the_engine():
    log, _ages = a_finished_log(seed=7)
    frames = timeline(CONFIG, log)
    hands = hands_by_step("base", frames)
    playing = [f for f in frames if f["phase"] == "play"]
    assert hands == [{"step": {"age": f["age"], "turn": f["turn"]}, "hands": [p["hand"] for p in f["players"]]}
                     for f in playing]


class HandlessGame(FakeGame):
    """A game whose frames are nothing like the base game's, and hold no hand."""

    @staticmethod
    def frame_hands(frame):
        return None


def test_frames_of_another_shape_from_a_game_without_hands_give_no_hands_and_no_key_error(monkeypatch):
    from games.engine import registry

    monkeypatch.setitem(registry.GAMES, "garden", "tests.fake.garden")
    monkeypatch.setitem(registry._loaded, "garden", HandlessGame("garden"))
    frames = [{"index": 0, "events": [], "beds": [[1, 2], [3]]}, {"index": 1, "events": [{"type": "bloom"}]}]
    assert engine.frame_hands("garden", frames[0]) is None
    assert hands_by_step("garden", frames) is None


def test_the_base_game_reads_a_frame_without_its_keys_as_one_without_hands():
    assert engine.frame_hands("base", {"index": 0, "events": []}) is None
    assert engine.frame_hands("base", {"phase": "sides", "age": 1, "turn": 1, "players": []}) is None

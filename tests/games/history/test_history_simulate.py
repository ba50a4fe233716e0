"""manage.py simulate_matches and the replay of stored matches."""
import pytest
from django.core.management import CommandError, call_command

from games import engine
from games.history.timeline import hands_by_step, timeline
from games.history.models import MatchRecord, PlayerRating, SeatResult
from games.models import Match, MatchAction

pytestmark = pytest.mark.django_db


def test_simulate_matches_fills_the_database_with_engine_played_recorded_matches(capsys):
    call_command("simulate_matches", "--players", "8", "--matches", "12", "--seed", "3", "--bot-share", "0.3")
    assert "12 matches between 8 players" in capsys.readouterr().out
    assert Match.objects.filter(status="finished").count() == MatchRecord.objects.count() == 12
    assert SeatResult.objects.count() == sum(MatchRecord.objects.values_list("players", flat=True))
    assert PlayerRating.objects.exists()
    for match in Match.objects.all():
        assert engine.is_over(match.state)
        log = [row.entry for row in MatchAction.objects.filter(match=match).order_by("index")]
        assert engine.replay(match.config, log) == match.state


def test_simulate_matches_reuses_its_players_and_refuses_silly_numbers():
    call_command("simulate_matches", "--players", "5", "--matches", "2")
    call_command("simulate_matches", "--players", "5", "--matches", "2", "--seed", "1")
    assert SeatResult.objects.exclude(user=None).order_by().values("user").distinct().count() <= 5
    with pytest.raises(CommandError):
        call_command("simulate_matches", "--players", "2", "--matches", "1")


def test_the_timeline_starts_at_the_deal_and_ends_at_the_final_state():
    config = {"game": "base", "players": 5, "sides": "B"}
    from games.history.simulate import play
    import random

    state = play(config, 9, ["medium"] * 5, random.Random(9))
    frames = timeline(config, engine.action_log(state))
    assert frames[0]["age"] == 1 and frames[0]["turn"] == 1 and not frames[0]["events"]
    assert [p["hand"] for p in frames[0]["players"]] == engine.action_log(state)[1]["hands"]
    final = frames[-1]
    assert final["phase"] == "over"
    assert [p["built"] for p in final["players"]] == [p["built"] for p in state["players"]]
    assert [p["total"] for p in final["players"]] == [s["total"] for s in engine.scores(state)]
    hands = hands_by_step("base", frames)
    assert [(h["step"]["age"], h["step"]["turn"]) for h in hands] == [(a, t) for a in (1, 2, 3) for t in range(1, 7)]
    assert all(len(hand) == 8 - h["step"]["turn"] for h in hands for hand in h["hands"])


@pytest.mark.parametrize("mode, counts", [
    ("cities", set(range(3, 9))), ("cities-teams", {4, 6, 8}), ("base-2p", {2}), ("cities-2p", {2}),
    ("base", set(range(3, 8)))])
def test_a_simulated_mode_plays_only_its_own_player_counts(mode, counts):
    from games.history.simulate import weighted_player_counts

    assert set(weighted_player_counts("base", mode)) == counts


@pytest.mark.parametrize("mode, cities, teams", [("cities", True, False), ("cities-teams", True, True),
                                                  ("base-2p", False, False), ("cities-2p", True, False)])
def test_simulate_matches_plays_the_matches_of_one_mode(capsys, mode, cities, teams):
    call_command("simulate_matches", "--players", "10", "--matches", "3", "--seed", "4", "--mode", mode)
    assert "3 matches between 10 players" in capsys.readouterr().out
    assert set(MatchRecord.objects.values_list("mode", flat=True)) == {mode}
    for match in Match.objects.all():
        assert ("cities" in (match.config.get("expansions") or [])) == cities
        assert bool(match.config.get("teams")) == teams
        assert engine.is_over(match.state)


def test_the_help_of_simulate_matches_names_the_modes(capsys):
    from games.history.management.commands.simulate_matches import Command

    text = Command().create_parser("manage.py", "simulate_matches").format_help()
    assert "--mode" in text and "cities-teams" in text and "base-2p" in text


def test_without_a_game_named_the_simulation_plays_the_registrys_first_game(monkeypatch, django_user_model):
    from games.engine import registry
    from games.history.simulate import play_and_store

    monkeypatch.setattr(registry, "GAMES", dict(reversed(list(registry.GAMES.items()))))
    first = engine.games()[0]
    people = [django_user_model.objects.create_user(username=name) for name in ("ann", "bo", "cy")]
    assert play_and_store(people, seed=4).game == first
    call_command("simulate_matches", "--players", "3", "--matches", "1")
    assert set(MatchRecord.objects.values_list("match__game", flat=True)) == {first}

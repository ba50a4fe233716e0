"""bench/bench_engine.py: the engine benchmark measures every game it is asked for."""
from tests.bench_scripts import load_bench


def test_the_bench_prints_architects_games_per_second_at_each_asked_player_count(capsys):
    bench = load_bench("bench_engine")
    bench.main(["--seconds", "0.01", "--players", "", "--architects-players", "2,7", "--aging-games", "0"])
    lines = capsys.readouterr().out.splitlines()
    architects = [line for line in lines if line.split()[0] == "architects"]
    assert [line.split()[1] for line in architects] == ["2", "7"]
    assert all("games/s" in line for line in architects)


def test_a_random_legal_architects_game_ends(capsys):
    bench = load_bench("bench_engine")
    assert bench.play(4, seed=3, game="architects") > 0


def test_the_bench_measures_the_two_player_variant_and_cities_by_default(capsys, monkeypatch):
    bench = load_bench("bench_engine")
    asked = []
    monkeypatch.setattr(bench, "bench", lambda n, seconds, game="base", expansions=(): (
        asked.append((game, n, tuple(expansions))) or (1, 1, 1.0, 1.0)))

    bench.main(["--seconds", "0.01", "--aging-games", "0"])

    assert ("base", 2, ()) in asked
    assert ("base", 4, ("cities",)) in asked and ("base", 8, ("cities",)) in asked


def test_the_bench_prints_the_search_bots_rollouts_per_second_both_ways(capsys):
    bench = load_bench("bench_engine")
    bench.main(["--seconds", "0.05", "--players", "", "--architects-players", "", "--cities", "", "--rollouts", "3",
                "--cities-rollouts", "5", "--architects-rollouts", "2", "--aging-games", "0"])
    base, cities, architects = [line for line in capsys.readouterr().out.splitlines() if line.startswith("greedy rollouts")]
    assert base.startswith("greedy rollouts, 3 players:") and cities.startswith("greedy rollouts, Cities, 5 players:")
    assert architects.startswith("greedy rollouts, architects, 2 players:")
    assert all("through the contract" in line and "through rollout_turn" in line for line in (base, cities, architects))


def test_the_aging_check_prints_every_blocks_rate_and_the_last_against_the_first(capsys):
    bench = load_bench("bench_engine")
    bench.main(["--seconds", "0.01", "--players", "", "--architects-players", "", "--cities", "", "--rollouts", "",
                "--cities-rollouts", "", "--architects-rollouts", "", "--aging-games", "6", "--aging-block", "2"])
    lines = capsys.readouterr().out.splitlines()
    blocks = [line for line in lines if line.strip().startswith("games ")]
    assert [line.split()[1] for line in blocks] == ["1-", "3-", "5-"]
    assert all("games/s" in line and "collector" in line for line in blocks)
    assert "last/first" in lines[-1]

"""The history's move to its own app and its generic columns keep every result and rating."""
import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

MOVE = ("games", "0103_history_moves_to_its_app")
NOW = datetime.datetime(2026, 1, 2, 3, 4, 5, tzinfo=datetime.timezone.utc)
CATEGORY_COLUMNS = {"military": 5, "treasury": 3, "wonder_points": 7, "civilian": 12, "science": 10,
                    "commercial": 4, "guilds": 6}


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor.loader.project_state([key for key in targets if key[1] is not None]).apps


def before_the_move():
    """The games migration the move follows, and no history migration."""
    graph = MigrationExecutor(connection).loader.graph
    (parent,) = [node.key for node in graph.node_map[MOVE].parents if node.key[0] == "games"]
    return [parent, ("history", None)]


def latest():
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


def test_results_ratings_and_records_survive_the_move_and_get_generic_columns():
    old = migrate(before_the_move())
    user = old.get_model("auth", "User").objects.create(username="ann")
    other = old.get_model("auth", "User").objects.create(username="bo")
    match = old.get_model("games", "Match").objects.create(
        game="base", status="finished", players=3, invite_code="moved1", seed=7, finished_at=NOW)
    old.get_model("games", "MatchRecord").objects.create(
        match=match, mode="base", players=3, rated=True, options={"config": {"game": "base"}}, finished_at=NOW)
    SeatResult = old.get_model("games", "SeatResult")
    for seat, (who, wonder, side) in enumerate([(user, "giza", "B"), (other, "rhodes", "A"), (None, "babylon", "A")]):
        SeatResult.objects.create(
            match=match, seat=seat, user=who, bot_level="" if who else "greedy", wonder=wonder, side=side,
            rank=seat + 1, total=47 - seat, coins=9, mode="base", players=3, rated=True, finished_at=NOW,
            **{column: points + seat for column, points in CATEGORY_COLUMNS.items()})
    old.get_model("games", "PlayerRating").objects.create(
        user=user, mode="base", mu=27.5, sigma=7.1, ordinal=6.2, provisional=False, rated_games=6, wins=3)
    old.get_model("games", "RatingChange").objects.create(
        match=match, user=user, mode="base", rank=1, players=3, mu_before=26.0, sigma_before=7.4,
        ordinal_before=3.8, mu_after=27.5, sigma_after=7.1, ordinal_after=6.2, finished_at=NOW)
    old.get_model("games", "WonderStat").objects.create(
        mode="base", players=3, wonder="giza", side="B", seats=1, wins=1, total_points=47)

    new = migrate(latest())

    results = list(new.get_model("history", "SeatResult").objects.order_by("seat"))
    assert [r.labels for r in results] == [
        {"wonder": "giza", "side": "B"}, {"wonder": "rhodes", "side": "A"}, {"wonder": "babylon", "side": "A"}]
    assert results[0].categories == {"military": 5, "treasury": 3, "wonder": 7, "civilian": 12, "science": 10,
                                     "commercial": 4, "guilds": 6}
    assert results[2].categories["guilds"] == 8 and results[2].categories["wonder"] == 9
    assert [(r.total, r.rank, r.extra["coins"], r.user_id) for r in results] == [
        (47, 1, 9, user.pk), (46, 2, 9, other.pk), (45, 3, 9, None)]
    rating = new.get_model("history", "PlayerRating").objects.get(user_id=user.pk, mode="base")
    assert (rating.mu, rating.sigma, rating.ordinal, rating.rated_games, rating.wins) == (27.5, 7.1, 6.2, 6, 3)
    change = new.get_model("history", "RatingChange").objects.get(match_id=match.pk)
    assert (change.ordinal_before, change.ordinal_after) == (3.8, 6.2)
    record = new.get_model("history", "MatchRecord").objects.get(match_id=match.pk)
    assert record.rated and record.mode == "base"
    stat = new.get_model("history", "SeatStat").objects.get(mode="base", players=3, labels_key="side=B;wonder=giza")
    assert (stat.seats, stat.wins, stat.total_points) == (1, 1, 47)


def test_going_back_before_the_move_puts_the_category_columns_back_from_the_results_json():
    new = migrate(latest())
    user = new.get_model("auth", "User").objects.create(username="cy")
    match = new.get_model("games", "Match").objects.create(
        game="base", status="finished", players=3, invite_code="back1", seed=8, finished_at=NOW)
    new.get_model("history", "SeatResult").objects.create(
        match=match, seat=0, user=user, rank=1, total=40, tiebreak=3, extra={"coins": 3}, mode="base", players=3,
        rated=True, finished_at=NOW, labels={"wonder": "giza", "side": "A"},
        categories={"military": 6, "treasury": 1, "wonder": 5, "civilian": 14, "science": 4, "commercial": 2,
                    "guilds": 8})

    old = migrate(before_the_move())

    result = old.get_model("games", "SeatResult").objects.get(match_id=match.pk)
    assert (result.military, result.wonder_points, result.guilds, result.total) == (6, 5, 8, 40)
    assert (result.wonder, result.side, result.coins) == ("giza", "A", 3)
    migrate(latest())


def test_history_0006_copies_each_results_coins_into_its_tie_break_and_going_back_zeroes_missing_coins():
    games = [key for key in latest() if key[0] == "games"]
    before = [("history", "0005_seat_result_drops_category_columns"), *games]
    old = migrate(before)
    match = old.get_model("games", "Match").objects.create(
        game="base", status="finished", players=3, invite_code="tie006", seed=7, finished_at=NOW)
    SeatResult = old.get_model("history", "SeatResult")
    for seat, coins in enumerate([9, 0, 4]):
        SeatResult.objects.create(match=match, seat=seat, wonder="giza", side="A", rank=seat + 1, total=40 - seat,
                                  coins=coins, mode="base", players=3, rated=False, finished_at=NOW)

    new = migrate([("history", "0006_seat_result_tiebreak"), *games])
    results = list(new.get_model("history", "SeatResult").objects.order_by("seat"))
    assert [(r.coins, r.tiebreak) for r in results] == [(9, 9), (0, 0), (4, 4)]
    new.get_model("history", "SeatResult").objects.filter(seat=1).update(coins=None)  # an Architects-like row

    back = migrate(before)
    assert list(back.get_model("history", "SeatResult").objects.order_by("seat").values_list("coins", flat=True)) \
        == [9, 0, 4]
    migrate(latest())


def test_history_0010_moves_coins_and_the_copied_guild_into_extra_and_going_back_restores_the_columns():
    games = [key for key in latest() if key[0] == "games"]
    before = [("history", "0007_bot_levels_easy_medium_hard"), *games]
    old = migrate(before)
    match = old.get_model("games", "Match").objects.create(
        game="base", status="finished", players=3, invite_code="extra10", seed=7, finished_at=NOW)
    SeatResult = old.get_model("history", "SeatResult")
    rows = [("giza", "A", 9, ""), ("olympia", "B", 0, "scientists_guild"), ("rhodes", "B", None, "")]
    for seat, (wonder, side, coins, guild) in enumerate(rows):
        SeatResult.objects.create(
            match=match, seat=seat, wonder=wonder, side=side, coins=coins, copied_guild=guild, rank=seat + 1,
            total=40 - seat, tiebreak=coins or 0, mode="base", players=3, rated=False, finished_at=NOW,
            labels={"wonder": wonder, "side": side} if seat < 2 else {})

    new = migrate(latest())
    results = list(new.get_model("history", "SeatResult").objects.order_by("seat"))
    assert [r.extra for r in results] == [{"coins": 9}, {"coins": 0, "copied_guild": "scientists_guild"}, {}]
    # a row recorded without labels gets them from its columns
    assert [r.labels for r in results] == [
        {"wonder": "giza", "side": "A"}, {"wonder": "olympia", "side": "B"}, {"wonder": "rhodes", "side": "B"}]
    assert not {"wonder", "side", "coins", "copied_guild"} & {f.name for f in results[0]._meta.get_fields()}

    back = migrate(before)
    restored = back.get_model("history", "SeatResult").objects.order_by("seat").values_list(
        "wonder", "side", "coins", "copied_guild")
    assert list(restored) == [("giza", "A", 9, ""), ("olympia", "B", 0, "scientists_guild"), ("rhodes", "B", None, "")]
    migrate(latest())

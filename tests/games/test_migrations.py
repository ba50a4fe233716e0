"""The move from the base game's columns to generic options and labels keeps every match."""
import datetime

import pytest

from games import engine
from tests.factories import latest_migrations, migrate_to

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("games", "0103_history_moves_to_its_app"), ("history", "0005_seat_result_drops_category_columns")]
NOW = datetime.datetime(2026, 3, 4, 5, 6, 7, tzinfo=datetime.timezone.utc)


def make_old_match(old, code, **columns):
    return old.get_model("games", "Match").objects.create(
        game="base", status="finished", players=3, invite_code=code, seed=7, finished_at=NOW, **columns)


def test_options_and_seat_labels_keep_what_the_old_columns_said():
    old = migrate_to(BEFORE)
    user = old.get_model("auth", "User").objects.create(username="ann")
    Seat = old.get_model("games", "Seat")
    chosen = make_old_match(old, "chosen", sides="B", assignment="chosen", wonders=["giza", "", "rhodes"])
    drawn = make_old_match(old, "drawn", sides="random", assignment="random", wonders=[])
    for number, (wonder, side) in enumerate([("giza", "B"), ("babylon", "B"), ("rhodes", "B")]):
        Seat.objects.create(match=chosen, number=number, user=user if number == 0 else None,
                            bot_level="" if number == 0 else "greedy", wonder=wonder, side=side)
    Seat.objects.create(match=drawn, number=0, user=user, wonder="", side="")

    new = migrate_to(latest_migrations())
    Match = new.get_model("games", "Match")
    assert Match.objects.get(pk=chosen.pk).options == {"sides": "B", "wonders": ["giza", None, "rhodes"]}
    assert Match.objects.get(pk=drawn.pk).options == {"sides": "random"}
    seats = new.get_model("games", "Seat").objects.filter(match_id=chosen.pk).order_by("number")
    assert [s.labels for s in seats] == [
        {"wonder": "giza", "side": "B"}, {"wonder": "babylon", "side": "B"}, {"wonder": "rhodes", "side": "B"}]
    assert seats[0].user_id == user.pk and seats[1].bot_level == "medium"
    assert new.get_model("games", "Seat").objects.get(match_id=drawn.pk).labels == {}


def test_the_migrated_options_make_the_config_the_engine_accepts():
    old = migrate_to(BEFORE)
    match = make_old_match(old, "cfg", sides="A", assignment="chosen", wonders=["", "ephesus", ""])
    new = migrate_to(latest_migrations())
    options = new.get_model("games", "Match").objects.get(pk=match.pk).options
    config = engine.normalize_config({"game": "base", "players": 3, **options})
    assert config["wonders"] == [None, "ephesus", None] and config["sides"] == "A"


def test_a_table_of_two_players_is_no_longer_refused_by_the_database():
    new = migrate_to(latest_migrations())
    match = new.get_model("games", "Match").objects.create(game="base", players=2, invite_code="two", seed=1)
    assert match.players == 2


BEFORE_LEVELS = [("games", "0107_chat_message"), ("history", "0006_seat_result_tiebreak")]
LEVELS_RENAMED = [("games", "0108_bot_levels_easy_medium_hard"), ("history", "0007_bot_levels_easy_medium_hard")]


def stored_levels(apps, match):
    seats = apps.get_model("games", "Seat").objects.filter(match_id=match.pk).order_by("number")
    results = apps.get_model("history", "SeatResult").objects.filter(match_id=match.pk).order_by("seat")
    events = apps.get_model("games", "MatchAction").objects.filter(match_id=match.pk).order_by("index")
    return [s.bot_level for s in seats], [r.bot_level for r in results], [a.events for a in events]


def test_the_migration_renames_stored_levels_and_going_back_restores_them():
    old = migrate_to(BEFORE_LEVELS)
    user = old.get_model("auth", "User").objects.create(username="ann")
    match = make_old_match(old, "levels", options={"sides": "random"})
    levels = ["", "random", "greedy", "search"]
    for number, level in enumerate(levels):
        old.get_model("games", "Seat").objects.create(match=match, number=number, bot_level=level,
                                                      user=user if number == 0 else None)
        old.get_model("history", "SeatResult").objects.create(
            match=match, seat=number, user=user if number == 0 else None, bot_level=level, wonder="giza",
            side="A", rank=number + 1, total=40 - number, mode="base", players=4, rated=False, finished_at=NOW)
    MatchAction = old.get_model("games", "MatchAction")
    log_events = [
        [{"type": "chosen", "seat": 1}, {"type": "left", "seat": 0, "bot": "greedy"}],
        [{"type": "timed_out", "seat": 0, "missed_turns": 3}, {"type": "taken_over", "seat": 0, "bot": "search"}],
        [{"type": "sides_chosen", "sides": ["random"]}],
    ]
    for index, events in enumerate(log_events):
        MatchAction.objects.create(match=match, index=index, seat=0, action={"type": "discard"}, by="player",
                                   version=index + 1, events=events)

    new = migrate_to(LEVELS_RENAMED)
    seats, results, events = stored_levels(new, match)
    assert seats == results == ["", "easy", "medium", "hard"]
    assert events == [
        [{"type": "chosen", "seat": 1}, {"type": "left", "seat": 0, "bot": "medium"}],
        [{"type": "timed_out", "seat": 0, "missed_turns": 3}, {"type": "taken_over", "seat": 0, "bot": "hard"}],
        [{"type": "sides_chosen", "sides": ["random"]}],
    ]
    assert new.get_model("games", "Match").objects.get(pk=match.pk).options == {"sides": "random"}

    back = migrate_to(BEFORE_LEVELS)
    assert stored_levels(back, match) == (levels, levels, log_events)
    migrate_to(latest_migrations())

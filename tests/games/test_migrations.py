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
    assert seats[0].user_id == user.pk and seats[1].bot_level == "greedy"
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

import pytest

from games import engine, services
from games.models import Match, MatchAction, Seat
from games.services import ServiceError, bot_port

pytestmark = pytest.mark.django_db


def codes_of(call):
    with pytest.raises(ServiceError) as caught:
        call()
    return caught.value.code


def test_a_new_table_seats_its_host_first_and_the_bots_asked_for(make_user):
    host = make_user("host")
    match = services.do_create_match(host, players=4, sides="B", turn_seconds=60, bots=["", "easy", "", "medium"])
    seats = list(match.seats.order_by("number"))
    assert [(s.user, s.bot_level) for s in seats] == [(host, ""), (None, "easy"), (None, ""), (None, "medium")]
    assert match.status == "open" and match.host == host and match.turn_seconds == 60 and match.invite_code


@pytest.mark.parametrize(
    "options, code",
    [
        ({"players": 1}, "bad_player_count"),
        ({"players": 8}, "bad_player_count"),
        ({"players": 3, "sides": "C"}, "bad_sides"),
        ({"players": 3, "assignment": "draft"}, "unknown_option"),
        ({"game": "chess", "players": 3}, "unsupported_game"),
        ({"players": 3, "turn_seconds": 3}, "bad_turn_seconds"),
        ({"players": 3, "bots": ["medium", "", ""]}, "bad_bots"),
        ({"players": 3, "bots": ["", "genius", ""]}, "bad_bots"),
        ({"players": 3, "wonders": ["rhodes", "rhodes", None]}, "duplicate_wonder"),
        ({"players": 3, "wonders": ["atlantis", None, None]}, "unknown_wonder"),
        ({"players": 3, "wonders": ["rhodes"]}, "bad_wonders"),
    ],
)
def test_a_table_with_impossible_options_is_refused_with_a_code(make_user, options, code):
    assert codes_of(lambda: services.do_create_match(make_user("host"), **options)) == code


def test_joining_takes_the_first_empty_seat_and_a_full_table_refuses(make_user):
    host, a, b, c = (make_user(n) for n in "habc")
    match = services.do_create_match(host, players=4, bots=["", "", "medium", ""])
    assert services.do_join(match.pk, a) == 1
    assert services.do_join(match.pk, a) == 1
    assert services.do_join(match.pk, b) == 3
    assert codes_of(lambda: services.do_join(match.pk, c)) == "table_full"


def test_the_host_leaving_passes_the_table_on_and_the_last_player_leaving_closes_it(make_user):
    host, guest = make_user("host"), make_user("guest")
    match = services.do_create_match(host, players=3)
    services.do_join(match.pk, guest)
    assert services.do_leave(match.pk, host) is False
    match.refresh_from_db()
    assert match.host == guest
    assert Seat.objects.get(match=match, number=0).is_empty
    assert services.do_leave(match.pk, guest) is True
    assert not Match.objects.filter(pk=match.pk).exists()


def test_only_the_host_starts_and_only_when_every_seat_is_filled(make_user):
    host, guest = make_user("host"), make_user("guest")
    match = services.do_create_match(host, players=3, bots=["", "", "medium"])
    assert codes_of(lambda: services.do_start(match.pk, host)) == "seats_not_filled"
    services.do_join(match.pk, guest)
    assert codes_of(lambda: services.do_start(match.pk, guest)) == "not_host"
    services.do_start(match.pk, host)
    match.refresh_from_db()
    assert match.status == "running" and match.started_at
    assert codes_of(lambda: services.do_start(match.pk, host)) == "not_open"
    assert codes_of(lambda: services.do_join(match.pk, make_user("late"))) == "not_open"


def test_the_host_adds_changes_and_removes_bots_on_free_seats_only(make_user):
    host, guest = make_user("host"), make_user("guest")
    match = services.do_create_match(host, players=3)
    services.do_join(match.pk, guest)
    services.do_set_bot(match.pk, host, 2, "easy")
    services.do_set_bot(match.pk, host, 2, "medium")
    assert Seat.objects.get(match=match, number=2).bot_level == "medium"
    assert codes_of(lambda: services.do_set_bot(match.pk, host, 1, "medium")) == "seat_taken"
    assert codes_of(lambda: services.do_set_bot(match.pk, guest, 2, "")) == "not_host"
    assert codes_of(lambda: services.do_set_bot(match.pk, host, 2, "genius")) == "bad_bot_level"
    services.do_set_bot(match.pk, host, 2, "")
    assert Seat.objects.get(match=match, number=2).is_empty


def test_it_accepts_the_old_level_names_as_aliases(make_user):
    host = make_user("host")
    match = services.do_create_match(host, players=4, bots=["", "random", "greedy", "search"])
    assert [s.bot_level for s in match.seats.order_by("number")] == ["", "easy", "medium", "hard"]
    services.do_set_bot(match.pk, host, 3, "random")
    assert Seat.objects.get(match=match, number=3).bot_level == "easy"
    services.do_set_bot(match.pk, host, 3, "search")
    assert Seat.objects.get(match=match, number=3).bot_level == "hard"


def test_an_old_level_name_is_refused_when_the_game_does_not_offer_its_level(make_user, monkeypatch):
    facts = dict(engine.info("base"), bot_levels=["easy", "medium"])
    monkeypatch.setattr(engine, "info", lambda game: facts)
    host = make_user("host")
    assert codes_of(lambda: services.do_create_match(host, players=3, bots=["", "search", ""])) == "bad_bots"
    match = services.do_create_match(host, players=3)
    assert codes_of(lambda: services.do_set_bot(match.pk, host, 1, "search")) == "bad_bot_level"
    assert codes_of(lambda: services.do_set_bot(match.pk, host, 1, ["greedy"])) == "bad_bot_level"


def test_starting_writes_the_chance_entries_and_the_wonders_chosen_in_seat_order(make_user, settings):
    settings.QUICK_BOTS_INLINE = False  # the quick bots would choose in the start's version
    host = make_user("host")
    match = services.do_create_match(
        host, players=3, sides="B", wonders=["giza", None, "rhodes"], bots=["", "easy", "easy"]
    )
    with pytest.MonkeyPatch.context() as patch:  # keep the bots still: look at the state at start
        patch.setattr(bot_port, "request_bot_turns", lambda *args, **kwargs: None)
        services.do_start(match.pk, host)
    match.refresh_from_db()
    assert match.config == {"game": "base", "players": 3, "sides": "B", "wonders": ["giza", None, "rhodes"]}
    wonders = [p["wonder"] for p in match.state["players"]]
    assert wonders[0] == "giza" and wonders[2] == "rhodes"
    assert [s.labels["wonder"] for s in match.seats.order_by("number")] == wonders
    assert {s.labels["side"] for s in match.seats.all()} == {"B"}
    chance = list(MatchAction.objects.filter(match=match))
    assert [a.by for a in chance] == ["chance"] * 4 and all(a.seat is None for a in chance)
    assert engine.replay(match.config, [a.entry for a in chance]) == match.state


def test_a_table_keeps_the_options_it_was_created_with_and_starts_with_them(make_user):
    host = make_user("host")
    match = services.do_create_match(host, players=3, sides="random", bots=["", "medium", "medium"])
    assert match.options == {"sides": "random"}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(bot_port, "request_bot_turns", lambda *args, **kwargs: None)
        services.do_start(match.pk, host)
    match.refresh_from_db()
    assert match.config == {"game": "base", "players": 3, "sides": "random"}


def test_a_side_chosen_during_the_game_becomes_the_seats_public_label(make_user, django_capture_on_commit_callbacks):
    host = make_user("host")
    match = services.do_create_match(host, players=3, sides="choose", bots=["", "medium", "medium"])
    with django_capture_on_commit_callbacks(execute=True):  # the bots choose their sides
        services.do_start(match.pk, host)
    assert Seat.objects.get(match=match, number=0).labels["side"] is None
    services.do_submit(match.pk, host, {"type": "side", "side": "B"})
    labels = [seat.labels for seat in Seat.objects.filter(match=match).order_by("number")]
    assert labels[0]["side"] == "B" and all(label["side"] in ("A", "B") for label in labels)


def test_an_invite_code_finds_its_table(make_user):
    match = services.do_create_match(make_user("host"), players=3)
    assert services.match_for_invite(match.invite_code) == match
    assert codes_of(lambda: services.match_for_invite("nope")) == "bad_invite"


def test_a_table_for_a_game_the_engine_does_not_know_is_refused(make_user):
    assert codes_of(lambda: services.do_create_match(make_user("host"), game="chess", players=3)) == "unsupported_game"


def test_the_player_range_and_bot_levels_come_from_the_engine(make_user, monkeypatch):
    facts = dict(engine.info("base"), min_players=4, bot_levels=["easy"])
    monkeypatch.setattr(engine, "info", lambda game: facts)
    assert codes_of(lambda: services.do_create_match(make_user("a"), players=3)) == "bad_player_count"
    assert codes_of(lambda: services.do_create_match(make_user("b"), players=4, bots=["", "medium"])) == "bad_bots"
    assert services.do_create_match(make_user("c"), players=4, bots=["", "easy"]).players == 4


def test_only_the_events_the_game_declares_public_are_forwarded(monkeypatch):
    facts = dict(engine.info("base"), public_events=["age_start"])
    monkeypatch.setattr(engine, "info", lambda game: facts)
    events = [{"type": "age_start", "age": 1}, {"type": "military", "age": 1, "results": []}]
    assert services.public_events("base", events) == [{"type": "age_start", "age": 1}]


def test_a_player_hosts_at_most_the_configured_number_of_open_tables(make_user, settings):
    settings.OPEN_TABLES_PER_USER = 2
    host = make_user("host")
    first = services.do_create_match(host, players=3, bots=["", "medium", ""])
    services.do_create_match(host, players=3, bots=["", "medium", ""])

    with pytest.raises(ServiceError) as refused:
        services.do_create_match(host, players=3, bots=["", "medium", ""])

    assert refused.value.code == "too_many_open_tables" and refused.value.facts == {"limit": 2}
    assert Match.objects.filter(host=host).count() == 2
    Match.objects.filter(pk=first.pk).update(status=Match.Status.RUNNING)  # one of them has started
    assert services.do_create_match(host, players=3, bots=["", "medium", ""]).status == Match.Status.OPEN


def test_the_lobby_lists_a_bounded_number_of_open_tables_and_says_how_many_there_are(make_user, monkeypatch):
    from games.services import snapshots

    monkeypatch.setattr(snapshots, "OPEN_LISTED", 3)
    hosts = [make_user(f"host{n}") for n in range(5)]
    made = [services.do_create_match(host, players=3, bots=["", "medium", ""]) for host in hosts]

    tables = services.lobby_tables()

    assert [table["id"] for table in tables["open"]] == [match.pk for match in made[:3]]
    assert tables["open_total"] == 5


@pytest.mark.parametrize("options, allowed", [
    ({"players": 9, "expansions": ["cities"]}, [2, 8]),  # Cities seats 2 to 8
    ({"players": 8}, [2, 7]),
])
def test_a_player_count_out_of_range_names_the_range_of_the_options_chosen(make_user, options, allowed):
    with pytest.raises(ServiceError) as refused:
        services.do_create_match(make_user("host"), **options)
    assert refused.value.code == "bad_player_count" and refused.value.facts["allowed"] == allowed

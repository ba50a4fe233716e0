"""The live path's statements (games/services/live_sql.py) read and write what their ORM twins
read and write, on SQLite (make test) and on PostgreSQL (make test-integration)."""
from datetime import timedelta

import pytest
from django.db import transaction
from django.db.models.signals import post_save, pre_save
from django.utils import timezone

from accounts.models import Profile
from games import engine, services
from games.models import ChatMessage, Match, MatchAction, Seat
from games.services import live_sql
from tests.factories import start_table

pytestmark = pytest.mark.django_db(transaction=True)


def fields_of(instance):
    return {f.attname: getattr(instance, f.attname) for f in type(instance)._meta.concrete_fields}


def started(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    match = start_table(ann, players=3, others=[bob], bots=["", "", "medium"], pace="turn", turn_seconds=3600)
    services.do_submit(match.pk, ann, engine.legal_actions(Match.objects.get(pk=match.pk).state, 0)[0])
    return Match.objects.get(pk=match.pk), ann, bob


def test_a_locked_match_reads_as_the_orm_reads_it(make_user):
    match, _ann, _bob = started(make_user)
    with transaction.atomic():
        read = live_sql.lock_match_row(match.pk)
    assert read is not None and type(read) is Match and not read._state.adding
    assert fields_of(read) == fields_of(match)
    assert isinstance(read.state, dict) and read.deadline is not None and read.config == match.config


@pytest.mark.parametrize("junk", ["abc", None, [], 10 ** 30, -(10 ** 30), "1; DROP TABLE games_match"])
def test_an_id_that_cannot_be_a_match_finds_none(junk):
    with transaction.atomic():
        assert live_sql.lock_match_row(junk) is None


def test_an_id_in_digits_finds_its_match(make_user):
    match, _ann, _bob = started(make_user)
    with transaction.atomic():
        assert live_sql.lock_match_row(str(match.pk)).pk == match.pk
        assert live_sql.lock_match_row(match.pk + 1000) is None


def test_a_match_read_without_a_lock_reads_as_the_orm_reads_it(make_user):
    match, _ann, _bob = started(make_user)
    read = live_sql.match_row(match.pk)
    assert type(read) is Match and not read._state.adding and fields_of(read) == fields_of(match)
    assert live_sql.match_row(str(match.pk)).pk == match.pk
    assert live_sql.match_row(match.pk + 1000) is None and live_sql.match_row("1; DROP TABLE games_match") is None


def test_json_columns_read_as_the_orm_reads_them_even_what_orjson_refuses(make_user):
    match, _ann, _bob = started(make_user)
    odd = {"beyond 64 bits": 2 ** 70, "città": ["é", 1.5, None, True], "nested": {"1": [[]]}}
    Match.objects.filter(pk=match.pk).update(score_sheet=odd, config={**match.config, "note": "ü"})
    read = live_sql.match_row(match.pk)
    assert read.score_sheet == odd == Match.objects.get(pk=match.pk).score_sheet
    assert read.config == Match.objects.get(pk=match.pk).config and read.config["note"] == "ü"
    assert read.state == match.state


def test_a_matchs_version_is_read_alone_and_none_for_no_match(make_user, django_assert_num_queries):
    match, ann, _bob = started(make_user)
    services.do_submit(match.pk, ann, engine.legal_actions(Match.objects.get(pk=match.pk).state, 0)[0])
    with django_assert_num_queries(1):
        version = live_sql.match_version(match.pk)
    assert version == Match.objects.get(pk=match.pk).version and version > match.version
    assert live_sql.match_version(match.pk + 1000) is None and live_sql.match_version("junk") is None


def test_seats_come_with_their_players_as_select_related_gives_them(make_user, django_assert_num_queries):
    match, ann, bob = started(make_user)
    Profile.objects.filter(user=bob).update(display_name="Bobby")
    expected = list(Seat.objects.filter(match=match).select_related("user__profile").order_by("number"))

    with django_assert_num_queries(1):
        seats = live_sql.seats_of(match)
        names = [(s.user.profile.display_name if s.user_id else None) for s in seats]
        users = [s.user for s in seats]

    assert [fields_of(s) for s in seats] == [fields_of(s) for s in expected]
    assert [fields_of(u) if u else None for u in users] == [fields_of(s.user) if s.user else None for s in expected]
    assert names[1] == "Bobby" and names[2] is None and users[2] is None
    assert seats[0].user.pk == ann.pk and seats[0].match is match


def test_a_player_without_a_profile_is_named_by_username_without_a_query(make_user, django_assert_num_queries):
    match, _ann, bob = started(make_user)
    Profile.objects.filter(user=bob).delete()
    seats = live_sql.seats_of(match)
    with django_assert_num_queries(0):
        assert services.snapshots.seat_info(seats[1])["name"] == "bob"


def test_saving_a_match_writes_every_field_as_save_does(make_user):
    match, _ann, _bob = started(make_user)
    twin = Match.objects.get(pk=match.pk)
    later = timezone.now() + timedelta(hours=5)
    for changed in (match, twin):
        changed.version += 3
        changed.step += 1
        changed.deadline = later
        changed.state = {**changed.state, "probe": ["é", {"n": 1}]}
        changed.score_sheet = [{"seat": 0, "total": 12}]
        changed.bots_pending = not changed.bots_pending
    with transaction.atomic():
        live_sql.save_match(match)
    saved_by_hand = fields_of(Match.objects.get(pk=match.pk))
    twin.save()
    assert saved_by_hand == fields_of(Match.objects.get(pk=match.pk))
    assert saved_by_hand["state"]["probe"] == ["é", {"n": 1}] and saved_by_hand["deadline"] == later


def test_nothing_listens_to_a_match_or_an_action_being_saved():
    """save_match and insert_actions skip save's signals: a receiver added for these models must
    be called from live_sql too."""
    for model in (Match, MatchAction):
        assert not pre_save.has_listeners(model) and not post_save.has_listeners(model)


def test_inserted_actions_read_back_as_bulk_create_writes_them(make_user):
    match, _ann, _bob = started(make_user)
    last = MatchAction.objects.filter(match=match).order_by("-index").first().index
    rows = [
        MatchAction(match=match, index=last + 1, seat=0, action={"type": "discard", "card": "baths"},
                    by=MatchAction.By.PLAYER, client_id="c-9", version=99, events=[{"type": "chosen", "seat": 0}]),
        MatchAction(match=match, index=last + 2, seat=None, action={"chance": "deal"}, by=MatchAction.By.BOT,
                    version=99),
    ]
    before = timezone.now()
    with transaction.atomic():
        live_sql.insert_actions(rows)
    stored = list(MatchAction.objects.filter(match=match, version=99).order_by("index"))
    assert [(a.index, a.seat, a.action, a.by, a.client_id, a.events) for a in stored] == [
        (last + 1, 0, {"type": "discard", "card": "baths"}, "player", "c-9", [{"type": "chosen", "seat": 0}]),
        (last + 2, None, {"chance": "deal"}, "bot", None, []),
    ]
    assert all(a.created_at >= before for a in stored)


def test_more_actions_than_one_statement_holds_are_all_written(make_user):
    match, _ann, _bob = started(make_user)
    last = MatchAction.objects.filter(match=match).order_by("-index").first().index
    count = live_sql.MAX_ACTIONS_AT_ONCE * 2 + 3
    with transaction.atomic():
        live_sql.insert_actions([MatchAction(match=match, index=last + 1 + n, seat=0, action={"n": n},
                                             by=MatchAction.By.BOT, version=77) for n in range(count)])
    assert MatchAction.objects.filter(match=match, version=77).count() == count


def test_seat_marks_are_written_to_the_seats_named_only(make_user):
    match, _ann, _bob = started(make_user)
    seats = list(Seat.objects.filter(match=match).order_by("number"))
    when = timezone.now().replace(microsecond=0)
    with transaction.atomic():
        live_sql.save_seat_marks([seats[0].pk, seats[2].pk], (when, when + timedelta(hours=1), None))
    after = {s.number: (s.waiting_since, s.deadline, s.remind_at) for s in Seat.objects.filter(match=match)}
    assert after[0] == after[2] == (when, when + timedelta(hours=1), None)
    assert after[1] == (seats[1].waiting_since, seats[1].deadline, seats[1].remind_at)


def test_a_seats_earlier_moves_are_found_by_client_id_and_counted_in_the_step(make_user):
    match, ann, _bob = started(make_user)
    assert not MatchAction.objects.filter(match=match, client_id__isnull=False).exists()  # sent without an id
    action = engine.legal_actions(match.state, 0)[0]
    services.do_submit(match.pk, ann, action, client_id="c-1")
    match = Match.objects.get(pk=match.pk)
    done, made = live_sql.earlier_moves(match, 0, "c-1")
    assert done[0] == action and done[1] == MatchAction.objects.get(match=match, client_id="c-1").version
    assert made == MatchAction.objects.filter(match=match, seat=0, by="player", version__gt=match.step_version).count()
    assert live_sql.earlier_moves(match, 0, "never-sent") == (None, made)
    assert live_sql.earlier_moves(match, 1, "c-1")[0] is None


def test_the_live_statements_are_prepared_by_postgresql_once_they_run_often_on_a_connection(make_user):
    from django.db import connection

    match, _ann, _bob = started(make_user)
    if connection.vendor != "postgresql":  # SQLite: Django's own cursor, nothing to prepare
        assert getattr(connection, "server_bound_cursor", None) is None
        return
    with transaction.atomic():
        for _ in range(6):  # psycopg prepares a statement from its fifth run on a connection
            assert live_sql.lock_match_row(match.pk).pk == match.pk
        with connection.cursor() as cursor:
            cursor.execute("SELECT statement FROM pg_prepared_statements")
            prepared = [row[0] for row in cursor.fetchall()]
    assert any(statement.startswith("SELECT") and "FOR UPDATE" in statement for statement in prepared), prepared


def test_the_last_chat_lines_come_newest_first_with_their_speakers_as_select_related_gives_them(
        make_user, django_assert_num_queries):
    match, ann, bob = started(make_user)
    Profile.objects.filter(user=bob).update(display_name="Bobby")
    for n in range(5):
        ChatMessage.objects.create(match=match, seat=n % 2, user=ann if n % 2 == 0 else bob, text=f"line {n}",
                                   version=match.version)
    other = services.do_create_match(bob, players=3, bots=["", "medium", "medium"])
    ChatMessage.objects.create(match=other, seat=0, user=bob, text="elsewhere", version=1)
    expected = list(ChatMessage.objects.filter(match=match).select_related("user__profile").order_by("-id")[:3])

    with django_assert_num_queries(1):
        lines = live_sql.recent_chat(match.pk, 3)
        names = [line.user.profile.display_name for line in lines]

    assert [fields_of(line) for line in lines] == [fields_of(line) for line in expected]
    assert [line.text for line in lines] == ["line 4", "line 3", "line 2"]
    assert names[1] == "Bobby"


def test_a_chat_line_whose_speaker_is_gone_has_no_user(make_user):
    match, _ann, _bob = started(make_user)
    ChatMessage.objects.create(match=match, seat=1, user=None, text="bye", version=match.version)
    (line,) = live_sql.recent_chat(match.pk, 10)
    assert line.user_id is None and line.user is None and line.text == "bye"


def test_the_shown_events_are_the_rows_events_up_to_the_matchs_version_in_log_order(make_user):
    match, _ann, bob = started(make_user)
    services.do_submit(match.pk, bob, engine.legal_actions(match.state, 1)[0])
    match.refresh_from_db()
    last = MatchAction.objects.filter(match=match).order_by("-index").first().index
    MatchAction.objects.create(match=match, index=last + 1, seat=0, action={"n": 1}, by=MatchAction.By.PLAYER,
                               version=match.version + 1, events=[{"type": "later"}])
    expected = list(match.actions.filter(version__lte=match.version).exclude(events=[]).order_by("index")
                    .values_list("events", flat=True))

    shown = live_sql.shown_events(match)

    assert shown == expected and len(shown) >= 2 and all(shown)
    assert [{"type": "later"}] not in shown


def test_seat_labels_are_written_to_the_seats_given_only(make_user, django_assert_num_queries):
    match, _ann, _bob = started(make_user)
    seats = list(Seat.objects.filter(match=match).order_by("number"))
    before = seats[1].labels
    seats[0].labels = {"wonder": "giza", "side": "B", "note": "é"}
    seats[2].labels = {}
    with transaction.atomic():
        live_sql.save_seat_labels([seats[0], seats[2]])
    with django_assert_num_queries(0):
        live_sql.save_seat_labels([])
    after = {s.number: s.labels for s in Seat.objects.filter(match=match)}
    assert after == {0: {"wonder": "giza", "side": "B", "note": "é"}, 1: before, 2: {}}

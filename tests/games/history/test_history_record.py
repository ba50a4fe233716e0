"""Recording a finished match: results, counters, ratings, exactly once."""
import pytest
from django.db import IntegrityError, transaction

from games import engine
from games.history.record import record_finished_match
from games.history.models import MatchRecord, PlayerRating, RatingChange, SeatResult, SeatStat
from games.models import Match
from games.history.ratings import initial
from games.history.simulate import play_and_store
from tests.games.history.helpers import fit_bots

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(django_user_model):
    return [django_user_model.objects.create_user(username=f"p{k}") for k in range(5)]


def test_a_finished_match_keeps_a_result_row_per_seat_from_the_engine_score_sheet(people):
    match = play_and_store(people[:4], seed=3)
    sheets = engine.scores(match.state)
    rows = list(SeatResult.objects.filter(match=match).order_by("seat"))
    assert len(rows) == 4
    for row, sheet, player in zip(rows, sheets, match.state["players"]):
        assert row.user == people[row.seat]
        assert row.labels == {"wonder": player["wonder"], "side": player["side"]}
        assert row.total == sheet["total"] and row.rank == sheet["rank"] and row.extra["coins"] == sheet["coins"]
        assert row.tiebreak == sheet["coins"]
        assert row.categories["wonder"] == sheet["wonder"]
        assert sum(row.categories.values()) == row.total
        assert row.mode == "base" and row.players == 4 and row.rated and row.finished_at == match.finished_at


def test_a_result_keeps_every_declared_category_and_the_seat_labels_from_the_engine(people):
    match = play_and_store(people[:3], seed=5, sides="B")
    sheets = engine.scores(match.state)
    declared = engine.info("base")["score_categories"]
    rows = list(SeatResult.objects.filter(match=match).order_by("seat"))
    for row, sheet, label in zip(rows, sheets, engine.seat_labels(match.state)):
        assert set(row.categories) == set(declared)  # jsonb keeps no key order: the engine gives it
        assert row.categories == {key: sheet[key] for key in declared}
        assert sum(row.categories.values()) == row.total
        assert row.labels == label and row.labels["side"] == "B"


def test_the_record_keeps_options_times_and_the_rating_policy(people):
    match = play_and_store(people[:3], seed=4, sides="B")
    record = MatchRecord.objects.get(match=match)
    assert record.rated and record.unrated_reason == ""
    assert record.options["sides"] == "B" and record.options["config"]["players"] == 3
    assert record.started_at < record.finished_at == match.finished_at


def test_a_match_with_a_bot_of_no_measured_rating_is_recorded_but_not_rated(people, monkeypatch):
    fit_bots(monkeypatch, {})
    match = play_and_store([people[0], people[1], "medium"], seed=5)
    record = MatchRecord.objects.get(match=match)
    assert not record.rated and record.unrated_reason == "bots"
    bot = SeatResult.objects.get(match=match, seat=2)
    assert bot.user is None and bot.bot_level == "medium"
    assert not RatingChange.objects.exists() and not PlayerRating.objects.exists()


def test_a_match_with_an_abandoned_seat_is_rated_and_the_seat_says_so(people, monkeypatch):
    fit_bots(monkeypatch, {})
    match = play_and_store(people[:3], seed=6, abandoned={1})
    record = MatchRecord.objects.get(match=match)
    assert record.rated and record.unrated_reason == ""
    seat = SeatResult.objects.get(match=match, seat=1)
    assert seat.abandoned and seat.user == people[1] and seat.bot_level == "medium"
    assert RatingChange.objects.get(match=match, user=people[1]).rank == 3  # who left is last


def test_a_rated_match_moves_every_rating_once_and_keeps_before_and_after(people):
    match = play_and_store(people[:4], seed=7)
    mu0, sigma0 = initial()
    changes = {c.user_id: c for c in RatingChange.objects.filter(match=match)}
    assert len(changes) == 4
    for row in SeatResult.objects.filter(match=match):
        change = changes[row.user_id]
        rating = PlayerRating.objects.get(user_id=row.user_id, mode="base")
        assert (change.mu_before, change.sigma_before) == (mu0, sigma0)
        assert (rating.mu, rating.sigma) == (change.mu_after, change.sigma_after)
        assert rating.ordinal == pytest.approx(rating.mu - 3 * rating.sigma)
        assert change.rank == row.rank and rating.rated_games == 1 and rating.wins == (row.rank == 1)
        assert rating.sigma < sigma0
    winner = min(changes.values(), key=lambda c: c.rank)
    loser = max(changes.values(), key=lambda c: c.rank)
    assert winner.mu_after > mu0 > loser.mu_after


def test_recording_the_same_match_again_changes_nothing(people):
    match = play_and_store(people[:3], seed=8)
    before = list(PlayerRating.objects.order_by("user_id").values_list("mu", "sigma", "rated_games"))
    again = record_finished_match(Match.objects.get(pk=match.pk))
    assert again == MatchRecord.objects.get(match=match)
    assert SeatResult.objects.filter(match=match).count() == 3
    assert RatingChange.objects.filter(match=match).count() == 3
    assert list(PlayerRating.objects.order_by("user_id").values_list("mu", "sigma", "rated_games")) == before
    assert sum(SeatStat.objects.values_list("seats", flat=True)) == 3


def _unrecorded_finished_match(people, seed):
    match = play_and_store(people, seed=seed)
    for model in (RatingChange, SeatResult, MatchRecord, PlayerRating, SeatStat):
        model.objects.all().delete()
    return Match.objects.get(pk=match.pk)


def test_ratings_are_applied_once_even_if_the_finishing_transaction_is_retried(people):
    match = _unrecorded_finished_match(people[:4], seed=9)

    class Crash(Exception):
        pass

    # First attempt: the finishing transaction records, then fails after the record and rolls back.
    with pytest.raises(Crash):
        with transaction.atomic():
            record_finished_match(match)
            assert RatingChange.objects.filter(match=match).count() == 4
            raise Crash()
    assert not RatingChange.objects.exists() and not PlayerRating.objects.exists()
    # The retry commits; a late duplicate (a retried task) after the commit is a no-op.
    with transaction.atomic():
        record_finished_match(match)
    with transaction.atomic():
        record_finished_match(Match.objects.get(pk=match.pk))
    assert RatingChange.objects.filter(match=match).count() == 4
    assert list(PlayerRating.objects.values_list("rated_games", flat=True)) == [1, 1, 1, 1]


def test_the_database_refuses_a_second_rating_change_for_the_same_match_and_player(people):
    match = play_and_store(people[:3], seed=10)
    change = RatingChange.objects.filter(match=match).first()
    change.pk = None
    with pytest.raises(IntegrityError), transaction.atomic():
        change.save()


def test_an_unfinished_match_cannot_be_recorded(people):
    match = play_and_store(people[:3], seed=11)
    match.status = Match.Status.RUNNING
    with pytest.raises(ValueError):
        record_finished_match(match)


def test_wonder_counters_follow_every_recorded_seat(people):
    play_and_store(people[:3], seed=12)
    play_and_store([people[0], "easy", "medium", people[3]], seed=13)
    rows = SeatResult.objects.all()
    assert sum(SeatStat.objects.values_list("seats", flat=True)) == rows.count() == 7
    assert sum(SeatStat.objects.values_list("wins", flat=True)) == rows.filter(rank=1).count()
    assert sum(SeatStat.objects.values_list("total_points", flat=True)) == sum(r.total for r in rows)


def test_seats_with_the_same_labels_add_up_on_one_counter_and_to_what_it_held(people):
    from games.history.record import _count_labels

    def result(rank, total, labels):
        return SeatResult(mode="toy", players=3, rank=rank, total=total, labels=labels)

    _count_labels([result(1, 40, {}), result(2, 30, {})])
    _count_labels([result(1, 50, {}), result(1, 50, {}), result(3, 20, {"side": "B"})])
    shared = SeatStat.objects.get(mode="toy", players=3, labels_key="")
    assert (shared.seats, shared.wins, shared.total_points) == (4, 3, 170)
    other = SeatStat.objects.get(mode="toy", players=3, labels_key="side=B")
    assert (other.seats, other.wins, other.total_points) == (1, 0, 20)


def test_a_recorder_holding_the_match_lock_does_not_read_the_match_row_again(people):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    table = Match._meta.db_table
    match = _unrecorded_finished_match(people[:3], seed=6)
    with CaptureQueriesContext(connection) as held, transaction.atomic():
        record_finished_match(match, locked=True)
    assert not [q for q in held.captured_queries if f'FROM "{table}"' in q["sql"]]
    match = _unrecorded_finished_match(people[:3], seed=7)
    with CaptureQueriesContext(connection) as alone, transaction.atomic():
        record_finished_match(match)
    assert len([q for q in alone.captured_queries if f'FROM "{table}"' in q["sql"]]) == 1


def test_a_match_finished_through_the_live_play_service_is_recorded_in_the_same_transaction(
    django_user_model, django_capture_on_commit_callbacks
):
    from games import services

    host = django_user_model.objects.create_user(username="host")
    with django_capture_on_commit_callbacks(execute=True):
        match = services.do_create_match(host, players=3, bots=["", "medium", "easy"])
        services.do_start(match.pk, host)
    for _ in range(200):
        match.refresh_from_db()
        if match.status == Match.Status.FINISHED:
            break
        assert 0 in engine.to_act(match.state)
        with django_capture_on_commit_callbacks(execute=True):
            services.do_submit(match.pk, host, engine.legal_actions(match.state, 0)[0])
    assert match.status == Match.Status.FINISHED
    record = MatchRecord.objects.get(match=match)
    assert record.rated and record.unrated_reason == ""  # bots are rated players (the committed calibration)
    assert SeatResult.objects.filter(match=match).count() == 3
    assert SeatResult.objects.get(match=match, seat=0).user == host
    assert RatingChange.objects.filter(match=match).values_list("user", flat=True).get() == host.pk


def test_the_last_move_adds_to_the_seat_counters_last_so_their_shared_rows_are_locked_least(
    django_user_model, django_capture_on_commit_callbacks
):
    """Every table's end adds to the same few SeatStat rows, locked until the commit: nothing but
    the savepoints' ends and the commit may follow that statement in the finishing transaction."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games import services

    host = django_user_model.objects.create_user(username="host")
    with django_capture_on_commit_callbacks(execute=True):
        match = services.do_create_match(host, players=3, bots=["", "medium", "easy"])
        services.do_start(match.pk, host)
    last = None
    for _ in range(200):
        match.refresh_from_db()
        if match.status == Match.Status.FINISHED:
            break
        with CaptureQueriesContext(connection) as last, django_capture_on_commit_callbacks(execute=False):
            services.do_submit(match.pk, host, engine.legal_actions(match.state, 0)[0])
    assert match.status == Match.Status.FINISHED
    statements = [q["sql"] for q in last.captured_queries]
    counters = [i for i, sql in enumerate(statements) if SeatStat._meta.db_table in sql]
    assert len(counters) == 1
    after = [sql for sql in statements[counters[0] + 1:] if not sql.upper().startswith(("RELEASE SAVEPOINT", "COMMIT"))]
    assert after == []


def test_the_deadline_sweep_records_a_finished_match_whose_record_failed(people):
    from games import services

    match = _unrecorded_finished_match(people[:3], seed=4)
    services.do_sweep_deadlines()
    assert MatchRecord.objects.filter(match=match).exists()
    assert SeatResult.objects.filter(match=match).count() == 3


def test_the_seat_counters_are_keyed_by_each_seats_public_labels(people):
    from games.history.models import labels_key, labels_of_key

    match = play_and_store(people[:3], seed=8, sides="B")
    for label, sheet in zip(engine.seat_labels(match.state), engine.scores(match.state)):
        stat = SeatStat.objects.get(mode="base", players=3, labels_key=labels_key(label))
        assert labels_of_key(stat.labels_key) == label
        assert (stat.seats, stat.total_points) == (1, sheet["total"])

import threading
from datetime import timedelta

import pytest
from django.db import connection, transaction
from django.utils import timezone

from games import engine, services
from games.models import Match, MatchAction, Seat
from games.services import ServiceError
from tests.factories import start_table

pytestmark = pytest.mark.django_db(transaction=True)


def replayed(match):
    return engine.replay(match.config, [a.entry for a in match.actions.order_by("index")])


def act(match, user, seat, **kwargs):
    match.refresh_from_db()
    action = engine.legal_actions(match.state, seat)[0]
    return services.do_submit(match.pk, user, action, step=match.step, **kwargs)


def test_an_accepted_action_is_logged_and_the_snapshot_and_version_saved_together(make_user):
    host, guest = make_user("host"), make_user("guest")
    match = start_table(host, players=3, others=[guest])
    before = match.version
    result = act(match, host, 0, client_id="c1")
    match.refresh_from_db()
    assert result == services.Accepted(version=before + 1)
    assert match.version == before + 1
    last = match.actions.order_by("index").last()
    assert (last.seat, last.by, last.client_id, last.version) == (0, "player", "c1", match.version)
    assert last.events == [{"type": "chosen", "seat": 0}]
    assert replayed(match) == match.state


def test_a_resubmitted_client_id_is_answered_and_not_applied_twice(make_user):
    host, guest = make_user("host"), make_user("guest")
    match = start_table(host, players=3, others=[guest])
    first = act(match, host, 0, client_id="again")
    match.refresh_from_db()
    sent = MatchAction.objects.get(match=match, client_id="again").action
    again = services.do_submit(match.pk, host, sent, client_id="again", step=0)
    assert again == services.Accepted(version=first.version, duplicate=True)
    assert Match.objects.get(pk=match.pk).version == match.version
    assert MatchAction.objects.filter(match=match, client_id="again").count() == 1


def test_an_earlier_moves_client_id_sent_with_another_move_is_refused_not_acknowledged(make_user):
    host, guest = make_user("host"), make_user("guest")
    match = start_table(host, players=3, others=[guest])
    act(match, host, 0, client_id="reused")
    match.refresh_from_db()
    other = next(a for a in engine.legal_actions(match.state, 0)
                 if a != MatchAction.objects.get(match=match, client_id="reused").action)
    with pytest.raises(ServiceError) as refused:
        services.do_submit(match.pk, host, other, client_id="reused")
    assert refused.value.code == "client_id_reused"
    assert Match.objects.get(pk=match.pk).version == match.version


def test_refused_actions_carry_the_engine_code_and_facts_and_change_nothing(make_user):
    host, guest = make_user("host"), make_user("guest")
    match = start_table(host, players=3, others=[guest])
    card = match.state["players"][0]["hand"][0]
    other_card = next(c for c in match.state["players"][1]["hand"] if c not in match.state["players"][0]["hand"])
    cases = [
        (dict(action={"type": "discard", "card": other_card}), "card_not_in_hand", {"card": other_card}),
        (dict(action={"type": "discard", "card": card}, step=match.step - 1), "stale_step", None),
        (dict(action={"type": "discard", "card": card}, seat=1), "not_your_seat", {"seat": 1, "your_seat": 0}),
    ]
    for kwargs, code, facts in cases:
        with pytest.raises(ServiceError) as caught:
            services.do_submit(match.pk, host, **{"step": match.step, **kwargs})
        assert caught.value.code == code
        if facts is not None:
            assert caught.value.facts == facts
    with pytest.raises(ServiceError) as caught:
        services.do_submit(match.pk, make_user("stranger"), {"type": "discard", "card": card})
    assert caught.value.code == "not_seated"
    assert Match.objects.get(pk=match.pk).version == match.version


def test_nothing_is_sent_before_the_commit_and_nothing_at_all_after_a_rollback(make_user, sent):
    host, guest = make_user("host"), make_user("guest")
    match = start_table(host, players=3, others=[guest])
    sent.clear()

    class Boom(Exception):
        pass

    with pytest.raises(Boom), transaction.atomic():
        act(match, host, 0)
        assert sent == []
        raise Boom
    assert sent == [] and Match.objects.get(pk=match.pk).version == match.version
    with transaction.atomic():
        act(match, host, 0)
        assert sent == []
    groups = [group for group, _ in sent if group.startswith("match.")]
    assert groups == [f"match.{match.pk}.seat.0", f"match.{match.pk}.seat.1", f"match.{match.pk}.spectators"]  # seats first
    assert {m["payload"]["version"] for g, m in sent if g.startswith("match.")} == {match.version + 1}
    # the host chose: their own socket hears that the table no longer waits on them
    assert (f"user.{host.pk}", {"type": "my_games.changed"}) in sent


def test_each_seat_is_sent_its_own_view_and_spectators_the_public_one(make_user, sent):
    host, guest = make_user("host"), make_user("guest")
    match = start_table(host, players=3, others=[guest])
    sent.clear()
    act(match, host, 0)
    match.refresh_from_db()
    payloads = {group: message["payload"] for group, message in sent if group.startswith("match.")}
    for seat in (0, 1):
        payload = payloads[f"match.{match.pk}.seat.{seat}"]
        assert payload["view"] == engine.view(match.state, seat)
        assert payload["legal"] == engine.legal_actions(match.state, seat)
    assert payloads[f"match.{match.pk}.spectators"]["view"] == engine.view(match.state, None)


@pytest.mark.skipif(
    connection.vendor == "sqlite",
    reason="always skipped by make test: its SQLite test database is in memory, with one cache shared by "
    "the connections, which refuses a second writer at once ('database table is locked') instead of "
    "waiting for the lock; make test-integration runs this test on PostgreSQL")
def test_concurrent_submissions_are_serialised_by_the_row_lock(make_user):
    users = [make_user(n) for n in ("a", "b", "c")]
    match = start_table(users[0], players=3, others=users[1:])
    before = match.version
    errors = []

    def play(seat):
        try:
            act(Match.objects.get(pk=match.pk), users[seat], seat)
        except Exception as error:  # noqa: BLE001
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=play, args=(s,)) for s in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    match.refresh_from_db()
    assert errors == []
    assert match.version == before + 3  # one version per accepted action, none lost
    assert replayed(match) == match.state


def test_a_late_seat_is_played_by_the_greedy_bot_and_taken_over_after_three_misses(make_user):
    host, guest = make_user("host"), make_user("guest")
    match = start_table(host, players=3, others=[guest], turn_seconds=30)
    assert match.deadline is not None
    for missed in (1, 2, 3):
        act(match, guest, 1)  # the guest plays in time, the host never does
        match.refresh_from_db()
        assert services.do_expire_deadline(match.pk, now=match.deadline + timedelta(seconds=1)) == 1
        seat = Seat.objects.get(match=match, number=0)
        assert seat.missed_turns == missed
        assert match.actions.filter(seat=0, by="timeout").count() == missed
    assert seat.taken_over and seat.bot_level == "medium"
    events = [e for events in match.actions.values_list("events", flat=True) for e in events]
    assert {"type": "taken_over", "seat": 0, "bot": "medium"} in events
    with pytest.raises(ServiceError) as caught:
        act(match, host, 0)
    assert caught.value.code == "seat_taken_over"
    # From now on the bot plays seat 0 at once: only the guest is waited for.
    match.refresh_from_db()
    assert engine.to_act(match.state) == [1]


def test_a_player_who_acts_again_starts_the_count_of_missed_turns_from_zero(make_user):
    host, guest = make_user("host"), make_user("guest")
    match = start_table(host, players=3, others=[guest], turn_seconds=30)
    act(match, guest, 1)
    match.refresh_from_db()
    services.do_expire_deadline(match.pk, now=match.deadline + timedelta(seconds=1))
    assert Seat.objects.get(match=match, number=0).missed_turns == 1
    act(match, host, 0)
    assert Seat.objects.get(match=match, number=0).missed_turns == 0


def test_a_deadline_not_yet_reached_plays_nothing(make_user):
    match = start_table(make_user("host"), players=3, turn_seconds=30)
    assert services.do_sweep_deadlines(now=timezone.now()) == 0
    assert services.do_sweep_deadlines(now=match.deadline + timedelta(seconds=1)) == 1


def test_a_game_of_one_scripted_human_and_bots_runs_to_the_score_sheet_on_the_embedded_defaults(make_user):
    host = make_user("host")
    match = start_table(host, players=5, bots=["", "easy", "medium", "easy", "medium"], sides="random")
    turns = 0
    while match.status == "running":
        legal = engine.legal_actions(match.state, 0)
        assert 0 in engine.to_act(match.state), "the bots have played: the human must be the one waited for"
        # The script: build the cheapest structure it can, else a stage, else discard.
        action = min(legal, key=lambda a: ({"build": 0, "build_discarded": 0, "wonder": 1}.get(a["type"], 2),
                                           sum((a.get("pay") or {}).values())))
        services.do_submit(match.pk, host, action, client_id=f"turn-{turns}", step=match.step)
        turns += 1
        match.refresh_from_db()
    assert match.status == "finished" and match.finished_at and match.deadline is None
    assert turns >= 18
    assert match.score_sheet == engine.scores(match.state)
    assert sorted(sheet["rank"] for sheet in match.score_sheet)[0] == 1
    assert replayed(match) == match.state
    assert list(match.actions.values_list("index", flat=True)) == list(range(len(match.state["log"])))


def test_a_seat_learns_why_its_unbuildable_cards_cannot_be_built_and_spectators_learn_nothing(make_user):
    from django.contrib.auth.models import AnonymousUser

    host = make_user("host")
    match = start_table(host, players=3, bots=["", "easy", "easy"])
    mine = services.snapshot(match.pk, host)
    assert mine["blocked"] == engine.blocked_builds(match.state, 0)
    assert set(mine["blocked"]) <= set(match.state["players"][0]["hand"])
    assert services.snapshot(match.pk, AnonymousUser())["blocked"] == {}
    payloads = services.update_payloads(match, services.match_seats(match), [])
    assert payloads[services.seat_group(match.pk, 0)]["blocked"] == mine["blocked"]
    assert payloads[services.spectators_group(match.pk)]["blocked"] == {}


def test_a_snapshot_holds_only_the_events_of_its_own_version(make_user, monkeypatch):
    host = make_user("host")
    match = start_table(host, players=3, bots=["", "easy", "easy"])
    act(match, host, 0)
    match.refresh_from_db()
    read_version = match.version
    real_filter = Match.objects.filter

    def read_then_another_turn_commits(*args, **kwargs):
        row = real_filter(*args, **kwargs).first()
        MatchAction.objects.create(  # committed by another process after the row was read
            match=row, index=10_000, seat=1, action={"type": "discard", "card": "x"}, by="bot",
            version=row.version + 1, events=[{"type": "turn_resolved", "plays": [{"card": "from_the_future"}]}],
        )
        return real_filter(pk=row.pk)

    monkeypatch.setattr(Match.objects, "filter", read_then_another_turn_commits)
    snap = services.snapshot(match.pk, host)
    assert snap["version"] == read_version
    assert "from_the_future" not in str(snap["events"])


def test_a_bot_that_owes_two_decisions_in_one_step_makes_both(make_user):
    host = make_user("host")
    match = start_table(host, players=2, bots=["", "medium"])
    # Age I: the seat left of the Free City (the host, seat 0) holds its card; play the first
    # turn for the host (own card, then the Free City's) so that the bot controls turn 2.
    for _ in range(2):
        match.refresh_from_db()
        services.do_submit(match.pk, host, engine.legal_actions(match.state, 0)[0])
    match.refresh_from_db()
    view = engine.view(match.state, 1)
    assert view["turn"] == 2 and view["free_city"]["controller"] == 1
    assert 1 not in engine.to_act(match.state), "the bot made its own choice and the Free City's"
    bot_moves = [a.action for a in MatchAction.objects.filter(match=match, seat=1, by="bot")]
    assert any(a.get("city") == "free_city" for a in bot_moves)


def test_a_hard_bot_searches_within_the_move_budget_and_plays_a_legal_move(make_user, settings, monkeypatch):
    from games.bots import search_bot

    settings.BOT_MOVE_SECONDS = 0.2
    budgets = []
    real = search_bot.choose

    def spy(view, legal, rng, **budget):
        budgets.append(budget)
        return real(view, legal, rng, **budget)

    monkeypatch.setattr(search_bot, "choose", spy)
    host = make_user("host")
    match = start_table(host, players=3, bots=["", "hard", "medium"])
    match.refresh_from_db()
    assert budgets and budgets[0] == {"seconds": 0.2}
    assert engine.view(match.state, None)["players"][1]["chosen"]


def test_a_seat_that_keeps_changing_its_choice_is_stopped_and_its_last_choice_stands(make_user, settings):
    settings.MOVES_PER_STEP = 3
    host, guest = make_user("host"), make_user("guest")
    match = start_table(host, players=3, others=[guest])
    choices = engine.legal_actions(match.state, 0)[:4]
    for choice in choices[:3]:
        services.do_submit(match.pk, host, choice, step=match.step)

    with pytest.raises(ServiceError) as refused:
        services.do_submit(match.pk, host, choices[3], step=match.step)

    assert refused.value.code == "too_many_moves" and refused.value.facts == {"limit": 3}
    assert MatchAction.objects.filter(match=match, seat=0).count() == 3
    assert services.do_submit(match.pk, guest, engine.legal_actions(match.state, 1)[0], step=match.step).version


def test_the_moves_limit_starts_again_at_the_next_step(make_user, settings):
    settings.MOVES_PER_STEP = 2
    host, guest = make_user("host"), make_user("guest")
    match = start_table(host, players=3, others=[guest])
    first_step = match.step
    act(match, host, 0)
    act(match, host, 0)
    with pytest.raises(ServiceError):
        act(match, host, 0)

    act(match, guest, 1)  # the bot has chosen already: the turn resolves

    match.refresh_from_db()
    assert match.step > first_step
    act(match, host, 0)
    act(match, host, 0)
    assert MatchAction.objects.filter(match=match, seat=0, version__gt=match.step_version).count() == 2

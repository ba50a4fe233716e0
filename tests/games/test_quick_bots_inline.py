"""A player's move that begins a new step has the step's quick bots choose in the same
transaction and version; searching bots still go through the bots queue (issue 14, item 5)."""
import pytest

from games import engine, services
from games.models import Match, MatchAction
from games.services import bot_port

pytestmark = pytest.mark.django_db(transaction=True)


def started(make_user, bots):
    host = make_user("host")
    match = services.do_create_match(host, players=len(bots), bots=bots)
    services.do_start(match.pk, host)
    match.refresh_from_db()
    assert engine.to_act(match.state) == [0], "the start's quick bots chose already"
    return host, match


def asked_through_the_queue(monkeypatch):
    asked = []
    monkeypatch.setattr(bot_port, "request_bot_turns", lambda *args, **kwargs: asked.append((args, kwargs)))
    return asked


def test_the_quick_bots_of_the_new_turn_choose_in_the_version_of_the_move_that_began_it(make_user, monkeypatch):
    host, match = started(make_user, ["", "medium", "easy"])
    asked = asked_through_the_queue(monkeypatch)
    before = match.version
    action = engine.legal_actions(match.state, 0)[0]

    accepted = services.do_submit(match.pk, host, action, client_id="c-1")

    match.refresh_from_db()
    assert accepted.version == before + 1 == match.version
    assert asked == [], "no bot turn was left for the queue"
    assert engine.to_act(match.state) == [0], "both bots of the new turn have chosen"
    assert match.state["turn"] == 2 and not match.bots_pending
    assert match.step_version == match.version
    rows = list(MatchAction.objects.filter(match=match, version=match.version).order_by("index"))
    assert [(r.seat, r.by, r.client_id) for r in rows] == [
        (0, MatchAction.By.PLAYER, "c-1"), (1, MatchAction.By.BOT, None), (2, MatchAction.By.BOT, None)]
    replayed = engine.replay(match.config, [
        {"seat": r.seat, "action": r.action} if r.seat is not None else r.action
        for r in MatchAction.objects.filter(match=match).order_by("index")])
    assert replayed == match.state


def test_the_update_of_that_move_tells_that_the_bots_have_chosen(make_user, monkeypatch):
    host, match = started(make_user, ["", "medium", "easy"])
    sent = []
    monkeypatch.setattr(services.broadcast, "broadcast_update", lambda match_id, payloads: sent.append(payloads))
    services.do_submit(match.pk, host, engine.legal_actions(match.state, 0)[0])

    update = sent[-1][services.seat_group(match.pk, 0)]
    types = [e["type"] for e in update["events"]]
    assert types.index("turn_resolved") < types.index("chosen", types.index("turn_resolved"))
    assert {e["seat"] for e in update["events"][types.index("turn_resolved"):] if e["type"] == "chosen"} == {1, 2}
    assert update["legal"], "the player is asked for the new turn in the same update"


def test_a_searching_bot_still_goes_through_the_queue_while_the_quick_one_chooses_at_once(make_user, monkeypatch):
    host, match = started(make_user, ["", "hard", "medium"])
    asked = asked_through_the_queue(monkeypatch)
    services.do_submit(match.pk, host, engine.legal_actions(match.state, 0)[0])

    match.refresh_from_db()
    assert engine.to_act(match.state) == [0, 1]
    assert match.bots_pending
    assert [(args[1], kwargs["slow"]) for args, kwargs in asked] == [([1], [1])]
    assert asked[0][0][2] == match.step_version == match.version


def test_a_move_that_only_chooses_asks_no_bot(make_user, monkeypatch):
    host = make_user("host")
    guest = make_user("guest")
    match = services.do_create_match(host, players=3, bots=["", "", "medium"])
    services.do_join(match.pk, guest)
    services.do_start(match.pk, host)
    match.refresh_from_db()
    asked = asked_through_the_queue(monkeypatch)
    before = match.version
    services.do_submit(match.pk, host, engine.legal_actions(match.state, 0)[0])

    match.refresh_from_db()
    assert match.version == before + 1 and match.state["turn"] == 1
    assert sorted(engine.to_act(match.state)) == [1]
    assert asked == []


def test_with_inline_bots_off_every_bot_turn_goes_through_the_queue(make_user, monkeypatch, settings):
    settings.QUICK_BOTS_INLINE = False
    host, match = started(make_user, ["", "medium", "easy"])
    asked = asked_through_the_queue(monkeypatch)
    services.do_submit(match.pk, host, engine.legal_actions(match.state, 0)[0])

    match.refresh_from_db()
    assert sorted(engine.to_act(match.state)) == [0, 1, 2]
    assert [args[1] for args, _ in asked] == [[1, 2]]


def test_the_bots_moves_do_not_count_against_the_players_changes_of_mind(make_user, settings):
    settings.MOVES_PER_STEP = 2
    host, match = started(make_user, ["", "medium", "easy"])
    for _ in range(2):  # two turns: each move begins a turn whose bots choose at once
        services.do_submit(match.pk, host, engine.legal_actions(Match.objects.get(pk=match.pk).state, 0)[0])
    match.refresh_from_db()
    assert match.state["turn"] == 3
    services.do_submit(match.pk, host, engine.legal_actions(match.state, 0)[0])  # not refused: too_many_moves


def test_the_starts_quick_bots_choose_in_the_starts_version_after_the_deal(make_user, monkeypatch):
    host = make_user("host")
    match = services.do_create_match(host, players=3, bots=["", "medium", "hard"])
    asked = asked_through_the_queue(monkeypatch)
    services.do_start(match.pk, host)

    match.refresh_from_db()
    assert sorted(engine.to_act(match.state)) == [0, 2], "the medium bot chose; the searching one is asked"
    assert [(args[1], kwargs["slow"]) for args, kwargs in asked] == [([2], [2])]
    rows = list(MatchAction.objects.filter(match=match).order_by("index"))
    assert {r.version for r in rows} == {match.version} == {match.step_version}
    assert [r.by for r in rows if r.seat is not None] == [MatchAction.By.BOT]
    assert all(r.seat is None for r in rows[:-1]) and rows[-1].seat == 1, "the deal first, then the bot"
    assert {r.by for r in rows[:-1]} == {MatchAction.By.CHANCE}
    assert engine.replay(match.config, [{"seat": r.seat, "action": r.action} if r.seat is not None else r.action
                                        for r in rows]) == match.state


def test_when_the_bots_batch_ends_the_turn_the_next_turns_quick_bots_choose_in_the_same_version(
        make_user, monkeypatch, settings):
    host = make_user("host")
    match = services.do_create_match(host, players=3, bots=["", "medium", "easy"])
    asked = asked_through_the_queue(monkeypatch)
    settings.QUICK_BOTS_INLINE = False  # the start's bots wait in the queue
    services.do_start(match.pk, host)
    settings.QUICK_BOTS_INLINE = True
    match.refresh_from_db()
    services.do_submit(match.pk, host, engine.legal_actions(match.state, 0)[0])  # the player is first
    match.refresh_from_db()
    assert sorted(engine.to_act(match.state)) == [1, 2]

    assert services.do_play_bot_turn(match.pk, [1, 2], match.step_version) == "played"

    match.refresh_from_db()
    assert match.state["turn"] == 2 and engine.to_act(match.state) == [0]
    assert [args[1] for args, _ in asked] == [[1, 2]], "only the start's bots went to the queue"
    assert set(MatchAction.objects.filter(match=match, version=match.version).values_list("seat", flat=True)) == {1, 2}


def test_a_table_of_bots_still_plays_one_step_per_task(make_user, monkeypatch):
    host = make_user("host")
    match = services.do_create_match(host, players=3, bots=["", "medium", "easy"])
    services.do_start(match.pk, host)
    asked = asked_through_the_queue(monkeypatch)
    services.do_concede(match.pk, host)  # a bot takes the seat: no person is left at the table
    match.refresh_from_db()
    assert [args[1] for args, _ in asked] == [[0]]
    version = match.version

    services.do_play_bot_turn(*asked[-1][0])

    match.refresh_from_db()
    assert match.version == version + 1 and match.state["turn"] == 2
    assert sorted(engine.to_act(match.state)) == [0, 1, 2], "the next turn's bots are asked, not played at once"
    assert [args[1] for args, _ in asked[1:]] == [[0, 1, 2]]

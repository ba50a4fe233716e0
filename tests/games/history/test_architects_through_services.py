"""An Architects match played through the live-play services (a scripted person and the site's
bots) is recorded by the finishing transaction and shows in the history."""
import pytest

from games import engine, services
from games.history.models import MatchRecord, RatingChange, SeatResult
from tests.factories import start_table
from tests.games.history.helpers import fit_bots

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_architects_match_played_through_the_services_is_recorded_when_it_ends(make_user, client, monkeypatch):
    fit_bots(monkeypatch, {"architects": {"easy": 20.0, "medium": 25.0, "hard": 30.0}})
    host = make_user("host")
    match = start_table(host, players=4, bots=["", "easy", "medium", "medium"], game="architects")
    moves = 0
    while match.status == "running":
        assert engine.to_act(match.state) == [0], "the bots have played: the person is the one waited for"
        action = engine.legal_actions(match.state, 0)[0]
        services.do_submit(match.pk, host, action, client_id=f"move-{moves}", step=match.step)
        moves += 1
        match.refresh_from_db()
    assert match.status == "finished"
    record = MatchRecord.objects.get(match=match)
    assert record.mode == "architects" and record.rated and record.unrated_reason == ""  # bots are rated players
    assert RatingChange.objects.get(match=match, user=host).mode == "architects"
    results = list(SeatResult.objects.filter(match=match).order_by("seat"))
    assert [r.total for r in results] == [sheet["total"] for sheet in match.score_sheet]
    assert [r.labels for r in results] == engine.seat_labels(match.state)
    assert client.get(f"/en/matches/{match.pk}/").status_code == 200

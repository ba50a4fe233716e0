"""What leaves after commit never undoes or hides an accepted move (issue 14, item 3)."""
import pytest

from games import engine, services
from games.models import MatchAction
from games.services import bot_port, broadcast

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_failing_broadcast_still_answers_the_player_keeps_the_move_and_asks_the_bots(make_user, monkeypatch, settings):
    settings.QUICK_BOTS_INLINE = False  # the medium bots go through the queue, as searching bots always do
    host = make_user("host")
    match = services.do_create_match(host, players=3, bots=["", "medium", "medium"])
    services.do_start(match.pk, host)
    match.refresh_from_db()
    asked = []
    monkeypatch.setattr(bot_port, "request_bot_turns", lambda *args, **kwargs: asked.append(args))

    def broken(messages):
        raise ConnectionError("the channel layer is down")

    monkeypatch.setattr(broadcast, "send_many", broken)
    action = engine.legal_actions(match.state, 0)[0]
    accepted = services.do_submit(match.pk, host, action, client_id="c-1")
    assert accepted.version > match.version and not accepted.duplicate
    assert MatchAction.objects.filter(match=match, seat=0, client_id="c-1").exists()
    assert asked, "the move ended the turn (the bots had chosen): the new turn's bots must be asked"

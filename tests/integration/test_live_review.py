"""The game review over the real stack (issue 28): a person finishes a game against two easy bots;
its review is a Celery task on the `review` queue, which the stack's worker serves, and the API
answers it done with the person's decisions only (the stack's budget: REVIEW_TOTAL_SECONDS=3)."""
import asyncio
import time

import pytest
import requests

from tests.integration.live_stack import LiveClient

pytestmark = [pytest.mark.integration, pytest.mark.xdist_group("live_stack")]


def test_a_finished_game_is_reviewed_by_the_worker_of_the_review_queue(live_stack):
    stack = live_stack
    stack.signup("review_live")
    http = stack.login("review_live")
    match_id = stack.create_table(http, players=3, bots=["easy", "easy"])

    async def run():
        player = LiveClient(stack, match_id, http.cookies["sessionid"], name="reviewed", seed=28)
        await player.connect()
        await asyncio.to_thread(stack.start_table, http, match_id)
        await player.play(timeout=240)
        await player.close()

    asyncio.run(asyncio.wait_for(run(), 300))
    end = time.monotonic() + 90
    while time.monotonic() < end:
        review = requests.get(stack.url(f"/api/matches/{match_id}/review/"), timeout=30).json()
        if review["status"] in ("done", "failed"):
            break
        time.sleep(0.5)
    assert review["status"] == "done"
    assert review["decisions"] and {decision["seat"] for decision in review["decisions"]} == {0}
    assert review["budget"] == {"total_seconds": 3.0}
    worker_log = stack.worker.log_path.read_text(errors="replace")
    assert "Task games.review_match" in worker_log and " succeeded in " in worker_log

"""Two hard bots (the search bot, at the default budget) play a whole game over the real stack:
daphne, Redis, PostgreSQL and the Celery worker, with a player and a medium bot, on a table
with a turn timer. No deadline is missed: nothing is played by the timeout bot, and every step
of the hard bots ends well inside the timer."""
import asyncio
from types import SimpleNamespace

import pytest

from tests.integration.live_stack import LiveClient, check_match_log

pytestmark = [pytest.mark.integration, pytest.mark.xdist_group("live_stack")]

TURN_SECONDS = 10  # the shortest timer a table may have
HARD, MEDIUM = "hard", "medium"


@pytest.fixture(scope="module")
def game(live_stack_session):
    stack = live_stack_session
    stack.ensure_running()
    stack.signup("hugo_hard")
    http = stack.login("hugo_hard")
    match_id = stack.create_table(http, players=4, bots=[HARD, MEDIUM, HARD], turn_seconds=TURN_SECONDS)

    async def run():
        player = LiveClient(stack, match_id, http.cookies["sessionid"], name="hugo", seed=5)
        await player.connect()
        await asyncio.to_thread(stack.start_table, http, match_id)
        await player.play(timeout=300)
        await player.close()
        return player

    player = asyncio.run(asyncio.wait_for(run(), 330))
    times = stack._rows('SELECT "index", seat, action, by, version, created_at FROM games_matchaction '
                        'WHERE match_id = %s ORDER BY "index"', (match_id,))
    return SimpleNamespace(player=player, checked=check_match_log(stack, match_id), times=times)


def test_two_hard_bots_play_a_whole_game_to_the_final_scores(game):
    assert game.checked["row"]["status"] == "finished"
    assert game.player.finished and game.player.errors == []
    by_seat = {(r["seat"], r["by"]) for r in game.checked["log"] if r["seat"] is not None}
    assert by_seat == {(0, "player"), (1, "bot"), (2, "bot"), (3, "bot")}


def hard_bot_waits(row, times):
    """Seconds from the start of each step (the last move of the step before) to each hard bot's
    move in it, the steps told apart by replaying the log."""
    from games import engine

    state, steps = None, []
    for k, r in enumerate(times):
        if r["seat"] is None:
            continue
        if state is None:
            chance = [dict(c["action"]) for c in times[:k]]
            state = engine.replay(row["config"], chance)
        key = (state["phase"], state["age"], state["turn"])
        if not steps or steps[-1][0] != key:
            steps.append((key, []))
        steps[-1][1].append(r)
        state, _events = engine.apply(state, r["seat"], r["action"])
    waits = []
    for (_key, before), (_next, rows) in zip(steps, steps[1:]):
        began = before[-1]["created_at"]
        waits += [(r["created_at"] - began).total_seconds() for r in rows if r["seat"] in (1, 3)]
    return waits


def test_no_move_is_left_to_the_timeout_bot_and_every_hard_step_ends_inside_the_timer(game):
    assert all(r["by"] != "timeout" for r in game.times)
    waits = hard_bot_waits(game.checked["row"], game.times)
    assert len(waits) >= 2 * 17  # both hard bots in every turn after the first
    print(f"hard bots: longest wait from a step's start to their move {max(waits):.2f} s")
    assert max(waits) < TURN_SECONDS

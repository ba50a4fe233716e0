"""Terminated PostgreSQL backends close no game socket (issue 29, item 5): a connection taken from
the pool is checked before it is handed out, so the next move after every backend of the database
was terminated is played on the same socket, which stays open."""
import asyncio

import psycopg
import pytest
from websockets.exceptions import ConnectionClosed

from tests.integration.live_stack import LiveClient

pytestmark = [pytest.mark.integration, pytest.mark.xdist_group("live_stack")]


def terminate_backends(stack):
    """Terminate every backend of the stack's database but this one; return how many."""
    with psycopg.connect(stack.server_url, autocommit=True) as conn:
        rows = conn.execute("select pg_terminate_backend(pid) from pg_stat_activity "
                            "where datname = %s and pid <> pg_backend_pid()", [stack.db_name]).fetchall()
    return len(rows)


def test_a_move_after_the_database_backends_are_terminated_is_acknowledged_on_the_same_socket(live_stack):
    stack = live_stack
    stack.signup("dora_live")
    http = stack.login("dora_live")
    match_id = stack.create_table(http, players=4, bots=["easy", "easy", "easy"])
    seen = {}

    async def run():
        player = LiveClient(stack, match_id, http.cookies["sessionid"], name="dora", seed=3, reconnect=False)
        await player.connect()
        await asyncio.to_thread(stack.start_table, http, match_id)
        await player.play(until=lambda c: c.may_act, act=False, timeout=60)
        first = await player.act()
        await player.wait_ack(first["client_id"])
        # The bots answer; wait for the player's next turn, then kill every pooled connection.
        await player.play(until=lambda c: c.may_act, act=False, timeout=60)
        socket = player.ws
        seen["terminated"] = await asyncio.to_thread(terminate_backends, stack)
        second = await player.act()
        try:
            seen["ack"] = await player.wait_ack(second["client_id"])
        except ConnectionClosed:
            seen["ack"] = None
        seen["same"] = player.ws is socket
        seen["close_code"] = socket.close_code
        seen["close_reason"] = socket.close_reason
        seen["errors"] = list(player.errors)
        await player.close()

    asyncio.run(asyncio.wait_for(run(), 180))
    assert seen["terminated"] >= 1, "no backend of the stack's database was terminated"
    assert seen["close_code"] is None, f"the socket was closed: {seen['close_code']} {seen['close_reason']!r}"
    assert seen["same"] and seen["ack"] is not None, "the move was not acknowledged"
    assert seen["ack"]["duplicate"] is False
    assert seen["errors"] == []

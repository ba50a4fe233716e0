"""A turn-based game over simulated days on the real stack (issue 27): PostgreSQL, Redis, daphne and
a Celery worker of their own, and a real SMTP server on 127.0.0.1 (aiosmtpd, started here) that
receives every e-mail the worker sends.

Five seats: Ann (an e-mail each turn), Bia (the daily digest, in Brazilian Portuguese), Caio (an
e-mail each turn until he unsubscribes through the e-mail's link), two medium bots; a 24-hour move
deadline and a bot after 2 missed deadlines in a row. People move over the WebSocket; time moves
on through the deadline sweep run with a later `now` (manage.py shell), as Celery beat would run it
days later. Along the way: a reminder at 80% of the deadline, a missed deadline told in the next
e-mail, a table open when its step begins (no e-mail), the take-over, the worker killed while
e-mails wait (restarted: each sent once) and daphne restarted. At the end every notice in the
sent-log is checked against what the rules expect for that person and step, and every e-mail
received against the sent-log: each sent once, none unlogged.
"""
import asyncio
import email
import re
import time
from datetime import datetime, timedelta, timezone
from email import policy
from urllib.parse import urlsplit

import pytest

from tests.integration.live_stack import LiveClient, LiveStack, StackError, free_port

pytestmark = [pytest.mark.integration, pytest.mark.xdist_group("live_stack")]

MISSES = {3, 9, 10}       # Caio's steps (counted from 1) at which he lets his deadline pass
REMIND_AT_STEP = 2        # the sweep runs at 80% of the deadline before anyone moves
ANN_LAST_AT_STEP = 4      # Ann moves last and keeps the table open: step 5 sends her nothing
UNSUBSCRIBE_AT_STEP = 6   # Caio clicks the unsubscribe link in his e-mail once this step's notices are
                          # out and before anyone moves (the next step's notices are decided as the moves land)
WORKER_DOWN_AT_STEP = 7   # the worker is killed before the moves and started again after
DAPHNE_RESTART_AT_STEP = 8


class Inbox:
    """What the SMTP server received, parsed."""

    def __init__(self):
        self.messages = []

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's handler name
        message = email.message_from_bytes(envelope.content, policy=policy.default)
        self.messages.append({"to": list(envelope.rcpt_tos), "subject": str(message["Subject"]),
                              "body": message.get_content(), "unsubscribe": str(message["List-Unsubscribe"] or ""),
                              "language": str(message["Content-Language"] or "")})
        return "250 OK"

    def to(self, address):
        return [m for m in self.messages if m["to"] == [address]]


@pytest.fixture
def smtp():
    from aiosmtpd.controller import Controller

    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    try:
        yield controller.port, inbox
    finally:
        controller.stop()


@pytest.fixture
def stack(smtp):
    port, _ = smtp
    import os
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    # Its own Redis database: 5 + the xdist worker's number is the session's stack, that plus 8 the
    # session's stack of the other channel layer (tests/integration/conftest.py; its Celery worker
    # would take this stack's notification tasks and find no such match), 15 test_live_handshake's.
    live = LiveStack(name="turns", beat=False, redis_db=9 + int(worker.lstrip("gw") or 0), env={
        "EMAIL_HOST": "127.0.0.1", "EMAIL_PORT": str(port), "SITE_URL": "http://wonders.test",
        "DEFAULT_FROM_EMAIL": "Wonders <turns@wonders.test>", "NOTIFY_DIGEST_HOUR": "7",
    })
    live.start()
    try:
        yield live
    finally:
        live.stop()


def sweep(stack, now):
    """One deadline sweep as if it ran at `now`."""
    out = stack.manage("shell", "-c", (
        "import datetime\nfrom games.services import deadlines\n"
        f"print('PLAYED', deadlines.do_sweep_deadlines(now=datetime.datetime.fromisoformat({now.isoformat()!r})))"))
    return int(out.split("PLAYED")[-1].split()[0])


def waiting(stack, match_id):
    return stack._rows(
        "SELECT s.number, u.username, s.deadline, s.remind_at FROM games_seat s JOIN auth_user u ON u.id = s.user_id "
        "WHERE s.match_id = %s AND s.waiting_since IS NOT NULL ORDER BY s.number", (match_id,))


def notices(stack, match_id=None):
    rows = stack._rows("SELECT u.username, n.kind, n.step, n.key, n.outcome FROM games_notice n "
                       "JOIN auth_user u ON u.id = n.user_id ORDER BY n.id", ())
    return [r for r in rows if match_id is None or r["key"].split(":")[1:2] in ([str(match_id)], [])]


async def wait_for(predicate, what, timeout=60):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return
        await asyncio.sleep(0.2)
    raise StackError(f"timed out waiting for {what}")


async def move(stack, sessionid, match_id, name, hold=False):
    """Connect, play the seat's first legal action, wait for the ack; close unless `hold` (then the
    client is returned, still connected)."""
    client = LiveClient(stack, match_id, sessionid, name=name)
    await client.connect()
    sent = await client.act(client.legal[0])
    await client.wait_ack(sent["client_id"])
    if hold:
        return client
    await client.close()
    await asyncio.sleep(0.5)  # the server has closed its side: the table no longer counts as open
    return None


def outcome_for(name, unsubscribed, held_name=None):
    """What the rules call for when a table starts waiting on `name` (or reminds them)."""
    if name == "caio" and unsubscribed:
        return "off"  # the settings are read first, then whether the table is open
    if name == held_name:
        return "open"
    return "digest" if name == "bia" else "sent"


def test_a_five_seat_turn_based_game_over_days_sends_each_notification_once(stack, smtp):
    _, inbox = smtp
    asyncio.run(asyncio.wait_for(play_the_game(stack, inbox), timeout=1200))


async def play_the_game(stack, inbox):
    import requests

    names = ["ann", "bia", "caio"]
    sessions = {name: stack.signup(name) for name in names}
    stack.manage("shell", "-c", (
        "from accounts.models import Profile\nfrom django.contrib.auth import get_user_model\n"
        "for name, how, lang in [('ann', 'each', 'en'), ('bia', 'digest', 'pt-br'), ('caio', 'each', 'en')]:\n"
        "    u = get_user_model().objects.get(username=name); u.email = name + '@example.org'; u.save()\n"
        "    Profile.objects.filter(user=u).update(notify_by=how, preferred_language=lang)\n"))
    match_id = stack.create_table(sessions["ann"], players=5, bots=["", "", "medium", "medium"],
                                  fields={"pace": "86400", "missed_limit": 2})
    for name in ("bia", "caio"):
        stack.join_table(sessions[name], match_id)
    stack.start_table(sessions["ann"], match_id)
    sid = {name: s.cookies["sessionid"] for name, s in sessions.items()}

    expected = []          # (username, kind, step or None, outcome) the rules call for
    held = None            # (name, client): who kept the table open while the current step began
    unsubscribed = taken_over = False
    clock = datetime.now(timezone.utc)
    step_count = caio_steps = 0
    while True:
        row = stack.match_row(match_id)
        if row["status"] == "finished":
            break
        people = waiting(stack, match_id)
        if not people:
            await asyncio.sleep(0.2)  # a step of the bots only: the worker plays it
            continue
        step_count += 1
        assert step_count <= 60, "the game did not end"
        step = row["step"]
        for person in people:
            expected.append((person["username"], "turn", step,
                             outcome_for(person["username"], unsubscribed, held and held[0])))
        # Nobody opens the table before the worker has told this step's people (it would be "open"); the
        # last mover's table stays open until then, and is closed after.
        await wait_for(lambda: {(n["username"], n["step"]) for n in notices(stack, match_id)
                                if n["kind"] == "turn" and n["outcome"] != "pending"}
                       >= {(p["username"], step) for p in people}, f"the notices of step {step}")
        if held is not None:
            await held[1].close()
            await asyncio.sleep(0.5)
            held = None
        if step_count == UNSUBSCRIBE_AT_STEP and not unsubscribed:
            await wait_for(lambda: inbox.to("caio@example.org"), "an e-mail to Caio")
            link = urlsplit(re.search(r"<([^>]+)>", inbox.to("caio@example.org")[-1]["unsubscribe"]).group(1))
            assert requests.get(stack.url(link.path), timeout=30).status_code == 200
            unsubscribed = True
        if step_count == REMIND_AT_STEP:
            clock = max(clock, max(p["remind_at"] for p in people)) + timedelta(seconds=1)
            assert sweep(stack, clock) == 0
            expected += [(p["username"], "reminder", step, outcome_for(p["username"], unsubscribed)) for p in people]
            await wait_for(lambda: {n["username"] for n in notices(stack, match_id) if n["kind"] == "reminder"
                                    and n["step"] == step and n["outcome"] != "pending"}
                           >= {p["username"] for p in people}, "the reminders")
        if step_count == DAPHNE_RESTART_AT_STEP:
            stack.restart_daphne()
        if step_count == WORKER_DOWN_AT_STEP:
            stack.kill_worker()
        caio_waits = any(p["username"] == "caio" for p in people)
        caio_steps += caio_waits
        misses = caio_waits and caio_steps in MISSES
        movers = [p["username"] for p in people if not (misses and p["username"] == "caio")]
        if step_count == ANN_LAST_AT_STEP and "ann" in movers:
            movers = [m for m in movers if m != "ann"] + ["ann"]
        for i, name in enumerate(movers):
            hold = i == len(movers) - 1 and not misses and step_count != WORKER_DOWN_AT_STEP
            client = await move(stack, sid[name], match_id, name, hold=hold)
            if client is not None:
                held = (name, client)
        if misses:  # Caio's deadline passes: the sweep, a day later, plays for him
            caio = next(p for p in people if p["username"] == "caio")
            clock = max(clock, caio["deadline"]) + timedelta(seconds=1)
            assert sweep(stack, clock) >= 1
        if step_count == WORKER_DOWN_AT_STEP:
            queued = stack.queue_length("default")
            stack.start_worker()
            assert queued, "the e-mails of the new step waited in the queue while the worker was down"
        if not taken_over and stack._rows(
                "SELECT s.taken_over FROM games_seat s JOIN auth_user u ON u.id = s.user_id "
                "WHERE s.match_id = %s AND u.username = 'caio'", (match_id,))[0]["taken_over"]:
            taken_over = True
            expected.append(("caio", "taken", None, "off"))
    if held is not None:
        await held[1].close()
    assert taken_over, "Caio's seat went to a bot after two missed deadlines in a row"

    # the digest: Bia's notices left for it go out once a day, at the digest hour after they were left
    next_morning = (clock + timedelta(days=1)).replace(hour=7, minute=5)
    sweep(stack, next_morning)
    sweep(stack, next_morning + timedelta(minutes=10))

    def settled():
        rows = notices(stack)
        return rows and all(r["outcome"] not in ("pending", "digest") for r in rows) and len(inbox.messages) == sum(
            1 for r in rows if r["outcome"] == "sent")
    await wait_for(settled, "every notice settled and its e-mail received")

    logged = notices(stack, match_id)
    got = {(r["username"], r["kind"], None if r["kind"] == "taken" else r["step"]): r["outcome"]
           for r in logged if r["kind"] != "digest"}
    for name, kind, step, outcome in expected:
        assert got.get((name, kind, step)) in (outcome, "digested" if outcome == "digest" else outcome), (
            name, kind, step, outcome, got.get((name, kind, step)))
    assert len(got) == len(expected), sorted(set(got) - {(n, k, s) for n, k, s, _ in expected})
    outcomes = {outcome for *_, outcome in expected}
    assert {"sent", "open", "off", "digest"} <= outcomes

    # each e-mail once, to whom the sent-log names, in their language
    everything = notices(stack)
    for name in names:
        sent = [r for r in everything if r["username"] == name and r["outcome"] == "sent"]
        mails = inbox.to(f"{name}@example.org")
        assert len(mails) == len(sent), (name, len(mails), len(sent))
        assert all(re.search(r"<http://wonders\.test/\S+/unsubscribe/\S+/>", m["unsubscribe"]) for m in mails)
    ann_mails = inbox.to("ann@example.org")
    assert sum(1 for m in ann_mails if m["subject"].startswith("Your move at table")) == sum(
        1 for r in everything if r["username"] == "ann" and r["kind"] == "turn" and r["outcome"] == "sent")
    assert sum(1 for m in ann_mails if m["subject"].startswith("Reminder:")) == 1
    digests = [r for r in everything if r["kind"] == "digest" and r["outcome"] == "sent"]
    assert digests and {r["username"] for r in digests} == {"bia"} and len({r["key"] for r in digests}) == len(digests)
    bia_mails = inbox.to("bia@example.org")
    assert len(bia_mails) == len(digests) and all(m["language"] == "pt-br" for m in bia_mails)
    assert all("resumo" in m["subject"] for m in bia_mails)
    assert any(f"/pt-br/play/{match_id}/game/" in m["body"] for m in bia_mails)
    # Caio's missed deadline was told in his next e-mail; nothing reached him once unsubscribed
    assert any("a bot played 1 move for you" in m["body"] for m in inbox.to("caio@example.org"))
    # Ann's e-mail links open the table
    line = next(line for line in ann_mails[0]["body"].splitlines() if line.startswith("Open the table: "))
    link = urlsplit(line.split(": ", 1)[1])
    assert link.path == f"/en/play/{match_id}/game/"
    assert sessions["ann"].get(stack.url(link.path), timeout=30).status_code == 200

    # a notification delivered again (a restart, a retry) sends nothing
    before = len(inbox.messages)
    turn = next(r for r in logged if r["username"] == "ann" and r["kind"] == "turn" and r["outcome"] == "sent")
    stack.manage("shell", "-c", (
        "from django.contrib.auth import get_user_model\nfrom games.tasks import send_notification\n"
        f"send_notification.delay('turn', {match_id}, {turn['step']}, "
        "get_user_model().objects.get(username='ann').pk)"))
    await asyncio.sleep(3)
    assert len(inbox.messages) == before

"""Tables played through nginx while `deploy/prod.py rolling-restart` runs (issue 29, item 2): the
code shared by bench/bench_restart.py and test_production_shape.py's rolling-restart test.

`play_through_rolling_restart(shape, tables)` makes one player (a user and a session) per table;
each player creates a table over HTTP through nginx (seat 0 theirs, the other seats `bots`),
connects a `RestartClient`, starts it, and plays it to the end, about `think` seconds a move. Once
every first game has begun and `restart_after` seconds have passed, the rolling restart runs (each
daphne, then each worker, the reviewers and beat, in turn). A player whose game ends before the
restart has ended begins another one, so games are being played from the first restart to the
last. Then every match is read back: `Outcome` holds the games, the restart's timeline and what
was lost or applied twice.

What a "pause" is, for one player: the time the player's screen stands still while the player has
nothing to do, in two kinds:
- act -> ack: from a move first sent to its first ack (a reconnection and the move's resend
  included);
- waiting: from the moment the player has done all that is asked of them (their move acknowledged,
  or a message that asks them nothing) to the next message that moves the game on (an update or a
  snapshot of a newer version). A reconnection's snapshot of the same version does not end it. The
  time a player is asked and thinks is never a pause.
A player's longest pause is the largest of either kind over all their games.
"""
import asyncio
import re
import time
import traceback
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime, timezone

from tests.integration.live_stack import PYTHON, ROOT, LiveClient, check_match_log, percentile


class RestartClient(LiveClient):
    """A LiveClient that thinks about `think` seconds (0.5-1.5 times) before each move, while still
    reading its socket, and records its connections and pauses (the module's docstring)."""

    def __init__(self, *args, think=1.0, **kwargs):
        super().__init__(*args, **kwargs)
        self.think = think
        self.connections = []     # [opened, ended or None, "dropped" | "closed" | None] (monotonic)
        self.waits = []           # seconds of each "waiting" pause
        self.pauses = []          # ("act -> ack" | "waiting", began (monotonic), seconds), every pause
        self._waiting_since = None
        self._thinking = (None, 0.0)  # (the decision, until when)
        self._connecting = False

    async def connect(self, timeout=15):
        self._connecting = True  # connect() waits for its snapshot: recv() must not return None
        try:
            snapshot = await super().connect(timeout)
        finally:
            self._connecting = False
        self.connections.append([time.monotonic(), None, None])
        return snapshot

    def _end_connection(self, how):
        if self.connections and self.connections[-1][1] is None:
            self.connections[-1][1:] = [time.monotonic(), how]

    async def reconnect(self, deadline):
        self._end_connection("dropped")
        await super().reconnect(deadline)

    async def close(self):
        self._end_connection("closed")
        await super().close()

    async def handle(self, message):
        before, now = self.version, time.monotonic()
        first_ack = message["type"] == "ack" and message["client_id"] not in self.acks
        await super().handle(message)
        if first_ack and message["client_id"] in self.sent_at:
            sent = self.sent_at[message["client_id"]]
            self.pauses.append(("act -> ack", sent, now - sent))
        if self.version > before and self._waiting_since is not None:
            self.waits.append(now - self._waiting_since)
            self.pauses.append(("waiting", self._waiting_since, now - self._waiting_since))
            self._waiting_since = None
        if self.status == "running" and self.outbox is None and not self.may_act:
            if self._waiting_since is None:
                self._waiting_since = now
        else:
            self._waiting_since = None
        if self.may_act and self._thinking[0] != self._decision():
            self._thinking = (self._decision(), now + self.rng.uniform(0.5, 1.5) * self.think)

    def thinking(self):
        return self._thinking[0] == self._decision() and time.monotonic() < self._thinking[1]

    async def recv(self, timeout):
        # While thinking, wake when the thought ends (no resync for a quiet socket then).
        thinking = self.may_act and self.thinking() and not self._connecting
        left = self._thinking[1] - time.monotonic() if thinking else None
        if left is not None and left < timeout:
            try:
                return await super().recv(max(0.01, left))
            except asyncio.TimeoutError:
                return None
        return await super().recv(timeout)

    @property
    def longest_act_to_ack(self):
        return max(self.ack_latency, default=0.0)

    @property
    def longest_wait(self):
        return max(self.waits, default=0.0)


@dataclass
class Game:
    table: int
    match_id: int
    client: RestartClient
    began: float = 0.0            # monotonic: started
    ended: float | None = None    # monotonic: its final scores received
    failure: str | None = None
    traceback: str | None = None


@dataclass
class Outcome:
    tables: int
    games: list = field(default_factory=list)
    events: list = field(default_factory=list)   # (monotonic, wall clock, supervisorctl's line)
    restart_began: float = 0.0
    restart_began_wall: float = 0.0
    restart_returncode: int | None = None
    restart_output: str = ""
    failures: list = field(default_factory=list)  # tables that could not go on: "table n: error"
    bad_logs: list = field(default_factory=list)   # "match n: what check_match_log found"
    lost: list = field(default_factory=list)       # (match id, client_id) acknowledged, not logged
    twice: list = field(default_factory=list)      # (match id, client_id) logged more than once
    people_moves_logged: int = 0
    bot_moves_logged: int = 0
    longest_without_bot_move: float | None = None  # seconds, over all tables, during the restart
    ready_times: dict = field(default_factory=dict)  # Celery program -> its " ready." lines (monotonic)

    def back(self, program):
        """When `program` was running again (monotonic), from supervisorctl's "<name>: started"."""
        return next((t for t, _, line in self.events if line == f"{program}: started"), None)

    def ready(self, program):
        """When a restarted Celery `program` logged " ready." again (monotonic), or None."""
        return next((t for t in self.ready_times.get(program, ()) if t > self.restart_began), None)

    def programs(self):
        return [line.split(":")[0] for _, _, line in self.events if line.endswith(": started")]

    def daphnes_back(self):
        return max((self.back(p) for p in self.programs() if p.startswith("daphne-")), default=None)

    def phase(self, moment):
        """The process whose restart was under way at `moment` ("before", "after" outside it)."""
        if moment < self.restart_began:
            return "before"
        for program in self.programs():
            if moment < self.back(program):
                return program
        return "after"

    def running_at(self, moment):
        return [g for g in self.games if g.began <= moment and (g.ended is None or g.ended >= moment)]

    def survivors(self):
        """Connections open before the restart began and still open, closed by their player, after
        every daphne had been restarted: each would be a socket of a restarted daphne that never
        reconnected."""
        done = self.daphnes_back()
        return [(g.match_id, c) for g in self.games for c in g.client.connections
                if done is not None and c[0] < self.restart_began and (c[1] is None or c[2] == "closed" and c[1] > done)]

    def sockets_through_restart(self):
        """Games whose socket was open from before the restart began until every daphne was back."""
        done = self.daphnes_back()
        return [g for g in self.games
                if done is not None and g.client.connections and g.client.connections[0][0] < self.restart_began
                and (g.ended or float("inf")) > done]

    def longest_pauses(self):
        """Per player (table): (longest act -> ack, longest wait, longest of both), over their games."""
        out = {}
        for g in self.games:
            act, wait = out.get(g.table, (0.0, 0.0, 0.0))[:2]
            act, wait = max(act, g.client.longest_act_to_ack), max(wait, g.client.longest_wait)
            out[g.table] = (act, wait, max(act, wait))
        return out

    @property
    def ok(self):
        return (self.restart_returncode == 0 and not self.failures and not self.bad_logs and not self.lost
                and not self.twice and all(g.client.finished for g in self.games) and not self.survivors())


async def _retry(pool, call, attempts=30, pause=0.5):
    """An HTTP step through nginx; one may fail while a daphne restarts (a request it had begun)."""
    for attempt in range(attempts):
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, call)
        except Exception:  # noqa: BLE001 - retried; the last failure is raised
            if attempt == attempts - 1:
                raise
            await asyncio.sleep(pause)


def _start(site, http, match_id):
    try:
        site.start_table(http, match_id)
    except Exception:
        if site.match_row(match_id)["status"] == "open":
            raise  # not started: tried again (a start that did happen is not asked twice)


async def _play_table(n, site, sessionid, outcome, ctx):
    http = await _retry(ctx["pool"], lambda: site.session_for(sessionid))
    first = True
    while True:
        match_id = await _retry(ctx["pool"], lambda: site.create_table(http, players=ctx["players"], bots=ctx["bots"]))
        client = RestartClient(site, match_id, sessionid, name=f"t{n}", seed=ctx["seed"] + 1000 * n + len(outcome.games),
                               think=ctx["think"], message_timeout=ctx["message_timeout"])
        game = Game(n, match_id, client)
        outcome.games.append(game)
        for attempt in range(30):
            try:
                await client.connect(timeout=30)
                break
            except Exception:  # noqa: BLE001 - a daphne restarting; the last failure is raised
                if attempt == 29:
                    raise
                await asyncio.sleep(0.5)
        await _retry(ctx["pool"], lambda: _start(site, http, match_id))
        game.began = time.monotonic()
        if first:
            first = False
            ctx["started"] += 1
            if ctx["started"] == outcome.tables:
                ctx["all_started"].set()
        try:
            await client.play(timeout=ctx["game_timeout"], hold=RestartClient.thinking)
        except Exception as error:  # noqa: BLE001 - the game is counted unfinished
            game.failure = f"{type(error).__name__}: {error}"
            game.traceback = traceback.format_exc()
        else:
            game.ended = time.monotonic()
        await client.close()
        if ctx["restart_done"].is_set() or game.failure:
            return


async def _rolling_restart(shape, outcome, ctx):
    await ctx["all_started"].wait()
    await asyncio.sleep(ctx["restart_after"])
    outcome.restart_began, outcome.restart_began_wall = time.monotonic(), time.time()
    proc = await asyncio.create_subprocess_exec(
        PYTHON, "deploy/prod.py", "rolling-restart", cwd=ROOT, env={**shape.env(), "PYTHONUNBUFFERED": "1"},
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    lines = []
    try:
        while line := await asyncio.wait_for(proc.stdout.readline(), 300):
            text = line.decode(errors="replace").strip()
            lines.append(text)
            outcome.events.append((time.monotonic(), time.time(), text))
        outcome.restart_returncode = await proc.wait()
    finally:
        outcome.restart_output = "\n".join(lines)
        ctx["restart_done"].set()


async def _run(shape, outcome, sessions, ctx):
    ctx.update(all_started=asyncio.Event(), restart_done=asyncio.Event(), started=0)
    tables = [asyncio.create_task(_play_table(n, shape.site, sid, outcome, ctx)) for n, sid in enumerate(sessions)]
    restart = asyncio.create_task(_rolling_restart(shape, outcome, ctx))
    results = await asyncio.gather(*tables, return_exceptions=True)
    outcome.failures = [f"table {n}: {type(r).__name__}: {r}" for n, r in enumerate(results) if isinstance(r, BaseException)]
    if not ctx["all_started"].is_set():
        ctx["all_started"].set()  # a table failed before starting: the restart still runs, and fails nothing
    await restart


def play_through_rolling_restart(shape, tables, *, players=3, bots=("hard", "medium"), think=1.0, restart_after=3.0,
                                 seed=1, message_timeout=10, game_timeout=300, prefix="roll"):
    """Play `tables` tables through `shape`'s nginx during a rolling restart; returns an Outcome,
    every match's log checked."""
    outcome = Outcome(tables)
    sessions = list(shape.site.create_sessions([f"{prefix}{n}" for n in range(tables)]).values())
    ctx = dict(players=players, bots=list(bots), think=think, restart_after=restart_after, seed=seed,
               message_timeout=message_timeout, game_timeout=game_timeout)
    with ThreadPoolExecutor(8) as ctx["pool"]:
        asyncio.run(_run(shape, outcome, sessions, ctx))
    _read_back(shape, outcome)
    return outcome


def _read_back(shape, outcome):
    site = shape.site
    for game in outcome.games:
        log = site.match_log(game.match_id)
        logged = [r["client_id"] for r in log if r["client_id"]]
        outcome.people_moves_logged += sum(1 for r in log if r["by"] == "player")
        outcome.bot_moves_logged += sum(1 for r in log if r["by"] == "bot")
        outcome.lost += [(game.match_id, cid) for cid in game.client.acks if cid not in logged]
        outcome.twice += [(game.match_id, cid) for cid in set(logged) if logged.count(cid) > 1]
        try:
            check_match_log(site, game.match_id)
        except AssertionError as error:
            outcome.bad_logs.append(f"match {game.match_id}: {error}")
    offset = outcome.restart_began - outcome.restart_began_wall  # wall clock -> monotonic
    for program in outcome.programs():
        if program.startswith(("worker-", "reviewer-")):
            found = re.findall(r"\[(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d),(\d{3}): INFO/MainProcess\] \S+ ready\.",
                               shape.log(f"{program}.log"))  # the worker logs local time
            outcome.ready_times[program] = [datetime.strptime(t, "%Y-%m-%d %H:%M:%S").timestamp() + int(ms) / 1000
                                            + offset for t, ms in found]
    if outcome.events:
        began = datetime.fromtimestamp(outcome.restart_began_wall, timezone.utc)
        ended = datetime.fromtimestamp(outcome.events[-1][1], timezone.utc)
        moments = [began] + [r["created_at"] for r in site._rows(
            "SELECT created_at FROM games_matchaction WHERE by = 'bot' AND created_at > %s AND created_at < %s "
            "ORDER BY created_at", (began, ended))] + [ended]
        outcome.longest_without_bot_move = max((b - a).total_seconds() for a, b in zip(moments, moments[1:]))


def report_lines(outcome, started):
    """The figures, as lines (bench/bench_restart.py prints them; the test prints them too).
    `started`: the monotonic time the figures' clock counts from."""
    o, lines = outcome, []
    at = lambda t: f"{t - started:.1f}" if t is not None else "-"  # noqa: E731
    finished = [g for g in o.games if g.client.finished]
    lines.append(f"tables {o.tables}, games {len(o.games)} ({len(finished)} finished), "
                 f"rolling restart exit {o.restart_returncode}")
    back = "; ".join(f"{p} back {at(o.back(p))} s" + (f" (ready {at(o.ready(p))} s)" if p in o.ready_times else "")
                     + f" ({len(o.running_at(o.back(p)))} games running)" for p in o.programs())
    lines.append(f"timeline (s): restart begun {at(o.restart_began)}; {back}; "
                 f"restart over {at(o.events[-1][0]) if o.events else '-'}; last game over "
                 f"{at(max((g.ended for g in o.games if g.ended), default=None))}")
    acked = sum(len(g.client.acks) for g in o.games)
    lines.append(f"moves acknowledged {acked} (the people's; logged {o.people_moves_logged}), bot moves logged "
                 f"{o.bot_moves_logged}")
    reconnects = [g.client.reconnects for g in o.games]
    through = o.sockets_through_restart()
    lines.append(f"reconnects per socket min {min(reconnects, default=0)} max {max(reconnects, default=0)} over "
                 f"{len(o.games)} sockets; the {len(through)} open from before the restart until both daphnes were "
                 f"back: min {min((g.client.reconnects for g in through), default=0)} max "
                 f"{max((g.client.reconnects for g in through), default=0)}; never reconnected: {len(o.survivors())}")
    lines.append(f"moves lost {len(o.lost)}, applied twice {len(o.twice)}, action logs good "
                 f"{len(o.games) - len(o.bad_logs)} of {len(o.games)}")
    lines.append(f"resends {sum(g.client.resends for g in o.games)}, duplicate acks "
                 f"{sum(len(g.client.duplicates) for g in o.games)}, idle resyncs "
                 f"{sum(g.client.idle_resyncs for g in o.games)}, errors {sum(len(g.client.errors) for g in o.games)}")
    if o.longest_without_bot_move is not None:
        lines.append(f"longest time without a bot move (all tables) during the restart: {o.longest_without_bot_move:.2f} s")
    pauses = o.longest_pauses()
    lines.append(f"longest pause per player ({len(pauses)} players)  p50 / p99 / max s")
    for k, name in enumerate(("act -> ack", "waiting", "either")):
        values = [p[k] for p in pauses.values()]
        if values:
            lines.append(f"  {name:12} {percentile(values, 50):6.2f} {percentile(values, 99):6.2f} {max(values):6.2f}")
    every = [x for g in o.games for x in g.client.ack_latency]
    waits = [x for g in o.games for x in g.client.waits]
    lines.append(f"every pause: act -> ack p50 {percentile(every, 50):.3f} p99 {percentile(every, 99):.3f} s "
                 f"(n {len(every)}); waiting p50 {percentile(waits, 50):.3f} p99 {percentile(waits, 99):.3f} s "
                 f"(n {len(waits)}); pauses of 5 s or more: {sum(1 for x in every + waits if x >= 5)}")
    long = [(kind, o.phase(began)) for g in o.games for kind, began, seconds in g.client.pauses if seconds >= 5]
    if long:
        counts = {}
        for key in long:
            counts[key] = counts.get(key, 0) + 1
        lines.append("pauses of 5 s or more by the restart under way when they began: " + "; ".join(
            f"{kind} during {phase} {n}" for (kind, phase), n in sorted(counts.items())))
    for line in (o.failures + [f"match {g.match_id}: {g.failure}" for g in o.games if g.failure] + o.bad_logs
                 + [f"lost: match {m} {c}" for m, c in o.lost] + [f"applied twice: match {m} {c}" for m, c in o.twice]
                 + [f"never reconnected: match {m}" for m, _ in o.survivors()])[:20]:
        lines.append("  " + line)
    lines += [g.traceback for g in o.games if g.traceback][:2]
    return lines

"""WebSocket consumers: parse a message, call a service, send what the service built.

/ws/games/<id>/ (GameConsumer): one connection to one match, as the user's seat or as a
spectator; /ws/lobby/ is consumers_lobby.py's, /ws/me/ consumers_me.py's. The protocol is in
docs/protocol.md. Who the user is comes from the session (AuthMiddlewareStack); the origin is
checked by AllowedHostsOriginValidator in wonders_site/asgi.py. Database work runs in the threads
of games/db_threads.py; a move, a chat line or a concession first checks that the socket's login
still holds (games/login_check.py), in the same trip to a thread. Work for sockets without a seat
(spectators, the lobby) runs in the unseated lane and within the budgets of games/flood.py, and a
spectator's snapshot is the one shared per (match, version) (games/services/spectators.py).
"""
import asyncio
import json
import logging
import time

from asgiref.sync import sync_to_async
from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings

from games import flood, hint_runner, presence, protocol, services, socket_limits
from games.db_threads import db_call, unseated_call
from games.login_check import SESSION_ENDED, while_logged_in
from games.services.spectators import NOT_SPECTATOR, spectator_snapshot
from wonders_site import compact_json

log = logging.getLogger(__name__)

CLOSE_NO_SUCH_MATCH = 4404  # also: no such path
CLOSE_SESSION_ENDED = 4401
CLOSE_TOO_MANY = 4429


class _Base(AsyncWebsocketConsumer):
    expected = protocol.GAME_TYPES
    slots = ()
    keeper = None
    unseated = False  # a socket without a seat: its resyncs budgeted, its refusals told once per window

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.joined = set()  # channel-layer groups this socket is in
        self.notices = flood.Notices()
        self.shared_rate = flood.SharedRate()
        self.resync_budget = flood.ResyncBudget()

    async def __call__(self, scope, receive, send):
        """However the socket ends, it leaves its groups, stops its keeper and gives its slots back.
        Not only on a disconnect: a handler may fail (an update sent to a client that has just gone
        raises in daphne) or the server may cancel the application, and disconnect() never runs;
        the keeper then joined the dead channel to its match's groups again, for ever, and the
        channel layer kept what was sent to it."""
        try:
            await super().__call__(scope, receive, send)
        finally:
            await self.release()

    async def dispatch(self, message):
        """Channels' dispatch without its `aclose_old_connections()` before every handler: a trip to
        the process's one thread of sync_to_async for each message a socket receives and each group
        message it hears, one after the other for every socket of the process. In a flood of
        spectators' messages a seated player's move waited its turn there (bench_flood: 0.7 s at
        the p50). No handler here touches the database in the loop's thread: database work runs in
        games/db_threads.py, which closes old connections around each call (DatabaseSyncToAsync)."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def join(self, group):
        await self.channel_layer.group_add(group, self.channel_name)
        self.joined.add(group)

    async def leave(self, group):
        self.joined.discard(group)
        await self.channel_layer.group_discard(group, self.channel_name)

    async def release(self):
        """Idempotent: disconnect() and the end of the application both call it."""
        if self.keeper is not None:
            self.keeper.cancel()
            await asyncio.wait([self.keeper], timeout=5)
        await self.give_back_slots()
        groups, self.joined = self.joined, set()
        for group in groups:
            try:
                await self.channel_layer.group_discard(group, self.channel_name)
            except Exception:  # noqa: BLE001 - Redis away: the group forgets the channel after its expiry
                log.warning("could not take a closed socket out of %s", group, exc_info=True)

    async def accept_within_limits(self):
        """Accept the socket; False (after a coded error and a close) when its player or address
        holds too many already."""
        await self.accept()
        if not await flood.new_socket_allowed(self.scope):
            await self.refuse("too_many_connections", flood.new_sockets_facts())
            return False
        taken = await socket_limits.take_socket_slots(self.scope)
        if taken is None:
            await self.refuse("too_many_sockets", {"per_user": settings.WS_SOCKETS_PER_USER,
                                                   "per_address": settings.WS_SOCKETS_PER_IP})
            return False
        self.slots = list(taken)
        return True

    async def refuse(self, code, facts):
        await self.send_error(code, facts)
        await self.close(code=CLOSE_TOO_MANY)

    async def give_back_slots(self):
        slots, self.slots = self.slots, ()
        for name in slots:
            await socket_limits.give_back_slot(name)

    async def send_json(self, message):
        await self.send(text_data=compact_json.dumps(message))

    async def send_error(self, code, facts=None, client_id=None, about=None):
        await self.send_json(protocol.error(code, facts, client_id, about))

    async def refuse_message(self, facts, about=None):
        """A message dropped over a rate: `rate_limited`, which an unseated socket hears once per
        flood.NOTICE_SECONDS (a flood's every message answered cost the server more than the flood)."""
        if self.unseated and not self.notices.due():
            return
        await self.send_error("rate_limited", facts, about=about)

    async def receive(self, text_data=None, bytes_data=None):
        if not self.limiter.allow():
            await self.refuse_message({"limit": self.limiter.limit, "window": self.limiter.window, "per": "connection"})
            return
        try:
            message = protocol.parse(text_data, bytes_data, self.expected)
        except protocol.ProtocolError as error:
            await self.send_error(error.code, error.facts)
            return
        too_soon = self.resync_budget.too_soon(message) if self.unseated else None
        if too_soon is not None:  # an unseated socket's resync flood, dropped before any shared count
            await self.refuse_message(too_soon, about="resync")
            return
        if not await self.shared_rate.allowed(self.scope):
            await self.refuse_message({"limit": settings.WS_SHARED_RATE_LIMIT,
                                       "window": socket_limits.RATE_WINDOW_SECONDS, "per": "player"})
            return
        await getattr(self, "on_" + message["type"])(message)

    async def on_ping(self, message):
        await self.send_json({"type": "pong"})

    async def resync_refused(self):
        """True (after a coded error) when an unseated socket's resync is over its budget
        (games/flood.py); the error is marked "for": "resync" (pages do not show it)."""
        facts = await self.resync_budget.refusal(self.scope)
        if facts is not None:
            await self.refuse_message(facts, about="resync")
            return True
        return False


class GameConsumer(_Base):
    sent_version = None
    seated = False  # the socket's last snapshot was a seat's: its work goes to the DB_THREADS pool
    sent_at = 0
    present = None  # (match id, user id) while this socket counts as its seated player's open table

    async def connect(self):
        self.match_id = self.scope["url_route"]["kwargs"]["match_id"]
        self.user = self.scope.get("user")
        self.limiter = protocol.RateLimiter(settings.WS_RATE_LIMIT)
        self.role_group = None
        if not await self.accept_within_limits():
            return
        signed_in = getattr(self.user, "is_authenticated", False)
        exists, seat = await (db_call if signed_in else unseated_call)(services.seat_of)(self.match_id, self.user)
        if not exists:
            await self.send_error("no_such_match", {"match": self.match_id})
            await self.close(code=CLOSE_NO_SUCH_MATCH)
            return
        if seat is None:
            name = f"spectators:{self.match_id}"
            if not await socket_limits.take_slot(name, settings.WS_SPECTATORS_PER_MATCH):
                await self.refuse("too_many_spectators", {"limit": settings.WS_SPECTATORS_PER_MATCH})
                return
            self.slots.append(name)
        await self.join(services.match_group(self.match_id))
        await self._join_role(seat)
        if seat is not None:  # the notifications leave a player alone while the table is open
            self.present = (self.match_id, self.user.pk)
            await _presence(presence.opened)(*self.present)
        self.seated = seat is not None
        # Someone coming back after the deadline: the sweep may not have run yet.
        await self.lane(services.do_expire_deadline)(self.match_id)
        snap = await self.send_snapshot()
        if snap and snap["you"] is not None and snap["status"] == "running" and snap["match"].get("rated") is False:
            hint_runner.pool()  # its process starts now (under a second), not when the first hint waits on it
        self.keeper = asyncio.ensure_future(self.keep_subscribed())

    async def keep_subscribed(self):
        """Every WS_RESUBSCRIBE_SECONDS: join the match's groups again (Redis may have been
        flushed or restarted, and a group forgets its members after a day), and when nothing
        arrived meanwhile while the match moved on (updates lost with the subscription), send a
        snapshot: the page resyncs without reloading."""
        while True:
            heard = self.sent_at
            await asyncio.sleep(settings.WS_RESUBSCRIBE_SECONDS)
            try:
                for group in list(self.joined):
                    await self.channel_layer.group_add(group, self.channel_name)
                if self.present is not None:
                    await _presence(presence.still_open)(*self.present)
                if self.sent_at != heard:
                    continue
                version = await self.lane(services.current_version)(self.match_id)
                if version is not None and version != self.sent_version:
                    await self.send_snapshot()
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - Redis or the database away: try again next time
                log.warning("match %s: could not renew a socket's subscription", self.match_id, exc_info=True)

    async def disconnect(self, code):
        await self.release()

    async def release(self):
        await super().release()  # the keeper first: it would count the table open again
        present, self.present = self.present, None
        if present is not None:
            try:
                await _presence(presence.closed)(*present)
            except Exception:  # noqa: BLE001 - the counter fades by itself (presence.OPEN_SECONDS)
                log.warning("match %s: could not count a closed table", present[0], exc_info=True)

    async def _join_role(self, seat):
        group = (services.spectators_group(self.match_id) if seat is None
                 else services.seat_group(self.match_id, seat))
        if group == self.role_group:
            return
        if self.role_group:
            await self.leave(self.role_group)
        await self.join(group)
        self.role_group = group

    @property
    def unseated(self):
        return not self.seated

    def lane(self, func):
        """Where this socket's database work runs: a seat's in the DB_THREADS pool, a spectator's
        in the unseated lane (games/db_threads.py)."""
        return db_call(func) if self.seated else unseated_call(func)

    async def send_snapshot(self, bounded=False):
        """This socket's snapshot: a spectator gets the shared one, a seat its own. `bounded`: a
        client's resync, refused (flood.LaneFull) when the unseated lane is full."""
        if not self.seated:
            run = flood.run_unseated if bounded else flood.run_unseated_unbounded
            shared = await run(spectator_snapshot, self.match_id, self.user)
            if shared is not NOT_SPECTATOR:
                return await self._sent(shared and {"you": None, "version": shared.version, "status": shared.status},
                                        shared and shared.text)
        snap = await db_call(services.snapshot)(self.match_id, self.user)
        return await self._sent(snap, snap and compact_json.dumps(snap))

    async def _sent(self, snap, text):
        if snap is None:
            await self.send_json({"type": "gone", "match": self.match_id})
            await self.close(code=CLOSE_NO_SUCH_MATCH)
            return None
        self.seated = snap["you"] is not None
        await self._join_role(snap["you"])
        await self.send(text_data=text)
        self.heard(snap["version"])
        return snap

    def heard(self, version):
        """What this socket has been sent last (the keeper compares it with the match)."""
        self.sent_version = version
        self.sent_at += 1

    # client messages

    async def on_act(self, message):
        received = time.time()
        client_id = message["client_id"]
        if await self.refused_unseated(client_id):
            return
        began = []  # LIVE_TIMINGS: when a database thread took the move up

        def submit():
            began.append(time.time())
            return while_logged_in(self.scope, self.user, services.do_submit, self.match_id, self.user,
                                   message["action"], client_id=client_id, step=message["step"], seat=message["seat"])

        try:
            result = await db_call(submit)()
        except services.ServiceError as error:
            await self.send_error(error.code, error.facts, client_id)
            return
        if result is SESSION_ENDED:
            await self.send_error("session_ended", {}, client_id)
            await self.close(code=CLOSE_SESSION_ENDED)
            return
        ack = {"type": "ack", "client_id": client_id, "version": result.version, "duplicate": result.duplicate}
        if settings.LIVE_TIMINGS:
            ack["timings"] = {"received": received, "began": began[0], "answered": time.time()}
        await self.send_json(ack)

    async def on_resync(self, message):
        if not self.seated:
            if await self.resync_refused():
                return
            try:
                await self.send_snapshot(bounded=True)
            except flood.LaneFull:
                await self.refuse_message(flood.lane_facts(), about="resync")
            return
        await self.send_snapshot()

    async def refused_unseated(self, client_id=None, about=None):
        """A signed-out socket never has a seat: its move, chat line, hint or concession is refused
        without a trip to the database (where a move would wait for the match's lock)."""
        if getattr(self.user, "is_authenticated", False):
            return False
        await self.send_error("not_seated", {}, client_id, about)
        return True

    async def on_concede(self, message):
        """Leave the game: a bot takes the seat; every page hears of it (match.changed), this one
        included, which then shows the game as a spectator's."""
        if await self.refused_unseated():
            return
        try:
            seat = await db_call(while_logged_in)(self.scope, self.user, services.do_concede, self.match_id, self.user)
        except services.ServiceError as error:
            await self.send_error(error.code, error.facts)
            return
        if seat is SESSION_ENDED:
            await self.send_error("session_ended", {})
            await self.close(code=CLOSE_SESSION_ENDED)
            return
        await self.send_json({"type": "conceded", "seat": seat})

    async def on_chat(self, message):
        """A line of the table chat: the whole match hears it (game_chat), this socket included;
        a refusal is answered here only, marked `"for": "chat"`."""
        if await self.refused_unseated(about="chat"):
            return
        try:
            sent = await db_call(while_logged_in)(self.scope, self.user, services.do_send_chat, self.match_id,
                                                  self.user, message["text"])
        except services.ServiceError as error:
            await self.send_error(error.code, error.facts, about="chat")
            return
        if sent is SESSION_ENDED:
            await self.send_error("session_ended", {}, about="chat")
            await self.close(code=CLOSE_SESSION_ENDED)

    async def on_suggest(self, message):
        """The hard bot's choice for this socket's seat, with its reason, to this socket only (the
        "Suggest" hint at unrated tables: services/hints.py says who may ask). The search runs in
        a hint process (games/hint_runner.py), never in a database thread nor under the match lock;
        a refusal is marked `"for": "suggest"`."""
        if await self.refused_unseated(about="suggest"):
            return
        try:
            request = await db_call(while_logged_in)(self.scope, self.user, services.check_hint, self.match_id, self.user)
        except services.ServiceError as error:
            await self.send_error(error.code, error.facts, about="suggest")
            return
        if request is SESSION_ENDED:
            await self.send_error("session_ended", {}, about="suggest")
            await self.close(code=CLOSE_SESSION_ENDED)
            return
        try:
            suggestion = await hint_runner.run(request)
        except hint_runner.HintUnavailable as error:
            await self.send_error(error.code, {}, about="suggest")
            return
        await self.send_json({**suggestion, "step": request.step})

    async def on_deadline(self, message):
        if not self.seated and await self.resync_refused():  # a spectator's costs as much as a resync
            return
        played = await self.lane(services.do_expire_deadline)(self.match_id)
        if not played:
            # Nothing was late, or another process (the sweep) acted already and its updates
            # may not reach this process: a client behind the current version gets a snapshot.
            version = await self.lane(services.current_version)(self.match_id)
            if version != message["version"]:
                await self.send_snapshot()

    # group messages (sent by games.services after commit)

    async def game_update(self, event):
        await self.send_json(event["payload"])
        self.heard(event["payload"].get("version"))

    async def game_chat(self, event):
        await self.send_json(event["payload"])  # not a version of the match: the keeper's count stays

    async def match_changed(self, event):
        await self.send_snapshot()


def _presence(func):
    """A presence counter's call, in a thread of the pool (as socket_limits' counters)."""
    return sync_to_async(func, thread_sensitive=False)


class NoSuchPathConsumer(AsyncWebsocketConsumer):
    """A WebSocket path the site does not serve: one coded error, then closed with 4404."""

    async def connect(self):
        await self.accept()
        await self.send(text_data=json.dumps(protocol.error("no_such_path", {"path": self.scope.get("path", "")[:200]})))
        await self.close(code=CLOSE_NO_SUCH_MATCH)

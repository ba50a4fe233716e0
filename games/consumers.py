"""WebSocket consumers: parse a message, call a service, send what the service built.

/ws/games/<id>/ (GameConsumer): one connection to one match, as the user's seat or as a
spectator; /ws/lobby/ (LobbyConsumer): the open and running tables. The protocol is in
docs/protocol.md. Who the user is comes from the session (AuthMiddlewareStack); the origin is
checked by AllowedHostsOriginValidator in wonders_site/asgi.py. Database work runs in the threads
of games/db_threads.py; a move, a chat line or a concession first checks that the socket's login
still holds (games/login_check.py), in the same trip to a thread.
"""
import asyncio
import json
import logging
import time

from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings

from games import lobby_feed, protocol, services, socket_limits
from games.db_threads import db_call
from games.login_check import SESSION_ENDED, while_logged_in

log = logging.getLogger(__name__)

CLOSE_NO_SUCH_MATCH = 4404  # also: no such path
CLOSE_SESSION_ENDED = 4401
CLOSE_TOO_MANY = 4429


class _Base(AsyncWebsocketConsumer):
    expected = protocol.GAME_TYPES
    slots = ()
    keeper = None

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.joined = set()  # channel-layer groups this socket is in

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
        await self.send(text_data=json.dumps(message, separators=(",", ":")))

    async def send_error(self, code, facts=None, client_id=None, about=None):
        await self.send_json(protocol.error(code, facts, client_id, about))

    async def receive(self, text_data=None, bytes_data=None):
        if not self.limiter.allow():
            await self.send_error("rate_limited", {"limit": self.limiter.limit, "window": self.limiter.window,
                                                   "per": "connection"})
            return
        if not await socket_limits.message_allowed(self.scope):
            await self.send_error("rate_limited", {"limit": settings.WS_SHARED_RATE_LIMIT,
                                                   "window": socket_limits.RATE_WINDOW_SECONDS, "per": "player"})
            return
        try:
            message = protocol.parse(text_data, bytes_data, self.expected)
        except protocol.ProtocolError as error:
            await self.send_error(error.code, error.facts)
            return
        await getattr(self, "on_" + message["type"])(message)

    async def on_ping(self, message):
        await self.send_json({"type": "pong"})


class GameConsumer(_Base):
    sent_version = None
    sent_at = 0

    async def connect(self):
        self.match_id = self.scope["url_route"]["kwargs"]["match_id"]
        self.user = self.scope.get("user")
        self.limiter = protocol.RateLimiter(settings.WS_RATE_LIMIT)
        self.role_group = None
        if not await self.accept_within_limits():
            return
        exists, seat = await db_call(services.seat_of)(self.match_id, self.user)
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
        # Someone coming back after the deadline: the sweep may not have run yet.
        await db_call(services.do_expire_deadline)(self.match_id)
        await self.send_snapshot()
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
                if self.sent_at != heard:
                    continue
                version = await db_call(services.current_version)(self.match_id)
                if version is not None and version != self.sent_version:
                    await self.send_snapshot()
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - Redis or the database away: try again next time
                log.warning("match %s: could not renew a socket's subscription", self.match_id, exc_info=True)

    async def disconnect(self, code):
        await self.release()

    async def _join_role(self, seat):
        group = (services.spectators_group(self.match_id) if seat is None
                 else services.seat_group(self.match_id, seat))
        if group == self.role_group:
            return
        if self.role_group:
            await self.leave(self.role_group)
        await self.join(group)
        self.role_group = group

    async def send_snapshot(self):
        snap = await db_call(services.snapshot)(self.match_id, self.user)
        if snap is None:
            await self.send_json({"type": "gone", "match": self.match_id})
            await self.close(code=CLOSE_NO_SUCH_MATCH)
            return None
        await self._join_role(snap["you"])
        await self.send_json(snap)
        self.heard(snap.get("version"))
        return snap

    def heard(self, version):
        """What this socket has been sent last (the keeper compares it with the match)."""
        self.sent_version = version
        self.sent_at += 1

    # client messages

    async def on_act(self, message):
        received = time.time()
        client_id = message["client_id"]
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
        await self.send_snapshot()

    async def on_concede(self, message):
        """Leave the game: a bot takes the seat; every page hears of it (match.changed), this one
        included, which then shows the game as a spectator's."""
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
        try:
            sent = await db_call(while_logged_in)(self.scope, self.user, services.do_send_chat, self.match_id,
                                                  self.user, message["text"])
        except services.ServiceError as error:
            await self.send_error(error.code, error.facts, about="chat")
            return
        if sent is SESSION_ENDED:
            await self.send_error("session_ended", {}, about="chat")
            await self.close(code=CLOSE_SESSION_ENDED)

    async def on_deadline(self, message):
        played = await db_call(services.do_expire_deadline)(self.match_id)
        if not played:
            # Nothing was late, or another process (the sweep) acted already and its updates
            # may not reach this process: a client behind the current version gets a snapshot.
            version = await db_call(services.current_version)(self.match_id)
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


class LobbyConsumer(_Base):
    """The lobby's list: sent on connect and on resync by this socket, and after every change by
    this process's feed (games/lobby_feed.py), which reads it once for all the lobby sockets."""
    expected = protocol.LOBBY_TYPES
    feed = None

    async def connect(self):
        self.limiter = protocol.RateLimiter(settings.WS_RATE_LIMIT)
        if not await self.accept_within_limits():
            return
        await self.join(services.LOBBY_GROUP)
        self.feed = lobby_feed.for_this_loop(read_lobby_tables)
        self.feed.add(self)
        await self.send_tables()

    async def release(self):
        if self.feed is not None:
            self.feed.discard(self)
        await super().release()

    async def disconnect(self, code):
        await self.release()

    async def send_tables(self):
        await self.send_json({"type": "tables", **await read_lobby_tables()})

    async def on_resync(self, message):
        await self.send_tables()

    async def lobby_changed(self, event):
        if self.feed is not None:
            self.feed.changed()


async def read_lobby_tables():
    return await db_call(services.lobby_tables)()


class NoSuchPathConsumer(AsyncWebsocketConsumer):
    """A WebSocket path the site does not serve: one coded error, then closed with 4404."""

    async def connect(self):
        await self.accept()
        await self.send(text_data=json.dumps(protocol.error("no_such_path", {"path": self.scope.get("path", "")[:200]})))
        await self.close(code=CLOSE_NO_SUCH_MATCH)

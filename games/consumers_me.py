"""/ws/me/: a signed-in player's own socket, open on every page (static/js/my-games-badge.js).

It says how many running tables wait on the player (`{"type": "my_games", "waiting": n,
"tables": [...]}`) when it opens, whenever the services tell the player's group
(`user.<id>`, services/notify_port.lists_changed: a step began or ended that concerns them), and
after a resync. Every WS_RESUBSCRIBE_SECONDS it joins its group again and, if the count changed
unheard (a message lost with Redis), sends it. Signed out: one coded error and a close.
"""
import asyncio

from django.conf import settings

from games import protocol
from games.consumers import CLOSE_SESSION_ENDED, _Base, log
from games.db_threads import db_call
from games.services import my_games, notify_port


class MeConsumer(_Base):
    expected = protocol.LOBBY_TYPES
    last_sent = None

    async def connect(self):
        self.user = self.scope.get("user")
        self.limiter = protocol.RateLimiter(settings.WS_RATE_LIMIT)
        if self.user is None or not self.user.is_authenticated:
            await self.accept()
            await self.send_error("login_required", {})
            await self.close(code=CLOSE_SESSION_ENDED)
            return
        if not await self.accept_within_limits():
            return
        await self.join(notify_port.user_group(self.user.pk))
        await self.send_waiting()
        self.keeper = asyncio.ensure_future(self.keep_subscribed())

    async def keep_subscribed(self):
        while True:
            await asyncio.sleep(settings.WS_RESUBSCRIBE_SECONDS)
            try:
                for group in list(self.joined):
                    await self.channel_layer.group_add(group, self.channel_name)
                await self.send_waiting(only_if_changed=True)
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - Redis or the database away: try again next time
                log.warning("user %s: could not renew the own socket", self.user.pk, exc_info=True)

    async def disconnect(self, code):
        await self.release()

    async def send_waiting(self, only_if_changed=False):
        message = await db_call(my_games.waiting_message)(self.user.pk)
        if only_if_changed and message == self.last_sent:
            return
        self.last_sent = message
        await self.send_json(message)

    async def on_resync(self, message):
        await self.send_waiting()

    async def my_games_changed(self, event):
        await self.send_waiting()

"""WebSocket routes (see docs/protocol.md)."""
from django.urls import path, re_path

from games.consumers import GameConsumer, NoSuchPathConsumer
from games.consumers_lobby import LobbyConsumer
from games.consumers_me import MeConsumer

websocket_urlpatterns = [
    path("ws/games/<int:match_id>/", GameConsumer.as_asgi()),
    path("ws/lobby/", LobbyConsumer.as_asgi()),
    path("ws/me/", MeConsumer.as_asgi()),
    # Any other path (/ws/games/-1/, /ws/games/abc/, /ws/nope/): a coded error, not a server error.
    re_path(r"", NoSuchPathConsumer.as_asgi()),
]

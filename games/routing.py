"""WebSocket routes (see docs/protocol.md)."""
from django.urls import path

from games.consumers import GameConsumer, LobbyConsumer

websocket_urlpatterns = [
    path("ws/games/<int:match_id>/", GameConsumer.as_asgi()),
    path("ws/lobby/", LobbyConsumer.as_asgi()),
]

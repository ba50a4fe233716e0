"""WebSocket routes (the game consumer arrives with live play)."""
websocket_urlpatterns: list = []

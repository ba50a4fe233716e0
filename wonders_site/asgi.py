import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wonders_site.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402  (needs the app registry)
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from games.routing import websocket_urlpatterns  # noqa: E402
from games.services.broadcast import sending_through_the_server_loop  # noqa: E402

# The server process's channel-layer sender is chosen here, once: the services hand their sends to
# the server's event loop and go on (games/services/senders.py, ServerLoopSender).
application = sending_through_the_server_loop(ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
))

from wonders_site import memory_profile  # noqa: E402
from wonders_site.gc_tuning import after_startup  # noqa: E402 - once the site is loaded

after_startup()
memory_profile.install()  # off unless MEMORY_PROFILE is set

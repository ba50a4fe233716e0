from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self):
        # The services ask for bot turns through services/bot_port.py; games.tasks registers the
        # runner that plays them (Celery tasks, or in-process without a broker) when imported.
        from games import tasks  # noqa: F401

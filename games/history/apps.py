from django.apps import AppConfig


class HistoryConfig(AppConfig):
    """What happens after a match ends: records, results, ratings, statistics, their pages and API."""

    name = "games.history"
    label = "history"
    default_auto_field = "django.db.models.BigAutoField"

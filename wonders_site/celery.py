import os

from celery import Celery, signals

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wonders_site.settings")

app = Celery("wonders")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@signals.task_prerun.connect
@signals.task_postrun.connect
def return_database_connections_between_tasks(sender=None, **kwargs):
    """Before and after each task, the worker's database connections go back to the pool, and one
    that failed is dropped: what Django does around each request (close_if_unusable_or_obsolete).

    CELERY_DB_REUSE_MAX keeps Celery's own Django fixup from closing the pool after every task, but
    it then reuses one connection across tasks unchecked: after PostgreSQL ended its backends (a
    restart, a failover), every later task of that process failed on "the connection is closed" and
    no bot moved again (issue 29). A connection taken from the pool is tested as it leaves it
    (wonders_site/postgresql/base.py). Eager tasks (no broker: `make run`, the tests) run inside
    the caller's transaction and are left alone, as Celery's fixup leaves them."""
    if getattr(getattr(sender, "request", None), "is_eager", False):
        return
    from django.db import connections

    for connection in connections.all(initialized_only=True):
        connection.close_if_unusable_or_obsolete()

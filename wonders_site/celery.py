import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wonders_site.settings")

app = Celery("wonders")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wonders_site.settings")
application = get_wsgi_application()

from wonders_site.gc_tuning import after_startup  # noqa: E402 - once the site is loaded

after_startup()

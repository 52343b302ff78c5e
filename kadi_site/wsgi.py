"""WSGI entry point, for plain HTTP hosting without websockets (the site normally runs on ASGI)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kadi_site.settings")

application = get_wsgi_application()

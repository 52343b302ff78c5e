"""ASGI entry point: Django for HTTP, Channels consumers from games/live/routing.py and the
tournaments' page socket (tournaments/live.py) for websockets."""

import gc
import os
import sys

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kadi_site.settings")
GC_YOUNG_OBJECTS = 10_000  # allocations between young collections (see the end)
GIL_SWITCH_SECONDS = 0.001  # how long a thread may hold the interpreter lock when others wait (see the end)

# Set up Django before importing anything that touches models.
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.urls import path  # noqa: E402

from games.live.origin_check import SameOriginValidator  # noqa: E402
from games.live.routing import websocket_urlpatterns  # noqa: E402
from games.live.site_ban import RefuseBannedSockets  # noqa: E402
from kadi_site import protocol_refusals  # noqa: E402, F401  (answers where daphne would drop the connection)
from kadi_site.health import with_health_check  # noqa: E402
from kadi_site.prompt_writes import install as install_prompt_writes  # noqa: E402
from tournaments.live import tournament_socket  # noqa: E402

# The tournaments' page sockets, before the games' routes (whose last refuses any other path).
tournament_routes = [path("ws/tournament/<int:tournament_id>/", tournament_socket)]

install_prompt_writes()  # a websocket's frames leave when daphne writes them, not at the loop's next turn

application = ProtocolTypeRouter(
    {
        "http": with_health_check(django_asgi_app),
        "websocket": SameOriginValidator(
            AuthMiddlewareStack(RefuseBannedSockets(URLRouter([*tournament_routes, *websocket_urlpatterns])))
        ),
    }
)

# Everything loaded so far lives as long as the process: keep it out of the garbage
# collector's full passes, which otherwise stall every live table for tens of ms.
gc.freeze()
# And collect young objects in batches: with Python's default (700) a live server ran about
# 50 collections a second and a full pass every few seconds (30 to 38 ms, every table of the
# process waiting). The live layer's renders and a move written in one statement leave no reference
# cycles (games.live.rendering, moves.OneStatementMove), and a table's reading keeps no game as
# written (games.live.readings), so a move's objects go with their last reference: at 10,000,
# 3 to 4 young passes of 6 to 8 ms in a 60 s run, and no full pass (bench/realtime.py,
# PostgreSQL + Redis, 50 tables, think 1 s; 16 to 17 passes before: docs/scaling.md,
# "Seventeenth round"; at 50,000, a pass took 20 to 70 ms).
gc.set_threshold(GC_YOUNG_OBJECTS, 50, 100)

# A move's transaction runs in a database thread (games.live.db_calls) while the event loop
# renders other tables' frames: after each of its round trips to the database the thread
# waits for the interpreter lock, which a busy loop hands over every switch interval
# (Python's default: 5 ms). 1 ms: move latency p50 / p99 15.7-18.2 / 84-127 ms against
# 17.6-25.5 / 109-182 ms with 5 ms, CPU per move no higher (bench/realtime.py, PostgreSQL +
# Redis, 50 tables, think 1 s, three runs each, alternated).
sys.setswitchinterval(GIL_SWITCH_SECONDS)

"""Demo data for ``make run``: an admin, a few players, bots, and tables with each kind of rules.

Safe to run again: nothing is created twice and nothing already there is changed. A new
account gets a random password, printed once; a later run leaves it as it is (change it
with ``manage.py changepassword``).
"""

import secrets

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.models import Table
from games.play import tables

DEMO_PLAYERS = ("amani", "baraka", "chebet")
# name, preset, seats, who creates it (None: the admin, who does not sit), bots to seat
DEMO_TABLES = (
    ("Classic against three bots", "classic", 4, None, ("greedy", "greedy", "greedy")),
    ("Friendly against a random bot", "friendly", 2, None, ("random",)),
    ("Bomb ni bomb", "bomb-ni-bomb", 4, "amani", ("greedy",)),
    ("Rulebook", "rulebook", 3, "baraka", ()),
)


class Command(BaseCommand):
    help = gettext_lazy(
        "Create an admin account, demo players, bots and tables (idempotent); print the passwords."
    )

    def handle(self, *args, **options):
        with transaction.atomic():
            admin = self._account("admin", is_staff=True, is_superuser=True)
            players = {name: self._account(name) for name in DEMO_PLAYERS}
            for name, preset, seats, creator, bots in DEMO_TABLES:
                self._table(name, preset, seats, players.get(creator, admin), creator is not None, bots)

    def _account(self, username, **flags):
        """The account, created with a new random password (printed) if it is not there."""
        user, created = get_user_model().objects.get_or_create(username=username, defaults=flags)
        if not created:
            self.stdout.write(
                _("%(user)s is already there; its password is unchanged (manage.py changepassword %(user)s).")
                % {"user": username}
            )
            return user
        password = secrets.token_urlsafe(12)
        user.set_password(password)
        user.save()
        message = _("Created %(user)s, password: %(password)s")
        self.stdout.write(message % {"user": username, "password": password})
        return user

    def _table(self, name, preset, seats, creator, sit, bots):
        if Table.objects.filter(name=name).exists():
            self.stdout.write(_("Table “%(name)s” is already there.") % {"name": name})
            return
        table = tables.create_table(creator, name, seats, preset, sit=sit)
        for level in bots:
            tables.add_bot(table, level)
        seated = ", ".join(seat.user.username for seat in table.seats.select_related("user"))
        self.stdout.write(
            _("Created table “%(name)s” (%(preset)s, %(seats)d seats): %(seated)s")
            % {"name": name, "preset": preset, "seats": seats, "seated": seated or _("nobody seated")}
        )

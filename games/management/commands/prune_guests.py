"""Remove the guests whose GUEST_KEEP_SECONDS are over, with the tables nobody else played at
(one sweep by hand: the task engine runs it every hour, ``timers.jobs``)."""

from django.core.management.base import BaseCommand
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.play import guest_cleanup


class Command(BaseCommand):
    help = gettext_lazy("Remove the guests kept GUEST_KEEP_SECONDS, and the tables only they played at.")

    def handle(self, *args, **options):
        count = guest_cleanup.prune_guests()
        self.stdout.write(_("Guests removed: %(count)d") % {"count": count})

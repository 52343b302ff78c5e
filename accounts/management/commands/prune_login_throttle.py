"""Forget the log-in throttle's pairs (username, address) with no recent failure (one sweep by
hand: the task engine runs it daily, ``timers.jobs``)."""

from django.core.management.base import BaseCommand
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts import throttle


class Command(BaseCommand):
    help = gettext_lazy("Forget the log-in throttle's pairs with no failed log-in left in the window.")

    def handle(self, *args, **options):
        count = throttle.forget_quiet_pairs()
        self.stdout.write(_("Pairs forgotten: %(count)d") % {"count": count})

"""End as abandoned the running games nobody has played or watched for a while: one sweep by
hand (the task engine runs it every minute: ``timers.jobs``)."""

from django.core.management.base import BaseCommand
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.play import abandon


class Command(BaseCommand):
    help = gettext_lazy("End as abandoned the running games left alone for ABANDON_AFTER_SECONDS.")

    def handle(self, *args, **options):
        count = abandon.abandon_stale_games()
        self.stdout.write(_("Games abandoned: %(count)d") % {"count": count})

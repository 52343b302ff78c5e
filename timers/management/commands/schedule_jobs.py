"""Make the task engine's schedules match timers.jobs.JOBS (idempotent; `make run` and
`make prod` run it before the task workers start)."""

from django.core.management.base import BaseCommand
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from timers.schedules import sync_schedules


class Command(BaseCommand):
    help = gettext_lazy("Make the task engine's schedules match the periodic jobs (timers.jobs.JOBS).")

    def handle(self, *args, **options):
        changes = sync_schedules()
        lines = [
            *(_("Schedule created: %(job)s") % {"job": path} for path in changes.created),
            *(_("Schedule updated: %(job)s") % {"job": path} for path in changes.updated),
            *(_("Schedule deleted: %(job)s") % {"job": path} for path in changes.deleted),
        ]
        for line in lines or [_("The schedules match the jobs.")]:
            self.stdout.write(line)

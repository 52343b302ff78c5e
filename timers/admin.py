"""The task engine in the admin: django-q2's own pages (the runs that succeeded, those that
failed, the schedules, the queue), each behind the site's guard on hidden fields, as every
admin of the site is (``kadi_site.admin_guard``; a test checks every registered admin)."""

from django.contrib import admin
from django_q import admin as task_admin
from django_q.models import Failure, OrmQ, Schedule, Success

from kadi_site.admin_guard import HiddenFieldsMixin

PAGES = (
    (Success, task_admin.TaskAdmin),
    (Failure, task_admin.FailAdmin),
    (Schedule, task_admin.ScheduleAdmin),
    (OrmQ, task_admin.QueueAdmin),
)

for model, model_admin in PAGES:
    if admin.site.is_registered(model):  # django_q's admin, loaded first (INSTALLED_APPS)
        admin.site.unregister(model)
    admin.site.register(model, type(model_admin.__name__, (HiddenFieldsMixin, model_admin), {}))

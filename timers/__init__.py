"""Timers: the site's periodic jobs on a task engine (django-q2, the database as its broker).

Deadlines fire whether or not any page is open: ``timers.jobs.JOBS`` names each job (a dotted
path to an idempotent function of games or accounts, never imported here), ``manage.py
schedule_jobs`` makes django-q2's Schedule rows match the list, and ``manage.py qcluster``
runs them (docs/architecture.md, "Timers").
"""

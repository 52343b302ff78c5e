"""The periodic jobs: every deadline the site keeps without a page open.

Each is the dotted path of a function of no argument (or ``now=None``) that sweeps everything
due at its run: idempotent, and safe run twice at once (it takes the row locks it needs), so a
task delivered again after a killed worker, or a run late or missed, does no harm. Paths, not
imports: timers depends on games and accounts only through these strings, and they never
import timers.

django-q2 schedules in whole minutes and its scheduler looks every 30 seconds, so a job runs at
most once a minute: ``seconds`` under 60 count as a minute (``Job.minutes``). What needs
seconds stays where it is: the real-time turn clock and a quick game's bots (the live layer),
a challenge expiring in front of its players (their ``/ws/me/`` socket).
"""

from dataclasses import dataclass
from math import ceil


@dataclass(frozen=True)
class Job:
    """Run the function at ``path`` every ``seconds``."""

    path: str
    seconds: int

    @property
    def minutes(self) -> int:
        """The schedule's interval: whole minutes, one at least."""
        return max(1, ceil(self.seconds / 60))


MINUTE, HOUR, DAY = 60, 3600, 86400

JOBS = [
    # Open challenges past their expiry written expired, their players told.
    Job("games.play.challenges.expire_due", seconds=MINUTE),
    # Running games left alone for ABANDON_AFTER_SECONDS end as abandoned.
    Job("games.play.abandon.abandon_stale_games", seconds=MINUTE),
    # Quick games whose wait is over: bots fill them, or, nobody there, they stop waiting.
    Job("games.play.play_now.fill_due_tables", seconds=MINUTE),
    # Guests past GUEST_KEEP_SECONDS removed (or closed) with the tables only they played at.
    Job("games.play.guest_cleanup.prune_guests", seconds=HOUR),
    # Turn-based tables: a move made for each player whose time ran out (a bot's turn played).
    Job("games.play.deadlines.expire_due_turns", seconds=MINUTE),
    # Tournaments: started, paired, ended and finished when due; recurring ones made a day ahead.
    Job("tournaments.writes.schedule.run_due", seconds=MINUTE),
    # Notification e-mails: each player's batch once their chosen interval has passed.
    Job("notifications.emails.send_due", seconds=MINUTE),
    # The log-in throttle's pairs with no failure left in the window forgotten.
    Job("accounts.throttle.forget_quiet_pairs", seconds=DAY),
]

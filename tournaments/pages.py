"""What the tournament pages show (reads only): the list's sections, and the tournament
page's view model with its standings, the viewer's own line, the games in progress, the
countdown to the next pairing and, at the end, the podium.

The standings are read once as plain lines (``standings``) in ``tournaments.standings``'
order, so that a page, the viewer's own rank past the first page and the live frames
(``tournaments.live``, which renders them once per change for every watcher) agree. A
game in progress is shown by its players' names and a link to watch: nothing of its hands.
"""

from dataclasses import dataclass
from datetime import datetime

from django.core.paginator import Page, Paginator
from django.db.models import Count, Q
from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from games.models import Game, Table
from tournaments import queue, scoring
from tournaments.models import Entry, Tournament, TournamentTable
from tournaments.standings import ranked
from tournaments.writes.entries import visible

PAGE_SIZE = 50  # standings lines a page
PODIUM = 3
FINISHED_LISTED = 20  # the latest finished tournaments on the list
SOON_LISTED = 3  # tournaments of each kind the lobby shows


# What a line reads (a name as ``User.name`` makes it); the standings of 1,000 players are
# read for every change of a live page (tournaments.live): no more than these.
LINE_FIELDS = (
    *("user__username", "user__display_name", "user__bot_level", "table__table_id"),
    *("points", "games", "streak", "state", "scored_at", "joined_at"),
)


@dataclass(frozen=True)
class Line:
    """One player's line of the standings."""

    rank: int
    user_id: int
    name: str
    username: str
    points: int
    games: int
    streak: int
    state: str
    table_id: int | None = None  # the games table the player sits at now

    @property
    def url(self) -> str:
        """The player's profile (made for the lines shown only: a reverse per line of 1,000
        was most of a live render)."""
        return reverse("profile", args=[self.username])

    @property
    def on_fire(self) -> bool:
        """Whether the fire mark shows: the player's next game scores double."""
        return scoring.on_fire(self.streak)

    @property
    def withdrawn(self) -> bool:
        return self.state == Entry.State.WITHDRAWN


@dataclass(frozen=True)
class Sections:
    upcoming: list[Tournament]
    running: list[Tournament]
    finished: list[Tournament]


@dataclass(frozen=True)
class GameInProgress:
    table_id: int
    names: list[str]
    watch_url: str


@dataclass(frozen=True)
class Detail:
    """The tournament page's view model."""

    tournament: Tournament
    page: Page
    me: Line | None
    games: list[GameInProgress]
    podium: list[Line]
    entrants: int
    invite_url: str | None
    token: str | None

    @property
    def my_page(self) -> int | None:
        return (self.me.rank - 1) // PAGE_SIZE + 1 if self.me else None

    @property
    def me_off_page(self) -> bool:
        """The viewer ranks on another page than the one shown."""
        return self.me is not None and self.my_page != self.page.number


def _with_counts(tournaments):
    return tournaments.annotate(entrants=Count("entries", filter=~Q(entries__state=Entry.State.WITHDRAWN)))


def sections() -> Sections:
    """The listed tournaments: starting soonest first, running, the latest finished."""
    listed = _with_counts(Tournament.objects.listed())
    Status = Tournament.Status
    return Sections(
        upcoming=list(listed.filter(status=Status.SCHEDULED).order_by("starts_at", "pk")),
        running=list(listed.filter(status__in=(Status.RUNNING, Status.ENDING)).order_by("starts_at", "pk")),
        finished=list(
            listed.filter(status=Status.FINISHED).order_by("-finished_at", "-pk")[:FINISHED_LISTED]
        ),
    )


def next_and_running(limit: int = SOON_LISTED) -> Sections:
    """For the lobby: the running tournaments and the next ones (no finished ones)."""
    listed = _with_counts(Tournament.objects.listed())
    Status = Tournament.Status
    return Sections(
        upcoming=list(listed.filter(status=Status.SCHEDULED).order_by("starts_at", "pk")[:limit]),
        running=list(
            listed.filter(status__in=(Status.RUNNING, Status.ENDING)).order_by("starts_at", "pk")[:limit]
        ),
        finished=[],
    )


def joined_ids(user: User) -> set[int]:
    """The tournaments ``user`` takes part in (or paused): the list offers them no Join."""
    if not user.is_authenticated:
        return set()
    active = (Entry.State.IN, Entry.State.PAUSED)
    return set(Entry.objects.filter(user=user, state__in=active).values_list("tournament_id", flat=True))


def standings(tournament: Tournament | int) -> list[Line]:
    """Every line of the standings, ranked (one query; names as each reader sees them)."""
    return [
        Line(
            rank=rank,
            user_id=entry.user_id,
            name=entry.user.name,
            username=entry.user.username,
            points=entry.points,
            games=entry.games,
            streak=entry.streak,
            state=entry.state,
            table_id=entry.table.table_id if entry.table_id else None,
        )
        for rank, entry in enumerate(ranked(tournament).select_related("table").only(*LINE_FIELDS), 1)
    ]


def own_line(lines: list[Line], user: User) -> Line | None:
    if not user.is_authenticated:
        return None
    return next((line for line in lines if line.user_id == user.pk), None)


def visible_tournament(tournament_id: int, user: User, token: str | None) -> Tournament | None:
    """The tournament if ``user`` (or a visitor holding ``token``) may know it exists, else
    None, for a missing id and a private tournament alike."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None or not visible(tournament, user, token):
        return None
    return tournament


def games_in_progress(tournament: Tournament) -> list[GameInProgress]:
    """The tournament's running games: who plays, and where to watch (names only)."""
    made = (
        TournamentTable.objects.filter(tournament=tournament, game__status=Game.Status.RUNNING)
        .select_related("table", "game")
        .prefetch_related("game__players__user")
        .order_by("created_at", "pk")
    )
    return [
        GameInProgress(
            table_id=row.table_id,
            names=[player.user.name for player in row.game.players.all()],
            watch_url=_watch_url(row.table),
        )
        for row in made
    ]


def detail(tournament: Tournament, user: User, page_number: str | None, token: str | None = None) -> Detail:
    """The tournament page as ``user`` sees it, at standings page ``page_number``."""
    lines = standings(tournament)
    me = own_line(lines, user)
    Status = Tournament.Status
    shares = tournament.private and (me is not None or tournament.created_by_id == getattr(user, "pk", None))
    return Detail(
        tournament=tournament,
        page=Paginator(lines, PAGE_SIZE).get_page(page_number),
        me=me,
        games=games_in_progress(tournament) if tournament.status != Status.SCHEDULED else [],
        podium=lines[:PODIUM] if tournament.status == Status.FINISHED else [],
        entrants=sum(1 for line in lines if not line.withdrawn),
        invite_url=f"{reverse('tournaments:detail', args=[tournament.pk])}?invite={tournament.invite_token}"
        if shares
        else None,
        token=token if tournament.private and token and tournament.invite_opens(token) else None,
    )


def due_at(tournament: Tournament) -> datetime | None:
    """What the page counts down to: the start while scheduled, else the next pairing."""
    if tournament.status == Tournament.Status.SCHEDULED:
        return tournament.starts_at
    return queue.pairing_due_at(tournament)


def seconds_until(when: datetime | None, now: datetime | None = None) -> int | None:
    if when is None:
        return None
    return max(0, round((when - (now or timezone.now())).total_seconds()))


def clock(seconds: int | None) -> str:
    """A countdown as a clock shows it: "4:05", "1:02:03" (static/js/tournament.js alike)."""
    hours, rest = divmod(seconds or 0, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"


def head(tournament: Tournament, entrants: int, now: datetime | None = None) -> dict:
    """What the page's head shows (status, time left, the next countdown), as template context."""
    due = due_at(tournament)
    left, next_in = seconds_until(tournament.ends_at, now), seconds_until(due, now)
    return {
        "tournament": tournament,
        "entrants": entrants,
        "due_at": due,
        "seconds_end": left,
        "clock_end": clock(left),
        "seconds_next": next_in,
        "clock_next": clock(next_in),
    }


def _watch_url(table: Table) -> str:
    """Where to watch a tournament's game: its table, or, at a private tournament's (shown
    only to those who may see the tournament), the table's invitation link."""
    if table.private:
        return reverse("games:join", args=[table.pk, table.invite_token])
    return reverse("games:table", args=[table.pk])

"""A game read or locked to record moves, and what its write hands on to the announcement
(``signals.GameChange``): the event number it was read at, its players by seat, the moves
recorded since. Kept beside the game rather than as attributes on the model instance, so
the game holds no reference back to its rows: once a write is done with, its objects go
with their last reference instead of waiting for the garbage collector, whose young passes
stall the process.
"""

from dataclasses import dataclass, field

from games.models import Game, GamePlayer
from games.models import Move as MoveRow
from games.play import kept_players


@dataclass(eq=False)
class GameWrite:
    game: Game
    base_seq: int
    recorded: list[MoveRow] = field(default_factory=list)
    known_players: list[GamePlayer] | None = None

    @classmethod
    def of(cls, game: Game, players: list[GamePlayer] | None = None) -> "GameWrite":
        """``game`` as read, at its event number now; ``players``: by seat, if known."""
        return cls(game, game.seq, [], players)

    @property
    def players(self) -> list[GamePlayer]:
        """The game's players by seat, with their users and stand-ins: read once, and
        changed in place; kept from the game's last move in this process
        (``games.play.kept_players``), or read."""
        if self.known_players is None:
            self.known_players = kept_players.take(self.game) or list(
                self.game.players.select_related("user", "stand_in").order_by("seat")
            )
        return self.known_players

"""What the games app announces to the apps built on it (games never imports them).

``game_finished`` is sent by ``games.services`` inside the transaction that ends a game,
with its places stored, so that a receiver's writes (history's rating) commit or roll back
with the game's end. Receivers take ``game``."""

from django.dispatch import Signal

game_finished = Signal()

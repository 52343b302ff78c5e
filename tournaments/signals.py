"""What the tournaments app announces, each once its transaction has committed.

``standings_changed``: a tournament's entries or scores changed (the live page pushes its
standings); receivers take ``tournament_id`` and ``seq`` (the tournament's new version).
``tournament_started``: a tournament began; receivers take ``tournament`` and ``user_ids``
(its entrants, to be told: notifications).
``tables_made``: a pairing seated players at new tables and their games started; receivers
take ``tournament`` and ``user_ids`` (everyone seated: the bot API's event streams look again).
"""

from django.dispatch import Signal

standings_changed = Signal()
tournament_started = Signal()
tables_made = Signal()

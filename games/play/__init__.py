"""Every write of the games app, by subdomain (the reads are the pages' and the live layer's).

- ``tables``: tables, seats, bots at the table and their accounts;
- ``starts``: starting a game, and playing again; ``seeds``: the seeds games are dealt from;
- ``moves``: a player's move and resignation, written under the game's row lock or, where
  the move is the whole change, in one statement;
- ``recording``: a locked game recording moves (rows, position, the server's forced moves
  that follow, the end), shared by every move-write path;
- ``server_turns``: the turns the server plays (bots, run-out clocks, absent players, the
  stand-in bot);
- ``abandon``: ending games left alone; ``chat``: the table's chat;
- ``announce``: news of every change, once it commits (``games.signals.table_changed``);
- ``errors``: the refusals (``ServiceError`` and kinds);
- ``kept_players``, ``row_values``, ``prepared``: what makes a move cheap (the players kept
  between moves in this process, rows as plain values, the move's statements compiled once).
"""

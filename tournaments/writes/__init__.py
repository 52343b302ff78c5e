"""Every write of the tournaments app, by subdomain: entries (create, join, pause, withdraw),
the pairing, results at a game's end, and the schedule (start, end, recurring events).

Each write runs in one transaction that locks the tournament's row, so that concurrent
requests and workers are serialised per tournament, and announces its change once committed
(``tournaments.signals``). Refusals are ``games.play.errors.ServiceError`` with a sentence."""

"""Notifications: what the site tells a player who may not be looking (issue 45).

Each notification is stored for the site's own list, then goes by Web Push and, for the
slow kinds, by a batched e-mail, as the player's preferences say. The app listens to
``games.signals``; games never imports it.
"""

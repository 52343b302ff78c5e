"""The pause before the next rated game after an offence, by the offences counted (pure)."""

from datetime import timedelta

from django.conf import settings


def pause(count: int) -> timedelta:
    """The pause after the ``count``-th offence counted: none for the first (a warning), then
    ``FAIRPLAY_PAUSE_MINUTES``, growing ``FAIRPLAY_PAUSE_GROWTH`` times with each offence up
    to ``FAIRPLAY_PAUSE_MAX_MINUTES`` (10 min, 1 h, 6 h, 1 day with the defaults)."""
    if count <= 1:
        return timedelta(0)
    minutes, most = settings.FAIRPLAY_PAUSE_MINUTES, settings.FAIRPLAY_PAUSE_MAX_MINUTES
    for _ in range(count - 2):
        if minutes >= most:
            break
        minutes *= settings.FAIRPLAY_PAUSE_GROWTH
    return timedelta(minutes=min(minutes, most))

"""The rules (docs/rules.md and rules.sw.md) say fair play's defaults: change them together."""

from pathlib import Path

from django.conf import settings

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_the_rules_say_the_defaults_in_english_and_swahili():
    english = (DOCS / "rules.md").read_text(encoding="utf-8")
    swahili = (DOCS / "rules.sw.md").read_text(encoding="utf-8")
    assert f"more than {settings.FAIRPLAY_LOSING_BY} cards more" in english
    assert f"zaidi ya {settings.FAIRPLAY_LOSING_BY} kuliko" in swahili
    within, big = settings.FAIRPLAY_RESIGN_WITHIN, settings.FAIRPLAY_BIG_DRAW
    assert f"next {within} moves after drawing\n  {big} cards" in english
    assert f"{settings.FAIRPLAY_TIMEOUTS} timeouts or more" in english
    assert f"{settings.FAIRPLAY_MISSED_TURNS} turns in a row" in english
    assert f"{settings.FAIRPLAY_PAUSE_MINUTES} minutes" in english and "dakika 10" in swahili
    assert f"every {settings.FAIRPLAY_CLEAN_GAMES} games" in english and "michezo 3" in swahili
    assert f"after {settings.FAIRPLAY_WINDOW_DAYS} days" in english and "siku 7" in swahili
    assert f"last {settings.FINISHING_RATE_GAMES} finished games" in english and "20 ya mwisho" in swahili
    assert "### Fair play" in english and "### Mchezo wa haki" in swahili

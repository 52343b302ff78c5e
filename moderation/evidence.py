"""What a moderator reads beside a report: the chat lines around the reported one (or the
table's latest), the game's replay, and the reported player's recent games (left, turns
run out, turns missed), reports and past actions. For moderators only (the admin asks)."""

from django.db.models import Count, Q, Sum
from django.urls import reverse

from games.models import ChatMessage, GamePlayer
from moderation.models import ModerationAction, Report

LINES_AROUND = 6  # chat lines shown before and after the reported one
LINES_OF_TABLE = 20  # a table's latest lines, for a report about a table
RECENT = 10  # games, reports and actions shown


def for_report(report: Report) -> dict:
    subject = report.subject
    games = (
        GamePlayer.objects.filter(user=subject).select_related("game").order_by("-game__created_at", "-pk")
    )
    return {
        "chat_lines": _chat_lines(report),
        "replay_url": reverse("history:replay", args=[report.game_id]) if report.game_id else None,
        "game_url": reverse("history:game", args=[report.game_id]) if report.game_id else None,
        "recent_games": games[:RECENT],
        "totals": GamePlayer.objects.filter(user=subject).aggregate(
            games=Count("pk"),
            left=Count("pk", filter=Q(left=True)),
            timeouts=Sum("timeouts", default=0),
            missed_turns=Sum("missed_turns", default=0),
        ),
        "other_reports": Report.objects.filter(subject=subject)
        .exclude(pk=report.pk)
        .select_related("reporter")[:RECENT],
        "actions": ModerationAction.objects.filter(subject=subject).select_related("moderator")[:RECENT],
    }


def _chat_lines(report: Report) -> list[ChatMessage]:
    """The reported line with the ones around it, or the table's latest lines."""
    lines = ChatMessage.objects.select_related("user")
    if report.chat_message_id:
        table = lines.filter(table_id=report.chat_message.table_id)
        before = table.filter(pk__lte=report.chat_message_id).order_by("-pk")[: LINES_AROUND + 1]
        after = table.filter(pk__gt=report.chat_message_id).order_by("pk")[:LINES_AROUND]
        return [*reversed(before), *after]
    if report.table_id:
        return list(reversed(lines.filter(table_id=report.table_id).order_by("-pk")[:LINES_OF_TABLE]))
    return []

"""``{% next_tournaments %}``: the running and next listed tournaments, for the lobby (the
home page). A template tag, so that the games app's views and pages never import this app."""

from django import template

from tournaments import pages

register = template.Library()


@register.inclusion_tag("tournaments/partials/next.html", takes_context=True)
def next_tournaments(context) -> dict:
    return {"sections": pages.next_and_running(), "user": context.get("user")}

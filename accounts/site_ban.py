"""A player barred from the site gets, for every request, a page saying why and until when;
only logging out (and the static files, served before this) still works. The restrictions
read here are kept on the request for the pages' notice (``accounts.context_processors``)."""

from django.shortcuts import render
from django.urls import reverse

from accounts import restrictions
from kadi_site import database_unreachable


class SiteBan:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        try:  # the first query of a request (its session, its user): before the view
            found = restrictions.in_force(user) if user is not None and user.is_authenticated else None
        except database_unreachable.FAILURES as error:
            return database_unreachable.unreachable(request, error)
        if found is not None:
            request.restrictions = found
            banned = [row for row in found if row.kind == restrictions.Kind.SITE_BAN]
            if banned and request.path != reverse("logout"):
                context = {"sentence": restrictions.said(banned[0])}
                return render(request, "accounts/banned.html", context, status=403)
        return self.get_response(request)

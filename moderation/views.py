"""A player's report about another: the form (``/report/<username>/``, reached from a
profile, a table's people, a chat line, a finished game, whose ids the link carries) and
its confirmation. Thin: ``moderation.report_context`` reads the ids, ``moderation.writes``
writes and refuses."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_safe

from accounts.models import User
from games.invites import granted
from moderation import report_context
from moderation.forms import ReportForm
from moderation.writes import Refused, make_report, report_refusal


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def report(request, username):
    subject = get_object_or_404(User, username=username, is_active=True)
    form = ReportForm(request.POST if request.method == "POST" else None)
    context = {"subject": subject, "form": form, "refusal": report_refusal(request.user, subject)}
    if context["refusal"] is not None:
        return render(request, "moderation/report.html", context, status=403)
    params = request.POST if request.method == "POST" else request.GET
    try:
        where = report_context.read(params, subject, request.user, granted(request.session))
    except Refused as refused:
        context["refusal"] = str(refused)
        return render(request, "moderation/report.html", context, status=400)
    context["where"] = where
    if request.method != "POST":
        return render(request, "moderation/report.html", context)
    if form.is_valid():
        try:
            make_report(
                request.user,
                subject,
                form.cleaned_data["reason"],
                form.cleaned_data["note"],
                table=where.table,
                game=where.game,
                chat_message=where.chat_message,
            )
        except Refused as refused:
            context["refusal"] = str(refused)
            return render(request, "moderation/report.html", context, status=409)
        return redirect("moderation:sent")
    return render(request, "moderation/report.html", context, status=400)


@login_required
@require_safe
def sent(request):
    return render(request, "moderation/report_sent.html")

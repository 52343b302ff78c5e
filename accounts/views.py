"""Account pages: sign-up, throttled log-in, public profile and settings.

Password change and reset use Django's own views (see accounts/urls.py).
"""

from functools import wraps

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.mixins import LoginRequiredMixin
from django.contrib.messages.views import SuccessMessageMixin
from django.core.exceptions import NON_FIELD_ERRORS
from django.db import IntegrityError
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse_lazy
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_POST, require_safe
from django.views.generic import DetailView, FormView, UpdateView

from accounts import friends, guests, signups
from accounts.finishing_rate import finishing_rate
from accounts.forms import LOCKED_OUT, AccountSettingsForm, LoginForm, SignUpForm
from accounts.models import User
from accounts.profile import provided_context
from games.whereabouts import whereabouts

GUEST_PASSWORD = gettext_lazy("A guest has no password: sign up to choose one (your games are kept).")


class LoginView(auth_views.LoginView):
    form_class = LoginForm
    redirect_authenticated_user = True

    def form_invalid(self, form):
        if form.has_error(NON_FIELD_ERRORS, LOCKED_OUT):
            context = {"message": form.non_field_errors()[0]}
            return render(self.request, "registration/locked_out.html", context, status=429)
        return super().form_invalid(form)


class SignUpView(FormView):
    form_class = SignUpForm
    template_name = "registration/signup.html"

    def dispatch(self, request, *args, **kwargs):
        if request.user.is_authenticated and not guests.is_guest(request.user):
            return redirect(settings.LOGIN_REDIRECT_URL)
        return super().dispatch(request, *args, **kwargs)

    def get_form_kwargs(self):
        """A guest signing up claims their own row: its games become the account's."""
        kwargs = super().get_form_kwargs()
        if guests.is_guest(self.request.user):
            kwargs["instance"] = self.request.user
        return kwargs

    def form_valid(self, form):
        claiming = guests.is_guest(self.request.user)  # no new account: the address counted the guest
        if not claiming and not signups.allowed(self.request):
            message = ngettext(
                "%(count)d account has been made from your address in the last hour: try again later.",
                "%(count)d accounts have been made from your address in the last hour: try again later.",
                signups.limit(),
            )
            form.add_error(None, message % {"count": signups.limit()})
            return self.render_to_response(self.get_context_data(form=form), status=429)
        try:
            user = form.save()
        except IntegrityError:  # another sign-up took the name since the form checked it
            form = self.get_form()
            form.is_valid()  # checks it again: now it is taken, as for any taken name
            return self.form_invalid(form)
        if not claiming:
            signups.record(self.request)
        login(self.request, user)
        messages.success(self.request, _("Welcome to Kadi, %(name)s!") % {"name": user.name})
        return redirect(self.next_url() or settings.LOGIN_REDIRECT_URL)

    def next_url(self) -> str:
        """Where the new player goes once signed up (``next``, as a log-in takes it: an
        invitation link brings them back to its seat), when it is one of the site's pages."""
        back = self.request.POST.get("next") or self.request.GET.get("next") or ""
        safe = url_has_allowed_host_and_scheme(back, {self.request.get_host()}, self.request.is_secure())
        return back if safe else ""

    def get_context_data(self, **kwargs):
        return {**super().get_context_data(**kwargs), "next": self.next_url()}


class ProfileView(DetailView):
    model = User
    slug_field = slug_url_kwarg = "username"
    # Not "user": that name already means the visitor in every template.
    context_object_name = "profile_user"
    template_name = "accounts/profile.html"

    def get_queryset(self):
        return User.objects.filter(is_active=True)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context.update(provided_context(self.object, self.request))
        context["following"] = friends.is_following(self.request.user, self.object)
        context["blocking"] = friends.has_blocked(self.request.user, self.object)
        context["finishing_rate"] = None if self.object.is_bot else finishing_rate(self.object)
        return context


class AccountSettingsView(LoginRequiredMixin, SuccessMessageMixin, UpdateView):
    form_class = AccountSettingsForm
    template_name = "accounts/settings.html"
    success_url = reverse_lazy("account_settings")
    success_message = gettext_lazy("Your settings have been saved.")

    def get_object(self, queryset=None):
        return self.request.user


def no_guests(view, message=None):
    """A page that makes no sense for a guest (no password, no friends): to the sign-up page
    instead, with ``message`` (or ``guests.refusal``'s sentence) saying why."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        if refusal := guests.refusal(request.user):
            messages.error(request, message or refusal)
            return redirect("signup")
        return view(request, *args, **kwargs)

    return wrapped


def _relation_change(change, done):
    """A POST-only, logged-in view making ``change(visitor, player)`` to the player named in
    the address (404 for no such active player), then back to the page it came from."""

    @no_guests
    @login_required
    @require_POST
    def view(request, username):
        player = get_object_or_404(User, username=username, is_active=True)
        try:
            change(request.user, player)
        except friends.Refused as refusal:
            messages.error(request, str(refusal))
        else:
            messages.success(request, done % {"name": player.name})
        back = request.POST.get("next", "")
        if not url_has_allowed_host_and_scheme(back, {request.get_host()}, request.is_secure()):
            back = player.get_absolute_url()
        return redirect(back)

    return view


follow = _relation_change(friends.follow, gettext_lazy("You follow %(name)s."))
unfollow = _relation_change(friends.unfollow, gettext_lazy("You no longer follow %(name)s."))
block = _relation_change(friends.block, gettext_lazy("You blocked %(name)s."))
unblock = _relation_change(friends.unblock, gettext_lazy("You no longer block %(name)s."))


@no_guests
@login_required
@require_safe
def friends_page(request):
    """Friends (both follow), whom the player follows and who follows them, where those they
    follow are now; the players they blocked."""
    circle = friends.relations(request.user)
    where = whereabouts(request.user, [person.pk for person in circle.friends + circle.following])
    context = {
        "friends": [(person, where[person.pk]) for person in circle.friends],
        "following": [(person, where[person.pk]) for person in circle.following],
        "followers": circle.followers,
        "blocked": circle.blocked,
    }
    return render(request, "accounts/friends.html", context)

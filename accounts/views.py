"""Account pages: sign-up, throttled log-in, public profile and settings.

Password change and reset use Django's own views (see accounts/urls.py).
"""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.mixins import LoginRequiredMixin
from django.contrib.messages.views import SuccessMessageMixin
from django.core.exceptions import NON_FIELD_ERRORS
from django.db import IntegrityError
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.generic import DetailView, FormView, UpdateView

from accounts import signups
from accounts.forms import LOCKED_OUT, AccountSettingsForm, LoginForm, SignUpForm
from accounts.models import User
from accounts.profile import provided_context


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
        if request.user.is_authenticated:
            return redirect(settings.LOGIN_REDIRECT_URL)
        return super().dispatch(request, *args, **kwargs)

    def form_valid(self, form):
        if not signups.allowed(self.request):
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
        signups.record(self.request)
        login(self.request, user)
        messages.success(self.request, _("Welcome to Kadi, %(name)s!") % {"name": user.name})
        return redirect(settings.LOGIN_REDIRECT_URL)


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
        return context


class AccountSettingsView(LoginRequiredMixin, SuccessMessageMixin, UpdateView):
    form_class = AccountSettingsForm
    template_name = "accounts/settings.html"
    success_url = reverse_lazy("account_settings")
    success_message = gettext_lazy("Your settings have been saved.")

    def get_object(self, queryset=None):
        return self.request.user

"""Forms for signing up, logging in (throttled) and account settings."""

import math

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import (
    AuthenticationForm,
    PasswordChangeForm,
    SetPasswordForm,
    UserCreationForm,
)
from django.core.exceptions import ValidationError
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from accounts import guests, restrictions, shown_text, throttle
from accounts.backends import hashing_slot
from accounts.models import User

LOCKED_OUT = "locked_out"


class ThrottledLoginMixin:
    """Refuses log-ins after too many failures (accounts/throttle.py); bots never log in."""

    def clean(self):
        username = self.cleaned_data.get("username")
        if not username:
            return super().clean()
        try:
            throttle.reserve_attempt(self.request, username)
        except throttle.LockedOut as locked:
            raise self._locked_out(locked.remaining) from None
        try:
            cleaned_data = super().clean()
        except ValidationError as error:
            if error.code == "invalid_login":
                remaining = throttle.lockout_remaining(self.request, username)
                if remaining is not None:
                    raise self._locked_out(remaining) from None
            raise
        throttle.clear_failures(self.request, username)
        return cleaned_data

    @staticmethod
    def _locked_out(remaining) -> ValidationError:
        minutes = max(1, math.ceil(remaining.total_seconds() / 60))
        return ValidationError(
            ngettext(
                "Too many failed log-in attempts. Please try again in %(minutes)d minute.",
                "Too many failed log-in attempts. Please try again in %(minutes)d minutes.",
                minutes,
            ),
            code=LOCKED_OUT,
            params={"minutes": minutes},
        )

    def confirm_login_allowed(self, user: User) -> None:
        super().confirm_login_allowed(user)
        if user.is_bot:
            raise ValidationError(_("Bot accounts cannot log in."), code="bot")
        if sentence := restrictions.refusal(user, (restrictions.Kind.SITE_BAN,)):
            raise ValidationError(sentence, code="banned")


class LoginForm(ThrottledLoginMixin, AuthenticationForm):
    pass


class AdminLoginForm(ThrottledLoginMixin, AdminAuthenticationForm):
    pass


class NewPasswordErrorsMixin:
    """Django reports a weak new password under its confirmation field; these forms report
    it under the new password itself (a mismatch stays under the confirmation)."""

    CONFIRMED = {"password2": "password1", "new_password2": "new_password1"}

    def validate_password_for_user(self, user, password_field_name="password2"):
        super().validate_password_for_user(user, self.CONFIRMED.get(password_field_name, password_field_name))


class HashingWithoutAConnectionMixin:
    """New passwords are hashed, and an old one checked, with the request's pooled
    connection given back and at most ``PASSWORD_HASHING_AT_ONCE`` at a time, as log-ins
    are (``accounts.backends.hashing_slot``): a burst of sign-ups holds no connections."""

    def set_password_and_save(self, user, password_field_name="password1", commit=True):
        with hashing_slot():
            user.set_password(self.cleaned_data[password_field_name])
        if commit:
            user.save()
        return user

    def clean_old_password(self):
        with hashing_slot():
            return super().clean_old_password()


class KadiSetPasswordForm(HashingWithoutAConnectionMixin, NewPasswordErrorsMixin, SetPasswordForm):
    pass


class KadiPasswordChangeForm(HashingWithoutAConnectionMixin, NewPasswordErrorsMixin, PasswordChangeForm):
    pass


def _someone_elses(name, user):
    """Whether ``name`` is shown for another player than ``user``: their username or their
    display name, whatever the case (so that nobody can pass for someone else at a table)."""
    others = User.objects.exclude(pk=user.pk)
    return others.filter(Q(username__iexact=name) | Q(display_name__iexact=name)).exists()


SOMEONE_ELSES = _("That name is someone else’s at the tables: choose another.")
GUEST_NAMES = _("Names beginning “Guest-” are kept for guests: choose another.")
MIXED_SCRIPTS = _("That name mixes alphabets whose letters look alike (Latin, Cyrillic, Greek): keep to one.")


class SignUpForm(HashingWithoutAConnectionMixin, NewPasswordErrorsMixin, UserCreationForm):
    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")
        help_texts = {"email": _("Optional; needed only to reset a forgotten password.")}

    def clean_username(self):
        username = super().clean_username()  # Django's own check: another's username, whatever the case
        if (username or "").lower().startswith(guests.NAME_PREFIX.lower()):
            raise ValidationError(GUEST_NAMES, code="guest")
        if shown_text.mixes_lookalike_scripts(username or ""):
            raise ValidationError(MIXED_SCRIPTS, code="mixed_scripts")
        if username and User.objects.filter(display_name__iexact=username).exists():
            raise ValidationError(SOMEONE_ELSES, code="someone_elses")
        return username

    def save(self, commit=True):
        """A new account, or a guest's own row made an account (``instance``): no more a guest."""
        self.instance.is_guest = False
        self.instance.guest_expires = None
        return super().save(commit)


class AccountSettingsForm(forms.ModelForm):
    class Meta:
        model = User
        fields = (
            "display_name",
            "email",
            "hand_order",
            "turn_notification",
            "preferred_preset",
            "challenges_from",
            "chat_off",
        )

    # Fields newer than some pages still open: a post without one keeps the player's choice.
    KEPT_WHEN_ABSENT = ("preferred_preset", "challenges_from")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name in self.KEPT_WHEN_ABSENT:
            self.fields[name].required = False

    def clean(self):
        cleaned = super().clean()
        for name in self.KEPT_WHEN_ABSENT:
            if not cleaned.get(name):
                cleaned[name] = getattr(self.instance, name)
        return cleaned

    def clean_display_name(self):
        name = self.cleaned_data["display_name"]
        if name and not shown_text.shows_something(name):  # zero-width characters alone: a blank at the table
            raise ValidationError(_("A display name needs at least one visible character."), code="invisible")
        if shown_text.reorders(name):
            raise ValidationError(
                _("That name holds characters that would turn the text around it."), code="reordering"
            )
        if shown_text.mixes_lookalike_scripts(name):
            raise ValidationError(MIXED_SCRIPTS, code="mixed_scripts")
        if name and _someone_elses(name, self.instance):
            raise ValidationError(SOMEONE_ELSES, code="someone_elses")
        return name

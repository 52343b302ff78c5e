"""The forms of the privacy pages: the password that confirms a deletion, a second factor's code."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from accounts.backends import hashing_slot


class DeleteAccountForm(forms.Form):
    password = forms.CharField(
        label=_("Your password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    def __init__(self, user, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_password(self):
        password = self.cleaned_data["password"]
        with hashing_slot():
            matches = self.user.check_password(password)
        if not matches:
            raise ValidationError(_("That is not your password: your account was not deleted."), code="wrong")
        return password


class CodeForm(forms.Form):
    code = forms.RegexField(
        label=_("The 6-digit code your app shows"),
        regex=r"^\s*\d{6}\s*$",
        max_length=20,
        error_messages={"invalid": _("Type the 6 digits your app shows.")},
        widget=forms.TextInput(attrs={"autocomplete": "one-time-code", "inputmode": "numeric"}),
    )

    def clean_code(self):
        return self.cleaned_data["code"].strip()

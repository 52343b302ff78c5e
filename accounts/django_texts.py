"""Django's own texts that the account pages show (help, form errors) and that Django's
Swahili catalogue lacks, written out for ``makemessages`` so that locale/ translates them:
LOCALE_PATHS come before Django's catalogues. Never imported; each msgid must stay exactly
Django's (its curly apostrophes too).
"""

from django.utils.translation import gettext_noop, ngettext_lazy

gettext_noop("Required. 150 characters or fewer. Letters, digits and @/./+/-/_ only.")
gettext_noop(
    "Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters."
)
ngettext_lazy(
    "Ensure this value has at most %(limit_value)d character (it has %(show_value)d).",
    "Ensure this value has at most %(limit_value)d characters (it has %(show_value)d).",
    "limit_value",
)
gettext_noop("The two password fields didn’t match.")
ngettext_lazy(
    "This password is too short. It must contain at least %d character.",
    "This password is too short. It must contain at least %d characters.",
    "min_length",
)
ngettext_lazy(
    "Your password must contain at least %(min_length)d character.",
    "Your password must contain at least %(min_length)d characters.",
    "min_length",
)
gettext_noop("Your password can’t be too similar to your other personal information.")
gettext_noop("Your password can’t be a commonly used password.")
gettext_noop("Your password can’t be entirely numeric.")

"""The chat in the admin: the word filter's lists (English and Swahili), and the lines it
held back, which staff with the right to change chat messages show to the table or remove
(``games.play.chat.review``). A line itself is never edited here."""

from django import forms
from django.contrib import admin, messages
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.models import ChatFilterWord, ChatMessage
from games.play import chat, chat_filter
from kadi_site.admin_guard import HiddenFieldsAdmin


class ChatFilterWordForm(forms.ModelForm):
    class Meta:
        model = ChatFilterWord
        fields = ["word", "language"]

    def clean_word(self):
        word = self.cleaned_data["word"].strip()
        if not chat_filter.plain_words(word):
            raise forms.ValidationError(_("A word needs at least one letter."), code="no_letter")
        return word


@admin.register(ChatFilterWord)
class ChatFilterWordAdmin(HiddenFieldsAdmin):
    form = ChatFilterWordForm
    list_display = ["word", "language"]
    list_filter = ["language"]
    search_fields = ["word"]


@admin.register(ChatMessage)
class ChatMessageAdmin(HiddenFieldsAdmin):
    list_display = ["created_at", "table", "user", "text", "status"]
    list_filter = ["status"]
    search_fields = ["text", "user__username"]
    list_select_related = ["table", "user"]
    fields = ["table", "user", "text", "status", "created_at"]
    readonly_fields = fields
    actions = ["show_to_table", "remove"]

    def has_add_permission(self, request):
        return False

    @admin.action(description=_("Show the held lines to their tables"), permissions=["change"])
    def show_to_table(self, request, queryset):
        self._review(request, queryset, show=True)

    @admin.action(description=_("Remove the held lines"), permissions=["change"])
    def remove(self, request, queryset):
        self._review(request, queryset, show=False)

    def _review(self, request, queryset, show):
        count = chat.review(list(queryset.values_list("pk", flat=True)), show)
        if show:
            words = ngettext(
                "%(count)d line shown to its table.", "%(count)d lines shown to their tables.", count
            )
        else:
            words = ngettext("%(count)d line removed.", "%(count)d lines removed.", count)
        self.message_user(request, words % {"count": count}, messages.SUCCESS)

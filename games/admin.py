"""The admin: tables with their house rules and seats; games, read-only, with players and moves."""

from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.forms.models import BaseInlineFormSet
from django.http import JsonResponse
from django.shortcuts import get_object_or_404
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from games import chat_admin  # noqa: F401 - registers the chat's filter words and held lines
from games.engine.rules import GROUPS, OPTIONS
from games.models import Game, GamePlayer, Move, Seat, Table, Vacation
from games.pages.forms import TableRulesForm, field_name
from games.text.rules import GROUP_TITLES, rules_summary
from kadi_site.admin_guard import HiddenFieldsAdmin


def rules_in_words(rules, preset):
    """The rules as plain sentences grouped as RULES.md groups them; house rules marked."""
    groups = rules_summary(rules, preset)
    return format_html_join(
        "",
        "<h4>{}</h4><ul>{}</ul>",
        (
            (
                group["title"],
                format_html_join(
                    "",
                    "<li><strong>{}:</strong> {}{}</li>",
                    (
                        (rule["label"], rule["text"], _(" (house rule)") if rule["changed"] else "")
                        for rule in group["rules"]
                    ),
                ),
            )
            for group in groups
        ),
    )


class SeatFormSet(BaseInlineFormSet):
    def add_fields(self, form, index):
        """A tabular inline shows its fields' labels only as column headings: name each field
        for screen readers too."""
        super().add_fields(form, index)
        for field in form.fields.values():
            field.widget.attrs.setdefault("aria-label", field.label)

    def clean(self):
        super().clean()
        seats = self.instance.seat_count
        for form in self.forms:
            position = form.cleaned_data.get("position")
            if position is not None and not form.cleaned_data.get("DELETE") and position >= seats:
                form.add_error("position", _("This table has %(n)d seats, numbered from 0.") % {"n": seats})


class SeatInline(admin.TabularInline):
    model = Seat
    formset = SeatFormSet
    extra = 0
    autocomplete_fields = ["user"]


def rules_fieldsets(description):
    """The house rules' fieldsets of a rules form (``TableRulesForm``): the preset, the reset
    and the summary in words (``description`` under them), then each group of options."""
    return [
        (
            _("House rules"),
            {"fields": ["preset", "reset_to_preset", "effective_rules"], "description": description},
        ),
        *(
            (GROUP_TITLES[group], {"fields": [field_name(o) for o in OPTIONS if o.group == group]})
            for group, _title in GROUPS
        ),
    ]


class HouseRulesAdmin(HiddenFieldsAdmin):
    """The admin of a model with house rules (a preset, overrides, ``rules()``) edited through a
    ``TableRulesForm``: choosing a preset refreshes the options in place from ``rules_preview``
    (static/js/admin_rules.js), and ``effective_rules`` shows them in words."""

    readonly_fields = ["effective_rules"]
    unsaved_words = _("Shown once the table is saved.")

    class Media:
        js = ["js/rule_fields.js", "js/admin_rules.js"]
        css = {"all": ["css/admin_rules.css"]}

    def preview_url_name(self):
        return f"{self.model._meta.app_label}_{self.model._meta.model_name}_rules_preview"

    def get_urls(self):
        preview = self.admin_site.admin_view(self.rules_preview)
        return [path("rules-preview/", preview, name=self.preview_url_name()), *super().get_urls()]

    def get_form(self, request, obj=None, **kwargs):
        """The form, its preset wired to the in-place refresh (static/js/admin_rules.js)."""
        form = super().get_form(request, obj, **kwargs)
        preview_url = reverse(f"admin:{self.preview_url_name()}")
        attrs = {"data-rules-preview": preview_url, "data-table": obj.pk if obj else ""}
        form.base_fields["preset"].widget.attrs.update(attrs)
        return form

    def rules_preview(self, request):
        """What the rules would be with the form as it stands (JSON: each option's value and
        the summary in words, or the errors): the page refreshes in place when the preset
        changes. Stores nothing."""
        return require_POST(self._rules_preview)(request)

    def _rules_preview(self, request):
        obj_id = request.POST.get("_table", "")
        if obj_id:
            number = obj_id.isascii() and obj_id.isdigit()  # "²".isdigit(), yet int() refuses it
            obj = get_object_or_404(self.model, pk=obj_id) if number else None
            allowed = obj is not None and self.has_change_permission(request, obj)
        else:
            obj, allowed = self.model(), self.has_add_permission(request)
        if not allowed:
            raise PermissionDenied
        form_class = self.get_form(request, obj if obj.pk else None)
        form = form_class(request.POST, instance=obj, touched=request.POST.getlist("_touched"))
        rules = form.preview()
        if rules is None:
            return JsonResponse({"errors": form.rule_errors()})
        values = rules.to_dict()
        return JsonResponse({
            "values": {field_name(option): values[option.name] for option in OPTIONS},
            "summary": rules_in_words(values, form.cleaned_data["preset"]),
            "errors": [],
        })

    @admin.display(description=_("effective rules"))
    def effective_rules(self, obj):
        if obj.pk is None:
            return self.unsaved_words
        try:
            rules = obj.rules()
        except ValueError as error:
            return format_html("{} {}", _("The stored house rules are invalid:"), error)
        return rules_in_words(rules.to_dict(), obj.preset)


@admin.register(Table)
class TableAdmin(HouseRulesAdmin):
    form = TableRulesForm
    list_display = [
        "name", "preset", "seat_count", "seats_taken", "in_lobby", "private", "created_by", "created_at",
    ]
    list_filter = ["preset", "pace", "in_lobby", "private"]  # staff see every table (games.whereabouts)
    search_fields = ["name"]
    autocomplete_fields = ["created_by"]
    inlines = [SeatInline]
    fieldsets = [
        (None, {"fields": ["name", "seat_count", "turn_timer_seconds", "in_lobby", "created_by"]}),
        (_("Pace"), {"fields": ["pace", "move_seconds"]}),
        (
            _("Who may play and watch"),
            {"fields": ["private", "spectators", "listed_in_history", "min_finishing_rate", "chat_off"]},
        ),
        *rules_fieldsets(
            _("Changes apply from the table's next game; games keep the rules they began with.")
        ),
    ]

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("created_by").prefetch_related("seats")

    @admin.display(description=_("seats taken"))
    def seats_taken(self, table):
        return f"{len(table.seats.all())} / {table.seat_count}"

    def save_model(self, request, obj, form, change):
        if not change and obj.created_by is None:
            obj.created_by = request.user
        super().save_model(request, obj, form, change)


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False
    show_change_link = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def get_readonly_fields(self, request, obj=None):
        return self.fields


class GamePlayerInline(ReadOnlyInline):
    model = GamePlayer
    fields = ["seat", "user", "place", "left"]


class MoveInline(ReadOnlyInline):
    model = Move
    fields = ["index", "seat", "player", "text", "created_at"]
    verbose_name_plural = _("move log")

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("game").prefetch_related("game__players__user")

    @admin.display(description=_("player"))
    def player(self, move):
        return next((p.user for p in move.game.players.all() if p.seat == move.seat), "")


@admin.register(Game)
class GameAdmin(HiddenFieldsAdmin):
    """Games are records: they are viewed, never edited, and the position stays hidden."""

    list_display = ["__str__", "table", "status", "player_count", "move_count", "winner_name", "created_at"]
    list_filter = ["status", "table"]
    search_fields = ["table__name"]
    date_hierarchy = "created_at"
    fields = [
        "table", "number", "status", "player_count", "first_seat", "move_count", "winner_name",
        "created_at", "finished_at", "seed_when_over", "rules_in_words",
    ]
    readonly_fields = fields
    inlines = [GamePlayerInline, MoveInline]

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("table").prefetch_related("players__user")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    @admin.display(description=_("winner"))
    def winner_name(self, game):
        return next((p.user for p in game.players.all() if p.seat == game.winner), "")

    @admin.display(description=_("seed"))
    def seed_when_over(self, game):
        return _("hidden while the game runs") if game.is_running else game.seed

    @admin.display(description=_("rules"))
    def rules_in_words(self, game):
        return rules_in_words(game.rules, preset=None)


@admin.register(Vacation)
class VacationAdmin(HiddenFieldsAdmin):
    """Players' vacations, to read: one is started and ended by its player (games.play.vacations
    moves their turn-based deadlines with it, which an edit here would not)."""

    list_display = ("user", "starts_at", "ends_at")
    search_fields = ("user__username",)
    list_select_related = ("user",)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

"""The lobby, the table page and its actions, and the rules page.

Views stay thin: forms check the shape of a request, ``games.play`` makes every
change (and refuses with a ``ServiceError`` message), ``games.pages.table`` reads what a
page shows. Each table action answers an HTMX request with the re-rendered table area and
any other request with a redirect back to the table.
"""

from functools import partial, wraps

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from accounts import guests
from games import invites
from games.bots.levels import FIRST_GAME
from games.engine import Rules
from games.invite_views import invite_panel
from games.invites import visible_table
from games.pages import leaving, selection
from games.pages.documents import rules_document_html
from games.pages.play_forms import BotForm, MoveForm, NewTableForm, PlayNowForm, SeatForm
from games.pages.table import help_folded, lobby_tables, misplay_text, read_table, table_context
from games.play import errors, fair_play, moves, play_now, seat_return, server_turns, starts, tables
from games.text.cards import card_roles
from games.text.rules import options_catalogue, presets_catalogue

TABLE_AREA = "games/partials/table_update.html"  # the table area and the move log


def _lobby_context(request, **forms):
    level = request.user.play_now_level if request.user.is_authenticated else FIRST_GAME
    return {
        "tables": lobby_tables(),
        "form": NewTableForm(),
        "play_now_form": PlayNowForm(initial={"level": level}),
        "quick_wait": round(settings.QUICK_GAME_WAIT_SECONDS),
        "rated_barred": fair_play.rated_refusal(request.user),
        **forms,
    }


@require_safe
def lobby(request):
    return render(request, "games/lobby.html", _lobby_context(request))


@require_POST
def play_bots_now(request):
    """One tap from the lobby: a table with bots, started; a visitor plays as a new guest; a
    player in a running game is asked first."""
    form = PlayNowForm(request.POST)
    if not form.is_valid():
        return render(request, "games/lobby.html", _lobby_context(request, play_now_form=form), status=400)
    fields = form.cleaned_data
    if asking := _ask_before_leaving(request, "games:play_bots_now", _("Leave it and play bots"), fields):
        return asking
    try:
        if not request.user.is_authenticated:
            guests.start_guest(request)
        table = play_now.play_bots_now(request.user, form.cleaned_data["level"])
    except guests.TooMany as refusal:
        return _lobby_refusal(request, str(refusal), 429)
    except errors.ServiceError as refusal:
        return _lobby_refusal(request, str(refusal), 429 if isinstance(refusal, errors.TooFast) else 400)
    return redirect("games:table", table_id=table.pk)


@login_required
@require_POST
def quick_game(request):
    """One tap from the lobby: a seat at another quick game of the player's rules, or a new
    table that fills with bots after a wait; a player in a running game is asked first."""
    try:
        play_now.check_may_seek(request.user)
        button = _("Leave it and find a quick game")
        if asking := _ask_before_leaving(request, "games:quick_game", button, {}):
            return asking
        table = play_now.quick_game(request.user)
    except errors.ServiceError as refusal:
        status = 429 if isinstance(refusal, errors.TooFast) else 400
        return _lobby_refusal(request, str(refusal), status)
    return redirect("games:table", table_id=table.pk)


def _ask_before_leaving(request, action, button, fields):
    """The page that asks a player in a running game whether to leave it, saying what leaving
    does, when the lobby's button was not pressed again on that page (``leave``): a page
    rather than a script's dialog, so that it asks without JavaScript too. None: nothing to ask."""
    if request.POST.get("leave") == "1" or not (games := leaving.games_in_play(request.user)):
        return None
    context = {"games": games, "action": action, "button": button, "fields": fields}
    return render(request, "games/leave_game.html", context)


def _lobby_refusal(request, message, status):
    return render(request, "games/lobby.html", _lobby_context(request, refusal=message), status=status)


@login_required
@require_POST
def create_table(request):
    """The lobby's Create-table form; a guest plays bots only ("Play bots now")."""
    if reason := guests.refusal(request.user):
        return _lobby_refusal(request, reason, 403)
    form = NewTableForm(request.POST)
    status = 400
    if form.is_valid():
        try:
            table = tables.create_table(request.user, **form.cleaned_data)
        except errors.ServiceError as error:
            form.add_error(None, str(error))
            status = 429 if isinstance(error, errors.TooFast) else status
        else:
            return redirect("games:table", table_id=table.pk)
    return render(request, "games/lobby.html", _lobby_context(request, form=form), status=status)


@require_safe
def table(request, table_id):
    table = visible_table(request, table_id)
    context = {
        **table_context(table, request.user),
        "invite": invite_panel(request, table),
        "help_folded": help_folded(request.user),
    }
    return render(request, "games/table.html", context)


@require_safe
def table_area(request, table_id):
    """The part of the table page that changes, as it is now (reads only)."""
    table = visible_table(request, table_id)
    return render(request, TABLE_AREA, table_context(table, request.user))


@require_POST
def poll(request, table_id):
    """The table area, polled while the page's websocket is down: a POST, because each poll
    also plays the bot moves that are due (with no websocket open at the table, no turn
    clock plays them)."""
    table = visible_table(request, table_id)
    game = table.current_game()
    if game is not None and game.is_running:
        server_turns.advance_bots(game)
    return render(request, TABLE_AREA, table_context(table, request.user))


def _answer(request, table, message=None, message_key="error"):
    """The re-rendered table area for HTMX, else a redirect to the table (message flashed)."""
    if request.htmx:
        context = table_context(table, request.user)
        context[message_key] = message
        return render(request, TABLE_AREA, context)
    if message:
        messages.error(request, message)
    return redirect("games:table", table_id=table.pk)


def _act(request, table, action):
    """Run ``action`` (a service call) and answer, with its refusal if it was refused."""
    try:
        action()
    except errors.ServiceError as refusal:
        return _answer(request, table, str(refusal))
    return _answer(request, table)


def _refuse(message):
    raise errors.ServiceError(message)


def table_action(view):
    """A POST-only, logged-in table action, given the table as its second argument."""

    @login_required
    @require_POST
    @wraps(view)
    def wrapped(request, table_id):
        return view(request, visible_table(request, table_id))

    return wrapped


@table_action
def take_seat(request, table):
    form = SeatForm(request.POST)
    position = form.cleaned_data["position"] if form.is_valid() else -1
    invited = invites.used_link(request.session, table)
    return _act(request, table, partial(tables.take_seat, table, request.user, position, invited))


@table_action
def leave_seat(request, table):
    return _act(request, table, partial(tables.leave_seat, table, request.user))


@table_action
def fill_with_bots(request, table):
    """A quick game's table: the page's timer ran out, or its player chose not to wait."""
    return _act(request, table, partial(play_now.fill_with_bots, table.pk, asked_by=request.user))


@table_action
def take_back_seat(request, table):
    """The seat a stand-in bot holds for the player, taken back (``games.play.seat_return``)."""
    return _act(request, table, partial(seat_return.take_back, table, request.user))


@table_action
def add_bot(request, table):
    form = BotForm(request.POST)
    level = form.cleaned_data["level"] if form.is_valid() else ""
    return _act(request, table, partial(tables.add_bot, table, level, request.user))


@table_action
def remove_bot(request, table):
    form = SeatForm(request.POST)
    position = form.cleaned_data["position"] if form.is_valid() else None
    return _act(request, table, partial(tables.remove_bot, table, position, request.user))


@table_action
def start_game(request, table):
    return _act(request, table, partial(starts.start_game, table, request.user))


@table_action
def rematch(request, table):
    """Offer to play again, or accept the offer."""
    return _act(request, table, partial(starts.rematch, table, request.user))


@table_action
def decline_rematch(request, table):
    return _act(request, table, partial(starts.decline_rematch, table, request.user))


@table_action
def resign(request, table):
    def resign_current():
        game = table.current_game()
        if game is None:
            _refuse(_("There is no game to resign."))
        moves.resign(game, request.user)

    return _act(request, table, resign_current)


@table_action
def move(request, table):
    """Submit a move in the table's current game. The engine's refusal (or, at a table that
    punishes misplays, the rule a play broke) shows by the hand."""
    try:
        message = _submit_move(request, table, MoveForm(request.POST))
    except errors.ServiceError as refusal:
        message = str(refusal)
    return _answer(request, table, message, message_key="move_error")


def _submit_move(request, table, form):
    if not form.is_valid():
        _refuse(" ".join(error for field_errors in form.errors.values() for error in field_errors))
    game = table.current_game()
    if game is None:
        _refuse(_("No game is running at this table."))
    text = form.cleaned_data["move"]
    written = moves.submit_move(game.pk, request.user, text, form.cleaned_data["expected_move_count"])
    return misplay_text(written.broken_rule) if written.broken_rule else None


@require_safe
def hand_choice(request, table_id):
    """What the cards picked in the hand so far allow and would do (``games.pages.selection``), as
    JSON for static/js/table.js: ``?cards=QH 8H&suit=S&declare=1``. Only the player to move
    may ask; anything else is refused with a reason (``error``) and a 4xx status."""
    table = visible_table(request, table_id)
    try:
        return JsonResponse(selection.answer(read_table(table), request.user, request.GET))
    except selection.Refused as refusal:
        return JsonResponse({"error": str(refusal)}, status=refusal.status)


@require_safe
def rules(request):
    return render(
        request,
        "games/rules.html",
        {
            "document": rules_document_html(),
            "roles": card_roles(Rules.preset()),
            "options": options_catalogue(),
            "presets": presets_catalogue(),
        },
    )

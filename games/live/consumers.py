"""The table's websocket: one per open table page, for players and spectators alike.

It joins the table's group (``games.live.realtime``), sends its viewer a fresh render on
connect, and again after every change at the table, rendered for that viewer only
(``games.live.frames``). It takes moves, resignations, chat lines and resync requests
(``games.live.protocol``), which ``games.play`` carries out; it keeps the viewer's
presence and the table's turn clock running. A refused or malformed message gets an error
reply and changes nothing; a connection that sends more than its budget is closed
(``games.live.rate_limit``); so is one whose table was deleted meanwhile, after a notice
saying so (``TABLE_GONE``).

A game's change that the consumer can show from what this process holds, while it handles
no other message, it takes at once from the layer that hands it over (``take_at_once``,
``games.live.at_once``): the frame leaves in the turn of the event loop that announced the
move.

However a socket ends (closed by either side, its application crashed, or cancelled by the
server at shutdown or after a timeout), ``leave`` runs (``games.live.cleanup``): the heartbeat
stops, the viewer counts as gone, the table's clock forgets the socket. Else a crashed consumer's
heartbeat kept its player "online" for good, and the table waited for them.
"""

import asyncio
import logging
import uuid
from functools import partial

import redis
from autobahn.exception import Disconnected
from channels.consumer import get_handler_name
from django.db import DatabaseError
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from games import invites, presence
from games.live import (
    at_once,
    catch_up,
    frames,
    heartbeats,
    loop_statements,
    people,
    readings,
    realtime,
    turn_clock,
)
from games.live.cleanup import LeavingConsumer
from games.live.db_calls import db_call
from games.live.protocol import ProtocolError, parse
from games.live.rate_limit import MessageBudget
from games.live.refuse import refuse
from games.models import Game, Table
from games.pages.table import misplay_text
from games.play import chat, errors, moves
from games.whereabouts import may_see_table

log = logging.getLogger(__name__)
TABLE_GONE = 4004  # 4000 + 404: the table was deleted (by the admin) while the socket was open
VIEWER_ENDED = 4001  # 4000 + 401: the viewer logged out, or their account was closed (realtime.end_sockets)
MAX_TABLE_ID = 2**63 - 1  # the largest id a database integer holds; a longer path is no table
SHOWN = object()  # a change the viewer has seen already (``TableConsumer._change_frame``)


class TableConsumer(MessageBudget, LeavingConsumer):
    groups = ()  # the groups joined: the table's, and a logged-in viewer's account's and session's
    present = False  # a logged-in viewer's presence is kept (``games.live.heartbeats``)
    clock_attached = False
    handling = False  # a message is being handled (``dispatch``)
    sending = None  # the task of a frame sent at once that had to wait (``take_at_once``)
    shown_change = None  # (game, event) of the last frame if its kind's change frame: a delta may follow

    async def connect(self):
        self.table_id = self.scope["url_route"]["kwargs"]["table_id"]
        self.shown = (None, None)  # the game and event number this viewer last got
        self.viewer = frames.Viewer(self.scope)
        self.user = self.viewer.user
        translation.activate(self.viewer.language)  # for this socket's task: its frames and replies
        if self.user.is_authenticated:  # before joining the group: the full render says it
            self.present = True
            self.presence_key = uuid.uuid4().hex  # this socket's presence row (games.presence)
            heartbeats.attach(self.table_id, self.presence_key)
            await self._presence(presence.joined)
        self.groups = _groups(self.scope, self.table_id)
        for group in self.groups:
            await self.channel_layer.group_add(group, self.channel_name)
        await self.accept()
        await self.send_table(full=True)
        await self._tell_position()
        turn_clock.attach(self.table_id)
        self.clock_attached = True
        at_once.register(self.channel_name, self.take_at_once)
        catch_up.register(self.channel_name)

    async def dispatch(self, message):
        """As Channels' own, but without its hop to a thread to close stale database
        connections before every message (for every socket at every move): each database
        call here (``db_call``) does that in its own thread."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        if self.sending is not None:  # a frame sent at once goes first
            await asyncio.wait((self.sending,))
        self.handling = True
        try:
            await handler(message)
        except Table.DoesNotExist:  # deleted meanwhile: nothing left to show, say so and close
            await self._table_gone()
        except (DatabaseError, redis.RedisError) as error:  # out of reach, even on a fresh connection
            await self._service_failed(message, error)
        finally:
            self.handling = False

    async def disconnect(self, code):
        await self.leave()

    async def send(self, text_data=None, bytes_data=None, close=False):
        """As Channels' own, but a frame for a socket that closed meanwhile is dropped: its
        close is the next message this consumer handles (daphne raises autobahn's
        ``Disconnected`` for it, where the ASGI spec asks for an ``OSError``)."""
        try:
            await super().send(text_data, bytes_data, close)
        except (Disconnected, OSError):
            pass

    async def _service_failed(self, message, error):
        """The database or Redis failed: say so, and keep the socket. The page's resync (or
        the next news) brings it up to date, and an unanswered move is sent again by the
        page (static/js/live.js)."""
        log.warning("table %s: %s failed: %r", self.table_id, message["type"], error)
        if message["type"] == "websocket.connect":  # refused: the page opens another socket
            await self.leave()
            await self.close()
            return
        await self.send(frames.notice(_("Something went wrong on the server. Please try again in a moment.")))

    async def _table_gone(self):
        await self._close_with(_("This table no longer exists."), TABLE_GONE)

    async def _close_with(self, notice, code):
        if not self.closing:
            self.closing = True
            await self.send(frames.notice(notice))
            await self.close(code=code)

    async def leave(self) -> None:
        """Undo what ``connect`` set up, once, whatever ended the socket (see above)."""
        at_once.unregister(getattr(self, "channel_name", None))
        catch_up.unregister(getattr(self, "channel_name", None))
        groups, present, self.groups, self.present = self.groups, self.present, (), False
        if self.clock_attached:
            self.clock_attached = False
            turn_clock.detach(self.table_id)
        if present:
            heartbeats.detach(self.presence_key)
            try:
                await self._presence(presence.left)
            except DatabaseError as error:  # the row expires on its own (games.presence)
                log.warning("table %s: presence not cleared: %r", self.table_id, error)
        try:
            for group in groups:
                await self.channel_layer.group_discard(group, self.channel_name)
        except redis.RedisError as error:  # cut off from Redis: its subscriptions are gone with it
            log.warning("table %s: groups not left: %r", self.table_id, error)

    async def receive(self, text_data=None, bytes_data=None):
        if await self.refused_over_budget():
            return
        try:
            message = parse(text_data)
        except ProtocolError as error:
            await self.send(frames.notice(str(error)))
            return
        await getattr(self, f"on_{message.kind}")(message)

    # -- Messages from the viewer ------------------------------------------------------

    async def on_move(self, message):
        if not self.user.is_authenticated:
            await self.send_table(move_error=_("Log in to play."))
            return
        try:
            written = await self._write_move(message)
            misplay = misplay_text(written.broken_rule) if written.broken_rule else None
        except errors.StaleMove as refusal:
            await self.send_table(full=True, move_error=str(refusal))
        except errors.ServiceError as refusal:
            await self.send_table(move_error=str(refusal))
        else:
            if misplay:
                await self.send_table(move_error=misplay)

    async def _write_move(self, message):
        """The move's ``MoveWritten``, written from the event loop or in a database thread. The socket
        sends nothing until the write returns, so meanwhile it takes news at once
        (``games.live.at_once``): the move's own frame leaves with the other viewers'."""
        self.handling = False
        try:
            written = await _submit_move_on_loop(self.table_id, self.user, message)
            return written or await db_call(_submit_move)(self.table_id, self.user, message)
        finally:
            self.handling = True

    async def on_resign(self, message):
        if not self.user.is_authenticated:
            await self.send(frames.notice(_("Log in to play.")))
            return
        try:
            await db_call(_resign)(self.table_id, self.user)
        except errors.ServiceError as refusal:
            await self.send(frames.notice(str(refusal)))

    async def on_chat(self, message):
        try:
            line = await db_call(chat.post_chat)(self.table_id, self.user, message.text)
        except errors.ServiceError as refusal:
            await self.send(frames.chat_error(str(refusal)))
            return
        if line.status == line.Status.HELD:  # the word filter kept it back: for staff to review
            await self.send(frames.chat_held())
            return
        await self.send(frames.chat_error(""))
        await realtime.announce_chat(self.table_id, await db_call(frames.chat_line)(line))

    async def on_resync(self, message):
        """Nothing was missed: say so with the sync marker; else a full fresh render."""
        current = await db_call(frames.current_position)(self.table_id)
        if (message.game, message.seq) == current:
            await self.send(frames.sync_marker(*current))
        else:
            await self.send_table(full=True)

    async def table_catch_up(self, event):
        """News may have been lost (``games.live.catch_up``): a full fresh render if the
        viewer is behind; the table's clock looks again."""
        turn_clock.wake(self.table_id)
        if await db_call(frames.current_position)(self.table_id) != self.shown:
            await self.send_table(full=True)

    # -- News from the table's group ----------------------------------------------------

    async def table_changed(self, event):
        news, change = _news(event)
        turn_clock.wake(self.table_id, news, change)
        frame = self._change_frame(news, change) if news else None
        if frame is None:
            await self.send_table(people=news is None, news=news, change=change, after=self.shown_change)
        elif frame is not SHOWN:
            await self._show(frame)

    def take_at_once(self, event):
        """Show ``event``, a group message, now if it is a game's change this process can
        show (``games.live.at_once``): True; else False, and it waits in the queue."""
        news, change = _news(event) if event["type"] == "table.changed" else (None, None)
        if news is None or self.handling or self.sending or self.closing:
            return False
        with translation.override(self.viewer.language):
            frame = self._change_frame(news, change)
        if frame is None:
            return False
        turn_clock.wake(self.table_id, news, change)
        if frame is not SHOWN:
            self.sending = at_once.run_now(self.send(frame.html))  # a failure: shown from the queue
            self._shown(frame)
            if self.sending is not None:  # the send waits: later news waits behind it, in the queue
                self.sending.add_done_callback(self._sent)
        return True

    def _sent(self, sending):
        self.sending = None

    def _change_frame(self, news, change):
        """The frame that shows this viewer the game's change ``news``, made from what this
        process holds (no trip to a database thread); ``SHOWN`` if the viewer has it already
        (a render read the database after it); None if it takes the database."""
        game, seq = self.shown
        if news[0] == game and news[1] <= seq:
            return SHOWN
        return frames.change_frame(self.table_id, self.viewer, news, change, self.shown_change)

    async def presence_changed(self, event):
        presence.forget(self.table_id)
        turn_clock.wake(self.table_id)
        await self.send(await people.people_frame(self.table_id, event.get("news")))

    async def chat_message(self, event):
        if not getattr(self.user, "chat_off", False):  # "Hide chat": not one line
            await self.send(event["html"])

    async def viewer_ended(self, event):
        """The viewer logged out, or their account was closed: the socket acts for them no more."""
        if event.get("reason") == "logged_out":
            notice = _("You logged out. Reload the page to watch or to log in again.")
        elif event.get("reason") == "banned":
            notice = _("This account is barred from the site: reload the page to read why and until when.")
        else:
            notice = _("This account is closed.")
        await self._close_with(notice, VIEWER_ENDED)

    # -- Helpers ----------------------------------------------------------------------------

    async def send_table(self, **options):
        frame = await db_call(frames.table_frame)(self.table_id, self.viewer, timezone.now(), **options)
        await self._show(frame)

    async def _tell_position(self):
        """Tell the table's other sockets which event this new socket was shown: news lost
        on the way to them (its writer died between its commit and its publishing, say, and
        this is its player back on another worker) then reaches them now. Those that have
        it already do nothing (``SHOWN``)."""
        game, seq = self.shown
        if game is not None:
            message = {"type": "table.changed", "game": game, "seq": seq}
            await self.channel_layer.group_send(realtime.table_group(self.table_id), message)

    async def _show(self, frame):
        self._shown(frame)
        await self.send(frame.html)

    def _shown(self, frame):
        self.shown = (frame.game_id, frame.seq)
        self.shown_change = self.shown if frame.change else None

    async def _presence(self, change):
        """Record the viewer's arrival or departure; tell the table when they came or went."""
        now = timezone.now()
        if await db_call(change)(self.table_id, self.user.pk, now, self.presence_key):
            await realtime.announce_presence(self.table_id)


def _news(event):
    """A table change's news (the game's (id, event number), or None for another change) and,
    from another process, what the game's move changed."""
    news = (event["game"], event["seq"]) if event["game"] is not None else None
    return news, event.get("change")


def _groups(scope, table_id):
    """The groups of a socket: its table's; a logged-in viewer's account's and session's."""
    groups = [realtime.table_group(table_id)]
    if scope["user"].is_authenticated:
        groups.append(realtime.account_group(scope["user"].pk))
        session = scope.get("session")
        if session is not None and session.session_key:
            groups.append(realtime.session_group(session.session_key))
    return tuple(groups)


_table_consumer = TableConsumer.as_asgi()


async def table_socket(scope, receive, send):
    """``ws/t/<table id>/``: the table's consumer, or a refusal for a table that does not
    exist (or an id no database integer holds) or one the viewer may not see (a private
    table, refused as one that does not exist)."""
    table_id = scope["url_route"]["kwargs"]["table_id"]
    try:
        exists = 0 < table_id <= MAX_TABLE_ID and await db_call(_table_visible)(table_id, scope)
    except DatabaseError as error:  # out of reach: the page opens another socket
        log.warning("table %s: no socket, the database failed: %r", table_id, error)
        exists = False
    if not exists:
        return await refuse(scope, receive, send)
    return await _table_consumer(scope, receive, send)


def _table_visible(table_id, scope):
    table = Table.objects.filter(pk=table_id).first()
    grants = invites.granted(scope.get("session"))
    return table is not None and may_see_table(scope["user"], table, grants)


def _current_game_id(table_id):
    """The id of the table's latest game (as ``Table.current_game``), read alone."""
    games = Game.objects.filter(table_id=table_id).order_by("-number")
    game_id = games.values_list("pk", flat=True).first()
    if game_id is None:
        raise errors.ServiceError(_("No game is running at this table."))
    return game_id


async def _submit_move_on_loop(table_id, user, message):
    """The move's ``MoveWritten``, if written from the event loop (``games.live.loop_statements``);
    else None."""
    game = readings.game_at(table_id, message.seq) if loop_statements.applies() else None
    if game is None:
        return None
    return await loop_statements.submit_move(game, user, message.move, _move_id(user, message), message.seq)


def _submit_move(table_id, user, message):
    """Make the move in a database thread: its ``MoveWritten``."""
    known = partial(readings.game_at, table_id, message.seq)  # saves reading the game
    move_id = _move_id(user, message)
    return moves.submit_table_move(table_id, user, message.move, move_id, message.seq, known)


def _move_id(user, message):
    """Client move ids are the client's own: scoped by user, one cannot block another's."""
    return f"{user.pk}-{message.client_move_id}"


def _resign(table_id, user):
    moves.resign(_current_game_id(table_id), user)

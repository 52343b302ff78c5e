"""The fragments every viewer sees alike (the board, the move log) are rendered once per
change and set into each viewer's frame: the frame must be exactly the one rendered for that
viewer from the table page's own templates."""

import re

import pytest
from django.contrib.auth.models import AnonymousUser
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language

from games.live import frames, readings
from games.models import Move, Table
from games.pages.table import read_table, table_context
from games.play.moves import resign, submit_move
from games.play.starts import start_game
from games.play.tables import create_table, take_seat

pytestmark = pytest.mark.django_db

CSRF_TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')  # masked afresh per render


def direct_frame(table_id, user):
    """The change frame for ``user``, every part rendered for them alone."""
    table = Table.objects.get(pk=table_id)
    context = table_context(table, user, read_table(table))
    context.update(error="", move_error="", seated_people=None)
    return render_to_string(frames.CHANGE, context, request=frames.Viewer({"user": user}).request)


def assert_frames_as_direct(game, viewers):
    game.refresh_from_db()
    for user in viewers:
        viewer = frames.Viewer({"user": user})
        shared = frames.table_frame(game.table_id, viewer, timezone.now(), news=(game.pk, game.seq))
        assert shared.seq == game.seq
        assert CSRF_TOKEN.sub("", shared.html) == CSRF_TOKEN.sub("", direct_frame(game.table_id, user))
        assert f'value="{viewer.csrf_token}"' in shared.html or "csrfmiddlewaretoken" not in shared.html
        again = frames.change_frame(game.table_id, viewer, (game.pk, game.seq))  # as a socket asks
        assert again.html == shared.html


def test_each_viewer_gets_their_own_frame_around_the_shared_fragments(game, user, baraka, make_user):
    # Spectators of each kind twice: the second gets the frame rendered for the first.
    viewers = [user, baraka, make_user("wanjiru"), AnonymousUser(), make_user("zawadi"), AnonymousUser()]
    assert_frames_as_direct(game, viewers)
    submit_move(game.pk, user, "7H")
    assert_frames_as_direct(game, viewers)
    submit_move(game.pk, baraka, "9H")
    assert_frames_as_direct(game, viewers)
    resign(game, baraka)  # the game is over: the results show every hand
    assert_frames_as_direct(game, viewers)


def test_the_seats_kept_for_spectators_follow_who_sits_down_during_the_game(game, user, baraka, make_user):
    """Viewers not in play see the seats panel, kept from move to move (``frames._seats``)."""
    wanjiru, zawadi = make_user("wanjiru"), make_user("zawadi")
    viewers = [wanjiru, zawadi, AnonymousUser()]
    submit_move(game.pk, user, "7H")
    assert_frames_as_direct(game, viewers)
    take_seat(game.table, wanjiru)  # plays from the next game on
    submit_move(game.pk, baraka, "9H")
    assert_frames_as_direct(game, viewers)
    frame = frames.change_frame(game.table_id, frames.Viewer({"user": zawadi}), (game.pk, game.seq)).html
    assert "wanjiru" in frame and "Take this seat" in frame


def test_another_tables_frames_hold_its_own_addresses_and_game(game, user, baraka, make_user):
    """What is kept to make frames (skeletons, hand forms) never carries one table's
    addresses or game into another's frames."""
    submit_move(game.pk, user, "7H")
    assert_frames_as_direct(game, [user, baraka, AnonymousUser()])
    wanjiru, zawadi = make_user("wanjiru"), make_user("zawadi")
    table = create_table(wanjiru, "Mti", 2, "friendly")
    take_seat(table, zawadi)
    other = start_game(table, wanjiru)
    state = other.engine_state()
    mover = (wanjiru, zawadi)[state.turn]
    submit_move(other.pk, mover, "draw" if state.problem("draw") is None else "pass")

    assert_frames_as_direct(other, [wanjiru, zawadi, AnonymousUser()])
    other.refresh_from_db()
    waiting = (wanjiru, zawadi)[other.engine_state().turn]
    frame = frames.change_frame(table.pk, frames.Viewer({"user": waiting}), (other.pk, other.seq)).html
    assert reverse("games:move", args=[table.pk]) in frame and f'data-game="{other.pk}"' in frame
    assert reverse("games:move", args=[game.table_id]) not in frame


def test_the_shared_fragments_show_no_hand(game, user, baraka):
    submit_move(game.pk, user, "7H")
    game.refresh_from_db()
    viewer = frames.Viewer({"user": user})
    frame = frames.table_frame(game.table_id, viewer, timezone.now(), news=(game.pk, game.seq))
    shared = frames._shared(readings.latest(game.table_id, (game.pk, game.seq)), get_language())
    assert set(shared) == set(frames.SHARED)
    for html in shared.values():
        assert html in frame.html
        for card in ("5S", "4C", "QD", "KC"):  # in amani's and baraka's hands
            assert f'data-card="{card}"' not in html


def test_a_reading_shows_only_the_moves_its_position_holds(game, user):
    """Renders run side by side with moves (games.live.db_calls): a move committed between the
    reading's queries must not show in the log beside the position from before it."""
    submit_move(game.pk, user, "7H")
    game.refresh_from_db()
    Move.objects.create(game=game, index=game.move_count, seat=1, text="9H")  # not yet in the game row

    reading = read_table(Table.objects.get(pk=game.table_id))

    assert [move.text for move in reading.moves] == ["7H"]
    assert reading.game.move_count == 1


def test_a_frame_carries_a_csrf_token_that_the_viewers_cookie_accepts(game, user):
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    client.get(reverse("games:table", args=[game.table_id]))  # sets the CSRF cookie, as a page does
    viewer = frames.Viewer({"user": user, "cookies": {"csrftoken": client.cookies["csrftoken"].value}})
    frame = frames.table_frame(game.table_id, viewer, timezone.now())
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', frame.html).group(1)

    response = client.post(reverse("games:resign", args=[game.table_id]), {"csrfmiddlewaretoken": token})

    assert response.status_code == 302
    game.refresh_from_db()
    assert not game.is_running

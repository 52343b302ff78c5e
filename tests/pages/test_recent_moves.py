"""The moves since the viewer's own, in a phone's first screen (issue 44, point 2): which
lines a page shows first (``games.pages.table.recent_moves``), and the seats' labels that
tell two bots of one level apart."""

import re

import pytest
from django.urls import reverse

from games.models import Game
from games.pages.table import RECENT_MOVES, recent_moves
from games.play.moves import submit_move
from games.play.server_turns import next_server_turn, play_server_turn
from tests.browser.helpers import table_against_bots
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db

# Wanjiru (seat 0) plays 7H; greedy bot 1 answers with the jack of hearts, which jumps greedy bot
# 2: Wanjiru's turn again.
JUMPED_BACK = {"hands": ("7H 5S 9C", "JH 4C", "6D 8D 10S"), "discard": ("7D",), "turn": 0}


@pytest.fixture
def jumped_back(make_user):
    wanjiru = make_user("wanjiru")
    table = table_against_bots(wanjiru, "Ruka", "classic", bots=("greedy", "greedy"), position=JUMPED_BACK)
    game = table.current_game()
    submit_move(game.pk, wanjiru, "7H")
    for _bot in (1, 2):  # the bots' turns: the jack, then the jumped bot's
        if Game.objects.get(pk=game.pk).turn != 0:
            play_server_turn(next_server_turn(table.pk))
    moves = Game.objects.get(pk=game.pk).moves.order_by("index")
    assert [move.text[:2] for move in moves][:2] == ["7H", "JH"]
    assert Game.objects.get(pk=game.pk).turn == 0
    return table


def line(seat, number):
    return {"seat": seat, "number": number}


def test_the_lines_since_the_viewers_own_move_oldest_first():
    newest_first = [line(2, 5), line(1, 4), line(0, 3), line(2, 2)]
    assert recent_moves(newest_first, 0) == [line(1, 4), line(2, 5)]


def test_just_after_the_viewers_own_move_that_move_alone():
    assert recent_moves([line(0, 3), line(2, 2), line(1, 1)], 0) == [line(0, 3)]


def test_at_most_a_few_and_a_spectator_sees_the_newest():
    newest_first = [line(3, 6), line(2, 5), line(1, 4), line(3, 3), line(2, 2)]
    assert len(recent_moves(newest_first, 0)) == RECENT_MOVES
    assert recent_moves(newest_first, None) == [line(1, 4), line(2, 5), line(3, 6)]
    assert recent_moves([], None) == []


def recent_lines(client, table):
    html = client.get(reverse("games:table", kwargs={"table_id": table.pk})).content.decode()
    strip = re.search(r'<ol id="recent-moves"[^>]*>(.*?)</ol>', html, re.S).group(1)
    items = re.findall(r"<li[^>]*>(.*?)</li>", strip, re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", item).split()) for item in items], html


@pytest.mark.parametrize(
    ("language", "names", "jump", "seats"),
    [
        ("en", ("Greedy bot 1", "Greedy bot 2"), "1 jump: Greedy bot 2 is skipped", ("Greedy 1", "Greedy 2")),
        ("sw", ("Bot mlafi 1", "Bot mlafi 2"), "Bot mlafi 2", ("Mlafi 1", "Mlafi 2")),
    ],
)
def test_the_page_shows_what_the_bots_did_since_and_tells_the_bots_apart(
    jumped_back, client, language, names, jump, seats
):
    client.login(username="wanjiru", password=PASSWORD)
    client.cookies["django_language"] = language
    lines, html = recent_lines(client, jumped_back)
    # Wanjiru's 7H is hers: the jack that jumped bot 2, then bot 2's skipped turn, oldest first
    assert len(lines) == 2
    assert lines[0].startswith(f"{names[0]} J ♥") and jump in lines[0]
    assert lines[1].startswith(names[1])
    labels = re.findall(r'<span class="player__name">([^<]*)</span>', html)
    assert labels == ["wanjiru", *seats]

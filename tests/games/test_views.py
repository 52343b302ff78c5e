"""The lobby, table and rules pages through the Django test client, on a real database."""

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games.engine.rules import OPTIONS, PRESETS
from games.models import Game, Move, Table
from games.pages.table import table_context
from games.play.starts import rematch, start_game
from games.play.tables import add_bot, create_table, take_seat
from games.text.rules import OPTION_LABELS, preset_label
from tests.engine.helpers import penalty
from tests.games.helpers import put_position

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
CARD_ATTRIBUTE = re.compile(r'data-card="([^"]+)"')


@pytest.fixture
def logged_in(client, user):
    client.force_login(user)
    return client


def url(name, table, **kwargs):
    return reverse(f"games:{name}", kwargs={"table_id": table.pk, **kwargs})


def cards_in(page):
    """The cards pictured on a page (each card picture carries its text in data-card)."""
    return set(CARD_ATTRIBUTE.findall(page))


def post_move(client, table, text, expected, htmx=True):
    data = {"move": text, "expected_move_count": expected}
    return client.post(url("move", table), data, **(HTMX if htmx else {}))


# -- Lobby --------------------------------------------------------------------------


def test_lobby_lists_tables_with_preset_seats_and_status(client, table, user, baraka, chebet):
    other = create_table(baraka, "Mtaa", 3, "bomb-ni-bomb")  # two people and a bot: watchable
    take_seat(other, chebet)
    add_bot(other, "random")
    start_game(other, baraka)

    page = client.get(reverse("games:lobby")).content.decode()

    assert page.index("Mtaa") < page.index("Kibanda")  # newest first
    assert "Friendly" in page and "Bomb ni bomb" in page
    assert "1 of 4 seats taken" in page and "3 of 3 seats taken" in page
    assert "status--waiting" in page and "status--playing" in page
    assert url("table", table) in page


def test_lobby_shows_a_tables_house_rules_besides_its_preset(client, table):
    table.rule_overrides = {"misplay": "penalty", "jokers": 0}
    table.save()
    page = client.get(reverse("games:lobby")).content.decode()
    assert "changed: Jokers, Misplays" in page


def test_lobby_invites_visitors_to_log_in(client):
    page = client.get(reverse("games:lobby")).content.decode()
    assert reverse("login") in page
    assert 'name="seat_count"' not in page


def test_creating_a_table_seats_its_creator(logged_in, user):
    response = logged_in.post(
        reverse("games:create_table"), {"name": "Jioni", "seat_count": 3, "preset": "chains"}
    )
    table = Table.objects.get(name="Jioni")
    assert response.status_code == 302 and response.url == url("table", table)
    assert (table.seat_count, table.preset, table.turn_timer_seconds) == (3, "chains", None)
    assert list(table.seats.values_list("user", flat=True)) == [user.pk]


def test_a_table_of_more_than_five_seats_needs_two_decks(logged_in):
    data = {"name": "Harusi", "seat_count": 8, "preset": "classic"}
    page = logged_in.post(reverse("games:create_table"), data)
    assert page.status_code == 400
    assert "A table of 8 seats plays with two decks" in page.content.decode()
    assert not Table.objects.exists()

    logged_in.post(reverse("games:create_table"), {**data, "decks": "2"})
    table = Table.objects.get(name="Harusi")
    assert (table.seat_count, table.rule_overrides, table.rules().max_players) == (8, {"decks": 2}, 10)


def test_a_new_table_may_have_a_turn_clock(logged_in):
    data = {"name": "Saa", "seat_count": 2, "preset": "classic", "turn_timer_seconds": "30"}
    logged_in.post(reverse("games:create_table"), data)
    assert Table.objects.get(name="Saa").turn_timer_seconds == 30


def test_a_new_table_refuses_with_every_reason_at_once(logged_in):
    data = {"name": "", "seat_count": 11, "preset": "poker", "turn_timer_seconds": "7"}
    page = logged_in.post(reverse("games:create_table"), data).content.decode()
    assert page.count('<ul class="errorlist') >= 4
    assert not Table.objects.exists()


@pytest.mark.parametrize("preset", ["classic", "rulebook", "chains", "friendly", "bomb-ni-bomb"])
@pytest.mark.parametrize("clock", ["", "15", "120"])
def test_a_new_table_stores_exactly_what_was_chosen(logged_in, preset, clock):
    data = {"name": "Kesho", "seat_count": 5, "preset": preset, "turn_timer_seconds": clock}
    assert logged_in.post(reverse("games:create_table"), data).status_code == 302
    table = Table.objects.get(name="Kesho")
    assert (table.seat_count, table.preset, table.rule_overrides) == (5, preset, {})
    assert table.turn_timer_seconds == (int(clock) if clock else None)


@pytest.mark.parametrize(
    "data",
    [
        {"name": "", "seat_count": 3, "preset": "classic"},
        {"name": "Jioni", "seat_count": 6, "preset": "classic"},
        {"name": "Jioni", "seat_count": 3, "preset": "poker"},
        {"name": "Jioni", "seat_count": 3, "preset": "classic", "turn_timer_seconds": "7"},
    ],
)
def test_a_bad_new_table_is_refused_with_the_form_errors(logged_in, data):
    response = logged_in.post(reverse("games:create_table"), data)
    assert response.status_code == 400
    assert "errorlist" in response.content.decode()
    assert not Table.objects.exists()


def test_a_player_makes_so_many_tables_an_hour(logged_in, user, settings):
    settings.TABLES_PER_HOUR = 2
    data = {"name": "Jioni", "seat_count": 3, "preset": "classic"}
    assert [logged_in.post(reverse("games:create_table"), data).status_code for _ in range(2)] == [302, 302]
    response = logged_in.post(reverse("games:create_table"), {**data, "name": "Tatu"})
    assert response.status_code == 429
    assert "You have made 2 tables in the last hour" in response.content.decode()
    assert not Table.objects.filter(name="Tatu").exists()
    Table.objects.filter(created_by=user).update(created_at=timezone.now() - timedelta(minutes=61))
    assert logged_in.post(reverse("games:create_table"), {**data, "name": "Tatu"}).status_code == 302


def test_creating_a_table_needs_a_login(client):
    response = client.post(
        reverse("games:create_table"), {"name": "Jioni", "seat_count": 3, "preset": "classic"}
    )
    assert response.status_code == 302 and reverse("login") in response.url
    assert not Table.objects.exists()


# -- Seats, bots, starting -------------------------------------------------------------


def test_a_visitor_sees_the_seats_but_no_buttons(client, table):
    page = client.get(url("table", table)).content.decode()
    assert "amani" in page and "empty" in page
    assert "Take this seat" not in page and "Start the game" not in page


def test_taking_and_leaving_a_seat(client, table, baraka):
    client.force_login(baraka)

    response = client.post(url("take_seat", table), {"position": 2}, **HTMX)
    assert response.status_code == 200 and 'id="table-area"' in response.content.decode()
    assert table.seats.get(user=baraka).position == 2
    assert "Leave seat" in response.content.decode()

    response = client.post(url("leave_seat", table))
    assert response.status_code == 302 and response.url == url("table", table)
    assert not table.seats.filter(user=baraka).exists()


def test_a_taken_seat_cannot_be_taken(client, table, baraka):
    client.force_login(baraka)
    response = client.post(url("take_seat", table), {"position": 0}, **HTMX)
    assert "That seat is taken." in response.content.decode()
    assert not table.seats.filter(user=baraka).exists()


def test_a_seat_you_do_not_have_cannot_be_left(client, table, baraka):
    client.force_login(baraka)
    response = client.post(url("leave_seat", table), follow=True)
    assert "You have no seat at this table." in response.content.decode()
    assert table.seats.count() == 1


def test_adding_and_removing_bots(logged_in, table):
    logged_in.post(url("add_bot", table), {"level": "greedy"}, **HTMX)
    page = logged_in.post(url("add_bot", table), {"level": "random"}, **HTMX).content.decode()
    bots = {
        seat.position: seat.user.bot_level for seat in table.seats.select_related("user") if seat.user.is_bot
    }
    assert bots == {1: "greedy", 2: "random"}
    assert page.count("Remove bot") == 2

    logged_in.post(url("remove_bot", table), {"position": 1}, **HTMX)
    assert list(table.seats.values_list("position", flat=True)) == [0, 2]


def test_no_remove_button_for_a_bot_playing_the_game(table, user, baraka):
    add_bot(table, "greedy")
    start_game(table, user)
    add_bot(table, "random")  # for the next game
    take_seat(table, baraka)  # seated, not playing: sees the seats
    seats = table_context(table, baraka)["seats"]
    assert [(seat["position"], seat.get("removable")) for seat in seats] == [
        (0, False), (1, False), (2, True), (3, False)
    ]


def test_only_someone_seated_adds_a_bot(client, table, baraka):
    client.force_login(baraka)
    page = client.post(url("add_bot", table), {"level": "greedy"}, **HTMX).content.decode()
    assert "Take a seat at this table first." in page
    assert table.seats.count() == 1


def test_a_human_cannot_be_removed_as_a_bot(logged_in, table, baraka):
    take_seat(table, baraka)
    page = logged_in.post(url("remove_bot", table), {"position": 1}, **HTMX).content.decode()
    assert "No bot sits there." in page
    assert table.seats.filter(user=baraka).exists()


def test_an_unknown_bot_level_is_refused(logged_in, table):
    page = logged_in.post(url("add_bot", table), {"level": "genius"}, **HTMX).content.decode()
    assert "There is no such bot." in page
    assert table.seats.count() == 1


def test_starting_needs_two_players(logged_in, table):
    page = logged_in.post(url("start_game", table), **HTMX).content.decode()
    assert "At least two players must be seated to start." in page
    assert not Game.objects.exists()


def test_starting_a_game_deals_the_hand(logged_in, table, user):
    add_bot(table, "greedy")
    page = logged_in.post(url("start_game", table), **HTMX).content.decode()
    game = Game.objects.get()
    hand = game.engine_state().view(0)["hand"]
    assert game.is_running
    for card in hand:
        assert f'data-card="{card}"' in page
    assert "Your hand" in page


def test_table_actions_need_a_login_and_a_post(client, logged_in, table):
    assert client.get(url("start_game", table)).status_code == 405
    logged_in.logout()
    response = client.post(url("take_seat", table))
    assert response.status_code == 302 and reverse("login") in response.url


def test_an_unknown_table_is_not_found(logged_in):
    assert logged_in.get(reverse("games:table", kwargs={"table_id": 999})).status_code == 404
    assert logged_in.post(reverse("games:move", kwargs={"table_id": 999})).status_code == 404


# -- Moves ----------------------------------------------------------------------------


def test_a_legal_play_is_applied(logged_in, table, game):
    put_position(game, hands=("7H 7S 4C", "KD QD 9C"), discard=("7D",))

    response = post_move(logged_in, table, "7H 7S", expected=0)

    game.refresh_from_db()
    assert response.status_code == 200
    assert game.move_count == 1 and game.moves.get().text == "7H 7S"
    assert game.engine_state().view(0)["hand"] == ["4C"]
    assert 'class="move-error"' not in response.content.decode()


def test_a_move_without_htmx_redirects_to_the_table(logged_in, table, game):
    put_position(game, hands=("7H 7S 4C", "KD QD 9C"), discard=("7D",))
    response = post_move(logged_in, table, "draw", expected=0, htmx=False)
    assert response.status_code == 302 and response.url == url("table", table)
    assert Move.objects.get().text == "draw"


def test_an_illegal_move_shows_the_engines_reason_and_changes_nothing(logged_in, table, game):
    before = put_position(game, hands=("7H 5S 4C", "KD QD 9C"), discard=("7D",))

    page = post_move(logged_in, table, "5S", expected=0).content.decode()

    game.refresh_from_db()
    assert re.search(r'class="move-error" role="alert">That move is not allowed: [^<]+</p>', page)
    assert game.move_count == 0 and game.engine_state() == before


def test_an_illegal_move_without_htmx_comes_back_as_a_message(logged_in, table, game):
    put_position(game, hands=("7H 5S 4C", "KD QD 9C"), discard=("7D",))
    page = logged_in.post(
        url("move", table), {"move": "5S", "expected_move_count": 0}, follow=True
    ).content.decode()
    assert "That move is not allowed" in page
    assert not Move.objects.exists()


@pytest.mark.parametrize("text", ["", "hello", "7H @", "ZZ 7H", "draw draw", "7H " * 100])
def test_garbage_move_text_is_refused(logged_in, table, game, text):
    before = put_position(game, hands=("7H 5S 4C", "KD QD 9C"), discard=("7D",))
    page = post_move(logged_in, table, text, expected=0).content.decode()
    game.refresh_from_db()
    assert 'class="move-error"' in page
    assert game.move_count == 0 and game.engine_state() == before


def test_a_card_you_do_not_hold_is_refused(logged_in, table, game):
    put_position(game, hands=("7H 5S 4C", "KD QD 9C"), discard=("7D",))
    page = post_move(logged_in, table, "9C", expected=0).content.decode()
    assert "That move is not allowed" in page
    assert not Move.objects.exists()


def test_a_move_out_of_turn_is_refused(client, table, game, baraka):
    put_position(game, hands=("7H 5S 4C", "KD QD 7C"), discard=("7D",), turn=0)
    client.force_login(baraka)
    page = post_move(client, table, "7C", expected=0).content.decode()
    assert "It is not your turn." in page
    assert not Move.objects.exists()


def test_a_stale_page_applies_nothing(logged_in, table, game):
    put_position(game, hands=("7H 7S 4C", "KD QD 9C"), discard=("7D",))
    page = post_move(logged_in, table, "7H", expected=3).content.decode()
    assert "The game has moved on" in page
    assert not Move.objects.exists()


def test_a_double_click_applies_the_move_once(logged_in, table, game):
    put_position(game, hands=("7H 7S 4C", "KD QD 9C"), discard=("7D",))

    first = post_move(logged_in, table, "draw", expected=0)
    second = post_move(logged_in, table, "draw", expected=0)

    game.refresh_from_db()
    assert first.status_code == second.status_code == 200
    assert game.move_count == 1
    assert "The game has moved on" in second.content.decode()


def test_a_move_posted_to_another_tables_game_is_refused(client, table, game, make_user):
    stranger = make_user("chebet")
    other = create_table(stranger, "Mtaa", 2, "friendly")
    add_bot(other, "random")
    other_game = start_game(other, stranger)
    before = other_game.state

    client.force_login(game.players.get(seat=0).user)
    page = post_move(client, other, "draw", expected=0).content.decode()

    other_game.refresh_from_db()
    assert "You are not playing in this game." in page
    assert other_game.move_count == 0 and other_game.state == before


def test_a_move_at_a_table_without_a_game_is_refused(logged_in, table):
    page = post_move(logged_in, table, "draw", expected=0).content.decode()
    assert "No game is running at this table." in page


def test_a_misplay_at_a_classic_table_is_punished_and_explained(logged_in, user, baraka):
    classic = create_table(user, "Mtaa", 2, "classic")
    take_seat(classic, baraka)
    game = start_game(classic, user)
    put_position(game, hands=("7H 5S 4C", "KD QD 9C"), discard=("7D",))

    page = post_move(logged_in, classic, "5S", expected=0).content.decode()

    game.refresh_from_db()
    assert game.move_count == 1
    assert game.engine_state().view(0)["hand"][:3] == ["7H", "5S", "4C"] and game.turn == 1
    misplay = r'class="move-error" role="alert">Misplay: 5 of spades does not match[^<]+penalty.</p>'
    assert re.search(misplay, page)


def test_a_penalty_is_put_in_words_with_a_draw_button(logged_in, table, game):
    put_position(game, hands=("7H 5S 4C", "KD QD 9C"), discard=("7D", "2D"), pending=penalty(2))
    page = logged_in.get(url("table", table)).content.decode()
    assert "You owe 2 cards — counter or draw." in page
    assert "Draw 2" in page


# -- What a page may show ---------------------------------------------------------------


def test_a_page_never_shows_another_players_cards(client, table, game, baraka):
    state = put_position(game, hands=("7H 5S 4C", "KD QD 9C 2S"), discard=("3D", "10H", "7D"))
    discard = set(state.view(None)["discard_pile"])

    client.force_login(game.players.get(seat=0).user)
    for response in (client.get(url("table", table)), client.get(url("table_area", table))):
        page = response.content.decode()
        assert cards_in(page) <= {"7H", "5S", "4C"} | discard
        assert "king of diamonds" not in page

    client.force_login(baraka)
    assert cards_in(client.get(url("table", table)).content.decode()) <= {"KD", "QD", "9C", "2S"} | discard


def test_a_spectator_sees_no_hand_at_all(client, table, game, make_user):
    state = put_position(game, hands=("7H 5S 4C", "KD QD 9C 2S"), discard=("7D",))
    client.force_login(make_user("chebet"))
    page = client.get(url("table", table)).content.decode()
    assert cards_in(page) <= set(state.view(None)["discard_pile"])
    assert "Your hand" not in page


def test_a_spectator_may_take_a_free_seat_for_the_next_game(client, table, game, make_user):
    client.force_login(make_user("chebet"))
    page = client.post(url("take_seat", table), {"position": 3}, **HTMX).content.decode()
    assert table.seats.filter(position=3, user__username="chebet").exists()
    assert "Leave seat" in page and "You play from the next game on." in page
    assert "Your hand" not in page


def test_the_seed_and_draw_pile_are_never_on_the_page(logged_in, table, game):
    state = put_position(game, hands=("7H 5S 4C", "KD QD 9C 2S"), discard=("7D",))
    page = logged_in.get(url("table", table)).content.decode()
    assert str(game.seed) not in page
    assert not cards_in(page) & set(state.to_dict()["draw_pile"])


# -- Polling and bots -------------------------------------------------------------------


def test_a_poll_plays_the_bots_until_it_is_your_turn(logged_in, table, user):
    add_bot(table, "greedy")
    add_bot(table, "random")
    game = start_game(table, user)
    put_position(game, hands=("7H 5S 4C", "KD 9D 9C", "KC 8C 9S"), discard=("7D",), turn=1)

    assert logged_in.get(url("table_area", table)).status_code == 200  # reading the area plays nothing
    game.refresh_from_db()
    assert (game.move_count, game.turn) == (0, 1)

    page = logged_in.post(url("poll", table)).content.decode()

    game.refresh_from_db()
    assert game.move_count >= 1 and game.turn == 0
    assert "Your turn." in page
    assert "hx-trigger" not in page  # no polling while the page waits for you


def test_the_page_polls_while_others_play(logged_in, table, game):
    put_position(game, hands=("7H 5S 4C", "KD QD 9C"), discard=("7D",), turn=1)
    page = logged_in.get(url("table", table)).content.decode()
    assert f'hx-post="{url("poll", table)}"' in page
    assert 'hx-trigger="every 1s" data-poll' in page  # live.js cancels it while the websocket is open
    assert "baraka to play." in page


# -- The end of a game ---------------------------------------------------------------


def test_a_finished_game_shows_places_and_offers_a_rematch(logged_in, table, game):
    put_position(game, hands=("7H", "KD QD 9C"), discard=("7D",))

    page = post_move(logged_in, table, "7H", expected=0).content.decode()

    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.winner == 0
    assert "You won!" in page and "Play again" in page
    assert {"KD", "QD", "9C"} <= cards_in(page)  # every hand is shown after the end

    for link in ("history:game", "history:replay", "history:record"):
        assert reverse(link, args=[game.pk]) in page
    assert re.search(r'class="standing__rating"[^>]*>.*?[+−±]\d', page, re.S), "each rating change"

    offer = logged_in.post(url("rematch", table), **HTMX).content.decode()
    assert "Waiting for: baraka." in offer and not table.games.filter(number=2).exists()
    rematch(table, game.players.get(seat=1).user)  # baraka accepts
    assert table.games.filter(number=2, status=Game.Status.RUNNING).exists()


def test_resigning_ends_a_game_against_one_player(logged_in, table, game):
    page = logged_in.post(url("resign", table), **HTMX).content.decode()
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert "baraka won." in page


def test_a_resignation_shows_in_the_move_log_and_the_game_goes_on(client, user, baraka, make_user):
    table = create_table(user, "Three", 3, "classic")
    take_seat(table, baraka)
    take_seat(table, make_user("chebet"))
    start_game(table, user)
    client.force_login(baraka)
    client.post(url("resign", table), **HTMX)
    assert table.games.get().status == Game.Status.RUNNING
    page = client.get(reverse("games:table", args=[table.pk])).content.decode()
    log = page[page.index('class="panel move-log"'):]
    assert "resigned" in log[: log.index("</li>")]


# -- Rules page ----------------------------------------------------------------------


def test_the_rules_page_names_every_preset_and_option_with_card_pictures(client):
    page = client.get(reverse("games:rules")).content.decode()
    for name in PRESETS:
        assert f'id="preset-{name}"' in page and str(preset_label(name)) in page
    for option in OPTIONS:
        assert f'id="option-{option.name}"' in page and str(OPTION_LABELS[option.name]) in page
    assert "passes it on: the player after you owes it" in page  # section 13 in plain words
    assert "holds 10 cards or more after drawing is out" in page
    assert {"JKR", "JKB", "QH", "AS"} <= cards_in(page)
    assert "card--back" in page


def rules_page_with_document(client, settings, tmp_path, text):
    """The rules page when docs/rules.md holds ``text``."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "rules.md").write_text(text, encoding="utf-8")
    settings.BASE_DIR = tmp_path
    return client.get(reverse("games:rules")).content.decode()


def test_the_rules_page_renders_docs_rules_md_safely(client, settings, tmp_path):
    text = "## Readings\n\nA *jump* <script>alert(1)</script> [x](javascript:alert(1))\n"
    page = rules_page_with_document(client, settings, tmp_path, text)
    assert "<h2>Readings</h2>" in page and "<em>jump</em>" in page
    assert "<script>alert" not in page and "&lt;script&gt;" in page
    assert "javascript:" not in page


def test_the_rules_page_shows_cards_never_their_codes(client, settings, tmp_path):
    text = "A play such as `QH 8H 4H` or `JKR 3S`; the option `play_on`.\n"
    page = rules_page_with_document(client, settings, tmp_path, text)
    text = re.sub(r"<[^>]+>", " ", page)  # what a reader sees, without the markup
    assert not re.search(r"\b(QH|8H|4H|JKR|3S)\b", text)
    assert 'aria-label="queen of hearts"' in page and "Q♥" in page and "3♠" in page
    assert "<code>play_on</code>" in page


def test_a_table_page_summarises_its_house_rules_and_links_the_rules_page(client, table):
    table.rule_overrides = {"jokers": 0}
    table.save()
    page = client.get(url("table", table)).content.decode()
    assert "House rules: Friendly" in page
    assert re.search(r'<li class="rule--changed"><strong>Jokers:</strong> 52 cards, no jokers.</li>', page)
    assert reverse("games:rules") in page


def test_the_rules_page_explains_the_game_without_docs_rules_md(client, settings, tmp_path):
    settings.BASE_DIR = tmp_path
    page = client.get(reverse("games:rules")).content.decode()
    assert "<h1>How to play Kadi</h1>" in page and "rules-document" not in page

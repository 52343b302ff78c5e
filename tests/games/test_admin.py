"""The admin: the house-rules form built from the engine's options, seats, and game records."""

import re

import pytest
from django.urls import reverse

from games.engine import Rules
from games.engine.rules import GROUPS, OPTIONS
from games.models import Game, Table
from games.play.moves import resign, submit_move
from games.play.starts import start_game
from games.play.tables import add_bot, create_table, take_seat
from games.text.rules import GROUP_TITLES

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client, make_user):
    client.force_login(make_user("boss", is_staff=True, is_superuser=True))
    return client


@pytest.fixture
def table(user):
    table = create_table(user, "Kibanda", 3, "friendly")
    table.rule_overrides = {"hand_size": 5}
    table.save()
    return table


def change_url(table):
    return reverse("admin:games_table_change", args=[table.pk])


def form_data(response, **changes):
    """What the browser would post back from an admin change form, with ``changes``."""
    form = response.context["adminform"].form
    data = {}
    for name in form.fields:
        value = form[name].value()
        if value is None or value is False:
            continue
        data[name] = "on" if value is True else value
    for formset in (inline.formset for inline in response.context["inline_admin_formsets"]):
        management = formset.management_form
        data.update({management.add_prefix(name): management[name].value() for name in management.fields})
        for index, inline_form in enumerate(formset.forms):
            for name in inline_form.fields:
                value = inline_form[name].value()
                if value is not None:
                    data[f"{formset.prefix}-{index}-{name}"] = value
    for name, value in changes.items():
        if value is None:
            data.pop(name, None)
        else:
            data[name] = value
    return data


def post(admin_client, table, **changes):
    page = admin_client.get(change_url(table))
    return admin_client.post(change_url(table), form_data(page, **changes))


def test_every_option_has_a_proper_widget_and_no_json(admin_client, table):
    page = admin_client.get(change_url(table)).text
    assert 'name="rule_overrides"' not in page
    assert re.search(r'<input type="checkbox" name="rule_voluntary_draw"[^>]*checked', page)
    assert re.search(r'<input type="radio" name="rule_misplay" value="reject"[^>]*checked', page)
    assert re.search(r'<input type="number" name="rule_hand_size" value="5"[^>]*min="3"[^>]*max="7"', page)
    assert re.search(r'<input type="checkbox" name="rule_finishing_ranks" value="10"[^>]*checked', page)
    assert not re.search(r'<input type="checkbox" name="rule_finishing_ranks" value="A"[^>]*checked', page)
    for option in OPTIONS:
        assert f'name="rule_{option.name}"' in page


def test_options_are_grouped_in_the_rules_order(admin_client, table):
    page = admin_client.get(change_url(table)).text
    headings = [page.index(f'"fieldset-heading">{GROUP_TITLES[group]}</h2>') for group, _title in GROUPS]
    assert headings == sorted(headings)
    for (group, _title), heading in zip(GROUPS, headings, strict=True):
        section = page[heading:]
        first = next(option for option in OPTIONS if option.group == group)
        assert section.index(f'name="rule_{first.name}"') < section.index("</fieldset>")


def test_the_change_page_summarises_the_effective_rules_in_words(admin_client, table):
    page = admin_client.get(change_url(table)).text
    assert "Each player is dealt 5 cards. (house rule)" in page
    assert "An illegal play is refused and nothing changes." in page


def test_saving_stores_only_the_overrides_of_the_preset(admin_client, table):
    response = post(admin_client, table, rule_jokers="0", rule_hand_size="4", rule_niko_kadi="on")
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.rule_overrides == {"jokers": 0, "niko_kadi": True}
    assert table.rules() == Rules.from_dict({"preset": "friendly", "jokers": 0, "niko_kadi": True})


def test_more_than_five_seats_need_two_decks_in_the_admin(admin_client, table):
    response = post(admin_client, table, seat_count="7")
    assert response.status_code == 200
    assert "A table of 7 seats plays with two decks" in response.content.decode()
    assert post(admin_client, table, seat_count="7", rule_decks="2").status_code == 302
    table.refresh_from_db()
    assert (table.seat_count, table.rule_overrides["decks"]) == (7, 2)


def test_rank_options_are_saved_from_their_checkboxes(admin_client, table):
    post(admin_client, table, rule_finishing_ranks=["4", "5", "6", "7", "9", "10", "A"])
    table.refresh_from_db()
    assert table.rule_overrides == {"hand_size": 5, "finishing_ranks": ["A", "4", "5", "6", "7", "9", "10"]}


def test_every_bad_option_is_reported_at_once_under_its_label(admin_client, table):
    response = post(admin_client, table, rule_hand_size="9", rule_joker_draw="99")
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert errors["rule_hand_size"] == ["Cards dealt: choose a whole number from 3 to 7."]
    assert errors["rule_joker_draw"] == ["Joker penalty: choose a whole number from 5 to 10."]
    assert "hand_size:" not in response.text and "joker_draw:" not in response.text  # no internal names
    table.refresh_from_db()
    assert table.rule_overrides == {"hand_size": 5}


def test_the_community_options_are_offered_with_their_help_and_saved(admin_client, table):
    page = admin_client.get(change_url(table)).text
    assert re.search(r'<input type="radio" name="rule_penalty_deflect" value="king-jack"', page)
    number = r'<input type="number" name="rule_elimination_hand" value="0"[^>]*min="0"[^>]*max="30"'
    assert re.search(number, page)
    assert "one jack of that suit passes it to the next player" in page  # the option's help
    response = post(admin_client, table, rule_penalty_deflect="king-jack", rule_play_on="on",
                    rule_elimination_hand="13")
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.rule_overrides == {
        "hand_size": 5, "penalty_deflect": "king-jack", "play_on": True, "elimination_hand": 13,
    }


def test_an_elimination_hand_between_off_and_ten_is_refused(admin_client, table):
    errors = post(admin_client, table, rule_elimination_hand="5").context["adminform"].form.errors
    assert errors["rule_elimination_hand"] == [
        "Elimination hand: choose 0 (off) or a whole number from 10 to 30."
    ]


def test_rules_under_which_nobody_can_win_are_refused(admin_client, table):
    response = post(admin_client, table, rule_finishing_ranks=None)  # every box unticked
    assert response.status_code == 200
    [message] = response.context["adminform"].form.errors["rule_finishing_ranks"]
    assert message.startswith("Finishing cards: choose at least one.") and "could ever be won" in message
    table.refresh_from_db()
    assert table.rule_overrides == {"hand_size": 5}


def preview(admin_client, table, touched=(), **changes):
    data = form_data(admin_client.get(change_url(table)), **changes)
    data.update(_table=str(table.pk) if table else "", _touched=list(touched))
    return admin_client.post(reverse("admin:games_table_rules_preview"), data)


def test_the_preview_gives_a_new_presets_values_and_summary_without_saving(admin_client, table):
    answer = preview(admin_client, table, preset="classic").json()
    assert answer["errors"] == []
    classic = Rules.from_dict({"preset": "classic", "hand_size": 5}).to_dict()  # the override stays
    assert answer["values"] == {f"rule_{name}": value for name, value in classic.items()}
    assert "Each player is dealt 5 cards. (house rule)" in answer["summary"]
    table.refresh_from_db()
    assert table.preset == "friendly"
    # After a refresh the page holds classic's values; only the options the user touched count
    # as edited, so going on to another preset takes that preset's values for the rest.
    page = {"preset": "rulebook", "rule_misplay": "penalty", "rule_jokers": "0"}  # misplay: classic's
    answer = preview(admin_client, table, ["rule_jokers"], **page).json()
    rulebook = Rules.from_dict({"preset": "rulebook", "hand_size": 5, "jokers": 0}).to_dict()
    assert answer["values"] == {f"rule_{name}": value for name, value in rulebook.items()}


def test_the_preview_reports_every_error_and_is_for_staff_only(admin_client, table, make_user):
    touched = ["rule_hand_size", "rule_joker_draw"]
    answer = preview(admin_client, table, touched, rule_hand_size="9", rule_joker_draw="1").json()
    assert answer["errors"] == [
        "Cards dealt: choose a whole number from 3 to 7.",
        "Joker penalty: choose a whole number from 5 to 10.",
    ]
    url = reverse("admin:games_table_rules_preview")
    assert admin_client.get(url).status_code == 405
    admin_client.force_login(make_user("player"))  # not staff
    response = admin_client.post(url, {"_table": table.pk, "preset": "classic"})
    assert response.status_code == 302 and "/admin/login/" in response["Location"]


def test_another_preset_keeps_the_changed_options_unless_reset(admin_client, table):
    post(admin_client, table, preset="classic")
    table.refresh_from_db()
    assert (table.preset, table.rule_overrides) == ("classic", {"hand_size": 5})
    post(admin_client, table, preset="rulebook", reset_to_preset="on", rule_jokers="0")
    table.refresh_from_db()
    assert (table.preset, table.rule_overrides) == ("rulebook", {"jokers": 0})


def test_an_option_set_to_the_old_presets_value_while_the_preset_changes_is_kept(admin_client, user):
    table = create_table(user, "Ukumbi", 3, "rulebook")  # misplays refused
    response = post(admin_client, table, preset="classic", rule_misplay="reject", _shown="1")
    assert response.status_code == 302
    table.refresh_from_db()
    assert (table.preset, table.rules().misplay) == ("classic", "reject")
    post(admin_client, table, preset="rulebook", rule_misplay="penalty", rule_jokers="0", _shown="1")
    table.refresh_from_db()
    rules = table.rules()
    assert (table.preset, rules.misplay, rules.jokers) == ("rulebook", "penalty", 0)


def test_reset_in_a_refreshed_page_stores_what_it_showed(admin_client, table):
    shown = Rules.from_dict({"preset": "classic", "misplay": "reject"}).to_dict()
    fields = {f"rule_{name}": value for name, value in shown.items() if name != "preset"}
    post(admin_client, table, preset="classic", reset_to_preset="on", _shown="1", **fields)
    table.refresh_from_db()
    assert (table.preset, table.rule_overrides) == ("classic", {"misplay": "reject"})


def test_adding_a_table_with_a_preset_and_a_seat(admin_client, user):
    add_url = reverse("admin:games_table_add")
    data = form_data(
        admin_client.get(add_url),
        name="Bomb",
        seat_count="2",
        preset="bomb-ni-bomb",
        **{"seats-TOTAL_FORMS": "1", "seats-0-position": "0", "seats-0-user": str(user.pk)},
    )
    assert admin_client.post(add_url, data).status_code == 302
    table = Table.objects.get(name="Bomb")
    assert (table.preset, table.rule_overrides, table.created_by.username) == ("bomb-ni-bomb", {}, "boss")
    assert [(s.position, s.user) for s in table.seats.all()] == [(0, user)]


def test_a_seat_beyond_the_tables_seats_is_refused(admin_client, table, make_user):
    response = post(
        admin_client,
        table,
        **{"seats-TOTAL_FORMS": "2", "seats-1-position": "3", "seats-1-user": str(make_user("chebet").pk)},
    )
    assert response.status_code == 200
    assert "This table has 3 seats, numbered from 0." in response.text
    assert table.seats.count() == 1


def test_changed_rules_apply_to_the_next_game_only(admin_client, table, user, make_user):
    take_seat(table, make_user("baraka"))
    game = start_game(table, user)
    frozen = game.rules
    assert post(admin_client, table, rule_hand_size="7", rule_jokers="0").status_code == 302
    game.refresh_from_db()
    assert game.rules == frozen and game.engine_state().rules.hand_size == 5
    submit_move(game.pk, user, "draw")
    resign(game, user)
    following = start_game(table, user)
    assert following.rules["hand_size"] == 7 and following.rules["jokers"] == 0


def test_games_are_listed_and_filtered_by_status_and_table(admin_client, table, user):
    add_bot(table, "random")
    finished = start_game(table, user)
    resign(finished, user)
    running = start_game(table, user)
    url = reverse("admin:games_game_changelist")
    assert list(admin_client.get(url, {"status": "running"}).context["cl"].result_list) == [running]
    by_table = admin_client.get(url, {"table__id__exact": table.pk}).context["cl"].result_list
    assert set(by_table) == {finished, running}


def test_a_game_page_shows_its_players_and_move_log_but_not_its_secrets(admin_client, table, user):
    add_bot(table, "greedy")
    game = start_game(table, user)
    submit_move(game.pk, user, "draw")
    url = reverse("admin:games_game_change", args=[game.pk])
    page = admin_client.get(url).text
    assert "greedy-bot-1" in page and "draw" in page and "Move log" in page
    assert str(game.seed) not in page and "hidden while the game runs" in page
    assert "draw_pile" not in page
    resign(game, user)
    page = admin_client.get(url).text
    assert str(game.seed) in page
    assert re.search(r"Winner:</label>\s*<div class=\"readonly\">greedy-bot-1</div>", page)


def test_games_cannot_be_added_or_edited(admin_client, table, user):
    add_bot(table, "greedy")
    game = start_game(table, user)
    assert admin_client.get(reverse("admin:games_game_add")).status_code == 403
    url = reverse("admin:games_game_change", args=[game.pk])
    admin_client.post(url, {"status": "finished", "move_count": "99"})
    assert Game.objects.get(pk=game.pk).move_count == game.move_count


@pytest.mark.parametrize("table_id", ["abc", "-1", "²", "1.0"])  # "²".isdigit(), yet no int
def test_the_preview_refuses_a_table_id_that_is_no_number(admin_client, table, table_id):
    response = admin_client.post(reverse("admin:games_table_rules_preview"), {"_table": table_id})
    assert response.status_code == 403

"""The challenge pages: the form (not for oneself, a visitor, across a block), the buttons
where challenges start, /challenges/ without JavaScript, answers by POST only, someone
else's challenge a 404, the preference on the settings page; English and Swahili."""

import logging

import pytest
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from accounts import friends
from accounts.models import User
from games.engine import Rules
from games.engine.rules import OPTIONS
from games.models import Challenge, Game
from games.pages.forms import field_name
from games.pages.play_forms import preset_rules
from games.play import challenges
from games.play.tables import create_table
from tests.fuzz.strategies import FUZZ, numberish

pytestmark = pytest.mark.django_db
RULE_FIELDS = [field_name(option) for option in OPTIONS]


def form_url(player):
    return reverse("games:new_challenge", args=[player.username])


def test_a_challenge_sent_from_the_form_waits_on_the_challenges_page(client, amani, wanjiru):
    client.force_login(amani)
    assert client.get(form_url(wanjiru)).status_code == 200
    response = client.post(
        form_url(wanjiru), {"preset": "chains", "turn_timer_seconds": "30", "bot_1": "greedy"}
    )
    assert response.status_code == 302 and response["Location"] == reverse("games:challenges")
    challenge = Challenge.objects.get()
    assert (challenge.preset, challenge.turn_timer_seconds, challenge.bot_levels) == (
        "chains",
        30,
        ["greedy"],
    )
    page = client.get(reverse("games:challenges")).content.decode()
    assert "Withdraw your challenge to wanjiru" in page and "Chains rules" in page


def test_the_challenged_accepts_without_javascript_and_lands_at_the_started_table(client, amani, wanjiru):
    challenge = challenges.create(amani, wanjiru, challenges.Terms("classic"))
    client.force_login(wanjiru)
    page = client.get(reverse("games:challenges")).content.decode()
    assert "Accept amani’s challenge" in page
    response = client.post(reverse("games:accept_challenge", args=[challenge.key]))
    game = Game.objects.get()
    assert response["Location"] == reverse("games:table", args=[game.table_id]) and game.is_running
    again = client.post(reverse("games:accept_challenge", args=[challenge.key]), follow=True)
    assert "This challenge was accepted already." in again.content.decode()
    assert Game.objects.count() == 1


def test_an_accept_is_never_refused_for_the_challengers_tables_and_their_page_links_the_table(
    client, amani, wanjiru, settings
):
    settings.TABLES_PER_HOUR = 1
    challenge = challenges.create(amani, wanjiru, challenges.Terms("classic"))
    create_table(amani, "Kibanda", 2, "classic")  # amani's one table of the hour, made meanwhile
    client.force_login(wanjiru)
    response = client.post(reverse("games:accept_challenge", args=[challenge.key]))
    table_url = reverse("games:table", args=[Challenge.objects.get().table_id])
    assert response["Location"] == table_url
    client.force_login(amani)
    sent = client.get(reverse("games:challenges")).content.decode().split("Sent by you")[-1]
    assert '<span class="badge">accepted</span>' in sent and f'<a href="{table_url}">To the table</a>' in sent
    response = client.post(form_url(wanjiru), {"preset": "classic"})
    assert response.status_code == 429
    assert "You have made 1 table in the last hour" in response.content.decode()
    assert Challenge.objects.count() == 1


def test_someone_elses_challenge_is_not_found_and_a_get_changes_nothing(client, amani, wanjiru, make_user):
    challenge = challenges.create(amani, wanjiru, challenges.Terms("classic"))
    client.force_login(make_user("otieno"))
    for name in ("accept_challenge", "decline_challenge", "cancel_challenge"):
        assert client.post(reverse(f"games:{name}", args=[challenge.key])).status_code == 404
    client.force_login(wanjiru)
    assert client.get(reverse("games:accept_challenge", args=[challenge.key])).status_code == 405
    assert Challenge.objects.get().status == Challenge.Status.OPEN


def test_the_decline_is_said_and_the_challenger_sees_it(client, amani, wanjiru):
    challenge = challenges.create(amani, wanjiru, challenges.Terms("classic"))
    client.force_login(wanjiru)
    response = client.post(reverse("games:decline_challenge", args=[challenge.key]), follow=True)
    assert "You declined the challenge." in response.content.decode()
    client.force_login(amani)
    assert "declined" in client.get(reverse("games:challenges")).content.decode()


def test_no_form_for_oneself_a_visitor_or_across_a_block(client, amani, wanjiru):
    assert client.get(form_url(wanjiru)).status_code == 302  # to log in
    client.force_login(amani)
    own = client.get(form_url(amani))
    assert own.status_code == 403 and "You cannot challenge yourself." in own.content.decode()
    friends.block(wanjiru, amani)
    blocked = client.post(form_url(wanjiru), {"preset": "classic"})
    assert blocked.status_code == 403 and "You cannot challenge this player." in blocked.content.decode()
    assert not Challenge.objects.exists()


def test_the_buttons_show_where_challenges_start(client, amani, wanjiru):
    friends.follow(amani, wanjiru)
    friends.follow(wanjiru, amani)
    client.force_login(amani)
    link = form_url(wanjiru)
    assert link in client.get(wanjiru.get_absolute_url()).content.decode()
    assert link in client.get(reverse("friends")).content.decode()
    assert form_url(amani) not in client.get(amani.get_absolute_url()).content.decode()
    client.logout()
    assert link not in client.get(wanjiru.get_absolute_url()).content.decode()


def test_a_refused_challenge_keeps_the_form_with_the_sentence(client, amani, wanjiru, settings):
    settings.CHALLENGES_PER_HOUR = 1
    client.force_login(amani)
    client.post(form_url(wanjiru), {"preset": "classic"})
    Challenge.objects.update(status=Challenge.Status.DECLINED)
    response = client.post(form_url(wanjiru), {"preset": "classic"})
    assert response.status_code == 429 and "in the last hour" in response.content.decode()
    assert client.post(form_url(wanjiru), {"preset": "nope"}).status_code == 400
    assert Challenge.objects.count() == 1


def test_challenging_a_bot_goes_straight_to_the_table(client, amani, greedy_bot):
    client.force_login(amani)
    response = client.post(form_url(greedy_bot), {"preset": "classic"})
    game = Game.objects.get()
    assert response["Location"] == reverse("games:table", args=[game.table_id]) and game.is_running


def test_the_preference_is_on_the_settings_page(client, amani):
    client.force_login(amani)
    page = client.get(reverse("account_settings")).content.decode()
    assert 'name="challenges_from"' in page
    client.post(
        reverse("account_settings"),
        {"display_name": "", "email": "", "hand_order": "suit", "challenges_from": "friends"},
    )
    # A page made before the quick game's preferred rules existed keeps them as they were.
    assert User.objects.filter(pk=amani.pk).values_list("challenges_from", "preferred_preset").get() == (
        "friends",
        amani.preferred_preset,
    )


def test_the_pages_speak_swahili(client, amani, wanjiru):
    challenges.create(wanjiru, amani, challenges.Terms("classic"))
    client.force_login(amani)
    client.cookies["django_language"] = "sw"
    page = client.get(reverse("games:challenges")).content.decode()
    assert "Challenges" not in page.split("<main")[1] and "Accept" not in page


def shown_rules(client, player):
    """What the challenge form posts untouched: every field as the page shows it (an unticked
    box is not posted), house rules included."""
    form = client.get(form_url(player)).context["form"]
    data = {}
    for field in form:
        value = field.value()
        if value is False or value is None:
            continue
        data[field.html_name] = value
    return data


def test_house_rules_sent_from_the_form_make_the_table_after_accept(client, amani, wanjiru):
    client.force_login(amani)
    page = client.get(form_url(wanjiru)).content.decode()
    assert "<details" in page and "House rules (optional)" in page and "<details open" not in page
    data = shown_rules(client, wanjiru)
    data.update(preset="chains", rule_hand_size="7")  # chains' own values elsewhere: no change
    assert client.post(form_url(wanjiru), data).status_code == 302
    challenge = Challenge.objects.get()
    assert (challenge.preset, challenge.rule_overrides) == ("chains", {"hand_size": 7})
    client.force_login(wanjiru)
    listed = client.get(reverse("games:challenges")).content.decode()
    assert "Chains rules" in listed and "house rules: Cards dealt" in listed
    client.post(reverse("games:accept_challenge", args=[challenge.key]))
    table = Game.objects.get().table
    assert (table.preset, table.rule_overrides) == ("chains", {"hand_size": 7})
    assert table.rules().hand_size == 7


def test_another_preset_with_the_house_rules_untouched_changes_nothing(client, amani, wanjiru):
    client.force_login(amani)
    data = shown_rules(client, wanjiru)  # the first preset's values
    for preset in ("chains", "classic"):
        assert client.post(form_url(wanjiru), {**data, "preset": preset}).status_code == 302
    assert list(Challenge.objects.values_list("rule_overrides", flat=True)) == [{}, {}]


def test_options_the_script_showed_are_read_as_shown(client, amani, wanjiru):
    """The page's script shows the chosen preset's values and posts ``rules_shown``: every
    option counts as shown, so an option set to the first preset's value is kept."""
    client.force_login(amani)
    shown = {name: value for name, value in preset_rules()["rulebook"].items() if value is not False}
    shown.update(preset="rulebook", house_rules="True", rules_shown="True", rule_misplay="penalty")
    assert client.post(form_url(wanjiru), shown).status_code == 302  # penalty: classic's, not rulebook's
    assert Challenge.objects.get().rule_overrides == {"misplay": "penalty"}
    refused = client.post(form_url(wanjiru), {**shown, "rule_hand_size": "70"}).content.decode()
    assert 'name="rules_shown" value="True"' in refused and 'data-rules-from="rulebook"' in refused
    page = client.get(form_url(wanjiru)).content.decode()
    assert 'data-rules-from="classic"' in page and 'id="preset-rules"' in page


def test_refused_house_rules_are_form_errors_and_send_nothing(client, amani, wanjiru):
    client.force_login(amani)
    data = shown_rules(client, wanjiru)
    data.pop("rule_finishing_ranks")  # no finishing card: no game could be won
    response = client.post(form_url(wanjiru), {**data, "rule_hand_size": "70"})
    page = response.content.decode()
    assert response.status_code == 400 and '<details class="house-rules" open' in page
    assert "Cards dealt: choose a whole number from 3 to 7." in page
    response = client.post(form_url(wanjiru), data)
    assert (
        response.status_code == 400 and "so with none no game could ever be won" in response.content.decode()
    )
    assert not Challenge.objects.exists()


@FUZZ
@given(data=st.dictionaries(st.sampled_from(RULE_FIELDS), numberish, max_size=6), marker=st.booleans())
def test_the_challenge_form_fuzzed(client, amani, wanjiru, caplog, data, marker):
    caplog.set_level(logging.WARNING)
    client.force_login(amani)
    Challenge.objects.all().delete()
    posted = {"preset": "classic", **data, **({"house_rules": "True"} if marker else {})}
    response = client.post(form_url(wanjiru), posted)
    assert response.status_code < 500
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]
    made = list(Challenge.objects.all())
    assert len(made) == (response.status_code == 302)
    for challenge in made:
        Rules.from_dict({**challenge.rule_overrides, "preset": challenge.preset})
        assert marker or challenge.rule_overrides == {}

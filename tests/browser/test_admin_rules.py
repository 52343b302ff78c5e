"""The table admin's house rules in a real browser: choosing a preset refreshes the options
and the summary in place (static/js/admin_rules.js), and saving stores what was shown."""


import pytest
from django.urls import reverse
from playwright.sync_api import expect

from games.models import Table
from games.play.tables import create_table
from tests.browser.helpers import ARTIFACTS, BROWSER_TEST, DESKTOP, FIRST_SCREENS, off_the_loop
from tests.conftest import PASSWORD

pytestmark = BROWSER_TEST


@pytest.fixture
def table(make_user):
    make_user("boss", is_staff=True, is_superuser=True)
    table = create_table(make_user("wanjiru"), "Kibanda", 3, "friendly")
    table.rule_overrides = {"hand_size": 5}
    table.save()
    return table


def test_choosing_a_preset_refreshes_the_rules_in_place(table, page, live_server):
    page.set_viewport_size(DESKTOP)
    page.goto(live_server.url + reverse("admin:login"))
    page.fill("#id_username", "boss")
    page.fill("#id_password", PASSWORD)
    page.locator("input[type=submit]").click()
    page.goto(live_server.url + reverse("admin:games_table_change", args=[table.pk]))
    misplay_penalty = page.locator('input[name="rule_misplay"][value="penalty"]')
    expect(misplay_penalty).not_to_be_checked()  # friendly refuses misplays
    page.locator('input[name="rule_jokers"][value="0"]').check()  # edited: kept across presets
    page.select_option("#id_preset", "classic")
    expect(misplay_penalty).to_be_checked()  # classic punishes them
    expect(page.locator('input[name="rule_hand_size"]')).to_have_value("5")  # the table's override
    expect(page.locator('input[name="rule_jokers"][value="0"]')).to_be_checked()
    summary = page.locator(".field-effective_rules .readonly")
    expect(summary).to_contain_text("An illegal play is punished")
    expect(summary).to_contain_text("52 cards, no jokers. (house rule)")
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator(".field-rule_misplay").screenshot(path=ARTIFACTS / "admin-rules-misplay.png")
    page.locator('input[name="rule_hand_size"]').fill("9")
    page.locator('input[name="rule_hand_size"]').dispatch_event("change")
    page.select_option("#id_preset", "rulebook")
    errors = page.locator(".rules-preview-errors")
    expect(errors).to_have_text("Cards dealt: choose a whole number from 3 to 7.")
    page.locator('input[name="rule_hand_size"]').fill("6")
    page.select_option("#id_preset", "classic")
    expect(errors).to_be_empty()
    page.locator("input[name=_continue]").click()  # save, and show the stored rules again
    expect(page.locator(".messagelist")).to_be_visible()
    expect(page.locator("#id_preset")).to_have_value("classic")
    expect(summary).to_contain_text("Each player is dealt 6 cards. (house rule)")
    expect(summary).to_contain_text("52 cards, no jokers. (house rule)")
    expect(summary).to_contain_text("An illegal play is punished")


def log_in_to_admin(page, base_url):
    page.goto(base_url + reverse("admin:login"))
    page.fill("#id_username", "boss")
    page.fill("#id_password", PASSWORD)
    page.locator("input[type=submit]").click()


# Each order of changing the preset and options (issue 34): the rules read back from the
# database are exactly those the page showed when it was saved.
ORDERS = {
    "preset, then the old preset's value": [("preset", "classic"), ("misplay", "reject")],
    "option, then preset": [("jokers", "0"), ("preset", "classic")],
    "preset, option, preset again": [("preset", "classic"), ("misplay", "reject"), ("preset", "chains")],
    "reset, then the old value": [("preset", "classic"), ("reset", True), ("hand_size", "5")],
}


@pytest.mark.parametrize("order", ORDERS)
def test_the_rules_saved_are_those_shown_in_every_order(table, page, live_server, order):
    page.set_viewport_size(DESKTOP)
    log_in_to_admin(page, live_server.url)
    page.goto(live_server.url + reverse("admin:games_table_change", args=[table.pk]))
    refreshes = 0
    for name, value in ORDERS[order]:
        if name in ("preset", "reset"):  # the options are refreshed in place: wait for it
            refreshes += 1
            if name == "preset":
                page.select_option("#id_preset", value)
            else:
                page.locator("#id_reset_to_preset").check()
            page.wait_for_selector(f'input[name="_shown"][value="{refreshes}"]', state="attached")
        elif name == "hand_size":
            page.locator('input[name="rule_hand_size"]').fill(value)
            page.locator('input[name="rule_hand_size"]').dispatch_event("change")
        else:
            page.locator(f'input[name="rule_{name}"][value="{value}"]').check()
    shown = rule_fields(page)
    preset = page.locator("#id_preset").input_value()
    page.locator("input[name=_continue]").click()  # save, and show the stored rules again
    expect(page.locator(".messagelist")).to_be_visible()
    assert page.locator("#id_preset").input_value() == preset
    assert rule_fields(page) == shown
    stored = off_the_loop(read_rules, table.pk)
    assert stored["preset"] == preset
    assert stored["misplay"] == ("reject" if shown["rule_misplay=reject"] else "penalty")
    assert str(stored["hand_size"]) == shown["rule_hand_size"]


def rule_fields(page):
    """Every option field of the form as the page shows it: each text field's value, each
    box's and radio's checked state."""
    return page.locator("form#table_form").evaluate(
        """form => Object.fromEntries(Array.from(form.querySelectorAll('[name^="rule_"]')).map(input =>
             input.type === "checkbox" || input.type === "radio"
               ? [input.name + "=" + input.value, input.checked]
               : [input.name, input.value]))"""
    )


def read_rules(table_id):
    table = Table.objects.get(pk=table_id)
    return {**table.rules().to_dict(), "preset": table.preset}


# Issue 44, point 7: the admin follows the preset wherever the form is, at a phone's sizes too.
ADMIN_SIZES = FIRST_SCREENS


@pytest.mark.parametrize("size", ADMIN_SIZES)
def test_a_new_table_follows_the_preset_before_it_is_saved(table, page, live_server, size):
    page.set_viewport_size(ADMIN_SIZES[size])
    log_in_to_admin(page, live_server.url)
    page.goto(live_server.url + reverse("admin:games_table_add"))
    misplay_penalty = page.locator('input[name="rule_misplay"][value="penalty"]')
    expect(misplay_penalty).to_be_checked()  # classic, the default, punishes misplays
    page.select_option("#id_preset", "friendly")
    page.wait_for_selector('input[name="_shown"][value="1"]', state="attached")
    expect(misplay_penalty).not_to_be_checked()  # friendly refuses them
    expect(page.locator('input[name="rule_misplay"][value="reject"]')).to_be_checked()
    page.locator('input[name="rule_misplay"][value="reject"]').screenshot(
        path=ARTIFACTS / f"admin-add-follows-preset-{size}.png"
    )


@pytest.mark.parametrize("size", ADMIN_SIZES)
def test_a_preset_chosen_before_the_script_ran_is_shown_at_once(table, page, live_server, size):
    """As when the browser restores a page's form: the preset shows another value than the
    one the options were rendered for, before admin_rules.js starts."""
    page.set_viewport_size(ADMIN_SIZES[size])
    log_in_to_admin(page, live_server.url)
    page.route("**/js/admin_rules.js", lambda route: route.abort())  # held back for the first load
    page.goto(live_server.url + reverse("admin:games_table_change", args=[table.pk]))
    page.select_option("#id_preset", "classic")  # friendly's options still shown
    expect(page.locator('input[name="rule_misplay"][value="penalty"]')).not_to_be_checked()
    page.unroute("**/js/admin_rules.js")
    page.add_script_tag(url=page.evaluate("() => document.querySelector('script[src*=rule_fields]').src")
                        .replace("rule_fields", "admin_rules"))
    page.wait_for_selector('input[name="_shown"][value="1"]', state="attached")
    expect(page.locator('input[name="rule_misplay"][value="penalty"]')).to_be_checked()
    expect(page.locator('input[name="rule_hand_size"]')).to_have_value("5")  # the table's own option

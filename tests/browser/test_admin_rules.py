"""The table admin's house rules in a real browser: choosing a preset refreshes the options
and the summary in place (static/js/admin_rules.js), and saving stores what was shown."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from games.services import create_table
from tests.browser.helpers import ARTIFACTS, BROWSER_TEST, DESKTOP
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

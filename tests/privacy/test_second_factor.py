"""Staff's second factor (django-otp, TOTP): set up from the settings, asked by the admin
while STAFF_REQUIRE_2FA is on. The codes are computed here as an authenticator app would."""

from urllib.parse import parse_qs, urlparse

import pytest
from django.test import override_settings
from django.urls import reverse
from django_otp.oath import totp
from django_otp.plugins.otp_totp.models import TOTPDevice

from privacy import second_factor

pytestmark = pytest.mark.django_db

SETUP = reverse("second_factor_setup")
VERIFY = reverse("second_factor_verify")
ADMIN = reverse("admin:index")


def code_now(device, drift=0):
    return f"{totp(device.bin_key, step=device.step, t0=device.t0, digits=device.digits, drift=drift):06d}"


def wrong_code(device):
    """A code no window django-otp accepts (it takes the codes one step either side of now)."""
    near = {code_now(device, drift) for drift in (-1, 0, 1)}
    return next(f"{n:06d}" for n in range(1_000_000) if f"{n:06d}" not in near)


@pytest.fixture
def staff(make_user):
    return make_user("mwangi", is_staff=True)


@pytest.fixture
def staff_browser(client, staff):
    client.force_login(staff)
    return client


def shown(page):
    """The device whose key a setup page shows (as the app reading its QR code has it)."""
    return second_factor.shown_device(page.wsgi_request.user, page.context["key"])


def test_setting_up_shows_the_key_and_a_right_code_saves_it(staff_browser, staff):
    page = staff_browser.get(SETUP)
    uri = page.context["uri"]

    assert uri.startswith("otpauth://totp/") and "<svg" in page.content.decode()
    assert (
        parse_qs(urlparse(uri).query)["secret"][0] == shown(page).config_url.split("secret=")[1].split("&")[0]
    )
    assert not TOTPDevice.objects.exists()  # a GET writes nothing

    wrong = staff_browser.post(SETUP, {"key": page.context["key"], "code": wrong_code(shown(page))})
    assert wrong.status_code == 400
    assert "That code is not the one your app shows now" in wrong.content.decode()
    assert wrong.context["uri"] == uri  # the same key again: the app has it already
    assert not TOTPDevice.objects.exists()

    right = staff_browser.post(SETUP, {"key": page.context["key"], "code": code_now(shown(page))})
    assert right.status_code == 302
    [device] = TOTPDevice.objects.filter(user=staff, confirmed=True)
    assert device.key == shown(page).key
    assert staff_browser.get(ADMIN).status_code == 200  # verified by the setup


def test_a_key_not_shown_to_this_user_saves_nothing(staff_browser, staff, make_user):
    other, signed = second_factor.new_device(make_user("otieno", is_staff=True))
    for key in (signed, "forged", signed + "x"):
        response = staff_browser.post(SETUP, {"key": key, "code": code_now(other)})
        assert response.status_code == 400
        assert "This page is too old: scan the new code below." in response.content.decode()
    assert not TOTPDevice.objects.exists()


def test_a_wrong_code_makes_the_next_try_wait(client, staff, settings):
    settings.STAFF_REQUIRE_2FA = True
    device = TOTPDevice.objects.create(user=staff, name="phone", confirmed=True)
    client.force_login(staff)

    wrong = client.post(VERIFY, {"code": wrong_code(device)})
    at_once = client.post(VERIFY, {"code": code_now(device)})

    assert wrong.status_code == at_once.status_code == 400
    assert "That code is not the one your app shows now" in wrong.content.decode()
    assert "Too many wrong codes: wait a few seconds" in at_once.content.decode()
    assert client.get(ADMIN).status_code == 302


def test_the_admin_asks_for_the_second_factor_when_required(client, staff, settings):
    settings.STAFF_REQUIRE_2FA = True
    device = TOTPDevice.objects.create(user=staff, name="phone", confirmed=True)
    client.force_login(staff)

    refused = client.get(ADMIN)
    assert refused.status_code == 302 and refused["Location"].startswith(VERIFY)

    assert client.post(VERIFY, {"code": wrong_code(device)}).status_code == 400
    device.throttle_reset()  # as the doubling wait's end would
    bad = client.post(VERIFY, {"code": "12345x"})
    assert bad.status_code == 400 and "Type the 6 digits your app shows." in bad.content.decode()
    assert client.get(ADMIN).status_code == 302

    good = client.post(VERIFY, {"code": code_now(device), "next": ADMIN})
    assert good.status_code == 302 and good["Location"] == ADMIN
    assert client.get(ADMIN).status_code == 200


def test_a_staff_member_without_a_device_is_sent_to_set_one_up(client, staff, settings):
    settings.STAFF_REQUIRE_2FA = True
    client.force_login(staff)
    response = client.get(reverse("admin:accounts_user_changelist"))
    assert response.status_code == 302 and response["Location"].startswith(SETUP)


def test_without_the_setting_the_admin_asks_nothing(staff_browser, settings):
    settings.STAFF_REQUIRE_2FA = False
    assert staff_browser.get(ADMIN).status_code == 200


def test_the_admin_log_in_page_stays_open_and_players_have_no_such_page(client, user, settings):
    settings.STAFF_REQUIRE_2FA = True
    assert client.get(reverse("admin:login")).status_code == 200
    client.force_login(user)
    assert client.get(SETUP).status_code == 404
    assert client.post(VERIFY, {"code": "123456"}).status_code == 404


def test_the_admin_lists_devices_and_never_their_key(client, make_user):
    boss = make_user("boss", is_staff=True, is_superuser=True)
    device = TOTPDevice.objects.create(user=boss, name="Simu", confirmed=True)
    client.force_login(boss)
    with override_settings(STAFF_REQUIRE_2FA=False):
        listing = client.get(reverse("admin:otp_totp_totpdevice_changelist"))
        page = client.get(reverse("admin:otp_totp_totpdevice_change", args=[device.pk]))
        probe = client.get(reverse("admin:otp_totp_totpdevice_changelist") + f"?key={device.key}")
    assert listing.status_code == page.status_code == 200
    assert "Simu" in listing.content.decode()
    assert device.key not in listing.content.decode() + page.content.decode()
    assert probe.status_code == 400  # no lookup reaches the key

"""The pages: the push subscription endpoints refuse hostile input (fuzzed) with a sentence,
the settings form likewise, the list shows one's own only, and the header counts the unseen."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from notifications.models import Kind, Notification, Preference, PushSubscription
from notifications.send import notify
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db
SUBSCRIBE = "/notifications/push/subscribe/"


@pytest.fixture
def amani_client(client, user):
    client.force_login(user)
    return client


def post_json(client, url, data):
    body = data if isinstance(data, (bytes, str)) else json.dumps(data)
    return client.post(url, body, content_type="application/json")


def test_a_subscription_is_stored_and_the_cap_drops_the_oldest(amani_client, user, browser):
    for number in range(4):  # the cap is 3 in these tests
        answer = post_json(
            amani_client, SUBSCRIBE, browser.subscription(f"https://push.example/send/{number}")
        )
        assert answer.status_code == 200
    endpoints = sorted(PushSubscription.objects.filter(user=user).values_list("endpoint", flat=True))
    assert endpoints == [f"https://push.example/send/{n}" for n in (1, 2, 3)]
    windows = browser.subscription("https://db5p.notify.windows.com/w/?token=abc")
    assert post_json(amani_client, SUBSCRIBE, windows).status_code == 200


@pytest.mark.parametrize(
    "change, sentence",
    [
        ({"endpoint": "http://push.example/send/1"}, "not one this site sends to"),
        ({"endpoint": "https://evil.example/send/1"}, "not one this site sends to"),
        ({"endpoint": "https://push.example.evil.example/x"}, "not one this site sends to"),
        ({"endpoint": "https://user:pw@push.example/x"}, "not one this site sends to"),
        ({"keys": {"p256dh": "AAAA", "auth": "AAAAAAAAAAAAAAAAAAAAAA"}}, "keys are not valid"),
        ({"keys": {"auth": "AAAA"}}, "keys are not valid"),
        ({"keys": "nothing"}, "not a push subscription"),
        ({"endpoint": 42}, "not a push subscription"),
    ],
)
def test_a_bad_subscription_is_refused_with_a_sentence(amani_client, browser, change, sentence):
    data = {**browser.subscription("https://push.example/send/1"), **change}
    answer = post_json(amani_client, SUBSCRIBE, data)
    assert answer.status_code == 400
    assert sentence in answer.json()["error"]
    assert not PushSubscription.objects.exists()


def test_a_p256dh_that_is_not_an_uncompressed_point_is_refused(amani_client, browser):
    import base64

    data = browser.subscription("https://push.example/send/1")
    data["keys"]["p256dh"] = base64.urlsafe_b64encode(b"\x05" + bytes(64)).decode()
    assert post_json(amani_client, SUBSCRIBE, data).status_code == 400
    assert post_json(amani_client, SUBSCRIBE, b"x" * 5000).json()["error"] == "That subscription is too long."


def test_unsubscribe_and_remove_touch_only_ones_own(amani_client, user, baraka, browser):
    theirs = PushSubscription.objects.create(
        user=baraka, endpoint="https://push.example/b", p256dh="x", auth="y"
    )
    post_json(amani_client, SUBSCRIBE, browser.subscription("https://push.example/a"))
    assert post_json(
        amani_client, "/notifications/push/unsubscribe/", {"endpoint": theirs.endpoint}
    ).json() == {"removed": 0}
    assert amani_client.post(f"/settings/notifications/devices/{theirs.pk}/remove/").status_code == 302
    assert PushSubscription.objects.filter(pk=theirs.pk).exists()
    assert post_json(
        amani_client, "/notifications/push/unsubscribe/", {"endpoint": "https://push.example/a"}
    ).json() == {"removed": 1}
    assert post_json(amani_client, "/notifications/push/unsubscribe/", b"[").status_code == 400


def test_the_list_shows_ones_own_newest_first_and_the_header_counts_unseen(amani_client, user, baraka):
    notify(user, Kind.CHALLENGE, "challenge:1", "/challenges/", name="chebet")
    notify(user, Kind.CHALLENGE, "challenge:2", "/challenges/", name="wanjiru")
    notify(baraka, Kind.CHALLENGE, "challenge:3", "/challenges/", name="zawadi")
    page = amani_client.get("/notifications/").content.decode()
    assert page.index("wanjiru challenges you") < page.index("chebet challenges you")
    assert "zawadi" not in page
    assert 'class="count-badge">2<' in page
    assert amani_client.post("/notifications/seen/").status_code == 302
    assert not Notification.objects.filter(user=user, seen_at=None).exists()
    assert Notification.objects.filter(user=baraka, seen_at=None).exists()
    assert "count-badge" not in amani_client.get("/notifications/").content.decode()


def test_the_header_costs_one_query_signed_in_and_none_for_a_visitor(client, user, django_assert_num_queries):
    from django.contrib.auth.models import AnonymousUser
    from django.test import RequestFactory

    from notifications.context_processors import unseen_notifications

    request = RequestFactory().get("/")
    request.user = AnonymousUser()
    with django_assert_num_queries(0):
        assert unseen_notifications(request) == {}
    request.user = user
    unseen = unseen_notifications(request)["notifications_unseen"]
    with django_assert_num_queries(1):
        assert unseen.count == 0 and unseen.count == 0


def test_settings_are_saved_and_bad_input_refused_with_a_sentence(amani_client, user):
    form = {
        "email_interval": "86400",
        "quiet_start": "22:00",
        "quiet_end": "07:00",
        "time_zone": "Africa/Nairobi",
        "challenge__site": "on",
        "challenge__email": "on",
    }
    assert amani_client.post("/settings/notifications/", form).status_code == 302
    preference = Preference.of(user)
    assert preference.email_interval == 86400 and preference.is_on(Kind.CHALLENGE, "email")
    assert not preference.is_on(Kind.CHALLENGE, "push") and not preference.is_on(Kind.YOUR_TURN, "site")

    for bad, sentence in (
        ({"time_zone": "Mars/Olympus"}, "Select a valid choice"),
        ({"quiet_end": ""}, "Give both ends of the quiet hours, or neither."),
        ({"email_interval": "5"}, "Select a valid choice"),
        ({"quiet_start": "25:99"}, "Enter a valid time"),
    ):
        answer = amani_client.post("/settings/notifications/", {**form, **bad})
        assert answer.status_code == 400
        assert sentence in answer.content.decode()
    assert Preference.of(user).email_interval == 86400


def test_the_settings_page_in_swahili(amani_client):
    amani_client.cookies["django_language"] = "sw"
    page = amani_client.get("/settings/notifications/")
    assert page.status_code == 200
    assert "Washa arifa kwenye kifaa hiki" in page.content.decode()


def test_the_language_switch_is_kept_for_notifications(client, user):
    client.post("/accounts/login/", {"username": "amani", "password": PASSWORD}, HTTP_ACCEPT_LANGUAGE="sw")
    assert Preference.of(user).language == "sw"
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert Preference.of(user).language == "en"


FUZZ = settings(suppress_health_check=[HealthCheck.function_scoped_fixture], max_examples=60)
JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=40),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.sampled_from(["endpoint", "keys", "p256dh", "auth"]) | st.text(max_size=5), inner, max_size=4
        )
    ),
    max_leaves=8,
)


@FUZZ
@given(body=st.one_of(st.binary(max_size=300), JSONISH.map(json.dumps)))
def test_fuzzed_subscriptions_get_a_sentence_or_success_never_a_500(amani_client, body):
    """Whatever is posted, the answer is a sentence (400) or a success, never a 500."""
    answer = amani_client.post(SUBSCRIBE, body, content_type="application/json")
    assert answer.status_code in (200, 400)
    if answer.status_code == 400:
        assert answer.json()["error"]


@FUZZ
@given(
    data=st.dictionaries(
        st.sampled_from(
            ["email_interval", "quiet_start", "quiet_end", "time_zone", "challenge__email", "game_over__push"]
        ),
        st.text(max_size=30),
    )
)
def test_fuzzed_settings_get_a_sentence_or_are_saved_never_a_500(amani_client, data):
    answer = amani_client.post("/settings/notifications/", data)
    assert answer.status_code in (302, 400)

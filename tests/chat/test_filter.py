"""The chat's word filter: whole words, any case, the usual disguises seen through; the
lists compiled once, compiled again when the admin changes them."""

import pytest
from django.urls import reverse

from games.models import ChatFilterWord
from games.play import chat_filter

pytestmark = pytest.mark.django_db


def test_the_lists_are_seeded_in_english_and_swahili():
    seeded = set(ChatFilterWord.objects.values_list("language", flat=True))
    assert seeded == {"en", "sw"}
    assert ChatFilterWord.objects.filter(word="mjinga", language="sw").exists()


@pytest.mark.parametrize(
    "line",
    [
        "you idiot",
        "IDIOT!",
        "Idiót",  # an accent
        "1d10t",  # digits for letters
        "$tupid move",
        "stuuuupid",  # a letter repeated
        "mjingaaa",
        "i d i o t",  # spelled apart
        "i.d.i.o.t",
        "id\u200biot",  # an invisible character inside
        "\u0456diot",  # a Cyrillic i
        "ＩＤＩＯＴ",  # full-width letters
        "wewe ni MJINGA",
        "shut   UP now",  # a phrase of the list
    ],
)
def test_a_listed_word_is_found_through_its_disguises(words, line):
    assert chat_filter.flagged(line)


@pytest.mark.parametrize(
    "line",
    ["idiotic", "stupidity", "shutter up", "Habari! Good game", "mjingani", "niko kadi", "", "!!!"],
)
def test_other_words_and_words_inside_words_pass(words, line):
    assert not chat_filter.flagged(line)


def test_the_lists_are_compiled_once(words, django_assert_num_queries):
    chat_filter.flagged("hello")
    with django_assert_num_queries(0):
        for _ in range(100):
            chat_filter.flagged("a line of nothing bad")


def test_a_word_the_admin_adds_or_deletes_counts_at_once(words, admin_client):
    assert not chat_filter.flagged("you donkey")
    response = admin_client.post(
        reverse("admin:games_chatfilterword_add"), {"word": " Donkey ", "language": "en"}
    )
    assert response.status_code == 302
    assert ChatFilterWord.objects.filter(word="Donkey").exists()  # kept as typed, trimmed
    assert chat_filter.flagged("you D0NKEY")

    word = ChatFilterWord.objects.get(word="Donkey")
    admin_client.post(reverse("admin:games_chatfilterword_delete", args=[word.pk]), {"post": "yes"})
    assert not chat_filter.flagged("you donkey")


@pytest.mark.parametrize("word", ["...", "   ", "\u200b"])
def test_a_word_without_a_letter_is_refused_in_a_sentence(admin_client, word):
    before = ChatFilterWord.objects.count()
    response = admin_client.post(reverse("admin:games_chatfilterword_add"), {"word": word, "language": "en"})
    assert response.status_code == 200 and response.context["adminform"].form.errors
    assert ChatFilterWord.objects.count() == before

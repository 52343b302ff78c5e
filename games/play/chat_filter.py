"""The chat's word filter: whether a line holds a word of the admin's lists
(``games.models.ChatFilterWord``, English and Swahili) as a whole word.

A line is compared in a plain form, so that the usual disguises do not pass: Unicode
compatibility forms and accents folded (NFKC, then the marks dropped), case folded,
invisible characters dropped, digits and signs read as the letters they stand for
("1d10t", "$tupid"), Cyrillic and Greek lookalikes read as Latin, a letter repeated
("stuuupid") read once, and letters spelled apart ("i d i o t", "i.d.i.o.t") read together.
A word inside another word ("Scunthorpe"-style) is not a match.

The lists are compiled once per process and compiled again only when they change: every
save or deletion of a word changes a stamp in Django's cache (``forget``), which each
process compares with the one its compiled lists were made from.
"""

import re
import unicodedata
import uuid

from django.core.cache import cache

from games.models import ChatFilterWord

STAMP_KEY = "chat-filter-words"
# Signs that may stand for letters ("$tupid") or end a sentence ("idiot!"): both readings count.
SIGNS = str.maketrans({"@": "a", "$": "s", "!": "i", "|": "i", "€": "e", "£": "l"})
# Digits that stand for letters, and lookalike letters of other alphabets.
STAND_INS = str.maketrans(
    {
        "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "9": "g",
        "а": "a", "в": "b", "е": "e", "ё": "e", "і": "i", "ї": "i", "ј": "j", "к": "k", "м": "m",
        "н": "h", "о": "o", "р": "p", "с": "c", "ѕ": "s", "т": "t", "у": "y", "х": "x",
        "α": "a", "β": "b", "ε": "e", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "τ": "t", "υ": "u",
    }
)  # fmt: skip
WORD = re.compile(r"[^\W_]+")
REPEATS = re.compile(r"(.)\1+")

_compiled: tuple[object, dict[str, list[tuple[str, ...]]]] | None = None  # (stamp, phrases by first word)


def plain_words(text: str, signs: bool = False) -> list[str]:
    """``text``'s words in the plain form the filter compares (see the module's docstring);
    ``signs``: with the signs that may stand for letters read as those letters."""
    text = unicodedata.normalize("NFKC", text).casefold()
    text = "".join(char for char in unicodedata.normalize("NFKD", text) if not unicodedata.combining(char))
    text = "".join(char for char in text if unicodedata.category(char) != "Cf").translate(STAND_INS)
    if signs:
        text = text.translate(SIGNS)
    words: list[str] = []
    spelled: list[str] = []  # single letters in a row: a word spelled apart
    for word in WORD.findall(text):
        if len(word) == 1:
            spelled.append(word)
            continue
        if spelled:
            words.append("".join(spelled))
            spelled = []
        words.append(word)
    if spelled:
        words.append("".join(spelled))
    return [REPEATS.sub(r"\1", word) for word in words]


def flagged(text: str) -> bool:
    """Whether ``text`` holds a word (or phrase) of the filter's lists."""
    phrases = _phrases()
    for words in (plain_words(text), plain_words(text, signs=True)):
        for start, word in enumerate(words):
            for phrase in phrases.get(word, ()):
                if tuple(words[start : start + len(phrase)]) == phrase:
                    return True
    return False


def forget(**kwargs: object) -> None:
    """The lists changed (a ``post_save``/``post_delete`` receiver of ``ChatFilterWord``):
    every process compiles them again before its next line."""
    cache.set(STAMP_KEY, uuid.uuid4().hex, None)


def _phrases() -> dict[str, list[tuple[str, ...]]]:
    global _compiled
    stamp = cache.get(STAMP_KEY)
    if stamp is None:  # the cache was emptied: a new stamp for every process
        cache.add(STAMP_KEY, uuid.uuid4().hex, None)
        stamp = cache.get(STAMP_KEY)
    if _compiled is None or _compiled[0] != stamp:
        phrases: dict[str, list[tuple[str, ...]]] = {}
        for entry in ChatFilterWord.objects.values_list("word", flat=True):
            if words := plain_words(entry):
                phrases.setdefault(words[0], []).append(tuple(words))
        _compiled = (stamp, phrases)
    return _compiled[1]

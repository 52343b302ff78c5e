"""games.text.moves: one move in words, the same sentence in the live move log (card chips)
and the replays (card labels), in each language, with the player's name escaped."""

from html.parser import HTMLParser

import pytest
from django.template import Context, Template
from django.utils import translation

from games.text.moves import CHIPS, LABELS, move_entry, move_log_item, move_words

HOSTILE = '<script>alert("x")</script>'


def move(text, drew=None, penalty=None, name="wanjiru"):
    """A logged move as both places get it (``move_entry`` reads the suit's words in the
    language active when it is called)."""
    return {"number": 7, "seat": 2, "name": name, **move_entry(text, drew, penalty)}


class Spoken(HTMLParser):
    """What a screen reader says of some HTML: an image by its label, nothing hidden."""

    def __init__(self):
        super().__init__()
        self.words, self.silent = [], 0  # depth inside an image or a hidden element

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if self.silent or attrs.get("role") == "img" or attrs.get("aria-hidden") == "true":
            if not self.silent and "aria-label" in attrs:
                self.words.append(attrs["aria-label"])
            self.silent += 1

    def handle_endtag(self, tag):
        self.silent = max(self.silent - 1, 0)

    def handle_data(self, data):
        if not self.silent:
            self.words.append(data)


def said(html):
    spoken = Spoken()
    spoken.feed(str(html))
    return " ".join(" ".join(spoken.words).split())


MOVES = [  # (move text, cards drawn, misplay penalty), said in English, in Swahili
    (("QH 8H 4H",), "queen of hearts 8 of hearts 4 of hearts", "queen ya mioyo 8 ya mioyo 4 ya mioyo"),
    (("AS @H !",), "ace of spades asks for hearts Niko Kadi!", "ace ya spade anaitisha mioyo Niko Kadi!"),
    # ace_request (issue 48): an ace that names a rank
    (("AS @Q",), "ace of spades names queens", "ace ya spade anaitisha queen"),
    (("AS AD @10",), "ace of spades ace of diamonds names 10s", "ace ya spade ace ya diamond anaitisha 10"),
    (("7H", 2, 2), "misplayed 7 of hearts and drew 2 cards", "alikosea 7 ya mioyo na akaokota kadi 2"),
    (("7H", 1, 1), "misplayed 7 of hearts and drew 1 card", "alikosea 7 ya mioyo na akaokota kadi 1"),
    (("draw", 3), "drew 3 cards", "aliokota kadi 3"),
    (("draw", 1), "drew 1 card", "aliokota kadi 1"),
    (("draw",), "drew", "aliokota"),
    (("accept",), "was skipped", "alirukwa"),
    (("resign 2",), "resigned", "alijiondoa"),
    (("pass",), "passed", "alipita"),
    (("JKR",), "red joker", "joker nyekundu"),
]


@pytest.mark.parametrize("cards", [CHIPS, LABELS])
@pytest.mark.parametrize("language", ["en", "sw"])
@pytest.mark.parametrize("args, english, swahili", MOVES)
def test_each_kind_of_move_is_said_alike_with_either_cards(args, english, swahili, language, cards):
    with translation.override(language):
        html = move_words(move(*args), cards)
    assert said(html) == "wanjiru " + (english if language == "en" else swahili)


def test_a_misplay_and_a_resignation_stand_out():
    assert '<span class="move-words__misplay">misplayed</span>' in move_words(move("7H", 2, 2))
    assert '<span class="move-words__resign">resigned</span>' in move_words(move("resign 2"))


def test_chips_and_labels_name_each_card_for_screen_readers_and_hide_the_symbol():
    chips = move_words(move("QH JKB"), CHIPS)
    assert chips.count('role="img"') == 2 and 'aria-label="black joker"' in chips
    assert 'data-card="QH"' in chips and 'Q<span aria-hidden="true">♥</span>' in chips
    labels = move_words(move("QH JKB"), LABELS)
    assert labels.count('role="img"') == 2 and 'aria-label="queen of hearts"' in labels
    assert 'class="card-label card-label--red"' in labels and "Q♥" in labels


def test_a_hostile_name_is_escaped():
    for cards in (CHIPS, LABELS):
        html = move_words(move("7H", 2, 2, name=HOSTILE), cards)
        assert "<script>" not in html
        assert '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;' in html


def test_a_line_of_the_move_log_is_numbered_and_uses_chips():
    line = move_log_item(move("7H"))
    start = '<li value="7" class="move-log__item" data-seat="2"><span class="move-words__name">wanjiru'
    assert line.startswith(start)
    assert 'class="card-chip card-chip--red"' in line and line.endswith("</li>")


def test_the_template_tags_say_the_same():
    entry = move("AS @H !")
    template = Template('{% load move_words %}{% move_words entry "labels" %}|{% move_log_item entry %}')
    labels, line = template.render(Context({"entry": entry})).split("|")
    assert labels == move_words(entry, LABELS) and line == move_log_item(entry)


def test_logged_moves():
    assert move_entry("AH AS @C !") == {
        "kind": "play",
        "cards": ["AH", "AS"],
        "suit": {"code": "C", "symbol": "♣", "words": "clubs", "red": False},
        "niko_kadi": True,
        "penalty": None,
        "drew": 0,
        "outcome": None,  # stored before outcomes were
        "actor": "player",
        "handed": False,
        "rules": None,  # only an outcome's sentences need the game's rules
    }
    assert move_entry("draw")["kind"] == "draw" and move_entry("draw")["cards"] == []
    assert move_entry("draw", 3)["drew"] == 3
    assert move_entry("5S 9H", 2, penalty=2)["kind"] == "misplay"  # the engine refused it: cards back
    assert move_entry("9H", 2)["kind"] == "play"  # a legal play may draw (a missed declaration)

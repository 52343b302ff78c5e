"""Hypothesis strategies for what visitors send, and the settings every fuzz test shares:
modest example counts so that each test takes a few seconds, on SQLite and PostgreSQL."""

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from games.engine.cards import CARD_TEXT, SUITS

FUZZ = settings(
    max_examples=30,
    deadline=None,
    # Django's client and database fixtures are function-scoped on purpose: each example
    # checks that the refused input changed nothing, not that the database starts empty.
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
FUZZ_FEW = settings(FUZZ, max_examples=8)  # for examples that cost a heavy page each

# Text a browser could post: any characters a form field can carry (NUL and controls too).
form_text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=300)
numberish = st.one_of(form_text, st.integers().map(str), st.just(""), st.just("-1"), st.just("1e309"))

card_text = st.sampled_from(CARD_TEXT)
move_words = st.sampled_from(["draw", "accept", "pass", "DRAW", "Pass"])


@st.composite
def move_texts(draw):
    """Well-formed move texts: cards, maybe a declared suit, maybe "!"; or a word move."""
    if draw(st.booleans()):
        words = [draw(move_words)]
    else:
        cards = draw(st.lists(card_text, min_size=1, max_size=8))
        words = [card if draw(st.booleans()) else card.lower() for card in cards]
        if draw(st.booleans()):
            words.append("@" + draw(st.sampled_from(SUITS + SUITS.lower())))
    if draw(st.booleans()):
        words.append("!")
    spaces = draw(st.sampled_from([" ", "  ", "\t", " \n "]))
    return spaces.join(words)


# Text that often looks almost like a move: card-like tokens, suits, words and junk mixed.
move_tokens = st.one_of(
    card_text, move_words, st.just("!"), st.just("@"), st.sampled_from(["@H", "@X", "@", "10", "JK", "1H"]),
    st.text(max_size=4),
)
near_moves = st.lists(move_tokens, max_size=8).map(" ".join)

json_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=20),
)
json_values = st.recursive(
    json_scalars,
    lambda children: st.one_of(
        st.lists(children, max_size=5), st.dictionaries(st.text(max_size=12), children, max_size=5)
    ),
    max_leaves=25,
)

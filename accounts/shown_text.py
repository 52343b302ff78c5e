"""What a name or a chat line that people write must be, wherever it is shown to others:
something visible (zero-width characters or spaces alone show as a blank), and no
bidirectional control characters (embeddings, overrides, isolates), which reorder the
text that follows them on the page: a table's name could turn the rest of its lobby line
around. The marks that only steer one's own right-to-left script (U+200E, U+200F, U+061C)
are allowed. A player's name also keeps to one of the alphabets whose letters look alike
(Latin, Cyrillic, Greek): "аmani" with a Cyrillic "а" would pass for "amani".
"""

import unicodedata

REORDERING = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
LOOKALIKE_SCRIPTS = frozenset({"LATIN", "CYRILLIC", "GREEK"})


def shows_something(text):
    """Whether ``text`` has a visible character."""
    return any(char.isprintable() and not char.isspace() for char in text)


def reorders(text):
    """Whether ``text`` holds a bidirectional control that reorders what follows it."""
    return not REORDERING.isdisjoint(text)


def mixes_lookalike_scripts(text):
    """Whether ``text`` has letters of more than one of the Latin, Cyrillic and Greek
    alphabets (by their Unicode names: "CYRILLIC SMALL LETTER A")."""
    scripts = {unicodedata.name(char, "").partition(" ")[0] for char in text if char.isalpha()}
    return len(scripts & LOOKALIKE_SCRIPTS) > 1

"""What a name or a chat line that people write must be, wherever it is shown to others:
something visible (zero-width characters or spaces alone show as a blank), and no
bidirectional control characters (embeddings, overrides, isolates), which reorder the
text that follows them on the page: a table's name could turn the rest of its lobby line
around. The marks that only steer one's own right-to-left script (U+200E, U+200F, U+061C)
are allowed.
"""

REORDERING = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def shows_something(text):
    """Whether ``text`` has a visible character."""
    return any(char.isprintable() and not char.isspace() for char in text)


def reorders(text):
    """Whether ``text`` holds a bidirectional control that reorders what follows it."""
    return not REORDERING.isdisjoint(text)

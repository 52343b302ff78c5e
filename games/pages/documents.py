"""Project documents shown on the site (docs/rules.md, or its translation docs/rules.<lang>.md),
as HTML from Markdown.

Raw HTML in a document is shown as text, never passed through, and links and images
keep only web and relative addresses, so a document can hold nothing but Markdown's own
markup.
"""

from pathlib import Path
from xml.etree.ElementTree import SubElement

import markdown
from django.conf import settings
from django.utils.translation import get_language
from markdown.extensions import Extension
from markdown.treeprocessors import Treeprocessor

from games.engine.cards import CARD_BY_TEXT
from games.text.cards import card_face

RULES_DOCUMENT = "docs/rules.md"


SAFE_SCHEMES = ("http:", "https:", "mailto:")


class _DropUnsafeAddresses(Treeprocessor):
    def run(self, root):
        for element in root.iter():
            for attribute in ("href", "src"):
                address = element.get(attribute, "").strip().lower()
                if ":" in address.split("/")[0] and not address.startswith(SAFE_SCHEMES):
                    del element.attrib[attribute]


class _CardsInWords(Treeprocessor):
    """A code span of card codes (```QH 8H 4H```) shown as the cards a player reads: "Q♥ 8♥ 4♥",
    each named in words for screen readers; other code spans stay as they are."""

    def run(self, root):
        for element in root.iter("code"):
            words = (element.text or "").split()
            if not words or len(element) or any(word not in CARD_BY_TEXT for word in words):
                continue
            element.tag = "span"
            element.set("class", "card-words")
            element.text = None
            for index, word in enumerate(words):
                face = card_face(word)
                label = SubElement(element, "span")
                label.set("class", f"card-label card-label--{face['color']}")
                label.set("role", "img")
                label.set("aria-label", face["name"])
                label.set("title", face["name"])
                label.text = "\u2605" if face["joker"] else face["rank"] + face["symbol"]
                label.tail = " " if index < len(words) - 1 else None


class _SafeMarkdown(Extension):
    """Raw HTML stays text ("<b>" shows as "<b>"); "javascript:" and the like lose their link;
    card codes are shown as cards (``_CardsInWords``)."""

    def extendMarkdown(self, md):
        md.preprocessors.deregister("html_block")
        md.inlinePatterns.deregister("html")
        md.treeprocessors.register(_DropUnsafeAddresses(md), "drop_unsafe_addresses", 0)
        md.treeprocessors.register(_CardsInWords(md), "cards_in_words", 1)


def render_markdown(text):
    return markdown.markdown(text, extensions=["tables", "sane_lists", _SafeMarkdown()], output_format="html")


def translated_path(path, language):
    """``docs/rules.md`` in ``language``: ``docs/rules.sw.md`` when it exists, else the English one."""
    translated = path.with_suffix(f".{language}{path.suffix}")
    return translated if language and language != "en" and translated.exists() else path


def rules_document_html(language=None):
    """docs/rules.md (in ``language`` when translated) as HTML, or "" while it does not exist."""
    path = translated_path(Path(settings.BASE_DIR) / RULES_DOCUMENT, language or get_language())
    if not path.exists():
        return ""
    return render_markdown(path.read_text(encoding="utf-8"))

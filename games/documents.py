"""Project documents shown on the site (docs/rules.md), as HTML from Markdown.

Raw HTML in a document is shown as text, never passed through, and links and images
keep only web and relative addresses, so a document can hold nothing but Markdown's own
markup.
"""

from pathlib import Path

import markdown
from django.conf import settings
from markdown.extensions import Extension
from markdown.treeprocessors import Treeprocessor

RULES_DOCUMENT = "docs/rules.md"


SAFE_SCHEMES = ("http:", "https:", "mailto:")


class _DropUnsafeAddresses(Treeprocessor):
    def run(self, root):
        for element in root.iter():
            for attribute in ("href", "src"):
                address = element.get(attribute, "").strip().lower()
                if ":" in address.split("/")[0] and not address.startswith(SAFE_SCHEMES):
                    del element.attrib[attribute]


class _SafeMarkdown(Extension):
    """Raw HTML stays text ("<b>" shows as "<b>"); "javascript:" and the like lose their link."""

    def extendMarkdown(self, md):
        md.preprocessors.deregister("html_block")
        md.inlinePatterns.deregister("html")
        md.treeprocessors.register(_DropUnsafeAddresses(md), "drop_unsafe_addresses", 0)


def render_markdown(text):
    return markdown.markdown(text, extensions=["tables", "sane_lists", _SafeMarkdown()], output_format="html")


def rules_document_html():
    """docs/rules.md as HTML, or "" while the file does not exist."""
    path = Path(settings.BASE_DIR) / RULES_DOCUMENT
    if not path.exists():
        return ""
    return render_markdown(path.read_text(encoding="utf-8"))

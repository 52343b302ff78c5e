"""The Swahili catalogue: complete, without fuzzy entries, its placeholders intact, its
compiled .mo in step with the .po, covering every string the code marks; and no template
shows text that is not marked for translation (a heuristic: literal words outside
{% translate %} / {% blocktranslate %} in the text or the user-visible attributes)."""

import re
import shutil
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import override_settings
from django.utils import translation

from games.engine.rules import OPTIONS
from games.text import engine_texts

BASE = Path(settings.BASE_DIR)
LANGUAGES = [code for code, _name in settings.LANGUAGES if code != "en"]
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]|%[sd]")


SWAHILI = BASE / "locale/sw/LC_MESSAGES/django.po"


def catalogues():
    return [path for code in LANGUAGES for path in sorted((BASE / f"locale/{code}/LC_MESSAGES").glob("*.po"))]


@pytest.fixture(params=catalogues(), ids=lambda path: f"{path.parts[-3]}/{path.name}")
def catalogue(request):
    return request.param


def test_every_language_has_a_catalogue():
    assert LANGUAGES == ["sw"]
    assert SWAHILI.exists()


def test_every_entry_is_translated_and_none_is_fuzzy(catalogue):
    po = polib.pofile(str(catalogue))
    assert not po.metadata_is_fuzzy
    untranslated = [entry.msgid for entry in po.untranslated_entries()]
    fuzzy = [entry.msgid for entry in po.fuzzy_entries()]
    assert untranslated == [] and fuzzy == []


def test_translations_keep_every_placeholder(catalogue):
    wrong = []
    for entry in polib.pofile(str(catalogue)).translated_entries():
        wanted = sorted(PLACEHOLDER.findall(entry.msgid))
        texts = entry.msgstr_plural.values() if entry.msgid_plural else [entry.msgstr]
        wrong += [(entry.msgid, text) for text in texts if sorted(PLACEHOLDER.findall(text)) != wanted]
    assert wrong == []


def test_the_committed_mo_files_are_compiled_from_the_po_files(catalogue, tmp_path):
    """Compiled .mo files are committed (the site needs no gettext tools); `make messages` refreshes them."""
    compiled = catalogue.with_suffix(".mo")
    assert compiled.exists(), f"run `make messages` to compile {catalogue}"
    fresh = tmp_path / "fresh.mo"
    polib.pofile(str(catalogue)).save_as_mofile(str(fresh))

    def entries(path):
        return {(e.msgctxt, e.msgid): (e.msgstr, e.msgstr_plural) for e in polib.mofile(str(path))}

    assert entries(compiled) == entries(fresh)


def test_the_engines_option_help_is_in_the_catalogue():
    """The engine marks nothing (no Django): `make messages` extracts its texts through
    games.text.engine_texts. An option added to the engine needs its help translated too."""
    translated = {entry.msgid for entry in polib.pofile(str(SWAHILI)).translated_entries()}
    assert [option.help for option in OPTIONS if option.help not in translated] == []


SOURCES = [
    "accounts",
    "api",
    "games",
    "history",
    "kadi_site",
    "moderation",
    "notifications",
    "pwa",
    "templates",
    "timers",
    "tournaments",
]


@pytest.mark.skipif(shutil.which("xgettext") is None, reason="gettext's tools are not installed")
def test_the_catalogue_holds_every_string_the_code_marks(tmp_path, monkeypatch):
    """makemessages, run on links to the sources in a scratch directory (so that it cannot
    touch locale/), finds no msgid the committed catalogue lacks: when this fails, run
    `make messages` and translate the new entries."""
    for name in SOURCES:
        (tmp_path / name).symlink_to(BASE / name)
    (tmp_path / "games_engine_texts.py").write_text(engine_texts.source(), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    with override_settings(LOCALE_PATHS=[tmp_path / "locale"]):
        call_command("makemessages", locale=["sw"], verbosity=0, symlinks=True, ignore_patterns=["_compiled"])
    marked = {e.msgid for e in polib.pofile(str(tmp_path / "locale/sw/LC_MESSAGES/django.po")) if e.msgid}
    committed = {e.msgid for e in polib.pofile(str(SWAHILI))}
    assert sorted(marked - committed) == []


@pytest.mark.django_db
def test_pages_speak_swahili_when_asked(client):
    english = client.get("/", HTTP_ACCEPT_LANGUAGE="en").text
    swahili = client.get("/", HTTP_ACCEPT_LANGUAGE="sw-KE,sw;q=0.9,en;q=0.5").text
    assert '<html lang="en">' in english and ">Lobby<" in english
    assert '<html lang="sw">' in swahili and ">Ukumbi<" in swahili
    with translation.override("sw"):
        from games.text.cards import card_words

        assert card_words("QH") == "queen ya mioyo"


# -- Unmarked text in templates ----------------------------------------------------------

TEMPLATES = sorted((BASE / "templates").rglob("*.html")) + sorted((BASE / "templates").rglob("*.txt"))
MARKED_OR_CODE = re.compile(
    r"{%\s*blocktranslate.*?{%\s*endblocktranslate\s*%}|{%\s*comment\s*%}.*?{%\s*endcomment\s*%}"
    r"|{#[^\n]*?#}|{{.*?}}|{%.*?%}|<script.*?</script>|<style.*?</style>|<!--.*?-->",  # {# #}: one line
    re.DOTALL,
)
VISIBLE_ATTRIBUTE = re.compile(r'\b(?:title|alt|placeholder|aria-label|aria-description)="([^"]*)"')
WORD = re.compile(r"[^\W\d_]{2,}")


def unmarked_text(source):
    """Words a template would show that no translation tag covers."""
    unmarked = MARKED_OR_CODE.sub(" ", source)
    attributes = [value for value in VISIBLE_ATTRIBUTE.findall(unmarked) if WORD.search(value)]
    return attributes + WORD.findall(re.sub(r"<[^>]*>", " ", unmarked))


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda path: str(path.relative_to(BASE / "templates")))
def test_templates_show_no_unmarked_text(path):
    assert unmarked_text(path.read_text(encoding="utf-8")) == []


def test_the_unmarked_text_check_finds_what_it_should():
    assert unmarked_text('<p>Hello {{ name }}</p><button title="Close">×</button>') == ["Close", "Hello"]
    assert unmarked_text('<p>{% translate "Hi" %} {{ name }}</p><b title="{% translate "x" %}">·</b>') == []
    assert unmarked_text("{% blocktranslate %}Hi {{ n }}{% endblocktranslate %}<script>var a;</script>") == []
    # Django's {# #} comment ends on its line: across lines it is shown as text.
    assert unmarked_text("{# a note #}<p>{# shown\n as text #}</p>") == ["shown", "as", "text"]

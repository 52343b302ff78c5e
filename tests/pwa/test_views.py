"""The installable app's addresses over HTTP (issue 45, point 4): the manifest (its type,
fields, icons that exist at their declared sizes, the reader's language), the worker's
script (its headers, its settings: static files that exist, a version that follows what it
keeps) and the offline page (the rules in both languages, nobody's name, no cookie)."""

import json
import re
import struct
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.urls import reverse

pytestmark = pytest.mark.django_db

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(path: str) -> tuple[int, int]:
    """A PNG's width and height, from its header chunk (IHDR, the first one)."""
    data = Path(path).read_bytes()[:24]
    assert data[:8] == PNG_SIGNATURE and data[12:16] == b"IHDR", path
    return struct.unpack(">II", data[16:24])


def static_file(url: str) -> str:
    """The file a static URL names (the tests run with unhashed names)."""
    found = finders.find(url.removeprefix("/static/"))
    assert found, url
    return found


def manifest(client, **headers):
    response = client.get(reverse("pwa:manifest"), **headers)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    return response, json.loads(response.content)


def test_the_manifest_makes_the_site_an_app(client):
    response, fields = manifest(client)
    assert reverse("pwa:manifest") == "/manifest.webmanifest"
    assert fields["name"] == fields["short_name"] == "Kadi"
    assert fields["lang"] == "en" and fields["description"] == "Kadi — the Kenyan shedding card game."
    assert fields["id"] == fields["scope"] == "/"
    assert fields["start_url"] == "/?source=pwa"
    assert fields["display"] == "standalone"
    assert (fields["theme_color"], fields["background_color"]) == ("#1d6b3c", "#f7f5ef")
    assert "Accept-Language" in response["Vary"] and "Cookie" in response["Vary"]
    assert client.get(fields["start_url"]).status_code == 200


def test_every_icon_exists_at_its_declared_size_and_one_is_maskable(client):
    _response, fields = manifest(client)
    sizes = {}
    for icon in fields["icons"]:
        width, height = png_size(static_file(icon["src"]))
        assert icon["sizes"] == f"{width}x{height}" and icon["type"] == "image/png"
        sizes.setdefault(icon["purpose"], set()).add(width)
    assert {192, 512} <= sizes["any"]
    assert 512 in sizes["maskable"]
    assert png_size(static_file("/static/icons/apple-touch-icon.png")) == (180, 180)


@pytest.mark.parametrize("headers", [{"HTTP_ACCEPT_LANGUAGE": "sw"}, {"HTTP_COOKIE": "django_language=sw"}])
def test_the_manifest_speaks_swahili_to_a_swahili_reader(client, headers):
    response, fields = manifest(client, **headers)
    assert fields["lang"] == "sw"
    assert fields["description"] == "Kadi — mchezo wa karata wa Kenya wa kumaliza kadi."
    assert response["Content-Language"] == "sw"


def test_every_page_links_the_manifest_the_theme_and_the_worker(client, user):
    client.force_login(user)
    page = client.get(reverse("games:lobby")).text
    assert '<link rel="manifest" href="/manifest.webmanifest" crossorigin="use-credentials">' in page
    assert '<meta name="theme-color" content="#1d6b3c">' in page
    assert '<link rel="apple-touch-icon" href="/static/icons/apple-touch-icon.png">' in page
    assert '<script src="/static/js/pwa.js" data-worker="/sw.js" defer></script>' in page


def worker_settings(response):
    first_line = response.text.split("\n", 1)[0]
    assert first_line.startswith("const KADI = ") and first_line.endswith(";")
    return json.loads(first_line.removeprefix("const KADI = ").removesuffix(";"))


def test_the_worker_is_served_from_the_root_for_the_whole_site(client):
    response = client.get(reverse("pwa:service_worker"))
    assert reverse("pwa:service_worker") == "/sw.js"
    assert response.status_code == 200
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert response["Service-Worker-Allowed"] == "/"
    assert response["Cache-Control"] == "no-cache"
    assert "Set-Cookie" not in response
    kadi = worker_settings(response)
    assert kadi["offline"] == "/offline/" and kadi["waiting"] == "/waiting/"
    assert kadi["signInOut"] == [reverse("login"), reverse("logout"), reverse("signup")]
    for url in kadi["precache"]:
        static_file(url)
    assert png_size(static_file(kadi["icon"])) == (192, 192)
    assert png_size(static_file(kadi["badge"])) == (96, 96)
    assert response.text.split("\n", 1)[1] == Path(static_file("/static/js/sw.js")).read_text()


def test_the_offline_page_uses_only_files_the_worker_keeps(client):
    kept = set(worker_settings(client.get(reverse("pwa:service_worker")))["precache"])
    page = client.get(reverse("pwa:offline")).text
    linked = {part.split('"', 1)[0] for part in page.split('="/static/')[1:]}
    assert {f"/static/{path}" for path in linked} <= kept


def test_a_change_to_what_the_worker_keeps_makes_a_new_worker(client, settings, tmp_path):
    """A new deploy (here: a rules document changed) is a new script, so browsers install it."""
    before = worker_settings(client.get(reverse("pwa:service_worker")))["version"]
    assert worker_settings(client.get(reverse("pwa:service_worker")))["version"] == before
    docs = tmp_path / "docs"
    docs.mkdir()
    for name in ("rules.md", "rules.sw.md"):
        (docs / name).write_text((Path(settings.BASE_DIR) / "docs" / name).read_text())
    settings.BASE_DIR = tmp_path
    assert worker_settings(client.get(reverse("pwa:service_worker")))["version"] == before
    (docs / "rules.sw.md").write_text("# Sheria mpya\n")
    assert worker_settings(client.get(reverse("pwa:service_worker")))["version"] != before


@pytest.mark.parametrize("language", ["en", "sw"])
def test_the_offline_page_has_the_rules_in_both_languages_the_reader_s_first(client, language):
    response = client.get(reverse("pwa:offline"), HTTP_COOKIE=f"django_language={language}")
    assert response.status_code == 200
    page = response.text
    rules = re.findall(r'<details class="panel offline-page__rules" lang="(\w+)"( open)?>', page)
    assert rules == [(language, " open"), ({"en": "sw", "sw": "en"}[language], "")]
    assert "How to play Kadi" in page and "Jinsi ya kucheza Kadi" in page


def test_the_offline_page_names_nobody_and_sets_no_cookie(client, make_user):
    """One copy serves whoever uses the device: no name, no token, no form, no cookie."""
    user = make_user("zawadi_offline")  # a name no rules text holds (the rules' "thamani" holds "amani")
    client.force_login(user)
    response = client.get(reverse("pwa:offline"))
    assert user.username not in response.text and user.name not in response.text
    assert "csrfmiddlewaretoken" not in response.text and "<form" not in response.text
    assert not response.cookies


@pytest.mark.parametrize("name", ["pwa:manifest", "pwa:service_worker", "pwa:offline"])
def test_the_app_s_addresses_refuse_a_post(client, name):
    response = client.post(reverse(name))
    assert response.status_code == 405

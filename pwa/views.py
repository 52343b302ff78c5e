"""The installable app's three addresses: thin, the contents come from pwa.manifest,
pwa.worker and the offline page's template."""

import json

from django.conf import settings
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import get_language, override
from django.views.decorators.http import require_safe

from games.pages.documents import rules_document_html
from pwa import worker
from pwa.manifest import THEME_COLOR, web_app_manifest


@require_safe
def manifest(request):
    """The manifest in the visitor's language (base.html links it with credentials, so the
    language cookie comes along)."""
    response = HttpResponse(
        json.dumps(web_app_manifest(), ensure_ascii=False, indent=1),
        content_type="application/manifest+json",
    )
    patch_vary_headers(response, ("Cookie", "Accept-Language"))
    patch_cache_control(response, max_age=3600)
    return response


@require_safe
def service_worker(request):
    """The worker's script, asked for again at every update check (``no-cache``): a new
    deploy's is a new worker. Served from the root so that its scope is the whole site."""
    response = HttpResponse(worker.worker_script(), content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    patch_cache_control(response, no_cache=True)
    return response


@require_safe
def offline(request):
    """The page the worker shows when a navigation finds no network. It names nobody and
    sets no cookie (no header, no form): the worker keeps one copy for whoever uses the
    device, in the language of the last page seen."""
    current = get_language()
    rules = []
    for code, _name in sorted(settings.LANGUAGES, key=lambda language: language[0] != current):
        with override(code):
            rules.append({"code": code, "document": rules_document_html(code)})
    return render(
        request,
        worker.OFFLINE_TEMPLATE,
        {
            "rules": rules,
            "stylesheets": worker.STYLESHEETS,
            "scripts": worker.SCRIPTS,
            "theme_color": THEME_COLOR,
            "waiting_cache": worker.WAITING_CACHE,
            "waiting_path": worker.WAITING_PATH,
        },
    )

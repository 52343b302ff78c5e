"""The live layer's renders leave no reference cycle for the garbage collector
(``games.live.rendering``): what a render held is freed as soon as it is done."""

import gc

import django.template.loader
import pytest
from django.test import RequestFactory

from games.live.rendering import render_to_string
from games.text.moves import move_entry

TEMPLATE = "games/partials/move_log.html"  # loops, translates, calls a tag
BARAKA_DREW = {"number": 1, "seat": 1, "name": "baraka", **move_entry("draw", 1)}
BARAKA_PLAYED = {"number": 2, "seat": 1, "name": "baraka", **move_entry("7H")}
CONTEXT = {"moves": [BARAKA_DREW, BARAKA_PLAYED], "move_total": 2}


@pytest.fixture
def collector_off():
    gc.collect()
    gc.disable()
    yield
    gc.enable()


def cyclic_garbage(render):
    """What ``render()`` returns, and how many objects only the garbage collector would free."""
    html = render()
    return html, gc.collect()


def test_a_render_leaves_no_cycle(collector_off):
    request = RequestFactory().get("/")
    html, left = cyclic_garbage(lambda: render_to_string(TEMPLATE, CONTEXT, request=request))
    assert "baraka" in html and left == 0


def test_djangos_own_render_leaves_one_and_renders_the_same(collector_off):
    request = RequestFactory().get("/")
    html, left = cyclic_garbage(lambda: django.template.loader.render_to_string(TEMPLATE, CONTEXT, request))
    assert left > 0
    assert html == render_to_string(TEMPLATE, CONTEXT, request=request)

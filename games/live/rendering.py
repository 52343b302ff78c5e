"""``render_to_string`` that leaves no reference cycle behind, for the live layer's frames.

A Django template ``Context`` keeps its dictionaries in a list, and each one it pushes
(a ``ContextDict``) points back at it: every render leaves a cycle behind, and everything
the context held (a table's description, its players, its move log) hangs from it until
the garbage collector finds it. Rendering for every viewer after every move, a live server
made about 340 such objects a move: young collections of 30 to 50 ms every few seconds,
which every table of the process waited for. Here the cycle is broken once the render is
done, and reference counting frees it all at once.
"""

from django.template.context import make_context
from django.template.loader import get_template


def render_to_string(template_name, context=None, request=None):
    """As ``django.template.loader.render_to_string``, for one template name."""
    template = get_template(template_name)
    made = make_context(context, request, autoescape=template.backend.engine.autoescape)
    try:
        return template.template.render(made)
    finally:
        made.dicts.clear()
        made.render_context.dicts.clear()

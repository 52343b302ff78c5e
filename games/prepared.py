"""Querysets run on every move, compiled to SQL once per database, not by the ORM each time.

Django builds a query's SQL anew whenever it runs it; for the move's lock (a game with its
table, ``FOR UPDATE``) that building was about a quarter of the transaction's CPU. A
``Prepared`` query is compiled once, with a stand-in for its one varying value, and then run
with the real value; its rows become model instances as the ORM makes them (``from_db``,
the fields' converters, the related object set in its cache).
"""

from django.db import connections

STAND_IN = -271_828_183  # the value when compiled: found among the compiled parameters


class Prepared:
    """``make(value)``: a queryset of one model, maybe with ``select_related`` of forward
    foreign keys, which uses ``value`` (its other parameters are constants). ``first(value)``
    gives its first instance for ``value``, or None."""

    def __init__(self, make):
        self.make = make
        self._compiled = {}  # database alias -> _Compiled

    def first(self, value, using="default"):
        compiled = self._compiled.get(using) or self._compile(using)
        params = [value if param == STAND_IN else param for param in compiled.params]
        with connections[using].cursor() as cursor:
            cursor.execute(compiled.sql, params)
            row = cursor.fetchone()
        return None if row is None else compiled.instance(row, using)

    def _compile(self, using):
        compiler = self.make(STAND_IN)[:1].query.get_compiler(using)
        sql, params = compiler.as_sql()
        if STAND_IN not in params:
            raise ValueError("the queryset of a prepared query must use its value")
        self._compiled[using] = compiled = _Compiled(compiler, sql, tuple(params))
        return compiled


class _Compiled:
    def __init__(self, compiler, sql, params):
        self.compiler, self.sql, self.params = compiler, sql, params
        columns = [column for column, _sql, _alias in compiler.select]
        self.converters = compiler.get_converters(columns)
        main = compiler.klass_info
        related = main.get("related_klass_infos", [])
        if any(info["reverse"] or info.get("related_klass_infos") for info in related):
            raise ValueError("a prepared query follows forward foreign keys, one step")
        # Each model's slice of the row (its fields' names) and, for a related one, its key.
        self.parts = [
            (info["model"], fields, [columns[i].target.attname for i in fields], key)
            for info, key in [(main, None)] + [(info, info["field"]) for info in related]
            for fields in [info["select_fields"]]
        ]

    def instance(self, row, using):
        if self.converters:
            row = next(iter(self.compiler.apply_converters([row], self.converters)))
        first = None
        for model, indexes, names, field in self.parts:
            instance = model.from_db(using, names, [row[i] for i in indexes])
            if first is None:
                first = instance
            else:
                field.set_cached_value(first, instance)
        return first

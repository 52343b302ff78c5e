"""The queries of every move, compiled to SQL once per database, not by the ORM each time.

Django builds a query's SQL anew whenever it runs it: for a move's three statements (the
game locked with its table, the move's row, the game's new position) that building was
most of the CPU of the move's transaction. Each is compiled here by the ORM's own compilers
once, and then run with new values, prepared for the database as the ORM prepares them:
- ``Prepared``: a queryset, compiled with a stand-in for its one varying value; its rows
  become model instances as the ORM makes them (``from_db``, the fields' converters, the
  related object set in its cache);
- ``PreparedInsert`` and ``PreparedUpdate``: ``save()`` of a new row, and of some fields of
  a row, without the ``pre_save`` and ``post_save`` signals (a model saved this way must
  not need them);
- ``PreparedInsertIfUpdated``: the two in one statement, on PostgreSQL, the update guarded
  by a field's expected value and the insert made only if the update was.
"""

import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

from django.db import DatabaseError, connections
from django.db.backends.utils import CursorWrapper
from django.db.models import Field, Model, QuerySet, sql
from django.db.models.sql.compiler import SQLCompiler

STAND_IN = -271_828_183  # the value when compiled: found among the compiled parameters
M = TypeVar("M", bound=Model)


class Prepared:
    """``make(value)``: a queryset of one model, maybe with ``select_related`` of forward
    foreign keys, which uses ``value`` (its other parameters are constants). ``first(value)``
    gives its first instance for ``value``, or None."""

    def __init__(self, make: Callable[[Any], QuerySet]) -> None:
        self.make = make
        self._compiled: dict[str, _Compiled] = {}  # database alias -> its compiled query

    def first(self, value: Any, using: str = "default") -> Model | None:
        compiled = self._compiled.get(using) or self._compile(using)
        params = [value if param == STAND_IN else param for param in compiled.params]
        with connections[using].cursor() as cursor:
            cursor.execute(compiled.sql, params)
            row = cursor.fetchone()
        return None if row is None else compiled.instance(row, using)

    def _compile(self, using: str) -> "_Compiled":
        compiler = self.make(STAND_IN)[:1].query.get_compiler(using)
        sql, params = compiler.as_sql()
        if STAND_IN not in params:
            raise ValueError("the queryset of a prepared query must use its value")
        self._compiled[using] = compiled = _Compiled(compiler, sql, tuple(params))
        return compiled


class _Compiled:
    def __init__(self, compiler: SQLCompiler, sql: str, params: tuple[Any, ...]) -> None:
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

    def instance(self, row: Sequence[Any], using: str) -> Model:
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


class _PreparedSave:
    """A save of ``fields`` of a row of ``model``: its SQL compiled once per database by
    ``_compile(instance, using)``, its values prepared as a save prepares them."""

    adding = False  # a new row (``pre_save``'s "add": automatic dates)

    def __init__(self, model: type[Model], fields: list[Field]) -> None:
        self.model, self.fields = model, fields
        self._sql: dict[str, str] = {}  # database alias -> SQL

    @contextmanager
    def _executed(self, instance: Model, using: str, *after: Any) -> Iterator[CursorWrapper]:
        """The statement run for ``instance`` (then the values ``after``): its cursor."""
        with connections[using].cursor() as cursor:
            cursor.execute(self.sql(instance, using), [*self.values(instance, using), *after])
            yield cursor

    def sql(self, instance: Model, using: str) -> str:
        text = self._sql.get(using)
        if text is None:
            text = self._sql[using] = self._compile(instance, using)
        return text

    def _compile(self, instance: Model, using: str) -> str:
        """The statement's SQL on the database ``using``: each kind of save makes its own."""
        raise NotImplementedError

    def values(self, instance: Model, using: str) -> list[Any]:
        connection = connections[using]
        return [f.get_db_prep_save(f.pre_save(instance, self.adding), connection) for f in self.fields]


class PreparedInsert(_PreparedSave):
    """``instance.save()`` of a new row of ``model``, whose key the database makes: every
    other field written, the key read back."""

    adding = True

    def __init__(self, model: type[Model]) -> None:
        super().__init__(model, [f for f in model._meta.concrete_fields if f is not model._meta.auto_field])

    def save(self, instance: M, using: str = "default") -> M:
        with self._executed(instance, using) as cursor:
            return _stored(instance, cursor.fetchone()[0], using)

    def _compile(self, instance: Model, using: str) -> str:
        query = sql.InsertQuery(self.model)
        query.insert_values(self.fields, [instance])
        compiler = query.get_compiler(using)
        if not compiler.connection.features.can_return_columns_from_insert:
            raise ValueError("a prepared insert reads its key back with RETURNING")
        compiler.returning_fields = [self.model._meta.pk]
        [(text, params)] = compiler.as_sql()
        if len(params) != len(self.fields):
            raise ValueError("a prepared insert takes one value per field")
        return text


class PreparedUpdate(_PreparedSave):
    """``instance.save(update_fields=names)`` of a row of ``model`` that exists."""

    def __init__(self, model: type[Model], names: Sequence[str]) -> None:
        super().__init__(model, [model._meta.get_field(name) for name in names])

    def save(self, instance: Model, using: str = "default") -> None:
        with self._executed(instance, using, instance.pk) as cursor:
            if cursor.rowcount != 1:
                raise DatabaseError(f"{self.model.__name__} {instance.pk} is not in the database")

    def _compile(self, instance: Model, using: str) -> str:
        query = sql.UpdateQuery(self.model)
        query.add_update_fields([(f, None, f.pre_save(instance, False)) for f in self.fields])
        query.add_filter("pk", STAND_IN)
        text, params = query.get_compiler(using).as_sql()
        if len(params) != len(self.fields) + 1 or params[-1] != STAND_IN:
            raise ValueError("a prepared update takes one value per field, then the key")
        return text


_INSERT = re.compile(r"(INSERT INTO .+?\)) VALUES \(([^()]*)\) (RETURNING .+)", re.DOTALL)


class PreparedInsertIfUpdated:
    """``update.save(row)`` only while ``row``'s ``guard`` field still holds the value
    ``expected`` in the database, and ``insert.save(new)`` only if that update was made: one
    statement (PostgreSQL's data-modifying ``WITH``), so one round trip, atomic without a
    transaction and without a lock held across round trips. ``save`` says whether it was made.

    ``related``: (a forward foreign key of the row, a field of the row it points to) also
    checked: the update is made only while that field holds, in the database, the value it
    has in the related object cached on ``row``."""

    def __init__(
        self,
        update: PreparedUpdate,
        insert: PreparedInsert,
        guard: str,
        related: tuple[str, str] | None = None,
    ) -> None:
        self.update, self.insert, self.guard = update, insert, guard
        # (the foreign key, the field it checks on the related model)
        self.related: tuple[Field, Field] | None = None
        if related is not None:
            key = update.model._meta.get_field(related[0])
            self.related = key, key.related_model._meta.get_field(related[1])
        self._sql: dict[str, str] = {}  # database alias -> SQL

    def save(self, row: Model, expected: Any, new: Model, using: str = "default") -> bool:
        text, params = self.statement(row, expected, new, using)
        with connections[using].cursor() as cursor:
            cursor.execute(text, params)
            return self.made(new, cursor.fetchone(), using)

    def compiled(self, using: str = "default") -> bool:
        """Whether the statement is compiled for ``using`` already (which may need to ask
        the database for its features: not from the event loop)."""
        return using in self._sql

    def statement(
        self, row: Model, expected: Any, new: Model, using: str = "default"
    ) -> tuple[str, list[Any]]:
        """(SQL, values) of ``save``, for a connection of another kind (an async one:
        ``games.live.loop_statements``); ``made`` then takes its result."""
        text = self._sql.get(using) or self._compile(row, new, using)  # before the values: see _compile
        params = [*self.update.values(row, using), row.pk, expected, *self._related_value(row, using)]
        params += self.insert.values(new, using)
        return text, params

    def made(self, new: Model, result: Sequence[Any] | None, using: str = "default") -> bool:
        """Whether the statement made its change (``result``: its one row, or None); ``new``
        is then stored."""
        if result is None:
            return False
        _stored(new, result[0], using)
        return True

    def _compile(self, row: Model, new: Model, using: str) -> str:
        """The statement, compiled from the insert's and the update's own (which set the
        automatic dates of the instances they compile)."""
        connection = connections[using]
        if connection.vendor != "postgresql":
            raise ValueError("an insert made only if an update was needs PostgreSQL's WITH")
        insert = _INSERT.fullmatch(self.insert.sql(new, using))
        if insert is None:
            raise ValueError("a prepared insert of one row of values, its key returned, was expected")
        into, values, returning = insert.groups()
        quote = connection.ops.quote_name
        guard = quote(row._meta.get_field(self.guard).column)
        if self.related is not None:
            key, field = self.related
            other = field.model._meta
            guard += (
                f" = %s AND (SELECT {quote(field.column)} FROM {quote(other.db_table)} "
                f"WHERE {quote(other.pk.column)} = {quote(row._meta.db_table)}.{quote(key.column)})"
            )
        self._sql[using] = text = (
            f"WITH updated AS ({self.update.sql(row, using)} AND {guard} = %s "
            f"RETURNING 1) {into} SELECT {values} FROM updated {returning}"
        )
        return text

    def _related_value(self, row: Model, using: str) -> list[Any]:
        """The value ``related`` checks, as the database takes it; none without ``related``."""
        if self.related is None:
            return []
        key, field = self.related
        value = getattr(key.get_cached_value(row), field.attname)
        return [field.get_db_prep_value(value, connections[using])]


def _stored(instance: M, key: Any, using: str) -> M:
    """``instance``, a new row just inserted with the key ``key``, as a saved one."""
    instance.pk = key
    instance._state.adding, instance._state.db = False, using
    return instance

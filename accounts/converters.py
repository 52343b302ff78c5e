"""The ``<username:…>`` URL converter: only what a username can hold (Django's username
characters), so a path with a NUL or another control character is a 404 before it reaches
the database (PostgreSQL refuses NUL in text: a 500 otherwise)."""

from django.urls import register_converter


class UsernameConverter:
    regex = r"[\w.@+-]+"

    def to_python(self, value):
        return value

    def to_url(self, value):
        return value


register_converter(UsernameConverter, "username")

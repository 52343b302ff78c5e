"""The live layer: the table's websocket and what serves it (see docs/architecture.md)."""

"""Modules the rules modules reach across an import cycle.

The rules modules call each other in both directions (stack casts, triggers trigger, effects resolve),
so many of them can't import each other at the top. An import statement inside a hot function costs
about a microsecond on every call; `lazy_module` instead gives a module-level stand-in that imports the
module on first use and then replaces itself in the caller's globals, so that later uses are plain
global lookups.
"""

from __future__ import annotations

import importlib
from typing import Any


class _LazyModule:
    __slots__ = ("_name", "_namespace", "_alias")

    def __init__(self, name: str, namespace: dict[str, Any], alias: str) -> None:
        self._name = name
        self._namespace = namespace
        self._alias = alias

    def __getattr__(self, attr: str) -> Any:
        module = importlib.import_module(self._name)
        self._namespace[self._alias] = module
        return getattr(module, attr)


def lazy_module(name: str, namespace: dict[str, Any], alias: str) -> Any:
    """A stand-in for module `name`, bound in `namespace` (a module's globals()) as `alias`."""
    return _LazyModule(name, namespace, alias)

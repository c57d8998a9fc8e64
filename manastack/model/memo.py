"""Remembering what is computed from immutable objects (card definitions, abilities, costs).

Hot paths ask the same questions of the same card definitions over and over ("which of its abilities
work from a graveyard?"). Card definitions are frozen dataclasses, but hashing one field by field is
slower than the question, so answers are kept by identity: the object is stored with its answer, so
that its id can't be reused by another object while the entry exists.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TypeVar

K = TypeVar("K")  # the objects remembered (compared by identity)
T = TypeVar("T")


def by_identity(compute: Callable[[K], T], limit: int = 100_000) -> Callable[[K], T]:
    """Decorator: `compute(obj)` remembered per object identity (at most `limit` objects: then the table
    starts afresh, so that cards made during long simulations, tokens, don't accumulate)."""
    table: dict[int, tuple[K, T]] = {}

    @functools.wraps(compute)
    def cached(obj: K) -> T:
        ent = table.get(id(obj))
        if ent is not None and ent[0] is obj:
            return ent[1]
        value = compute(obj)
        if len(table) > limit:
            table.clear()
        table[id(obj)] = (obj, value)
        return value

    return cached

"""The vocabulary manastack/rules/counter_replacement.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V

KIND = "counter_replacement"


@dataclass(frozen=True, slots=True)
class CounterReplacement(V.StaticAbility):
    """614.1a: a static ability changing how many counters are put on a permanent. `filter` (StaticAbility's)
    says which permanents, from its controller's point of view; `self_only`: only its own permanent
    ("on CARDNAME"). `kinds`: the counter kinds it applies to (empty: any kind). `op`: "plus" (that many
    plus `n`), "times" (`n` times that many), "minus" (that many minus `n`), "half" (half, rounded down).
    `by_effect`: "If an effect would put" (not counters put as a cost, 606.4 loyalty). `placer`: "you" /
    "opponent": only counters that player puts (122.6a: by default the permanent's controller)."""

    kinds: frozenset[str] = frozenset()
    self_only: bool = False
    op: str = "plus"
    n: int = 1
    by_effect: bool = False
    placer: str = ""


@dataclass(frozen=True, slots=True)
class Applied:
    """One replacement effect as the scenario runner's "replacement_order" answers name it (its source's id
    and name)."""

    key: int
    name: str



"""What the engine waits for: a Decision, the one shape every pending choice takes (DESIGN.md: one
decision pipeline)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Decision:
    """What the engine waits for: `kind` (priority, mulligan, bottom, attackers, blockers,
    order_blockers, assign_damage, discard, legend, order_triggers, trigger_target, choose, ...),
    the deciding `player`, and
    kind-specific `data` (e.g. the cards to choose from)."""

    kind: str
    player: int
    data: Any = None
    prompt: str = ""
    options: tuple = field(default=())

"""The vocabulary manastack/rules/trigger_events.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ...engine.game import Game


@dataclass(frozen=True, slots=True)
class WasKicked:
    """603.4 / 702.33d: "When CARDNAME enters, if it was kicked, ..." — the permanent remembers that
    the spell it was had its kicker cost paid (`remember_kicked`)."""

    def holds(self, g: Game, source: int, lki: Any, event_obj: int | None) -> bool:
        return source in g.s.__dict__.get("kicked_permanents", frozenset())



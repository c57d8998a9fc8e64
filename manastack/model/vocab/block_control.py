"""The vocabulary manastack/rules/block_control.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V

# The ContinuousEffect kind of "you choose which creatures block ..." (data: (declarations, duration)).
DECLARER_EFFECT = "declarer"


@dataclass(frozen=True, slots=True)
class ChooseDeclarations(V.Effect):
    """508.1 / 509.1 made by another player: "You choose which creatures attack this turn"
    (`declarations` ("attackers",)), "You choose which creatures block this turn and how those creatures
    block", "... you choose how those creatures block" (("blockers",)); `duration`: "turn" or "combat"
    ("this combat": only the declarations of the current combat phase)."""

    declarations: tuple[str, ...]
    duration: str = "turn"

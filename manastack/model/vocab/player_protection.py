"""The vocabulary manastack/rules/player_protection.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V

# The ContinuousEffect kind of "You gain protection from ... until ..." (its data: the qualities).
PLAYER_PROTECTION_EFFECT = "player_protection"
# The quality of "protection from each of your opponents" (702.16i, 702.16k), relative to the player.
OPPONENTS = "opponents"


@dataclass(frozen=True, slots=True)
class PlayerProtection(V.Ability):
    """702.16: "You have protection from [qualities]" (a static ability of a permanent: its controller has
    it): "everything" (702.16j), OPPONENTS ("each of your opponents", 702.16k), colors."""

    qualities: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class GainPlayerProtection(V.Effect):
    """702.16: "You gain protection from [qualities] until end of turn / until your next turn" (`until`:
    "eot" or timing_permissions.UNTIL_YOUR_NEXT_TURN); `color_choice`: "from the color of your choice",
    chosen as it resolves (608.2c), added to `qualities`."""

    qualities: tuple[str, ...] = ()
    color_choice: bool = False
    until: str = "eot"

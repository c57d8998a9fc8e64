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


# ContinuousEffect.kind of GainHexproofFrom: `target` the permanent, or None for the player `controller`;
# `data` the colors
HEXPROOF_FROM_EFFECT = "hexproof_from"


@dataclass(frozen=True, slots=True)
class GainHexproofFrom(V.Effect):
    """702.11d / 611.2c: "You and permanents you control gain hexproof from blue and from black until end of
    turn" (Veil of Summer): the controller, and the permanents they control as it resolves, can't be the
    targets of spells of those colors or of abilities from sources of those colors their opponents control."""

    colors: frozenset[str]


@dataclass(frozen=True, slots=True)
class IfOpponentCastColor(V.Effect):
    """608.2c: "Draw a card if an opponent has cast a blue or black spell this turn" (Veil of Summer): `effects`
    happen only if an opponent of the controller has cast a spell of one of `colors` this turn (601.2i)."""

    colors: frozenset[str]
    effects: tuple[V.Effect, ...]


@dataclass(frozen=True, slots=True)
class SpellsUncounterableThisTurn(V.Effect):
    """"Spells you control can't be countered this turn" (Veil of Summer; 101.2): the controller's spells,
    those on the stack and those cast later this turn."""

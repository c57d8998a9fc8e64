"""The vocabulary manastack/rules/timing_permissions.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V
from .cost_modifiers import SpellFilter

# The ContinuousEffect kind of "You may cast spells this turn as though they had flash" (611.2a).
FLASH_EFFECT = "flash_permission"
# ... of "The next sorcery spell you cast this turn can be cast as though it had flash" (used up by that spell).
FLASH_NEXT_EFFECT = "flash_next_spell"
# ContinuousEffect.until of an effect that lasts until its controller's next turn begins.
UNTIL_YOUR_NEXT_TURN = "your_next_turn"
# ContinuousEffect.until of an effect that lasts until its controller's next upkeep begins.
UNTIL_YOUR_NEXT_UPKEEP = "your_next_upkeep"

# 601.3 / 602.5b: "Cast this spell only [words]" / "Activate only [words]": the words → the kind of the
# window (engine/registry.py TIMING_WINDOWS, filled by rules/timing_permissions.py).
TIMING_WINDOW_WORDS = {
    "during combat": "combat",
    "during the end of combat step": "end_combat",
    "before blockers are declared": "before_blockers",
    "before attackers are declared": "before_attackers_declared",
    "before the end of combat step": "before_end_combat",
    "before the combat damage step": "before_combat_damage",
    "during the declare attackers step": "declare_attackers",
    "during the declare blockers step": "declare_blockers",
    "during combat before blockers are declared": "combat_before_blockers",
    "during combat after blockers are declared": "combat_after_blockers",
    "during combat before combat damage has been dealt": "combat_before_damage",
    "during an opponent's turn": "opponents_turn",
    "during the declare attackers step and only if you've been attacked this step": "attacked_this_step",
}


@dataclass(frozen=True, slots=True)
class HastePermission(V.Ability):
    """302.6 / 602.5a: "You may activate abilities of [other] creatures you control as though those
    creatures had haste" (a static ability: it lets the {T} and {Q} abilities of summoning-sick creatures
    be activated; the creatures still can't attack, and they don't have haste). `other`: not the
    permanent's own abilities."""

    other: bool = False


@dataclass(frozen=True, slots=True)
class FlashPermission(V.Ability):
    """601.3b / 702.8a: "You may cast [kind] spells as though they had flash" (a static ability). who:
    "you" (its controller) or "each" ("Any player may cast ..."); `spells`: the spells, those any of these
    filters describes ("colorless spells and artifact spells"; none: any spell)."""

    who: str = "you"
    spells: tuple[SpellFilter, ...] = ()


@dataclass(frozen=True, slots=True)
class CastTiming(V.Ability):
    """101.2 / 307.5-like restrictions on when players may cast spells (a static ability): "Each opponent can
    cast spells only any time they could cast a sorcery" (kind "sorcery", who "opponents"), "Players can cast
    spells only during their own turns" (kind "own_turn", who "each")."""

    who: str = "opponents"
    kind: str = "sorcery"


@dataclass(frozen=True, slots=True)
class GrantFlashPermission(V.Effect):
    """"You may cast [kind] spells this turn as though they had flash" (until the cleanup step, 514.2) /
    "Until your next turn, you may cast [kind] spells as though they had flash" (`until`:
    UNTIL_YOUR_NEXT_TURN): the resolving spell or ability's controller gets the permission (611.2c: it
    changes the rules of the game, so it covers cards drawn later). `next_only`: "The next sorcery spell you
    cast this turn can be cast as though it had flash" (Quicken): the next such spell they cast uses it up."""

    spells: tuple[SpellFilter, ...] = ()
    until: str = "eot"
    next_only: bool = False  # "the next sorcery spell you cast this turn can be cast as though it had flash"

"""The vocabulary manastack/rules/spell_copies.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V

# TriggeredAbility.scope of "whenever a player casts an instant or sorcery spell that targets only a single Golem"
# (its target_filter: what that one target is; rules/triggers.py spell_cast)
TARGETS_ONLY_ONE = "targets_only_one"


@dataclass(frozen=True, slots=True)
class CopyThisSpell(V.Effect):
    """"Copy it [for each time ...]" of a cast trigger (702.78a, 702.153a, 702.56a): `count` copies of
    the spell that is the trigger's source; "If the spell has any targets, you may choose new targets"
    (707.10c)."""

    count: int = 1
    rule: str = "707.10"


@dataclass(frozen=True, slots=True)
class CopyTargetSpell(V.Effect):
    """707.10 / 707.10c: "Copy target instant or sorcery spell. [You may choose new targets for the
    copy.]": the copy is controlled by the player who copies it."""

    target: V.Ref
    new_targets: bool = False


@dataclass(frozen=True, slots=True)
class StormCopies(V.Effect):
    """702.40a storm: "When you cast this spell, copy it for each spell cast before it this turn. You may
    choose new targets for the copies." 702.69a gravestorm (`kind`): "... for each permanent put into a
    graveyard this turn". The count is recorded as the spell is cast (choice ("storm_count", n))."""

    kind: str = "storm"




@dataclass(frozen=True, slots=True)
class CopyForEachOtherTarget(V.Effect):
    """707.10: "That player copies that spell for each other Golem that spell could target. Each copy targets
    a different one of those Golems." (Precursor Golem; Mirrorwing Dragon "each other creature they control",
    Zada "copy that spell for each other creature you control"): the spell the trigger's event is, which
    targets a single object, is copied once per other permanent matching `filter` (its controller
    relative to the player copying) that it could target, each copy with that permanent as its target.
    `by_caster`: the spell's controller copies it ("that player copies"), else the ability's controller."""

    filter: V.ObjectFilter
    by_caster: bool = False


@dataclass(frozen=True, slots=True)
class CopyResolvingSpell(V.Effect):
    """707.10 / 707.10c: "... they may copy CARDNAME and may choose a new target for that copy" (Chain
    Lightning, Chain of Vapor): the player `who` refers to puts a copy of the resolving spell on the stack,
    controlled by them, choosing its targets (the original's, or new ones)."""

    who: V.Who

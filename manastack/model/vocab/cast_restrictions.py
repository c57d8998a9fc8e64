"""The vocabulary manastack/rules/cast_restrictions.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V
from .cost_modifiers import SpellFilter


@dataclass(frozen=True, slots=True)
class CastRestriction(V.Ability):
    """601.3: "Cast this spell only during ..." / "only if ...". kind: "attacked_this_step" (the
    declare attackers step, and a creature attacks the caster), "combat", "combat_before_blockers",
    "combat_after_blockers", "declare_blockers", "your_turn", "opponents_turn", "cast_another"
    (the caster has cast another spell this turn), "before_combat_damage", "after_combat"."""

    kind: str


@dataclass(frozen=True, slots=True)
class PlayerCastRestriction(V.Ability):
    """101.2 / 601.3: a static ability restricting which spells players may cast. who: "each", "you",
    "opponents" (relative to its controller). kind: "max_per_turn" (no more than `n` spells each turn),
    "during_your_turn" (not during its controller's turn), "only_your_turn" (only during the restricted
    player's own turn), "during_combat", "spells" (none of the spells `spell` describes),
    "attacked_this_turn" (not after attacking with a creature this turn), "chosen_name" (no spell with the
    name chosen as the source entered, 201.4)."""

    who: str
    kind: str
    n: int = 0
    spell: SpellFilter | None = None


@dataclass(frozen=True, slots=True)
class Uncounterable(V.Ability):
    """101.2: "[Creature] spells [you control] can't be countered" (`spell`; who: "you" or "each")."""

    who: str
    spell: SpellFilter | None = None




# StaticAbility.kind of "Each opponent who cast a spell this turn can't attack with creatures" (508.1c,
# rules/combat.attack_block_reason).
NO_ATTACK_AFTER_CASTING = "no_attack_after_casting"


@dataclass(frozen=True, slots=True)
class CantCastSameName(V.Effect):
    """101.2 / 201.2: "That creature's owner can't cast spells with the same name as that creature until your
    next turn" (Reflector Mage): the owner of the permanent `of` refers to (as it last existed) can't cast
    spells with its name until the effect's controller's next turn begins (611.2a)."""

    of: V.Ref

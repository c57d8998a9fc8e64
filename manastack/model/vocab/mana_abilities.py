"""The vocabulary manastack/rules/mana_abilities.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .. import vocab as V

if TYPE_CHECKING:
    pass


@dataclass(frozen=True, slots=True)
class SpendRestriction:
    """106.6: what mana with this restriction may be spent on. `spells`: the spells it may pay for
    (None: no spell); `abilities`: the sources whose activated abilities it may pay for (None: no
    ability; ANY_OBJECT: any ability). "This mana can't be spent to cast a nonartifact spell"
    (Powerstone, 111.10) is `spells` artifact, `abilities` any, `other` True."""

    text: str
    spells: V.ObjectFilter | None = None
    abilities: V.ObjectFilter | None = None
    other: bool = False  # may pay costs that are neither (a payment made as a spell resolves, ward ...)
    # "a creature spell [or an ability of a creature source] of the chosen type": `spells` (and
    # `abilities`) also need the creature type chosen as the mana's source entered (614.12;
    # rules/entry_choices.py chosen_type), bound when the mana is added (`bound`).
    of_chosen_type: bool = False
    # 106.6: additional effects on the spell this mana is spent on: UNCOUNTERABLE ("and that spell can't
    # be countered"). 106.6a: they come with all the mana the ability produced, replacement effects included.
    riders: tuple[str, ...] = ()


UNCOUNTERABLE = "uncounterable"


@dataclass(frozen=True, slots=True)
class ManaAbilityPlus(V.ManaAbility):
    """A mana ability with more than its mana: `effects` carried out as it resolves, right after the
    mana is added (605.3b; only effects that need no choice), and `spend`, the restriction on the mana
    it adds (106.6)."""

    effects: tuple[V.Effect, ...] = ()
    spend: SpendRestriction | None = None


@dataclass(frozen=True, slots=True)
class MillCost(V.Cost):
    """"{T}, Mill a card: Add {C}." (Millikin): milling cards as part of a mana ability's cost (701.13a).
    701.13b: a player can't pay a cost that mills more cards than their library has."""

    mill: int = 1

@dataclass(frozen=True, slots=True)
class SacrificeIfNoCounters(V.Effect):
    """"If there are no depletion counters on CARDNAME, sacrifice it" (depletion lands), carried out as
    the mana ability resolves (605.3b)."""

    kind: str


@dataclass(frozen=True, slots=True)
class AddRestrictedMana(V.AddMana):
    """"Add {R}{G}. Spend this mana only to cast creature spells ..." as the effect of a spell, a triggered
    or a loyalty ability (not a mana ability): the mana added carries the restriction (106.6). Only a
    fixed amount ("fixed" production)."""

    spend: SpendRestriction | None = None
    keep: bool = False  # "Until end of turn, you don't lose this mana as steps and phases end"
    keep_combat: bool = False  # 702.189a: "Until end of combat, you don't lose this mana as steps and phases end"


# Production kinds of this module (ManaProduction.kind); rules/produce.py production_outputs asks here.
REMOVED_COUNTERS = "removed_counters"  # bags[1] + bags[0] per counter removed (count.counters_on_self)
COMBINATION = "combination"  # `amount` mana (or one per counter removed) in any combination of bags' types
# X mana, X = `count` (None: the source's power): X_ONE, X times one of `bags` (X mana of any one color,
# an amount of {G}); X_COMBINATION, X mana in any combination of the types of `bags`.
X_ONE = "x_one"
X_COMBINATION = "x_combination"
DIFFERENT_COLORS = "different_colors"  # `amount` mana of different colors (106.1b)
# bags[0] times the sacrificed permanent's mana value (`amount` SAC_MANA_VALUE) or power (SAC_POWER), as it
# last existed on the battlefield (608.2h): Priest of Yawgmoth.
X_SACRIFICED = "x_sacrificed"
SAC_MANA_VALUE, SAC_POWER = 0, 1
KINDS = frozenset({REMOVED_COUNTERS, COMBINATION, X_ONE, X_COMBINATION, DIFFERENT_COLORS, X_SACRIFICED})

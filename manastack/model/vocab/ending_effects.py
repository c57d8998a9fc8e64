"""The vocabulary manastack/rules/ending_effects.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V

# ContinuousEffect.kind of a Licid become an Aura (rules/ending_effects.py); its data a LicidAura
LICID_AURA = "licid_aura"


@dataclass(frozen=True, slots=True)
class BecomeAuraUntilPaid(V.Effect):
    """"CARDNAME loses this ability and becomes an Aura enchantment with enchant creature. Attach it to target
    creature. You may pay {G} to end this effect." (the Licids): the source becomes an Aura (613.1d, 205.1a: no
    longer a creature) with enchant `enchant` and without the ability that says so (613.1f), attached to
    `target`; its controller may end the effect by paying `end_cost` (a mana cost's text) any time they have
    priority (116.2c)."""

    target: V.Ref
    end_cost: str
    enchant: V.ObjectFilter


@dataclass(frozen=True, slots=True)
class LicidAura:
    """The data of a LICID_AURA record: the cost that ends it, the enchant restriction it gives."""

    end_cost: str
    enchant: V.ObjectFilter

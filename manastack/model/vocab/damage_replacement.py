"""The vocabulary manastack/rules/damage_replacement.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V

# The StaticAbility kind of DamageReplacement.
DAMAGE_REPLACEMENT = "damage_replacement"
# DamageReplacement.to: any permanent or player; an opponent of its controller or a permanent one controls.
ANY_RECIPIENT, OPPONENTS = "any", "opponents"


@dataclass(frozen=True, slots=True)
class DamageReplacement(V.StaticAbility):
    """614.1a: "If a source [you control] would deal damage to a permanent or player, it deals double that
    damage to that permanent or player instead" (Dictate of the Twin Gods, Furnace of Rath), "... triple
    that damage" (Fiery Emancipation), "If a red source you control would deal damage to an opponent or a
    permanent an opponent controls, it deals that much damage plus 2 instead" (Torbran). `op`: "times" or
    "plus" `n`; `color`: the source's color letter ("" any); `yours`: a source its controller controls; `to`:
    ANY_RECIPIENT or OPPONENTS; `noncombat`: noncombat damage only; op "counters": "put that many -1/-1 counters
    on that creature instead" (Soul-Scar Mage: no damage is dealt, 120.3 doesn't happen), `creatures_only`:
    "to a creature an opponent controls"; `spell_types`: "If a red instant or sorcery spell you control would deal
    damage, it deals double that damage instead" (Fire Servant)."""

    op: str = "times"
    n: int = 2
    color: str = ""
    yours: bool = False
    to: str = ANY_RECIPIENT
    noncombat: bool = False
    creatures_only: bool = False
    # "If a red instant or sorcery spell you control would deal damage" (Fire Servant): the source is a spell on
    # the stack with one of these card types (empty: any source)
    spell_types: frozenset[str] = frozenset()


# The ContinuousEffect kind of a RedirectNextDamage set up (its target the source whose damage is redirected)
REDIRECT_NEXT = "redirect_next_damage"
# RedirectNextDamage.to: "an opponent" (of the effect's controller); RedirectNextDamage.new: the source itself
TO_OPPONENT, ITSELF = "opponent", "itself"


@dataclass(frozen=True, slots=True)
class RedirectNextDamage(V.Effect):
    """614.9: "The next time CARDNAME would deal combat damage to an opponent this turn, it deals that damage to
    target creature instead" (Soltari Guerrillas), "The next time target attacking creature would deal combat damage
    to CARDNAME this turn, that creature deals that damage to itself instead" (Shield Dancer): `source` (SELF or a
    Ref) the one whose damage is redirected, `to` the recipient it would have (TO_OPPONENT, SELF or YOU), `new` the
    one it is dealt to instead (a Ref, ITSELF or YOU); used up once it applies (615.7's "next time")."""

    source: V.Who
    to: V.Who
    new: V.Who
    combat_only: bool = False

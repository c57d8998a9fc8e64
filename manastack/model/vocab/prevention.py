"""The vocabulary manastack/rules/prevention.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V


@dataclass(frozen=True, slots=True)
class PreventNextFromSource(V.Effect):
    """"The next time a red source of your choice would deal damage to you this turn, prevent that damage"
    (609.7a: the source is chosen as the effect is created; 615.7: the shield is used up once it
    prevents damage). `quality`: what the source must be; `to`: YOU, a Ref, or None (any recipient)."""

    quality: V.ObjectFilter
    to: V.Who | None = None


@dataclass(frozen=True, slots=True)
class PreventAllRemoveCounter(V.StaticAbility):
    """615.1 / 615.5: "If damage would be dealt to CARDNAME, prevent that damage. Remove a +1/+1 counter from
    CARDNAME." (Phantom Wurm): all of it is prevented, with or without counters; the counter is removed right
    after, once per damage event (damage from several sources at once, 510.2, removes one)."""




# The ContinuousEffect kind of "Damage can't be prevented this turn" (615.12; target None: all damage).
UNPREVENTABLE = "damage_unpreventable"


@dataclass(frozen=True, slots=True)
class DamageCantBePrevented(V.Effect):
    """615.12: "Damage can't be prevented this turn" (Skullcrack, Stomp): until end of turn the prevention
    effects that apply prevent nothing (their additional effects still happen) and shields aren't used up."""

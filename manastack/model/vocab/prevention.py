"""The vocabulary manastack/rules/prevention.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V


@dataclass(frozen=True, slots=True)
class PreventNextFromSource(V.Effect):
    """"The next time a red source of your choice would deal damage to you this turn, prevent that damage"
    (609.7a: the source is chosen as the effect is created; 615.7: the shield is used up once it
    prevents damage). `quality`: what the source must be; `to`: YOU, a Ref, or None (any recipient).
    `source`: the source named instead of chosen ("The next time target creature / CARDNAME would deal damage
    this turn, prevent that damage": a Ref or SELF; nothing if it is gone, 400.7)."""

    quality: V.ObjectFilter
    to: V.Who | None = None
    source: V.Who | None = None


@dataclass(frozen=True, slots=True)
class PreventAllRemoveCounter(V.StaticAbility):
    """615.1 / 615.5: "If damage would be dealt to CARDNAME, prevent that damage. Remove a +1/+1 counter from
    CARDNAME." (Phantom Wurm): all of it is prevented, with or without counters; the counter is removed right
    after, once per damage event (damage from several sources at once, 510.2, removes one). `that_many`: "If damage
    would be dealt to CARDNAME, prevent that damage and remove that many +1/+1 counters from it" (Protean Hydra): as
    many counters as the damage of each event (as many as it has, at most)."""

    that_many: bool = False



@dataclass(frozen=True, slots=True)
class PreventAllPutCounters(V.StaticAbility):
    """615.5: "If damage would be dealt to CARDNAME, prevent that damage. Put a -1/-1 counter on CARDNAME for
    each 1 damage prevented this way." (Phyrexian Hydra): the counters right after, as many as it prevented
    (615.12: none when the damage can't be prevented)."""


@dataclass(frozen=True, slots=True)
class PreventAllExileTop(V.StaticAbility):
    """615.5: "If combat damage would be dealt to CARDNAME, prevent that damage and exile that many cards from
    the top of your library" (Gloom Surgeon): the cards right after, as many as it prevented (615.12: none
    when the damage can't be prevented); `combat_only`: only combat damage."""

    combat_only: bool = False


# The ContinuousEffect kind of "Damage can't be prevented this turn" (615.12; target None: all damage).
UNPREVENTABLE = "damage_unpreventable"


@dataclass(frozen=True, slots=True)
class DamageCantBePrevented(V.Effect):
    """615.12: "Damage can't be prevented this turn" (Skullcrack, Stomp): until end of turn the prevention
    effects that apply prevent nothing (their additional effects still happen) and shields aren't used up."""


# The StaticAbility kind of PreventAllDamage.
PREVENT_ALL = "prevent_all_damage"


@dataclass(frozen=True, slots=True)
class PreventAllDamage(V.StaticAbility):
    """615.1: a permanent's "Prevent all [combat] damage that would be dealt to [and dealt by] CARDNAME /
    enchanted creature [during your turn]" (Cho-Manno, Fog Bank, Gaseous Form, Gideon Blackblade).
    `scope`: "self" or "enchanted" (the permanent the Aura is attached to), "you_and_yours" (its controller
    and the permanents they control: "dealt to you and permanents you control"); `to` / `by`: damage dealt to
    it / by it; `your_turn`: only during its controller's turn; `by_chosen_name`: only damage dealt by
    sources with the name chosen as it entered (201.4, Gideon's Intervention); `by_blockers`: only damage dealt
    to it by creatures blocking it (Armored Transport, 509.1g)."""

    scope: str = "self"
    to: bool = True
    by: bool = False
    combat_only: bool = False
    your_turn: bool = False
    by_chosen_name: bool = False
    by_blockers: bool = False


# The ContinuousEffect kind of PreventAllDamageTo (its data: (you, group, combat_only, source name)).
PREVENT_GROUP = "prevent_group"


@dataclass(frozen=True, slots=True)
class PreventAllDamageTo(V.Effect):
    """615.1: "Prevent all [combat] damage that would be dealt to you and creatures you control this turn"
    (Safe Passage): `you`: its controller; `group`: the permanents, checked as the damage would be dealt
    (a prevention effect is no characteristic-changing effect: 611.2c doesn't lock the group in)."""

    you: bool = False
    group: V.ObjectFilter | None = None
    combat_only: bool = False


@dataclass(frozen=True, slots=True)
class PreventedThisWay:
    """An Amount: "that much" damage, the damage a shield prevented (615.5; PreventDamage.then)."""

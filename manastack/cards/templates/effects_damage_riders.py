"""Damage spells with riders (CR 608.2c, 701.15c, 119.3, 120.3): "CARDNAME deals damage to target creature
equal to the number of snow permanents you control" (Skred: the number counted as it resolves, 608.2h),
"A creature dealt damage this way can't be regenerated this turn" (Incinerate), "deals 2 damage to each
creature except for creatures you control with flying" (Flame Sweep), "You gain life equal to
the damage dealt this way" (Corrupt), "If that creature has infect, CARDNAME deals 3 damage to that creature's
controller" (Burn the Impure: the keyword checked as it resolves). Executed by rules/damage_riders.py. A rider is accepted only after a
sentence of the same ability that deals damage (EFFECTS_CHECKS).
"""

from __future__ import annotations

import dataclasses
import re

from ...model import vocab as V
from ...model.vocab.combat_keywords import CombatRule
from ...model.vocab.damage_riders import (
    CantBeRegeneratedThisTurn,
    DamageAllExcept,
    DamagePlayerOrPlaneswalker,
    EachDealsDamage,
    GainLifeDealtThisWay,
    NoRegenerationThisWay,
)
from ...model.vocab.divided import DividedDamage
from ...model.vocab.referred_objects import IfTargetMatches
from ...model.vocab.statics import CANT_HAVE
from ..compiler import EFFECTS_CHECKS, KEYWORDS, SENTENCE_TEMPLATES, Unsupported, first_template
from .effects_common import N, amount, keywords_of, parse_filter, sub_effects, target, template


@template(rf"(?:cardname|it) deals {N} damage to target (player|opponent) or planeswalker and {N} damage to "
          r"(up to one )?target creature that player or that planeswalker's controller controls")
def _damage_player_and_their_creature(m: re.Match, targets: list) -> list:
    """115.1 / 601.2c: Searing Blaze, Chandra, Pyromaster's +1: the creature target must be controlled by the
    player chosen, or by the planeswalker's controller (TargetSpec.controlled_by, checked again as it
    resolves, 608.2b)."""
    k = len(targets)
    first = target(f"target {m.group(2)} or planeswalker", targets)
    if not isinstance(first, V.Ref) or len(targets) != k + 1:
        raise Unsupported(m.string)
    second = target("target creature", targets)
    if not isinstance(second, V.Ref) or len(targets) != k + 2:
        raise Unsupported(m.string)
    targets[k + 1] = dataclasses.replace(targets[k + 1], controlled_by=k, optional=bool(m.group(4)),
                                         text=m.string.split(" damage to ")[-1])
    return [V.DealDamage(amount(m.group(1)), first), V.DealDamage(amount(m.group(3)), second)]


first_template(SENTENCE_TEMPLATES, SENTENCE_TEMPLATES.pop())


@template(rf"(?:cardname|it) deals {N} damage to (that player|target player|target opponent) or a planeswalker "
          r"(?:that player|they) controls?")
def _damage_player_or_planeswalker(m: re.Match, targets: list) -> list:
    """120.3 / 608.2d: the player or one of their planeswalkers, chosen as it resolves (not a target)."""
    return [DamagePlayerOrPlaneswalker(amount(m.group(1)), target(m.group(2), targets))]


@template(r"(cardname|it) deals damage to (.+?) equal to the number of (.+)")
def _damage_equal_to_count(m: re.Match, targets: list) -> list:
    """"deals damage to X equal to the number of Y" is "deals X damage to ..., where X is the number of Y"."""
    return sub_effects(f"{m.group(1)} deals x damage to {m.group(2)}, where x is the number of {m.group(3)}", targets)


@template(r"(cardname|it) deals damage equal to the number of (.+?) to (.+)")
def _damage_equal_to_count_first(m: re.Match, targets: list) -> list:
    """"It deals damage equal to the number of +1/+1 counters on it to each creature without flying and each player"
    (Magmasaur) is "deals X damage to ..., where X is the number of ..."."""
    return sub_effects(f"{m.group(1)} deals x damage to {m.group(3)}, where x is the number of {m.group(2)}", targets)


@template(rf"cardname deals {N} damage to each (creature|creature and each planeswalker) except for (.+)")
def _damage_all_except(m: re.Match, targets: list) -> list:
    """120.3: damage to each creature but those of the exception (Flame Sweep)."""
    types = frozenset({"Creature"} | ({"Planeswalker"} if "planeswalker" in m.group(2) else set()))
    return [DamageAllExcept(amount(m.group(1)), V.ObjectFilter(types=types), parse_filter(m.group(3)))]


@template(r"a creature dealt damage this way can't be regenerated this turn")
def _no_regeneration(m: re.Match, targets: list) -> list:
    """701.15c, until end of turn, for each creature the damage before it was dealt to."""
    return [NoRegenerationThisWay()]


@template(r"(it|target creature) can't be regenerated this turn")
def _target_no_regeneration(m: re.Match, targets: list) -> list:
    """701.15c: "Target creature can't be regenerated this turn" (Hurr Jackal), "deals 1 damage to target
    creature. It can't be regenerated this turn" (Engulfing Flames): until end of turn, the creature an
    earlier sentence targeted (rules/damage_riders.py; an illegal target is not affected, 608.2b)."""
    if m.group(1) == "it":
        refs = [i for i, t in enumerate(targets) if t.kind in ("permanent", "any")]
        if len(refs) != 1:
            raise Unsupported(m.string)  # "it" is the one object targeted before
        who: V.Who = V.Ref(refs[0])
    else:
        who = target(m.group(1), targets)
    return [CantBeRegeneratedThisTurn(who)]


@template(r"(that permanent|that creature|it|target creature) loses ([a-z ,]+?) until end of turn")
def _loses_keywords(m: re.Match, targets: list) -> list:
    """"That creature loses indestructible until end of turn" (Soul Sear, Smite the Deathless): until end of turn
    it can't have the keyword (611.2c; read as a rule of rules/continuous.py that removes it in layer 6, so a
    keyword granted later this turn is removed too)."""
    who = target(m.group(1), targets)
    if who == V.IT or (isinstance(who, V.Ref) and targets[who.index].kind not in ("permanent", "any")):
        raise Unsupported(m.string)  # the object of an earlier target only
    return [CombatRule(who, tuple(CANT_HAVE + k for k in keywords_of(m.group(2))))]


@template(r"if a creature is dealt damage this way, (it loses [a-z ,]+? until end of turn)")
def _creature_dealt_damage_loses(m: re.Match, targets: list) -> list:
    """Burn from Within: "CARDNAME deals X damage to any target. If a creature is dealt damage this way, it loses
    indestructible until end of turn": only if the target is a creature as it resolves (608.2c)."""
    refs = [i for i, t in enumerate(targets) if t.kind in ("permanent", "any")]
    if len(refs) != 1:
        raise Unsupported(m.string)
    inner = sub_effects(m.group(1), targets)
    return [IfTargetMatches(V.Ref(refs[0]), V.ObjectFilter(types=frozenset({"Creature"})), tuple(inner))]


@template(r"you gain life equal to the damage dealt this way")
def _gain_dealt(m: re.Match, targets: list) -> list:
    """119.3: the damage the sentence before it dealt."""
    return [GainLifeDealtThisWay()]


_DAMAGE = (V.DealDamage, V.DamageAll, DividedDamage, DamageAllExcept)


def _check(effects: list, targets: list) -> None:
    """A rider refers to the damage an earlier effect of the same ability dealt (608.2c)."""
    for i, e in enumerate(effects):
        if isinstance(e, NoRegenerationThisWay | GainLifeDealtThisWay) and not any(
                isinstance(x, _DAMAGE) for x in effects[:i]):
            raise Unsupported("'dealt damage this way' without damage dealt before it")


EFFECTS_CHECKS.append(_check)


@template(r"if (that creature|it) has ([a-z ]+?), (?!.*\binstead\b)(.+)")
def _if_that_creature_has(m: re.Match, targets: list) -> list:
    """608.2c: "CARDNAME deals 3 damage to target creature. If that creature has infect, CARDNAME deals 3 damage to
    that creature's controller" (Burn the Impure): the keyword is checked as the effect happens (the creature
    dealt lethal damage is still on the battlefield then: state-based actions wait, 704.3)."""
    if m.group(2) not in KEYWORDS:
        raise Unsupported(m.string)
    ref = target(m.group(1), targets)
    if not isinstance(ref, V.Ref) or targets[ref.index].kind not in ("permanent", "any"):
        raise Unsupported(m.string)
    inner = sub_effects(m.group(3), targets)
    return [IfTargetMatches(ref, V.FilterPlus(keywords=frozenset({m.group(2)})), tuple(inner))]


@template(rf"(?:cardname|it) deals {N} damage to target creature (?:that's )?blocking (?:it|cardname)")
def _damage_to_blocker(m: re.Match, targets: list) -> list:
    """509.1 / 120.3: "{R}: CARDNAME deals 1 damage to target creature blocking it" (Flowstone Salamander; "that's
    blocking it", Arc Spitter's granted ability): a creature blocking the source, checked again as it resolves."""
    ref = target("target creature", targets)
    if not isinstance(ref, V.Ref):
        raise Unsupported(m.string)
    spec = targets[ref.index]
    targets[ref.index] = dataclasses.replace(spec, filter=V.FilterPlus(types=frozenset({"Creature"}), blocking_source=True),
                                             text=m.string.split(" damage to ")[-1])
    return [V.DealDamage(amount(m.group(1)), ref)]


@template(rf"each (.+? you control) deals {N} damage to (that creature|it|target [a-z ]+)")
def _each_deals_damage(m: re.Match, targets: list) -> list:
    """120.3: "Whenever a creature attacks you or a planeswalker you control, each Dragon you control deals 1 damage
    to that creature" (Sarkhan the Masterless): each of them is a source of the damage."""
    to = target(m.group(3), targets)
    if to != V.IT and not isinstance(to, V.Ref):
        raise Unsupported(m.string)
    return [EachDealsDamage(parse_filter(m.group(1)), amount(m.group(2)), to)]

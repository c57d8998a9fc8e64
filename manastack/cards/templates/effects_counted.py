"""Effects counted as they resolve (CR 608.2h): "Target creature gets -1/-1 until end of turn for each
artifact you control" (Irradiate). Executed by rules/counted_effects.py.

- 107.1a: "you lose half your life, rounded up" (Cruel Bargain, Ebonblade Reaper); "target player draws cards equal
  to half the number of cards in their library and loses half their life. Round up each time." (Peer into the
  Abyss: the halves of that sentence need the "Round up each time." right after it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...model import vocab as V
from ...model.vocab import counted_effects as counted
from ...model.vocab.referred_objects import ObjectStat
from ..compiler import EFFECTS_CHECKS, Unsupported
from .effects_common import N, amount, keywords_of, parse_filter, sub_effects, target, template
from .effects_phrases import _count_of, greatest_among


@template(r"(.+?) gets? ([+-]\d+)/([+-]\d+) until end of turn for each (.+)")
def _pump_for_each(m: re.Match, targets: list) -> list:
    """A one-object pump times a number of permanents a player controls (608.2h). "for each other ..." is
    refused: "other" is relative to the pumped creature, which may not be the source (Sigil of Valor)."""
    if re.search(r"\bother\b", m.group(4)):
        raise Unsupported(m.string)
    inner = sub_effects(f"{m.group(1)} gets {m.group(2)}/{m.group(3)} until end of turn", targets)
    if len(inner) != 1 or type(inner[0]) is not V.Pump or inner[0].keywords:
        raise Unsupported(m.string)
    per = _count_of(m.group(4), "", targets)
    if not isinstance(per, V.Count):
        raise Unsupported(m.string)
    return [counted.PumpPer(inner[0].target, inner[0].power, inner[0].toughness, per)]


@template(r"(until end of turn, )?(.+?) gains ([a-z ,]+?) and gets ([+-])x/([+-])(x|0)( until end of turn)?, where x is (.+)")
def _gains_and_pump_where_x(m: re.Match, targets: list) -> list:
    """"Until end of turn, target creature gains trample and gets +X/+X, where X is the number of attacking
    creatures" (Strength in Numbers, Mirkwood Channeler): the keywords, then the counted pump (608.2h, 611.2c)."""
    if bool(m.group(1)) == bool(m.group(7)):
        raise Unsupported(m.string)  # one "until end of turn", before or after
    keywords = keywords_of(m.group(3))
    pump = _pump_where_x_effects(m.group(2), m.group(4), m.group(5), m.group(6), m.group(8), m.string, targets)
    return [V.Pump(pump.target, 0, 0, keywords), pump]


@template(r"(.+?) gets? ([+-])x/([+-])(x|0) and gains ([a-z ,]+?) until end of turn, where x is (.+)")
def _pump_and_gains_where_x(m: re.Match, targets: list) -> list:
    """"Target creature you control gets +X/+X and gains trample until end of turn, where X is ..." (The
    Weatherseed Treaty): the counted pump, then the keywords (608.2h)."""
    keywords = keywords_of(m.group(5))
    pump = _pump_where_x_effects(m.group(1), m.group(2), m.group(3), m.group(4), m.group(6), m.string, targets)
    return [pump, V.Pump(pump.target, 0, 0, keywords)]


@template(r"(.+?) gets? ([+-])x/([+-])(x|0) until end of turn, where x is (.+)")
def _pump_where_x(m: re.Match, targets: list) -> list:
    """"Target creature gets +X/+X until end of turn, where X is that creature's power" (Nantuko Mentor), "...,
    where X is the number of Gates you control" (Basilisk Gate), "CARDNAME gets +X/+X until end of turn, where X
    is its power" (Chameleon Colossus): X is counted once, as the effect resolves (608.2h), and the change
    doesn't follow it afterwards (611.2c)."""
    return [_pump_where_x_effects(m.group(1), m.group(2), m.group(3), m.group(4), m.group(5), m.string, targets)]


def _pump_where_x_effects(subject: str, p_sign: str, t_sign: str, t_x: str, what: str, text: str,
                          targets: list) -> counted.PumpPer:
    """The PumpPer of "[subject] gets [p_sign]X/[t_sign]X ..., where X is [what]"."""
    power, toughness = p_sign + "1", t_sign + ("1" if t_x == "x" else "0")
    inner = sub_effects(f"{subject} gets {power}/{toughness} until end of turn", targets)
    if len(inner) != 1 or type(inner[0]) is not V.Pump or inner[0].keywords:
        raise Unsupported(text)
    who = inner[0].target
    if not (isinstance(who, V.Ref) or who == V.SELF and subject == "cardname"):
        raise Unsupported(text)  # "it gets +X/+0": the trigger's object, not modelled here
    stat = re.fullmatch(r"(its|that creature's|cardname's) (power|toughness)", what)
    per: object
    if stat:
        if stat.group(1) == "cardname's":
            per = ObjectStat(V.SELF, stat.group(2))
        elif stat.group(1) == "that creature's" and who == V.SELF:
            raise Unsupported(text)  # "that creature" names a target
        else:
            per = ObjectStat(who, stat.group(2))  # the pumped creature's, as it resolves
    elif what.startswith("the greatest "):
        per = greatest_among(what, text)
    elif what.startswith("the number of "):
        per = _count_of(what.removeprefix("the number of "), "", targets)
    else:
        raise Unsupported(text)
    return counted.PumpPer(who, int(power), int(toughness), per)


@template(r"sacrifice any number of ([a-z]+)")
def _sacrifice_any_number(m: re.Match, targets: list) -> list:
    """701.17a: "Sacrifice any number of creatures" (Plunge into Darkness, Last-Ditch Effort): the controller's
    permanents of one kind, chosen as it resolves."""
    flt = parse_filter(m.group(1))
    if flt.controller or flt.other:
        raise Unsupported(m.string)
    return [counted.SacrificeAnyNumber(flt)]


@template(rf"you gain {N} life for each (creature|permanent|land|artifact) sacrificed this way")
def _gain_per_sacrificed(m: re.Match, targets: list) -> list:
    """608.2h: the permanents an earlier "sacrifice any number of ..." of the effect sacrificed."""
    n = amount(m.group(1))
    if not isinstance(n, int):
        raise Unsupported(m.string)
    return [V.GainLife(counted.SacrificedCount(n)), _CountsSacrificed()]


@template(r"pay any amount of life, then look at that many cards from the top of your library")
def _pay_any_life_look(m: re.Match, targets: list) -> list:
    """119.4, 608.2h: "Pay any amount of life, then look at that many cards from the top of your library"
    (Plunge into Darkness): the cards that the following "put one of those cards into your hand" refers to."""
    return [counted.PayAnyLife(), V.LookAtTop(counted.LifePaid())]


@dataclass(frozen=True, slots=True)
class _CountsSacrificed(V.Effect):
    """A compile-time marker after an effect counting "sacrificed this way": never executed."""


def _sacrificed_before(effects: list, targets: list) -> None:
    """"... sacrificed this way" counts an earlier "sacrifice any number of ..." of the same ability."""
    for i, e in enumerate(effects):
        if isinstance(e, _CountsSacrificed) and not any(isinstance(x, counted.SacrificeAnyNumber) for x in effects[:i]):
            raise Unsupported("sacrificed this way: nothing sacrificed before")
    effects[:] = [e for e in effects if not isinstance(e, _CountsSacrificed)]


EFFECTS_CHECKS.append(_sacrificed_before)


_HALF_SUBJECTS = {"you": "your", "target player": "their", "target opponent": "their", "that player": "their"}


@template(r"(you|target player|target opponent|that player) loses? half (your|their) life, rounded (up|down)")
def _lose_half_life(m: re.Match, targets: list) -> list:
    """107.1a: "you lose half your life, rounded up" (Cruel Bargain); "that player loses half their life" (the player
    a trigger's event refers to: Ebonblade Reaper's player dealt combat damage)."""
    if _HALF_SUBJECTS[m.group(1)] != m.group(2):
        raise Unsupported(m.string)
    who = target(m.group(1), targets)
    return [V.LoseLife(counted.HalfOf("life", who, m.group(3) == "up"), who)]


@template(r"(target player|target opponent) draws cards equal to half the number of cards in their library "
          r"and loses half their life")
def _draw_and_lose_halves(m: re.Match, targets: list) -> list:
    """Peer into the Abyss; rounded as the next sentence says (only "Round up each time." is accepted, so the
    halves are built rounded up and `_round_up_each_time` checks the sentence is there)."""
    who = target(m.group(1), targets)
    return [V.Draw(counted.HalfOf("library", who, True), who), V.LoseLife(counted.HalfOf("life", who, True), who),
            _NeedsRounding()]


@dataclass(frozen=True, slots=True)
class _RoundUpEachTime(V.Effect):
    """"Round up each time." (107.1a): a compile-time marker folded into the halves of the sentence before;
    never executed."""


class _NeedsRounding(V.Effect):
    """The halves just before still wait for their rounding sentence."""


@template(r"round up each time")
def _round_up(m: re.Match, targets: list) -> list:
    return [_RoundUpEachTime()]


def _round_up_each_time(effects: list, targets: list) -> None:
    """Each `_NeedsRounding` must be followed by "Round up each time." and each such sentence must follow one."""
    for i, e in enumerate(effects):
        if isinstance(e, _RoundUpEachTime) and not (i and isinstance(effects[i - 1], _NeedsRounding)):
            raise Unsupported("round up each time")
        if isinstance(e, _NeedsRounding) and not (i + 1 < len(effects) and isinstance(effects[i + 1], _RoundUpEachTime)):
            raise Unsupported("half ... without its rounding")
    effects[:] = [e for e in effects if not isinstance(e, (_NeedsRounding, _RoundUpEachTime))]


EFFECTS_CHECKS.append(_round_up_each_time)

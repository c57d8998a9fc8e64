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
from ...model.vocab.counted_effects import HalfOf, PumpPer
from ..compiler import EFFECTS_CHECKS, Unsupported
from .effects_common import sub_effects, target, template
from .effects_phrases import _count_of


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
    return [PumpPer(inner[0].target, inner[0].power, inner[0].toughness, per)]


_HALF_SUBJECTS = {"you": "your", "target player": "their", "target opponent": "their", "that player": "their"}


@template(r"(you|target player|target opponent|that player) loses? half (your|their) life, rounded (up|down)")
def _lose_half_life(m: re.Match, targets: list) -> list:
    """107.1a: "you lose half your life, rounded up" (Cruel Bargain); "that player loses half their life" (the player
    a trigger's event refers to: Ebonblade Reaper's player dealt combat damage)."""
    if _HALF_SUBJECTS[m.group(1)] != m.group(2):
        raise Unsupported(m.string)
    who = target(m.group(1), targets)
    return [V.LoseLife(HalfOf("life", who, m.group(3) == "up"), who)]


@template(r"(target player|target opponent) draws cards equal to half the number of cards in their library "
          r"and loses half their life")
def _draw_and_lose_halves(m: re.Match, targets: list) -> list:
    """Peer into the Abyss; rounded as the next sentence says (only "Round up each time." is accepted, so the
    halves are built rounded up and `_round_up_each_time` checks the sentence is there)."""
    who = target(m.group(1), targets)
    return [V.Draw(HalfOf("library", who, True), who), V.LoseLife(HalfOf("life", who, True), who),
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

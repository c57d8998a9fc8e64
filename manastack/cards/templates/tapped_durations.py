"""Permanents kept tapped, and effects lasting while they are (502.3, 611.2b); executed by rules/tapped_durations.py.

- 502.3: "You may choose not to untap CARDNAME during your untap step" (StaticAbility kind "may_not_untap").
- 611.2b: "[effect] for as long as CARDNAME remains tapped", "For as long as CARDNAME remains tapped, [effect]",
  "... for as long as you control CARDNAME and CARDNAME remains tapped" (`WhileSourceTapped`), where the effect is
  one with no end of its own: "target creature gets +2/+2 and has trample" (a pump lasting until the duration
  ends), "that creature doesn't untap during its controller's untap step", "gain control of target creature".
"""

from __future__ import annotations

import dataclasses
import re

from ...model import vocab as V
from ...model.vocab.combat_keywords import CombatRule
from ...model.vocab.tapped_durations import WhileSourceTapped
from ..compiler import Unsupported, paragraph_template
from ..draft import CardDraft
from .effects_common import sub_effects, target, template

_PERMANENT = "permanent"  # a pump's `until` with no end of its own: the duration ends it (rules/tapped_durations.py)


@paragraph_template(r"you may choose not to untap cardname during your untap step\.?")
def _may_not_untap(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """502.3: its controller chooses, in each of their untap steps, whether it untaps."""
    out.abilities.append(V.StaticAbility(para, "may_not_untap"))


def _lasting(text: str, targets: list) -> tuple[V.Effect, ...]:
    """The effects of `text`, which have no end of their own once the duration is taken off."""
    m = re.fullmatch(r"(that creature|that permanent|it) doesn't untap during its controller's untap step", text)
    if m:
        return (CombatRule(target(m.group(1), targets), ("doesnt_untap",), _PERMANENT),)
    if re.match(r"gain control of target ", text):
        effects = sub_effects(text, targets)
        if len(effects) != 1 or not isinstance(effects[0], V.GainControl) or effects[0].until_eot:
            raise Unsupported(text)
        return tuple(effects)
    if re.search(r"\bgets? [+-]\d+/[+-]\d+|\b(?:has|have)\b", text):
        # "target creature gets +2/+2 and has trample": read as the pump "until end of turn" would be
        pump = re.sub(r"\bhas\b", "gains", re.sub(r"\bhave\b", "gain", text)) + " until end of turn"
        effects = sub_effects(pump, targets)
        if not effects or not all(type(x) in (V.Pump, V.PumpAll) and x.until == "eot" for x in effects):
            raise Unsupported(text)
        return tuple(dataclasses.replace(x, until=_PERMANENT) for x in effects)
    raise Unsupported(text)


@template(r"(.+?) for as long as (you control cardname and )?cardname remains tapped")
def _while_tapped(m: re.Match, targets: list) -> list:
    """611.2b: the effect ends when CARDNAME is untapped or leaves the battlefield (or changes controller)."""
    return [WhileSourceTapped(_lasting(m.group(1), targets), controlled=bool(m.group(2)))]


@template(r"for as long as (you control cardname and )?cardname remains tapped, (.+)")
def _while_tapped_first(m: re.Match, targets: list) -> list:
    return [WhileSourceTapped(_lasting(m.group(2), targets), controlled=bool(m.group(1)))]

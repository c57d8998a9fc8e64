"""Effects counted as they resolve (CR 608.2h): "Target creature gets -1/-1 until end of turn for each
artifact you control" (Irradiate). Executed by rules/counted_effects.py.
"""

from __future__ import annotations

import re

from ...model import vocab as V
from ...model.vocab.counted_effects import PumpPer
from ..compiler import Unsupported
from .effects_common import sub_effects, template
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

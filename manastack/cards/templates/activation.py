"""Activation restrictions with a condition (CR 602.5b): "Activate only if you control three or more
artifacts", "Activate only if there are seven or more cards in your graveyard and only as a sorcery".

The condition is one of the static-ability conditions (templates/statics.py parse_condition, 611.3a);
rules/stack.py checks it as the ability is activated, with its other restrictions (602.5b, 602.5d).
"""

from __future__ import annotations

import re

from ...model import vocab as V
from ...model.vocab.conditions import TotalPowerAtLeast
from ..compiler import Unsupported
from .conditions import parse_history
from .effects_common import template
from .statics import parse_condition

_ALSO = {"as a sorcery": "sorcery", "once each turn": "once_each_turn"}


@template(r"activate (?:this ability )?only if (.+?)(?:,? and only (as a sorcery|once each turn))?")
def _activate_only_if(m: re.Match, targets: list) -> list:
    """602.5b: the ability can't be activated unless the condition holds (checked at activation)."""
    total = re.fullmatch(r"creatures you control have total power (\d+) or greater", m.group(1))
    if total:
        cond: object = TotalPowerAtLeast(int(total.group(1)))  # 207.2c formidable
    else:
        try:
            cond = parse_condition(m.group(1))
        except Unsupported:
            cond = parse_history(m.group(1))  # "Activate only if a creature died this turn"
    out = [V.ActivationRestriction("if", condition=cond)]
    if m.group(2):
        out.append(V.ActivationRestriction(_ALSO[m.group(2)]))
    return out

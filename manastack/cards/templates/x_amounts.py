"""X in power/toughness changes (CR 107.3): "Target creature gets +X/+0 until end of turn", "-X/-X",
"{X}, {T}: Target creature gets -X/+X until end of turn". X is the value announced as the spell was
cast or the ability activated (107.3a, 601.2b, 602.2b), carried on the stack object (rules/effects.py
Context.x); the change is then an ordinary until-end-of-turn effect (611.2, layer 7c).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...model.vocab.x_amounts import (  # noqa: F401 (the vocabulary this module executes)
    PumpX,
)
from ..compiler import Unsupported, sentence_template
from ..object_phrases import parse_target

if TYPE_CHECKING:
    pass


@sentence_template(r"(target [a-z ]*creature(?: you control| an opponent controls)?|cardname) gets "
                   r"([+-](?:\d+|x))/([+-](?:\d+|x)) until end of turn")
def _pump_x(m: re.Match, targets: list) -> list:
    if "x" not in m.group(2) + m.group(3):
        raise Unsupported(m.string)  # fixed numbers: the built-in template's
    return [PumpX(parse_target(m.group(1), targets), m.group(2), m.group(3))]

"""X in power/toughness changes (CR 107.3): "Target creature gets +X/+0 until end of turn", "-X/-X",
"{X}, {T}: Target creature gets -X/+X until end of turn". X is the value announced as the spell was
cast or the ability activated (107.3a, 601.2b, 602.2b), carried on the stack object (rules/effects.py
Context.x); the change is then an ordinary until-end-of-turn effect (611.2, layer 7c).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...model.vocab.x_amounts import (  # noqa: F401 (the vocabulary this module executes)
    PayXLife,
    PumpAllX,
    PumpX,
)
from ..compiler import Unsupported, paragraph_template, sentence_template
from ..draft import CardDraft
from ..object_phrases import parse_target
from .effects_core import _group

if TYPE_CHECKING:
    pass


@sentence_template(r"(target [a-z ]*creature(?: you control| an opponent controls)?|cardname) gets "
                   r"([+-](?:\d+|x))/([+-](?:\d+|x)) until end of turn")
def _pump_x(m: re.Match, targets: list) -> list:
    if "x" not in m.group(2) + m.group(3):
        raise Unsupported(m.string)  # fixed numbers: the built-in template's
    return [PumpX(parse_target(m.group(1), targets), m.group(2), m.group(3))]


@sentence_template(r"(all creatures|creatures you control|creatures your opponents control|other creatures you control)"
                   r" get ([+-](?:\d+|x))/([+-](?:\d+|x)) until end of turn")
def _pump_all_x(m: re.Match, targets: list) -> list:
    """611.2c: "All creatures get -X/-X until end of turn" (Toxic Deluge), X as announced (107.3a)."""
    if "x" not in m.group(2) + m.group(3):
        raise Unsupported(m.string)  # fixed numbers: the built-in template's
    flt = _group(m.group(1))
    if flt is None:
        raise Unsupported(m.string)
    return [PumpAllX(flt, m.group(2), m.group(3))]


@paragraph_template(r"as an additional cost to cast (?:cardname|this spell), pay x life")
def _pay_x_life(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """601.2b / 107.3: X announced as the spell is cast, that much life paid (rules/stack.py)."""
    out.abilities.append(PayXLife(para))


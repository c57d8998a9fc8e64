"""Modal spells and triggered abilities (700.2): "Choose one —" (or "one or both", "two", "one or
more") followed by its bulleted modes, which the Oracle text gives as separate paragraphs "• ...".

The instruction compiles to an empty V.Modal; each bullet paragraph then adds its mode to the modal
effect just compiled (a spell's, or the last triggered or activated ability's: 602.2b, the modes of an
activated ability are chosen as it is activated, rules/activation.py). A bullet with nothing modal
before it, or a mode that doesn't compile, leaves the card unsupported.
"""

from __future__ import annotations

import dataclasses

from ...model import vocab as V
from ...model.vocab.loyalty import LoyaltyAbility
from ..compiler import Unsupported, paragraph_template, parse_effects
from ..draft import CardDraft
from .effects_common import template

_MODAL_ACTIVATED = (V.ActivatedAbility, LoyaltyAbility)
_COUNTS = {"one": (1, 1), "two": (2, 2), "three": (3, 3), "one or both": (1, 2), "one or more": (1, 99)}


@template(r"choose (one|two|three|one or both|one or more) —")
def _choose(m, targets):
    lo, hi = _COUNTS[m.group(1)]
    return [V.Modal((), lo, hi)]


@paragraph_template(r"• (.+)")
def _bullet(m, para, out: CardDraft, is_spell):
    text = para.strip()[1:].strip()
    targets: list[V.TargetSpec] = []
    effects = parse_effects(m.group(1), targets)
    mode = V.Mode(text, tuple(effects), tuple(targets))
    spell_effects = out.spell_effects
    if is_spell and spell_effects and isinstance(spell_effects[-1], V.Modal):
        modal = spell_effects[-1]
        spell_effects[-1] = dataclasses.replace(modal, modes=modal.modes + (mode,))
        return
    abilities = out.abilities
    # a permanent's activated ability (a loyalty ability too), not one that works from another zone
    if abilities and (isinstance(abilities[-1], V.TriggeredAbility) or type(abilities[-1]) in _MODAL_ACTIVATED) \
            and abilities[-1].effects \
            and isinstance(abilities[-1].effects[-1], V.Modal):
        ab = abilities[-1]
        modal = ab.effects[-1]
        abilities[-1] = dataclasses.replace(ab, effects=ab.effects[:-1] + (
            dataclasses.replace(modal, modes=modal.modes + (mode,)),))
        return
    raise Unsupported(para)

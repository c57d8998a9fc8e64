"""Reflexive triggered abilities (CR 603.12): "You may sacrifice a Food. When you do, CARDNAME deals 2
damage to any target." The "when you do" ability triggers as the optional action is taken during the
resolution, and is put on the stack the next time a player would receive priority, with its own
targets chosen then (603.3d), after the spell or ability that created it has finished resolving.

Only the form "[you may ...]. When you do, [effect]." ending the ability is compiled: the "when you
do" part must be the last sentence (its effect runs to the end of the ability) and follow a "you may"
sentence whose answer says whether it was done.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...model import vocab as V
from ...model.vocab.triggers import (  # noqa: F401 (the vocabulary this module executes)
    ReflexiveTrigger,
)
from ..compiler import EFFECTS_CHECKS, Unsupported, parse_effect_sentence
from .effects_common import template

if TYPE_CHECKING:
    pass


@template(r"when you do, (.+)")
def _when_you_do(m: re.Match, targets: list) -> list:
    inner: list[V.TargetSpec] = []
    effects = parse_effect_sentence(m.group(1), inner)
    return [ReflexiveTrigger(V.TriggeredAbility(m.string, "reflexive", tuple(effects), tuple(inner)))]


def _check(effects: list, targets: list) -> None:
    for i, e in enumerate(effects):
        if isinstance(e, ReflexiveTrigger) and (i != len(effects) - 1 or i == 0
                                                 or not isinstance(effects[i - 1], V.Optional)):
            raise Unsupported("when you do")  # only "[you may ...]. When you do, [last sentence]."


EFFECTS_CHECKS.append(_check)

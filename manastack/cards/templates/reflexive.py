"""Reflexive triggered abilities (CR 603.12): "You may sacrifice a Food. When you do, CARDNAME deals 2
damage to any target." The "when you do" ability triggers as the optional action is taken during the
resolution, and is put on the stack the next time a player would receive priority, with its own
targets chosen then (603.3d), after the spell or ability that created it has finished resolving.

Only the forms "[you may ...]. When you do, [effect]." and "Sacrifice it. When you do, [effect]." (the SNC
Storefronts: the sacrifice is the condition, rules/effects.py run) ending the ability are compiled: the
"when you do" part must be the last sentence (its effect runs to the end of the ability, and to the end of
its sentence: templates/effects_core.py doesn't split it at "then" or "and") and follow a "you may"
sentence whose answer says whether it was done, or the sacrifice of one object the ability names.

"Until end of turn / Until your next turn, whenever [event], [effect]" (611.2a, 603.2): an effect that makes a
triggered ability its controller has for that long (rules/triggers.py TemporaryTrigger), for the events the
engine finds through its watchers (TEMPORARY_EVENTS); its effect runs to the end of the ability.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...model import vocab as V
from ...model.vocab.timing_permissions import UNTIL_YOUR_NEXT_TURN
from ...model.vocab.triggers import (  # noqa: F401 (the vocabulary this module executes)
    ReflexiveTrigger,
    TemporaryTrigger,
)
from ..compiler import EFFECTS_CHECKS, Unsupported, parse_effect_sentence, parse_effects, trigger_kwargs
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
                                                 or not _says_if_done(effects[i - 1])):
            raise Unsupported("when you do")  # only "[you may ... | sacrifice it]. When you do, [last sentence]."


def _says_if_done(e: V.Effect) -> bool:
    """Whether the effect before a "when you do" says if it was done: a "you may" answer, or the sacrifice
    of one object the ability names ("sacrifice it": done if that object was sacrificed)."""
    return isinstance(e, V.Optional) or (type(e) is V.Sacrifice and e.target is not None)


EFFECTS_CHECKS.append(_check)


# Trigger events found by rules/trigger_queue.py `watchers` whose watcher needs no permanent of its own
# (not "equipped creature ..."): the ones a temporary triggered ability may listen for.
TEMPORARY_EVENTS = frozenset({"attacks_filter", "becomes_tapped_filter", "dies_filter", "cast"})


@template(r"(until end of turn|until your next turn), (whenever .+)")
def _temporary_trigger(m: re.Match, targets: list) -> list:
    """The condition ends at the comma after which the rest reads as effects."""
    until = "eot" if m.group(1) == "until end of turn" else UNTIL_YOUR_NEXT_TURN
    body = m.group(2)
    for i, ch in enumerate(body):
        if ch != ",":
            continue
        cond, rest = body[:i], body[i + 1:].strip()
        try:
            kwargs = trigger_kwargs(cond)
        except Unsupported:
            continue
        if kwargs.get("event") not in TEMPORARY_EVENTS:
            raise Unsupported(m.string)
        inner: list[V.TargetSpec] = []
        effects = parse_effects(rest, inner)
        ability = V.TriggeredAbility(body, effects=effects, targets=tuple(inner), **kwargs)
        return [TemporaryTrigger(ability, until)]
    raise Unsupported(m.string)

""""When enchanted creature dies, return that card to the battlefield under your control." (Minion's
Return, False Demise; Soul Collector's "whenever a creature dealt damage by this creature this turn
dies"): the card the dead creature became in its owner's graveyard (400.7: found through the zone
change that put it there; if it has left the graveyard since, it is a new object and stays where it
is) is put onto the battlefield under the ability's controller (or its owner's) control (110.2a).
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from ...model import vocab as V
from ...model.vocab.zone_change_effects import (  # noqa: F401 (the vocabulary this module executes)
    ReturnDeadCard,
)
from ..compiler import CARD_CHECKS, Unsupported
from ..draft import CardDraft
from .effects_common import template

if TYPE_CHECKING:
    pass


@template(r"return that card to the battlefield under (your|its owner's) control")
def _return_that_card(m: re.Match, targets: list) -> list:
    if targets:
        raise Unsupported(m.string)  # "that card" of a targeted or exiled card: other templates' readings
    return [ReturnDeadCard(m.group(1) == "your")]


_DEAD_CARD_MOVES = {V.Exile: "exile", V.ReturnToHand: "hand"}


def _dead_card_move(ab: V.TriggeredAbility, i: int, e: V.Effect) -> V.Effect:
    """The effect `e` (the `i`-th of `ab`) about the dead card, or `e` itself."""
    to = _DEAD_CARD_MOVES.get(type(e))
    # "it" before any target is mentioned (the first effect, or a trigger without targets) is the creature that died
    if to is None or getattr(e, "target", None) not in (V.IT, V.SELF) or (ab.targets and i > 0):
        return e
    return ReturnDeadCard(False, V.SELF, to=to)


def _dead_self(out: CardDraft, unsupported: list) -> None:
    """400.7e: "When CARDNAME dies, exile it[, then ...]" (Moldgraf Monstrosity, Body Snatcher), "When CARDNAME dies,
    return it to its owner's hand" (Endless Cockroaches): "it" is the card the creature became in its owner's
    graveyard, which the ability finds there; the effect sentences read "it" as a permanent, so the dies trigger's
    "exile it" / "return it to its owner's hand" become a move of that card (a CARD_CHECKS hook)."""
    for i, ab in enumerate(out.abilities):
        if isinstance(ab, V.TriggeredAbility) and ab.event == "dies":
            effects = tuple(_dead_card_move(ab, j, e) for j, e in enumerate(ab.effects))
            if effects != ab.effects:
                out.abilities[i] = dataclasses.replace(ab, effects=effects)


CARD_CHECKS.append(_dead_self)

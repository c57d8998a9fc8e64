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


def _exile_dead_self(out: CardDraft, unsupported: list) -> None:
    """400.7e: "When CARDNAME dies, exile it[, then ...]" (Moldgraf Monstrosity): "it" is the card the creature became
    in its owner's graveyard, which the ability finds there; the effect sentence reads "it" as a permanent, so the
    dies trigger's top-level "exile it" becomes an exile of that card (a CARD_CHECKS hook)."""
    for i, ab in enumerate(out.abilities):
        if isinstance(ab, V.TriggeredAbility) and ab.event == "dies" and not ab.targets and any(
                type(e) is V.Exile and e.target in (V.IT, V.SELF) for e in ab.effects):
            effects = tuple(ReturnDeadCard(False, V.SELF, to="exile") if type(e) is V.Exile and e.target in (V.IT, V.SELF)
                            else e for e in ab.effects)
            out.abilities[i] = dataclasses.replace(ab, effects=effects)


CARD_CHECKS.append(_exile_dead_self)

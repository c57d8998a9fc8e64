""""When enchanted creature dies, return that card to the battlefield under your control." (Minion's
Return, False Demise; Soul Collector's "whenever a creature dealt damage by this creature this turn
dies"): the card the dead creature became in its owner's graveyard (400.7: found through the zone
change that put it there; if it has left the graveyard since, it is a new object and stays where it
is) is put onto the battlefield under the ability's controller (or its owner's) control (110.2a).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...model import vocab as V
from ...model.state import BATTLEFIELD, GRAVEYARD
from ...rules.effects import register_effect
from ..compiler import Unsupported
from .effects_common import template

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...rules.effects import Context


@dataclass(frozen=True, slots=True)
class ReturnDeadCard(V.Effect):
    """The trigger's dead creature (`of`: the trigger's object, so a delayed trigger, which has none,
    never takes this reading), from its owner's graveyard onto the battlefield."""

    under_yours: bool
    of: V.Who = V.IT


def _return_dead(g: Game, ctx: Context, e: ReturnDeadCard) -> list | None:
    s = g.s
    oid = ctx.event_obj
    if oid is None or oid < 0:
        return None
    o = s.objects.get(oid)
    if o is None:
        o = s.objects.get(s.successor.get(oid, -1))  # the dead creature's card (one zone change on)
    if o is None or o.zone != GRAVEYARD:
        return None
    g.move(o.id, BATTLEFIELD, rule="110.2a", controller=ctx.controller if e.under_yours else o.owner)
    return None


register_effect(ReturnDeadCard, _return_dead)


@template(r"return that card to the battlefield under (your|its owner's) control")
def _return_that_card(m: re.Match, targets: list) -> list:
    if targets:
        raise Unsupported(m.string)  # "that card" of a targeted or exiled card: other templates' readings
    return [ReturnDeadCard(m.group(1) == "your")]

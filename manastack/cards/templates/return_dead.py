""""When enchanted creature dies, return that card to the battlefield under your control." (Minion's
Return, False Demise; Soul Collector's "whenever a creature dealt damage by this creature this turn
dies"): the card the dead creature became in its owner's graveyard (400.7: found through the zone
change that put it there; if it has left the graveyard since, it is a new object and stays where it
is) is put onto the battlefield under the ability's controller (or its owner's) control (110.2a).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...model.vocab.zone_change_effects import (  # noqa: F401 (the vocabulary this module executes)
    ReturnDeadCard,
)
from ..compiler import Unsupported
from .effects_common import template

if TYPE_CHECKING:
    pass


@template(r"return that card to the battlefield under (your|its owner's) control")
def _return_that_card(m: re.Match, targets: list) -> list:
    if targets:
        raise Unsupported(m.string)  # "that card" of a targeted or exiled card: other templates' readings
    return [ReturnDeadCard(m.group(1) == "your")]

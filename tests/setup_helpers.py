"""Setting up positions in pytest tests: put a card straight into a zone (no zone-change rules)."""

from __future__ import annotations

from manastack.cards.db import get_card
from manastack.engine.game import Game
from manastack.model.state import Obj


def put(g: Game, name: str, zone: str, controller: int = 0, tapped: bool = False) -> Obj:
    """A new object for the card `name` in `zone` (its controller's, or on the battlefield)."""
    o = g.new_object(get_card(name), controller, zone)
    o.tapped = tapped
    if zone == "battlefield":
        o.controller = controller
        g.s.battlefield.append(o.id)
    else:
        g.s.players[controller].zone_list(zone).append(o.id)
    g.invalidate()
    return o

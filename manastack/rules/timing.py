"""CR 307.1, 117.1a, 601.3b: when a player may cast a spell. A sorcery (and a permanent spell) is cast
only in a main phase of its controller's turn with the stack empty; an instant, a card with flash
(702.8a) or one an effect lets its controller cast as though it had flash any time they have priority.
The permissions themselves register in engine/registry.py (FLASH_PERMISSIONS, FLASH_GRANTS) from
rules/timing_permissions.py and the keyword modules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import registry
from ..model.state import MAIN1, MAIN2
from ..model.vocab import ability_types

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import Obj


def sorcery_timing_ok(g: Game, p: int) -> bool:
    s = g.s
    return s.active == p and s.step in (MAIN1, MAIN2) and not s.stack


def may_cast_any_time(g: Game, p: int, o: Obj) -> bool:
    """Whether `p` may cast the card `o` when they couldn't cast a sorcery: an instant, flash (702.8a), or a
    permission to cast it as though it had flash (601.3b)."""
    c = o.card
    return "Instant" in c.types or "flash" in c.keywords or (
        not registry.FLASH_PERMISSION_KINDS.isdisjoint(ability_types(c)) and any(f(g, p, o) for f in registry.FLASH_PERMISSIONS)) \
        or any(f(g, p, o) for f in registry.live(g.s, registry.FLASH_GRANTS))  # Vedalken Orrery, Borne Upon a Wind

"""CR 606: loyalty abilities (compiled by cards/templates/loyalty_mana.py).

- 606.3: a player may activate a loyalty ability of a permanent they control only when they could cast
  a sorcery (the ability has `sorcery_speed`, checked by rules/stack.py) and only if no player has
  activated a loyalty ability of that permanent this turn (`block_reason`).
- 606.4: the cost of a loyalty ability is putting on or removing a number of loyalty counters ("[+1]",
  "[−2]", "[0]"; "[−X]": X is chosen as the ability is activated, 601.2b via 602.2b) (`pay`).
- 606.6: an ability with a negative loyalty cost can't be activated unless the permanent has at least
  that many loyalty counters on it.
- 306.5b / 310.4b: a planeswalker enters with its printed loyalty (game.py move); 120.3c: damage to a
  planeswalker removes loyalty counters (rules/effects.py); 704.5i: with 0 loyalty it is put into its
  owner's graveyard (rules/sba.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import registry
from ..errors import IllegalActionError
from ..model import vocab as V
from ..model.events import CountersRemoved, EffectCreated
from ..model.state import ContinuousEffect
from ..model.vocab.loyalty import (  # noqa: F401 (the vocabulary this module executes)
    LoyaltyAbility,
    LoyaltyCost,
)
from . import counter_replacement

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import Obj

ACTIVATED = "loyalty_activated"  # ContinuousEffect kind: a loyalty ability of `target` was activated this turn


def has_x(cost: V.Cost) -> bool:
    return type(cost) is LoyaltyCost and cost.loyalty == "X"


def block_reason(g: Game, o: Obj, cost: LoyaltyCost) -> str | None:
    """606.3 (once per turn per permanent) and 606.6 (enough loyalty counters for a fixed negative cost)."""
    if any(e.kind == ACTIVATED and e.target == o.id for e in g.s.effects):
        return f"{o.card.name}: only one loyalty ability of a permanent may be activated each turn (606.3)"
    n = cost.loyalty
    if isinstance(n, int) and n < 0 and o.counters.get("loyalty", 0) < -n:
        return f"{o.card.name} doesn't have {-n} loyalty counter(s) to remove (606.6)"
    return None


def pay(g: Game, o: Obj, cost: LoyaltyCost, x: int) -> None:
    """606.4: pay the loyalty cost, and remember the activation for 606.3."""
    s = g.s
    n = -x if cost.loyalty == "X" else int(cost.loyalty)
    have = o.counters.get("loyalty", 0)
    if n < 0 and have < -n:
        raise IllegalActionError(f"{o.card.name} doesn't have {-n} loyalty counter(s) to remove (606.6)")
    if n < 0:
        g.perform(CountersRemoved("606.4", o.id, "loyalty", -n))
    elif n:
        # 606.4: a cost, not an effect: only replacement effects on counters put on by anything apply (614.1a)
        counter_replacement.put_counters(g, o, "loyalty", n, "606.4", by_effect=False)
    # 606.3: one loyalty ability of a permanent per turn: remembered until the turn ends
    g.perform(EffectCreated("606.3", ContinuousEffect(ACTIVATED, o.id, timestamp=s.next_timestamp)))
    s.next_timestamp += 1


def _loyalty_cost_block_reason(g: Game, cost: LoyaltyCost, o: Obj) -> str | None:
    return block_reason(g, o, cost)


def _loyalty_cost_choose(g: Game, cost: LoyaltyCost, p: int, o: Obj, action) -> list[int]:
    """A loyalty cost has no other parts (606.4): it is paid as it is determined, with X as announced."""
    pay(g, o, cost, action.x)
    return []


def _loyalty_cost_pay(g: Game, cost: LoyaltyCost, p: int, o: Obj, paid: list[int]) -> None:
    return None


registry.EXTRA_COSTS[LoyaltyCost] = registry.ExtraCost(_loyalty_cost_block_reason, _loyalty_cost_choose, _loyalty_cost_pay)

"""CR 508.1d / 508.1h-j and 509.1d / 509.1h-j: costs to attack and to block.

- "Enchanted creature can't attack or block unless its controller pays {3}" (Oppressive Rays),
  "... can't attack unless its controller pays {3}" (Brainwash): the static ability gives the creature
  an "attack_tax:N" / "block_tax:N" rule (cards/templates/statics.py), tagged with its source by
  rules/continuous.py so that two such Auras add up (508.1d / 509.1d: the total cost is locked in).
- The declaration is legal only if the player declaring can pay that total (508.1h: they may activate
  mana abilities; a creature declared as an attacker is tapped first, 508.1f, and can't tap for it);
  the engine pays it, activating mana abilities as the payment solver chooses (508.1i-j), as the
  declaration is carried out.
- 508.1d / 509.1d: a requirement ("attacks each combat if able") never makes a player pay a cost, so a
  creature with such a cost is not required to attack or block.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..model.costs import Requirement, parse_cost, requirements
from ..model.vocab.statics import ATTACK_TAX, BLOCK_TAX, SOURCE_TAG
from . import mana_payment

if TYPE_CHECKING:
    from ..engine.game import Game

TAXES = (ATTACK_TAX, BLOCK_TAX)


def tax(g: Game, oid: int, prefix: str) -> int:
    """The generic mana it costs for creature `oid` to attack (ATTACK_TAX) or block (BLOCK_TAX)."""
    rules = g.chars(g.s.objects[oid]).rules
    if not rules:
        return 0
    return sum(int(r[len(prefix):].split(SOURCE_TAG)[0]) for r in rules if r.startswith(prefix))


def has_tax(g: Game, oid: int, prefix: str) -> bool:
    return tax(g, oid, prefix) > 0


def _reqs(total: int) -> list[Requirement]:
    return requirements(parse_cost(f"{{{total}}}"))


def total_tax(g: Game, ids: list[int], prefix: str) -> int:
    return sum(tax(g, oid, prefix) for oid in ids)


def unpayable(g: Game, p: int, ids: list[int], prefix: str, tapped: tuple[int, ...] = ()) -> str | None:
    """Why player `p` can't declare `ids` as attackers / blockers: the total cost to (508.1h / 509.1h),
    with `tapped` (the attackers about to be tapped, 508.1f) not usable for mana; or None."""
    total = total_tax(g, ids, prefix)
    if not total or mana_payment.can_pay(g, p, _reqs(total), None, exclude_more=tapped):
        return None
    rule, what = ("508.1h", "attack") if prefix == ATTACK_TAX else ("509.1h", "block")
    return f"{rule}: {g.s.players[p].name} can't pay {{{total}}}, the total cost for those creatures to {what}"


def pay(g: Game, p: int, ids: list[int], prefix: str) -> None:
    """508.1i-j / 509.1i-j: pay the total cost to attack or block (checked payable by `unpayable`)."""
    total = total_tax(g, ids, prefix)
    if not total:
        return
    rule, what = ("508.1j", "attack") if prefix == ATTACK_TAX else ("509.1j", "block")
    mana_payment.pay_mana(g, p, _reqs(total), None, f"the cost to {what}")
    g.log_event(f"{what}_cost_paid", rule, player=g.s.players[p].name, cost=f"{{{total}}}",
                creatures=[g.name_of(oid) for oid in ids if tax(g, oid, prefix)])

"""CR 601.2f, 118.7, 702.33a: a spell's total cost: its mana cost, plus X, plus cost increases, minus
cost reductions (registry.COST_MODIFIERS, filled by rules/cost_modifiers.py and the keyword modules),
never below {0}; with its kicker cost when kicked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..model.costs import Requirement, parse_cost, requirements
from ..model.memo import by_identity
from ..model.vocab import CardDef, StaticAbility

if TYPE_CHECKING:
    from ..engine.game import Game


def cost_adjustment(g: Game, p: int, card: CardDef, targets: tuple[int, ...] = ()) -> int:
    """601.2f: the net generic mana added to a spell's cost (increases minus reductions; the
    requirements never go below {0}, 118.7)."""
    extra = 0
    spells = g.s.players[p].spells_cast
    if spells:
        for _o, ab in g.statics_of_kind("cost_increase_per_spell"):
            if isinstance(ab, StaticAbility):
                extra += spells * int(ab.amount)  # type: ignore[arg-type]
    for modifier in registry.COST_MODIFIERS:
        extra += modifier(g, p, card, targets)
    return extra


def total_cost_reqs(g: Game, p: int, card: CardDef, x: int, targets: tuple[int, ...] = ()) -> list[Requirement]:
    """601.2f: mana cost + X + cost increases (Damping Sphere: {1} for each other spell the
    player has cast this turn) - cost reductions (COST_MODIFIERS)."""
    return requirements(card.mana_cost, x, cost_adjustment(g, p, card, targets))


@by_identity
def kicker_cost(card: CardDef) -> Any:
    """702.33a: the card's kicker cost (a ManaCost; compiled by cards/templates/costs.py), or None."""
    return next((ab.cost for ab in card.abilities if type(ab).__name__ == "Kicker"), None)


def kicked_reqs(g: Game, p: int, card: CardDef, x: int, targets: tuple[int, ...] = ()) -> list[Requirement]:
    """601.2f: the total cost with the kicker cost added (702.33a)."""
    kick = kicker_cost(card)
    combined = parse_cost(card.mana_cost.text + kick.text)
    return requirements(combined, x, cost_adjustment(g, p, card, targets))

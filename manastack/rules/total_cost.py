"""CR 601.2f, 118.7, 702.33a: a spell's total cost: its mana cost, plus X, plus cost increases, minus
cost reductions (registry.COST_MODIFIERS, filled by rules/cost_modifiers.py and the keyword modules),
never below {0}; with its kicker cost when kicked.

602.2b / 601.2f for activated abilities: "Activated abilities of enchanted creature cost {3} more to
activate" (Oppressive Rays), "Activated abilities of white enchantments cost {3} more to activate"
(Gloom): `ability_cost_increase`, the generic mana added to the cost of every activated ability of a
permanent (its mana abilities too: rules/activation.py pays it before one resolves, and the payment
solver leaves such a permanent's mana abilities out, rules/mana_payment.py). "During your turn, ... abilities your
opponents activate cost {1} more to activate unless they're mana abilities" (Tithe Taker): the abilities of
permanents its controller's opponents control, during its controller's turn, mana abilities excepted (abilities
activated from other zones are not counted here). "Activated abilities of creatures cost {1} less to activate. This
effect can't reduce the mana in that cost to less than one mana." (Heartstone): `ability_cost_adjustment`, the
increases first, then the reductions, taken from the generic mana only while at least one mana is left (601.2f).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..model.costs import ManaCost, Requirement, parse_cost, requirements
from ..model.memo import by_identity
from ..model.vocab import CardDef, ManaAbility, StaticAbility
from ..model.vocab.cost_modifiers import (
    ACTIVATION_COST_INCREASE,
    ACTIVATION_COST_INCREASE_YOUR_TURN,
    ACTIVATION_COST_REDUCTION_MIN_ONE,
)
from . import targeting

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import Obj


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


def ability_cost_increase(g: Game, o: Obj, mana_ability: bool = False) -> int:
    """602.2b / 601.2f: the generic mana the activated abilities of permanent `o` cost more to activate,
    from the static abilities of permanents (those attached to it: `filter.attached_only`; or of a
    group: `filter` matched against `o`); `mana_ability`: for its mana abilities (Tithe Taker's increase
    leaves them out)."""
    total = 0
    if not mana_ability:
        for src, ab in g.statics_of_kind(ACTIVATION_COST_INCREASE_YOUR_TURN):
            if g.s.active == src.controller and o.controller != src.controller:
                total += int(ab.amount)  # type: ignore[union-attr, arg-type]
    return total + _applying_amounts(g, o, ACTIVATION_COST_INCREASE)


def ability_cost_reduction(g: Game, o: Obj) -> int:
    """601.2f: the generic mana the activated abilities of permanent `o` cost less to activate ("This effect can't
    reduce the mana in that cost to less than one mana": `ability_cost_adjustment` keeps one)."""
    return _applying_amounts(g, o, ACTIVATION_COST_REDUCTION_MIN_ONE)


def _applying_amounts(g: Game, o: Obj, kind: str) -> int:
    """The total amount of the static abilities of `kind` that apply to the abilities of `o`: those of permanents
    attached to it (`filter.attached_only`), or of a group (`filter` matched against `o`)."""
    total = 0
    for src, ab in g.statics_of_kind(kind):
        assert isinstance(ab, StaticAbility)
        if getattr(ab.filter, "attached_only", False):
            if src.attached_to != o.id:
                continue
        elif not targeting.matches_filter(g, ab.filter, o, src.controller, src.id):
            continue
        total += int(ab.amount)  # type: ignore[arg-type]
    return total


def ability_cost_adjustment(g: Game, o: Obj, mana: ManaCost, x: int = 0, mana_ability: bool = False) -> int:
    """601.2f: the generic mana added to (taken from, when negative) the mana cost `mana` (with X = `x`) of an
    activated ability of `o`: the increases, then the reductions, which never take the generic mana below {0} nor
    the mana of the cost below one mana (Heartstone)."""
    increase = ability_cost_increase(g, o, mana_ability)
    reduction = ability_cost_reduction(g, o)
    if not reduction:
        return increase
    generic = mana.generic + (0 if mana.x_color else mana.x_count * x) + increase
    total = mana.mana_value_with_x(x) + increase
    return increase - max(0, min(reduction, generic, total - 1))


def mana_abilities_cost_changed(g: Game, o: Obj) -> bool:
    """Whether an effect changes what a mana ability of `o` costs to activate (602.2b / 601.2f): the payment solver
    leaves such a permanent's mana abilities out (it would count their printed cost)."""
    if ability_cost_increase(g, o, mana_ability=True):
        return True
    if not ability_cost_reduction(g, o):
        return False
    return any(isinstance(ab, ManaAbility) and ability_cost_adjustment(g, o, ab.cost.mana, 0, True)
               for ab in g.chars(o).abilities)

"""CR 702.139: companion, in a game (the deck check is manastack/decks.py; templates:
cards/templates/companion.py).

- 702.139a / 103.2b: the chosen companion starts outside the game (Game.new_game puts it in its owner's
  `outside` list, names it the player's `companion` and logs it revealed; the rest of `outside` is the
  sideboard, 400.11a, which effects may bring into the game: rules/hand_effects.py).
- 116.2g / 702.139a: once during the game, any time they have priority and the stack is empty during a main
  phase of their turn, its owner may pay {3} and put it into their hand: a special action
  (A.PutCompanionIntoHand), the payment as other special actions pay (601.2g-h: mana abilities activated
  by the exact solver, or the action's Payment). The player keeps priority (116.3). 702.139c: it then stays
  in the game (it is a card in the hand like any other).
- 601.3: "Once during each of your turns, you may cast a permanent spell with mana value 2 or less from
  your graveyard" (Lurrus of the Dream-Den): a permission (registry.CAST_PERMISSIONS) while its source is
  on the battlefield, during its controller's turn, once per turn for each such permanent (a new object,
  400.7, gives a new permission); the spell is cast at its normal time (307.1).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..engine import registry
from ..errors import IllegalActionError
from ..model import actions as A
from ..model.costs import parse_cost, requirements
from ..model.state import GRAVEYARD, HAND, OUTSIDE
from ..model.vocab import Cost
from ..model.vocab.companion import (  # noqa: F401 (the vocabulary this module executes)
    Companion,
    GraveyardCastEachTurn,
)
from . import add_hook, mana_payment, stack, targeting, timing, total_cost

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.costs import Requirement
    from ..model.state import Obj
    from ..model.vocab import CardDef

COMPANION_COST = parse_cost("{3}")  # 116.2g
RULE = "702.139a"


def block_reason(g: Game, p: int, o: Obj | None) -> str | None:
    """Why `p` can't put `o` into their hand as their companion now (116.2g, 702.139a), or None."""
    s = g.s
    who = s.players[p].name
    if o is None or o.zone != OUTSIDE or o.owner != p or o.id != s.players[p].companion:
        return f"{g.name_of(o.id) if o is not None else 'that card'} is not {who}'s companion outside the game"
    if s.priority != p:
        return f"{who} doesn't have priority (116.2g)"
    if not timing.sorcery_timing_ok(g, p):
        return (f"116.2g: {who} may put their companion into their hand only during a main phase of their turn "
                "while the stack is empty")
    return None


def companion_actions(g: Game, p: int) -> list[A.Action]:
    """116.2g: the special action, listed while it is legal and {3} can be paid."""
    s = g.s
    out: list[A.Action] = []
    oid = s.players[p].companion
    if oid is not None:  # the rest of the player's cards outside the game are their sideboard (400.11a)
        o = s.objects.get(oid)
        if block_reason(g, p, o) is None and mana_payment.can_pay(g, p, requirements(COMPANION_COST, 0), None):
            out.append(A.PutCompanionIntoHand(oid))
    return out


def put_into_hand(g: Game, p: int, action: A.PutCompanionIntoHand) -> None:
    """116.2g / 702.139a: pay {3} and put the companion into its owner's hand; 116.3: they keep priority."""
    s = g.s
    o = s.objects.get(action.card)
    why = block_reason(g, p, o)
    if why:
        raise IllegalActionError(why)
    assert o is not None
    mana_payment.pay_mana(g, p, requirements(COMPANION_COST, 0), action.payment, f"{o.card.name} (companion)")
    s.players[p].companion = None
    new = g.move(o.id, HAND, rule=RULE)
    g.log_event("companion", "116.2g", player=s.players[p].name, card=o.card.name, id=new)
    s.passes = 0


# --- 601.3: "Once during each of your turns, you may cast a permanent spell ... from your graveyard"

@dataclass(frozen=True)
class EachTurnPermit:
    """The permission GraveyardCastEachTurn gives (registry.CastPermission): the spell's normal costs, its
    normal timing; casting under it uses the source's permission for this turn."""

    source: int
    event: str = "graveyard_cast_each_turn"
    rule: str = "601.3"
    additional: Cost | None = None
    any_time: bool = False
    choices: tuple = ()

    def reqs(self, g: Game, p: int, card: CardDef, x: int, targets: tuple[int | None, ...]) -> list[Requirement]:
        return total_cost.total_cost_reqs(g, p, card, x, targets)

    def cast(self, g: Game, p: int, oid: int) -> None:
        s = g.s
        s.graveyard_casts_used = s.graveyard_casts_used | {(s.turn, self.source)}


def _fits(ab: GraveyardCastEachTurn, card: CardDef) -> bool:
    if ab.permanent and not card.is_permanent_card:
        return False  # 110.4a: an instant or sorcery card becomes no permanent spell
    if "Land" in card.types:
        return False  # a land is played, not cast (305.1)
    return ab.max_mana_value is None or card.mana_cost.mana_value <= ab.max_mana_value


def _each_turn_permit(g: Game, p: int, o: Obj) -> EachTurnPermit | None:
    """registry.CAST_PERMISSIONS: a card in `p`'s graveyard that a permanent of `p`'s with an unused
    GraveyardCastEachTurn lets them cast this turn (only during `p`'s turn)."""
    s = g.s
    if o.zone != GRAVEYARD or o.owner != p or s.active != p or not g.may_have(GraveyardCastEachTurn):
        return None
    used = s.graveyard_casts_used
    for src, ab in g.battlefield_abilities(GraveyardCastEachTurn):
        if src.controller == p and (s.turn, src.id) not in used and isinstance(ab, GraveyardCastEachTurn) \
                and _fits(ab, o.card):
            return EachTurnPermit(src.id)
    return None


def graveyard_cast_actions(g: Game, p: int) -> list[A.Action]:
    """CastSpell actions for the cards of `p`'s graveyard such a permission lets them cast now (for agents;
    X spells are not offered, as with the other graveyard permissions)."""
    if not g.may_have(GraveyardCastEachTurn) or g.s.active != p or not timing.sorcery_timing_ok(g, p):
        return []  # a permanent spell without flash waits for a main phase (307.1)
    s = g.s
    out: list[A.Action] = []
    for oid in s.players[p].graveyard:
        o = s.objects[oid]
        if o.card.mana_cost.x_count or "Land" in o.card.types:
            continue
        # the permission the cast would use: another one first (escape ...) is offered by its own module
        permit = stack.cast_permission(g, p, o)
        if not isinstance(permit, EachTurnPermit) or stack.cast_block_reason(g, p, o) is not None:
            continue
        if not mana_payment.can_pay(g, p, permit.reqs(g, p, o.card, 0, ()), ("spell", oid)):
            continue
        out.extend(A.CastSpell(oid, targets, 0, modes=modes) for modes, specs in stack.cast_variants(g, o.card)
                   for targets in targeting.target_combos(g, specs, p, oid, o.card.colors))
    return out


def _install() -> None:
    add_hook(registry.CAST_PERMISSIONS, _each_turn_permit)


_install()

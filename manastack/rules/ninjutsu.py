"""702.49 ninjutsu (compiled by cards/templates/keywords_ninjutsu.py).

- 702.49a: "Ninjutsu [cost]" means "[Cost], Reveal this card from your hand, Return an unblocked
  attacking creature you control to its owner's hand: Put this card onto the battlefield from your hand
  tapped and attacking." It functions only while the card is in its owner's hand (113.6b); the returned
  creature is chosen as the cost is paid (601.2h, 602.2b: the action's ("ninjutsu", id) choice, or the
  activation's answer).
- 702.49c / 509.1h: it may be activated only while a creature is unblocked (blockers have been declared
  and none were declared for it). The creature with ninjutsu is put onto the battlefield unblocked,
  attacking the player, planeswalker or battle the returned creature was attacking; 508.4a: if that
  planeswalker or battle has left the battlefield, it enters but is never an attacking creature.
- 508.3a / 508.4: it was never declared as an attacker ("whenever ... attacks" doesn't trigger), and
  508.4c: restrictions on declaring attackers don't apply to it.
- 702.49b: the card stays revealed until the ability leaves the stack; a card that has left the hand by
  then is a new object (400.7): the ability puts nothing onto the battlefield.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import registry
from ..errors import IllegalActionError
from ..model.events import EntersAttacking
from ..model.state import BATTLEFIELD, HAND
from ..model.vocab.ninjutsu import (  # noqa: F401 (the vocabulary this module executes)
    EnterAttacking,
    Ninjutsu,
)
from . import cost_objects, effect_context

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model import actions as A
    from ..model.state import Obj

CHOICE = "ninjutsu"


def unblocked_attackers(g: Game, p: int) -> list[int]:
    """509.1h: the attacking creatures `p` controls that are unblocked (only once blockers are declared)."""
    c = g.s.combat
    if c is None or not c.declared_blockers:
        return []
    objs = g.s.objects
    return [a for a in c.attackers if a not in c.blocked and a in objs and objs[a].controller == p
            and objs[a].zone == BATTLEFIELD]


def _defender_ok(g: Game, defender: int) -> bool:
    """508.4a: a player still in the game, or a planeswalker or battle still on the battlefield."""
    s = g.s
    if defender < 0:
        return not s.players[-1 - defender].lost
    o = s.objects.get(defender)
    return o is not None and o.zone == BATTLEFIELD and bool({"Planeswalker", "Battle"} & g.chars(o).types)


def _enter_attacking(g: Game, ctx: effect_context.Context, e: EnterAttacking) -> list | None:
    s = g.s
    records = s.ninjutsu_defenders
    mine = [i for i, (card, _) in enumerate(records) if card == ctx.source]
    if not mine:
        return None
    i = mine[-1]  # the latest activation resolves first (405.5)
    defender = records[i][1]
    s.ninjutsu_defenders = records[:i] + records[i + 1:]
    o = s.objects.get(ctx.source) if ctx.source is not None else None
    if o is None or o.zone != HAND:
        return None  # 702.49b / 400.7: it left the hand
    new = g.move(o.id, BATTLEFIELD, rule="702.49a", controller=ctx.controller, tapped=True)
    n = s.objects[new]
    if s.combat is not None and "Creature" in g.chars(n).types and _defender_ok(g, defender):
        # 702.49c: unblocked (never declared, 508.3a)
        g.perform(EntersAttacking("702.49c", new, defender, {"id": new, "attacking": g.name_of(defender)}))
    else:
        g.log_event("enters_attacking", "508.4a", card=n.card.name, id=new, attacking="nothing")
    return None


registry.register_effect(EnterAttacking, _enter_attacking)


def _ninjutsu_block_reason(g: Game, ab: Ninjutsu, p: int, o: Obj) -> str | None:
    if not unblocked_attackers(g, p):
        return (f"{o.card.name}: ninjutsu needs an unblocked attacking creature you control (702.49c: "
                f"blockers must have been declared)")
    return None


def _ninjutsu_cost_options(g: Game, ab: Ninjutsu, p: int, o: Obj) -> list[tuple]:
    """The announced choices of each way to pay: one per unblocked attacker that can be returned."""
    return [((CHOICE, a),) for a in unblocked_attackers(g, p)]


def _ninjutsu_pay(g: Game, ab: Ninjutsu, p: int, o: Obj, action: A.ActivateAbility) -> None:
    """601.2h: reveal the card, return the chosen unblocked attacker to its owner's hand."""
    cands = unblocked_attackers(g, p)
    chosen = next((v for k, v in action.choices if k == CHOICE), None) if action.choices else None
    if chosen is None:
        chosen = cost_objects.choose_cost_objects(g, p, cands, 1, "return", o.card.name)[0]
    if chosen not in cands:
        raise IllegalActionError(f"{o.card.name}: {g.name_of(chosen)} is not an unblocked attacking creature "
                                 f"you control (702.49a)")
    s = g.s
    defender = s.combat.attackers[chosen]  # type: ignore[union-attr]
    g.log_event("reveal", "702.49b", player=s.players[p].name, card=o.card.name)
    g.move(chosen, HAND, rule="702.49a")
    # What the ninja will attack (702.49c), kept until the ability resolves: an immutable tuple in the
    # state's dict (GameState.clone shares it).
    s.ninjutsu_defenders = s.ninjutsu_defenders + ((o.id, defender),)


def _ninjutsu_kept(choices: tuple) -> tuple[int, ...]:
    """The attacker returned (702.49a): its mana abilities can't pay the ability's mana (601.2h)."""
    return tuple(v for k, v in choices if k == "ninjutsu" and isinstance(v, int))


registry.HAND_ABILITY_COSTS[Ninjutsu] = registry.HandAbilityCosts(_ninjutsu_block_reason, _ninjutsu_cost_options,
                                                                 _ninjutsu_pay, _ninjutsu_kept)

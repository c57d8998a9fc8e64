"""Restrictions on casting and activating (601.3, 702.61, 101.2); the vocabulary is compiled by
cards/templates/casting.py, the hooks are registered by rules/casting.py.

- 601.3 "Cast this spell only ..." (during combat, before attackers are declared, ...), 702.61 split
  second (registry.CAST_RESTRICTIONS, registry.ACTIVATION_RESTRICTIONS).
- 101.2 statics of permanents: "Each player can't cast more than one spell each turn", "You can cast
  spells only during your turn" and the like;
  "This spell can't be countered" (effects.UNCOUNTERABLE_HOOKS).
- 101.2 / 201.2, an effect: "That creature's owner can't cast spells with the same name as that creature until
  your next turn" (Reflector Mage): the name of the permanent as it last existed, a record until its
  controller's next turn begins (611.2a, rules/timing_permissions.py ends it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..model import vocab as V
from ..model.events import EffectCreated
from ..model.state import (
    BEGIN_COMBAT,
    DECLARE_ATTACKERS,
    DECLARE_BLOCKERS,
    END_COMBAT,
    FIRST_STRIKE,
    MAIN2,
    ContinuousEffect,
    player_ref,
)
from ..model.vocab.alternative_costs import AlternativeCost, CastingKeyword
from ..model.vocab.cast_restrictions import (  # noqa: F401 (the vocabulary this module executes)
    CantCastSameName,
    CastRestriction,
    PlayerCastRestriction,
    Uncounterable,
)
from ..model.vocab.cost_modifiers import CostModifier
from ..model.vocab.timing_permissions import UNTIL_YOUR_NEXT_TURN
from . import alternative_costs, cost_modifiers, entry_choices, object_abilities, turn_history

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import Obj


def split_second_on_stack(g: Game) -> str | None:
    for it in g.s.stack:
        if it.kind == "spell" and it.obj in g.s.objects and alternative_costs.has_keyword(g.s.objects[it.obj].card, "split_second"):
            return it.name
    return None


def cast_restriction(g: Game, p: int, o: Obj) -> str | None:
    """registry.CAST_RESTRICTIONS: 702.61a (a spell with split second on the stack) and 601.3 (the
    card's own "Cast this spell only ...")."""
    if not cost_modifiers._casting_game(g):
        return None
    s = g.s
    if s.stack:
        name = split_second_on_stack(g)
        if name is not None:
            return f"702.61a: {name} has split second: no other spells can be cast while it is on the stack"
    why = static_cast_restriction(g, p, o.card)
    if why:
        return why
    for ab in o.card.abilities:
        if type(ab) is CastRestriction and not _restriction_ok(g, p, ab.kind):
            return f"601.3: {ab.text}"
        if type(ab) is AlternativeCost and ab.kind == "additional" and not alternative_costs._other_payable(g, p, o, ab):
            return f"{o.card.name}: its additional cost can't be paid (601.2b): {ab.text}"
    return None


def _restriction_ok(g: Game, p: int, kind: str) -> bool:
    s = g.s
    step = s.step
    if kind == "attacked_this_step":
        cb = s.combat
        return step == DECLARE_ATTACKERS and cb is not None and any(
            _attacks(g, d, p) for d in cb.attackers.values())
    if kind == "combat":
        return BEGIN_COMBAT <= step <= END_COMBAT
    if kind == "combat_before_blockers":
        return step in (BEGIN_COMBAT, DECLARE_ATTACKERS)
    if kind == "combat_after_blockers":
        return DECLARE_BLOCKERS <= step <= END_COMBAT
    if kind == "declare_blockers":
        return step == DECLARE_BLOCKERS
    if kind == "declare_attackers":
        return step == DECLARE_ATTACKERS
    if kind == "your_turn":
        return s.active == p
    if kind == "opponents_turn":
        return s.active != p
    if kind == "cast_another":
        return s.players[p].spells_cast >= 1
    if kind == "before_combat_damage":
        return step < FIRST_STRIKE
    if kind == "after_combat":
        return step >= MAIN2
    window = registry.TIMING_WINDOWS.get(kind)  # "before attackers are declared" (rules/timing_permissions.py)
    return window is not None and window[1](g, p)


def _attacks(g: Game, defender: int, p: int) -> bool:
    """Whether an attack on `defender` (a player ref or a planeswalker / battle id) attacks player `p`
    or a permanent `p` controls (506.3)."""
    if defender == player_ref(p):
        return True
    o = g.s.objects.get(defender) if defender >= 0 else None
    return o is not None and o.controller == p


def activation_restriction(g: Game, p: int, action: Any) -> str | None:
    """registry.ACTIVATION_RESTRICTIONS: 702.61a: while a spell with split second is on the stack, players
    can't activate abilities that aren't mana abilities."""
    s = g.s
    if not s.stack:
        return None
    name = split_second_on_stack(g)
    if name is None:
        return None
    if object_abilities.is_mana_ability_action(g, action):
        return None
    return f"702.61a: {name} has split second: only mana abilities can be activated while it is on the stack"


def static_cast_restriction(g: Game, p: int, card: V.CardDef) -> str | None:
    """Why a static ability on the battlefield stops `p` from casting `card` now (also for casts while
    resolving, 608.2g), or None."""
    s = g.s
    for o, ab in g.battlefield_abilities(PlayerCastRestriction):
        if (ab.who == "you" and o.controller != p) or (ab.who == "opponents" and o.controller == p):
            continue
        if ab.kind == "max_per_turn":
            blocked = s.players[p].spells_cast >= ab.n
        elif ab.kind == "during_your_turn":
            blocked = s.active == o.controller
        elif ab.kind == "only_your_turn":
            blocked = s.active != p  # "You can cast spells only during your turn"
        elif ab.kind == "during_combat":
            blocked = BEGIN_COMBAT <= s.step <= END_COMBAT
        elif ab.kind == "chosen_name":
            blocked = entry_choices.has_chosen_name(s, o.id, card.name)  # "spells with the chosen name" (201.4)
        elif ab.kind == "attacked_this_turn":
            blocked = turn_history.happened(g, p, "you_attacked")  # declared an attacking creature this turn
        else:
            blocked = cost_modifiers.spell_matches(ab.spell, card)
        if blocked:
            return f"101.2: {o.card.name}: {ab.text}"
    return None


CANT_CAST_NAME = "cant_cast_name"  # ContinuousEffect.kind of CantCastSameName; data: (the player, the name)


def cant_cast_same_name(g: Game, ctx: Any, e: CantCastSameName) -> list | None:
    """101.2: the restriction on the owner of the permanent referred to, by the name it last had (201.2)."""
    if not ctx.legal[e.of.index]:
        return None
    s = g.s
    oid = ctx.targets[e.of.index]
    o = s.objects.get(oid)
    if o is None and oid in s.lki:
        o = s.lki[oid][0]
    if o is None or oid < 0:
        return None
    record = ContinuousEffect(CANT_CAST_NAME, None, controller=ctx.controller, until=UNTIL_YOUR_NEXT_TURN,
                              timestamp=s.next_timestamp, data=(o.owner, o.card.name))
    s.next_timestamp += 1
    g.perform(EffectCreated("101.2", record, "cant_cast_name", {"player": s.players[o.owner].name,
                                                                 "name": o.card.name, "source": ctx.name}))
    return None


def same_name_restriction(g: Game, p: int, o: Obj) -> str | None:
    """registry.CAST_RESTRICTIONS: a spell with a name its caster can't cast (Reflector Mage)."""
    for e in g.s.effects:
        if e.kind == CANT_CAST_NAME and e.data == (p, o.card.name):
            return f"101.2: {g.s.players[p].name} can't cast spells named {o.card.name} now"
    return None


def uncounterable(g: Game, o: Obj) -> bool:
    """effects.UNCOUNTERABLE_HOOKS."""
    if not cost_modifiers._casting_game(g):
        return False
    for x, ab in g.battlefield_abilities(Uncounterable):
        if (ab.who == "each" or x.controller == o.controller) and cost_modifiers.spell_matches(ab.spell, o.card):
            return True
    return False


def flash_permission(g: Game, p: int, o: Obj) -> bool:
    """registry.FLASH_PERMISSIONS: "You may cast this spell as though it had flash if you pay {2} more to cast
    it" (601.3b; the extra cost is a CostModifier with condition "flash_timing"); "You may cast this spell
    as though it had flash. If you cast it any time a sorcery couldn't have been cast, ... sacrifices it
    at the beginning of the next cleanup step" (CastingKeyword "flash_sacrifice")."""
    if not _FLASH_KINDS & V.ability_types(o.card):
        return False
    return any((type(ab) is CostModifier and ab.condition is not None and ab.condition.kind == "flash_timing")
               or (type(ab) is CastingKeyword and ab.kind == "flash_sacrifice") for ab in o.card.abilities)


_FLASH_KINDS = frozenset({CostModifier, CastingKeyword})

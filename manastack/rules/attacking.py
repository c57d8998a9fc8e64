"""Attacking beyond the basics of rules/combat.py (508.1g-j, 508.4, 506.4) and the keywords that act as
creatures attack (702.134 mentor, 702.165 backup, 702.154 enlist, 701.39 exert); the templates are in
cards/templates/combat_keywords.py.

- 508.1g-j optional costs to attack: 701.39d exert, 702.154 enlist (`attack_costs`).
- 508.4: creatures put onto the battlefield attacking (`enter_attacking`, mobilize 702.181a of the 2026
  rules); "for each other attacking creature" pumps.
- 506.4: "remove it from combat".
- 702.134 mentor; 702.165 backup (layer 6 grants until end of turn, GRANT effects).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..errors import IllegalActionError
from ..model import actions as A
from ..model import vocab as V
from ..model.events import EffectCreated, EntersAttacking
from ..model.state import BATTLEFIELD, ContinuousEffect, player_ref
from ..model.vocab.attacking import (  # noqa: F401 (the vocabulary this module executes)
    BackupGrant,
    CantBlockSource,
    CreateAttacking,
    EnlistBonus,
    ExertAbility,
    PumpPerOtherAttacking,
    RemoveFromCombat,
    SacrificeObjects,
)
from ..model.vocab.combat_keywords import NEXT_UNTAP, CombatRuleData
from . import add_hook, combat_keywords, continuous, effect_context, trigger_queue
from . import effects as E
from . import targeting as _targeting_module

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import GameState, Obj


GRANT = "grant_abilities"  # ContinuousEffect kind; data: (abilities, protection qualities)


def effect_grants(s: GameState, obj: Obj, abilities: tuple, protection: tuple) -> tuple[tuple, tuple]:
    """Layer 6 (613.1f): abilities and protection that resolved spells and abilities gave `obj` until
    end of turn (backup), in timestamp order."""
    lost_at = continuous.lost_all_at(s, obj.id)
    for e in s.effects:
        if e.kind == GRANT and e.target == obj.id:
            if lost_at is not None and e.timestamp < lost_at:
                continue  # 613.7: given before it lost all abilities (613.1f)
            abilities = abilities + e.data[0]
            protection = protection + e.data[1]
    return abilities, protection


add_hook(registry.EFFECT_GRANTS, effect_grants)


def _backup_grant(g: Game, ctx: effect_context.Context, e: BackupGrant) -> list | None:
    oid = effect_context.target_object(g, ctx, e.target)
    if oid is None or oid == ctx.source:
        return None  # the backup creature itself: only the counters
    s = g.s
    if e.keywords:
        E.run(g, ctx, (V.Pump(e.target, 0, 0, e.keywords),), finish=None)
    if e.abilities or e.protection:
        g.perform(EffectCreated("702.165a", ContinuousEffect(GRANT, oid, timestamp=s.next_timestamp,
                                                             controller=ctx.controller,
                                                             data=(e.abilities, e.protection))))
        s.next_timestamp += 1
    g.log_event("backup", "702.165a", card=g.name_of(oid), keywords=list(e.keywords),
                abilities=[ab.text for ab in e.abilities], protection=list(e.protection))
    return None


registry.register_effect(BackupGrant, _backup_grant)


def _cant_block_source(g: Game, ctx: effect_context.Context, e: CantBlockSource) -> list | None:
    oid = effect_context.target_object(g, ctx, e.target)
    if oid is None or ctx.source is None:
        return None
    combat_keywords.add_rules_effect(g, oid, CombatRuleData((f"cant_block_creature:{ctx.source}",)), ctx.controller, "eot", ctx.name)
    return None


registry.register_effect(CantBlockSource, _cant_block_source)


def _enlist_bonus(g: Game, ctx: effect_context.Context, e: EnlistBonus) -> list | None:
    x = 0
    t = ctx.event_obj
    if t is not None and t >= 0:
        o = g.s.objects.get(t)
        if o is not None and o.zone == BATTLEFIELD:
            x = g.chars(o).power or 0
        elif t in g.s.lki:
            x = g.s.lki[t][1].power or 0
    if x:
        E.run(g, ctx, (V.Pump(V.SELF, x, 0),), finish=None)
    return None


registry.register_effect(EnlistBonus, _enlist_bonus)


ENLIST_TRIGGER = V.TriggeredAbility("Enlist (when you do, this creature gets +X/+0 until end of turn)", "reflexive",
                                    (EnlistBonus(),))


def exert(g: Game, p: int, o: Obj, rule: str) -> None:
    """701.39a: it won't untap during its controller's next untap step; "whenever you exert a
    creature" triggers (603.2)."""
    combat_keywords.add_rules_effect(g, o.id, CombatRuleData(("doesnt_untap",), None, p), p, NEXT_UNTAP, o.card.name)
    g.log_event("exert", rule, player=g.s.players[p].name, card=o.card.name)
    for w, ab in trigger_queue.watchers(g, ("you_exert",)):
        if w.controller == p:
            trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name, event_obj=o.id)


def attack_costs(g: Game, attackers: list[int]) -> None:
    """508.1g-j: the optional costs to attack, chosen by the active player for each attacker in the
    order declared: exert (701.39d), enlist (702.154a: tap a non-attacking untapped creature you
    control that has haste or has been under your control since the turn began). A linked "when
    you do" ability triggers (607.2h). With a chooser (the scenario runner) the answers are read at
    once; otherwise each is a decision of the active player, queued right after the declaration."""
    s = g.s
    p = s.active
    later: list[tuple] = []
    for cid in attackers:
        o = s.objects[cid]
        for ab in g.chars(o).abilities:
            if isinstance(ab, ExertAbility):
                prompt = f"701.39d: exert {o.card.name} as it attacks (true or false)?"
                if g.chooser is None:
                    later.append(("choice", "exert", p, (True, False), prompt, (cid, ab)))
                elif g.chooser(p, "exert", [False, True], prompt):
                    _do_exert(g, p, cid, ab)
            elif isinstance(ab, V.StaticAbility) and ab.kind == "enlist":
                cands = _enlist_candidates(g, p)
                if not cands:
                    continue
                prompt = f"702.154a: the creature {o.card.name} enlists ({', '.join(g.name_of(c) for c in cands)}), or false"
                if g.chooser is None:
                    later.append(("choice", "enlist", p, tuple(cands) + (False,), prompt, cid))
                elif g.chooser(p, "enlist", [False, True], f"702.154a: enlist a creature for {o.card.name}?"):
                    _do_enlist(g, p, cid, g.chooser(p, "enlist_creature", cands, prompt))
    if later:
        s.queue[1:1] = later  # after the declaration being carried out (s.queue[0])


def _enlist_candidates(g: Game, p: int) -> list[int]:
    cb = g.s.combat
    return [x.id for x in g.permanents(p) if cb is not None and x.id not in cb.attackers and not x.tapped
            and "Creature" in g.chars(x).types and (not x.sick or "haste" in g.chars(x).keywords)]


def _do_exert(g: Game, p: int, cid: int, ab: ExertAbility) -> None:
    o = g.s.objects.get(cid)
    if o is None or o.zone != BATTLEFIELD:
        return  # 701.39c
    exert(g, p, o, "701.39d")
    if ab.reflexive is not None:
        trigger_queue.queue(g, p, cid, ab.reflexive, None, o.card.name)


def _do_enlist(g: Game, p: int, cid: int, t: Any) -> None:
    s = g.s
    if t is False or t not in _enlist_candidates(g, p) or cid not in s.objects:
        return
    g.tap(s.objects[t], "702.154a")
    g.log_event("enlist", "702.154a", card=s.objects[cid].card.name, enlisted=g.name_of(t))
    trigger_queue.queue(g, p, cid, ENLIST_TRIGGER, None, s.objects[cid].card.name, event_obj=t)


def _attack_cost_actions(g: Game, d: Any) -> list:
    return [A.Choose(v) for v in d.data]


def _answer_exert(g: Game, d: Any, value: Any) -> None:
    if not isinstance(value, bool):
        raise IllegalActionError(f"{d.prompt}: answer true or false")
    cid, ab = g.s.queue[0][5]
    g.s.pending = None
    g.s.queue.pop(0)
    if value:
        _do_exert(g, d.player, cid, ab)


def _answer_enlist(g: Game, d: Any, value: Any) -> None:
    if value not in d.data or (isinstance(value, bool) and value is not False):
        raise IllegalActionError(f"{d.prompt}: choose one of {', '.join(g.name_of(c) for c in d.data if c is not False)} "
                                 f"or false")
    cid = g.s.queue[0][5]
    g.s.pending = None
    g.s.queue.pop(0)
    _do_enlist(g, d.player, cid, value)


registry.CHOICES["exert"] = (_attack_cost_actions, _answer_exert)


registry.CHOICES["enlist"] = (_attack_cost_actions, _answer_enlist)


def _remove_from_combat(g: Game, ctx: effect_context.Context, e: RemoveFromCombat) -> list | None:
    oid = effect_context.target_object(g, ctx, e.target)
    if oid is not None:
        registry.RULES.remove_from_combat(g, oid)
    return None


registry.register_effect(RemoveFromCombat, _remove_from_combat)


def _new_permanents(g: Game, before: set[int], controller: int) -> list[int]:
    s = g.s
    return [oid for oid in s.battlefield if oid not in before and s.objects[oid].controller == controller]


def enter_attacking(g: Game, oids: list[int], controller: int) -> None:
    """508.4 / 508.4c: creatures put onto the battlefield attacking are attacking creatures (never
    declared as attackers, so "whenever ... attacks" doesn't trigger); with two players each attacks
    the only opponent. Outside combat, or on the other player's turn, they just enter tapped."""
    s = g.s
    cb = s.combat
    for oid in oids:
        o = s.objects[oid]
        o.tapped = True  # entering tapped is not becoming tapped
        if cb is not None and controller == s.active and "Creature" in g.chars(o).types:
            g.perform(EntersAttacking("508.4", oid, player_ref(1 - controller),
                                      {"id": oid, "defender": s.players[1 - controller].name}))


def _sacrifice_objects(g: Game, ctx: effect_context.Context, e: SacrificeObjects) -> list | None:
    for oid in e.ids:
        o = g.s.objects.get(oid)
        if o is not None and o.zone == BATTLEFIELD and o.controller == ctx.controller:
            E.sacrifice(g, oid)
    return None


def _create_attacking(g: Game, ctx: effect_context.Context, e: CreateAttacking) -> list | None:
    before = set(g.s.battlefield)
    E.run(g, ctx, (e.create,), finish=None)
    new = _new_permanents(g, before, ctx.controller)
    enter_attacking(g, new, ctx.controller)
    if e.sacrifice_at_end and new:
        E.run(g, ctx, (V.DelayedTrigger("next_end", (SacrificeObjects(tuple(new)),),
                                        "Sacrifice them at the beginning of the next end step."),), finish=None)
    return None


registry.register_effect(CreateAttacking, _create_attacking)
registry.register_effect(SacrificeObjects, _sacrifice_objects)


def _pump_per_other_attacking(g: Game, ctx: effect_context.Context, e: PumpPerOtherAttacking) -> list | None:
    oid = effect_context.target_object(g, ctx, e.target)
    cb = g.s.combat
    if oid is None or cb is None:
        return None
    k = sum(1 for a in cb.attackers if a != oid and a in g.s.objects
            and _targeting_module.matches_filter(g, e.filter, g.s.objects[a], ctx.controller, ctx.source))
    if k:
        E.run(g, ctx, (V.Pump(e.target, e.power * k, e.toughness * k),), finish=None)
    return None


registry.register_effect(PumpPerOtherAttacking, _pump_per_other_attacking)

"""CR 506-511: the combat phase.

- 506.4: a permanent removed from combat (left the battlefield, stopped being a creature)
  neither deals nor is dealt combat damage; 509.2a / 509.3a: it leaves damage assignment orders.
- 508.1: declaring attackers (302.6 summoning sickness and 702.10 haste, tapped creatures,
  702.3b defender, 508.1f tapping, 702.20b vigilance); 508.8: no attackers skips to end of combat.
  508.1c restrictions ("can't attack", "can't attack unless defending player controls an Island",
  "can't attack alone"); 508.1d requirements ("attacks each combat if able"; "attacks you this turn if
  able": that player, not a planeswalker, while that player can be attacked).
- 509.1: declaring blockers (whether the declaration is legal, 509.1a-c, is rules/blocking_requirements.py);
  509.1h: a blocked creature stays blocked; a creature that "can block an additional creature" blocks
  several attackers (its damage assignment order, 509.3, is the order the declaration lists them in).
- 509.2 / 509.3 (profile cr-2024-09): damage assignment orders.
- 510.1: assigning combat damage (510.1c lethal damage in order for cr-2024-09; free division among
  blockers for cr-2026-02), 702.19 trample, 702.2c deathtouch, 510.2 simultaneous damage, 510.4 the
  first-strike damage step (702.7, 702.4), 702.15 lifelink.
- Stack of Paperwork ("Combat damage uses the stack"): the assignment of each combat damage step is
  one object on the stack controlled by no player; it deals the damage as assigned when it resolves,
  using last known information for sources that left, and not to creatures that left or stopped
  being creatures (its 2019-11-12 rulings).
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any

from ..errors import IllegalActionError
from ..model import actions as A
from ..model.state import BATTLEFIELD, FIRST_STRIKE, StackItem, player_ref
from ..model.vocab import StaticAbility
from ..model.vocab.attacking import AttackIfDefenderControls
from ..model.vocab.cast_restrictions import NO_ATTACK_AFTER_CASTING
from . import attacking as _attacking_module
from . import blocking_requirements as _blocking_requirements_module
from . import combat_costs, continuous, effects, targeting, triggers
from . import combat_keywords as _combat_keywords_module

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import Obj


# ----------------------------------------------------------------------------- attackers

def attack_block_reason(g: Game, o: Obj, p: int) -> str | None:
    """Why creature `o` can't attack for `p` (508.1a), or None."""
    c = g.chars(o)
    if o.zone != BATTLEFIELD or "Creature" not in c.types:
        return f"{o.card.name} is not a creature on the battlefield"
    if o.controller != p:
        return f"508.1a: {o.card.name} is not controlled by the active player"
    if o.tapped:
        return f"508.1a: {o.card.name} is tapped and can't attack"
    if o.sick and "haste" not in c.keywords:
        return (f"302.6: {o.card.name} has not been under its controller's control continuously since their "
                f"most recent turn began, so it can't attack")
    if "defender" in c.keywords and "attack_despite_defender" not in c.rules:
        return f"702.3b: {o.card.name} has defender and can't attack"
    if g.s.players[p].spells_cast:
        for src, _ab in g.statics_of_kind(NO_ATTACK_AFTER_CASTING):
            if src.controller != p:
                return f"508.1c: {src.card.name}: a player who cast a spell this turn can't attack with creatures"
    for ab in c.abilities:
        if type(ab) is AttackIfDefenderControls:
            # 508.1c: "can't attack if / unless defending player controls ..." (the player it would attack)
            has = any(targeting.matches_filter(g, ab.filter, x, p, o.id) for x in g.permanents(1 - p))
            if has != ab.unless:
                return f"508.1c: {o.card.name}: {ab.text}"
    if c.rules:
        if "cant_attack" in c.rules:
            return f"508.1c: {o.card.name} can't attack"
        for r in c.rules:
            if r.startswith("attack_unless:"):
                sub = r.split(":", 1)[1]
                if not any(sub in g.chars(x).subtypes for x in g.permanents(1 - p)):
                    return f"508.1c: {o.card.name} can't attack unless defending player controls a {sub}"
    return None


def attack_declaration_error(g: Game, attackers: list[int]) -> str | None:
    """508.1c restrictions on the declaration as a whole, and 508.1d: the declaration must obey as
    many requirements ("attacks each combat if able") as possible without disobeying a restriction."""
    s = g.s
    if not continuous.any_layered(g) and not any(e.kind == "combat_rules" for e in s.effects):
        return None  # no static ability nor resolved effect ("attacks this turn if able") has attack rules
    if len(attackers) == 1:
        o = s.objects[attackers[0]]
        if "cant_attack_alone" in g.chars(o).rules:
            return f"508.1c: {o.card.name} can't attack alone"
    chosen = set(attackers)
    for o in g.permanents(s.active):
        if o.id not in chosen and "attacks_each_combat" in g.chars(o).rules \
                and attack_block_reason(g, o, s.active) is None:
            if "cant_attack_alone" in g.chars(o).rules and not chosen:
                continue
            if combat_costs.has_tax(g, o.id, combat_costs.ATTACK_TAX):
                continue  # 508.1d: a requirement never makes its controller pay a cost to attack
            return f"508.1d: {o.card.name} attacks each combat if able, and it is able to attack"
    # 508.1h: the total cost to attack, payable without the attackers that will be tapped (508.1f)
    tapped = tuple(c for c in attackers if "vigilance" not in g.chars(s.objects[c]).keywords)
    return combat_costs.unpayable(g, s.active, attackers, combat_costs.ATTACK_TAX, tapped)


def required_attack_target(g: Game, o: Obj, targets: list[int]) -> int | None:
    """508.1d: the player `o` must attack ("attacks you this turn if able": the rule "attacks_player:N"),
    when that player is among the attack `targets`; else None."""
    for r in g.chars(o).rules:
        if r.startswith("attacks_player:"):
            ref = player_ref(int(r.split(":", 1)[1]))
            if ref in targets:
                return ref
    return None


def possible_attackers(g: Game) -> list[int]:
    p = g.s.active
    # Untapped creatures first (cheap), so that no reason is written out for every land.
    return [o.id for o in g.permanents(p) if not o.tapped and "Creature" in g.chars(o).types
            and attack_block_reason(g, o, p) is None]


def attack_targets(g: Game) -> list[int]:
    """506.1 / 508.1b: the defending player and the planeswalkers they control (listed once per state
    of the characteristics: a copy, for the caller to keep)."""
    d = _blocking_requirements_module.defending_player(g)
    return list(g.derived(("attack_targets", d), lambda: [player_ref(d)] + [
        o.id for o in g.permanents(d) if "Planeswalker" in g.chars(o).types]))


def declare_attackers(g: Game, pairs: tuple[tuple[int, int], ...]) -> None:
    """508.1: validate the whole declaration, then tap the attackers (508.1f)."""
    s = g.s
    p = s.active
    seen: set[int] = set()
    targets = attack_targets(g)
    for cid, d in pairs:
        o = s.objects.get(cid)
        if o is None:
            raise IllegalActionError(f"no creature #{cid}")
        why = attack_block_reason(g, o, p)
        if why:
            raise IllegalActionError(why)
        if cid in seen:
            raise IllegalActionError(f"508.1a: {o.card.name} is declared as an attacker twice")
        seen.add(cid)
        if d not in targets:
            raise IllegalActionError(f"508.1b: {g.name_of(d)} can't be attacked by {s.players[p].name}")
    why = attack_declaration_error(g, [c for c, _ in pairs])
    if why:
        raise IllegalActionError(why)
    for cid, d in pairs:
        must = required_attack_target(g, s.objects[cid], targets)
        if must is not None and d != must:
            raise IllegalActionError(f"508.1d: {s.objects[cid].card.name} attacks {g.name_of(must)} this turn if able")
    cb = s.combat
    assert cb is not None
    for cid, d in pairs:
        o = s.objects[cid]
        cb.attackers[cid] = d
        if "vigilance" not in g.chars(o).keywords:
            o.tapped = True
        g.log_event("attack", "508.1", card=o.card.name, id=cid, defender=g.name_of(d), tapped=o.tapped)
    s.partial = {}
    cb.declared_any = bool(pairs)
    combat_costs.pay(g, p, [c for c, _ in pairs], combat_costs.ATTACK_TAX)  # 508.1i-j
    if pairs:
        attack_costs = _attacking_module.attack_costs
        attack_costs(g, [c for c, _ in pairs])  # 508.1g-j: optional costs to attack (exert, enlist)
        triggers.attacked(g, [c for c, _ in pairs])
    else:
        g.record("no_attackers", "508.8")


# ----------------------------------------------------------------------------- blockers


def declare_blockers(g: Game, blocks: tuple[tuple[int, tuple[int, ...]], ...]) -> None:
    _blocking_requirements_module.validate_blocks(g, blocks)
    s = g.s
    cb = s.combat
    assert cb is not None
    # 509.1i-j: the total cost to block, paid by the defending player
    combat_costs.pay(g, _blocking_requirements_module.defending_player(g), [b for b, _ in blocks],
                     combat_costs.BLOCK_TAX)
    for bid, atts in blocks:
        cb.blockers[bid] = list(atts)
        for a in atts:
            cb.blocked.add(a)
            cb.order.setdefault(a, []).append(bid)
        g.log_event("block", "509.1", card=s.objects[bid].card.name, id=bid,
                    attackers=[s.objects[a].card.name for a in atts])
    cb.declared_blockers = True
    s.partial = {}
    if not blocks:
        g.record("no_blockers", "509.1")
    # 509.2: orders for attackers blocked by two or more creatures (profile cr-2024-09).
    if uses_order(g):
        for a in sorted(cb.order, key=lambda x: list(cb.attackers).index(x)):
            if len(cb.order[a]) > 1:
                s.queue.append(("order_blockers", s.active, a))
        # 509.3: then the defending player orders the attackers of each creature blocking several.
        for b, atts in cb.blockers.items():
            if len(atts) > 1:
                s.queue.append(("order_blockers", 1 - s.active, b))


def uses_order(g: Game) -> bool:
    return g.s.profile == "cr-2024-09"


def current_order(g: Game, creature: int) -> list[int]:
    """An attacker's blockers (509.2), or a blocker's attackers (509.3), in damage assignment order."""
    cb = g.s.combat
    assert cb is not None
    if creature in cb.attackers:
        return cb.order.get(creature, [])
    return cb.blockers.get(creature, [])


def set_order(g: Game, attacker: int, order: tuple[int, ...]) -> None:
    cb = g.s.combat
    assert cb is not None
    if attacker not in cb.attackers and attacker in cb.blockers:
        # 509.3: a blocker's damage assignment order among the attackers it blocks.
        cur_b = cb.blockers[attacker]
        if sorted(order) != sorted(cur_b) or len(order) != len(cur_b):
            raise IllegalActionError(f"509.3: the damage assignment order of {g.name_of(attacker)} must list each "
                                     f"attacker it blocks exactly once ({', '.join(g.name_of(a) for a in cur_b)})")
        cb.blockers[attacker] = list(order)
        g.log_event("damage_assignment_order", "509.3", blocker=g.name_of(attacker),
                    order=[g.name_of(a) for a in order])
        return
    cur = cb.order.get(attacker, [])
    if sorted(order) != sorted(cur) or len(order) != len(cur):
        names = ", ".join(g.name_of(b) for b in cur)
        raise IllegalActionError(f"509.2: the damage assignment order of {g.name_of(attacker)} must list each of "
                                 f"its blockers exactly once ({names})")
    cb.order[attacker] = list(order)
    g.log_event("damage_assignment_order", "509.2", attacker=g.name_of(attacker),
                order=[g.name_of(b) for b in order])


def remove_from_combat(g: Game, oid: int) -> None:
    """506.4: removed from combat; 509.2a: leaves damage assignment orders."""
    cb = g.s.combat
    if cb is None:
        return
    hit = False
    if oid in cb.attackers:
        del cb.attackers[oid]
        cb.order.pop(oid, None)
        for atts in cb.blockers.values():
            if oid in atts:
                atts.remove(oid)
        hit = True
    if oid in cb.blockers:
        del cb.blockers[oid]
        for order in cb.order.values():
            if oid in order:
                order.remove(oid)
        hit = True
    if hit:
        cb.removed.add(oid)
        g.log_event("removed_from_combat", "506.4", id=oid)


def prune(g: Game) -> None:
    """Creatures that stopped being creatures are removed from combat (506.4)."""
    s = g.s
    cb = s.combat
    if cb is None:
        return
    for oid in list(cb.attackers) + list(cb.blockers):
        o = s.objects.get(oid)
        if o is None or o.zone != BATTLEFIELD or "Creature" not in g.chars(o).types:
            remove_from_combat(g, oid)


# ----------------------------------------------------------------------------- damage

def damage_amount(c) -> int:
    """510.1a: the combat damage a creature assigns: its power, or its toughness under "assigns
    combat damage equal to its toughness rather than its power" (rules/combat_keywords.py)."""
    if c.rules:
        return _combat_keywords_module.combat_damage_amount(c)
    return c.power or 0


def needs_first_strike_step(g: Game) -> bool:
    """510.4: a first-strike damage step happens if an attacking or blocking creature has first
    strike or double strike as the combat damage step begins."""
    cb = g.s.combat
    if cb is None:
        return False
    for oid in list(cb.attackers) + list(cb.blockers):
        kw = g.chars(g.s.objects[oid]).keywords
        if "first strike" in kw or "double strike" in kw:
            return True
    return False


def assigners(g: Game) -> list[int]:
    """The creatures that assign combat damage in this step (510.1, 510.4, 702.7c, 702.4c-d)."""
    s = g.s
    cb = s.combat
    if cb is None:
        return []
    out = []
    for oid in list(cb.attackers) + list(cb.blockers):
        kw = g.chars(s.objects[oid]).keywords
        fs = "first strike" in kw
        ds = "double strike" in kw
        if s.step == FIRST_STRIKE:
            ok = fs or ds
        elif cb.first_strike_step:
            # 510.4 / 702.7c: those that had neither first strike nor double strike as the first step
            # began, and those that have double strike now (a first striker pumped from 0 power
            # doesn't deal damage now; one that gained first strike after the first step does).
            ok = ds or oid not in cb.first_strikers
        else:
            ok = True
        c = g.chars(s.objects[oid])
        if ok and damage_amount(c) > 0 and "no_combat_damage" not in c.rules:  # "assigns no combat damage this turn"
            out.append(oid)
    return out


def recipients(g: Game, oid: int) -> tuple[list[int], bool]:
    """Who `oid` may assign damage to, in damage assignment order, and whether the last one is a
    player or planeswalker that may receive excess (trample)."""
    s = g.s
    cb = s.combat
    assert cb is not None
    if oid in cb.attackers:
        d = cb.attackers[oid]
        if oid not in cb.blocked:
            if d >= 0 and (d not in s.objects or s.objects[d].zone != BATTLEFIELD):
                return [], False  # 510.1b: attacking a planeswalker that left
            return [d], False
        blockers = [b for b in cb.order.get(oid, []) if b in s.objects and s.objects[b].zone == BATTLEFIELD]
        if "trample" in g.chars(s.objects[oid]).keywords:
            return blockers + [d], True  # 702.19b/e
        return blockers, False
    if oid in cb.blockers:
        return [a for a in cb.blockers[oid] if a in s.objects and s.objects[a].zone == BATTLEFIELD], False
    return [], False


def lethal_needed(g: Game, source: Obj, target: int, already: dict[int, int]) -> int:
    """Lethal damage for assignment (510.1c, 702.19b, 702.2c): toughness minus damage marked and
    damage already assigned this step by other creatures; any nonzero amount with deathtouch."""
    o = g.s.objects[target]
    c = g.chars(o)
    need = max(0, (c.toughness or 0) - o.damage - already.get(target, 0))
    if need > 0 and "deathtouch" in g.chars(source).keywords:
        return 1
    return need


def default_assignment(g: Game, oid: int, already: dict[int, int]) -> tuple[tuple[int, int], ...]:
    """Lethal damage to each recipient in order, the rest to the last (the player for a trampler)."""
    src = g.s.objects[oid]
    power = damage_amount(g.chars(src))
    recs, trample = recipients(g, oid)
    if power <= 0 or not recs:
        return ()
    if len(recs) == 1:
        return ((recs[0], power),)
    out: dict[int, int] = {}
    left = power
    creature_recs = recs[:-1] if trample else recs
    for i, r in enumerate(creature_recs):
        last = (i == len(creature_recs) - 1) and not trample
        n = left if last else min(left, lethal_needed(g, src, r, already))
        if n:
            out[r] = n
        left -= n
    if trample and left:
        out[recs[-1]] = left
    elif left:
        out[creature_recs[-1]] = out.get(creature_recs[-1], 0) + left
    return tuple((r, n) for r, n in out.items() if n)


def has_choice(g: Game, oid: int, already: dict[int, int]) -> bool:
    unblocked_target = _blocking_requirements_module.unblocked_target
    if unblocked_target(g, oid) is not None:
        return True  # "assign its combat damage as though it weren't blocked": the controller chooses
    recs, trample = recipients(g, oid)
    if len(recs) < 2:
        return False
    src = g.s.objects[oid]
    power = damage_amount(g.chars(src))
    if not uses_order(g) and not trample:
        return True
    first = recs[0]
    if first < 0 or (trample and len(recs) == 1):
        return False
    return power > lethal_needed(g, src, first, already) or (not uses_order(g) and len(recs) > 2)


def validate_assignment(g: Game, oid: int, assignment: tuple[tuple[int, int], ...], already: dict[int, int]) -> None:
    """510.1a-c (per profile), 702.19b: refuse an illegal division, naming the rule."""
    s = g.s
    src = s.objects[oid]
    power = damage_amount(g.chars(src))
    recs, trample = recipients(g, oid)
    if _blocking_requirements_module.assigned_as_unblocked(g, oid, assignment, power, recs):
        return
    name = src.card.name
    amounts: dict[int, int] = {}
    for r, n in assignment:
        if n < 0:
            raise IllegalActionError(f"510.1a: {name} can't assign a negative amount of damage")
        if r not in recs:
            raise IllegalActionError(f"510.1: {name} can't assign combat damage to {g.name_of(r)}")
        amounts[r] = amounts.get(r, 0) + n
    if sum(amounts.values()) != max(power, 0):
        raise IllegalActionError(f"510.1a: {name} must assign exactly its power ({power}) as combat damage, "
                                 f"not {sum(amounts.values())}")
    creature_recs = recs[:-1] if trample else recs
    if trample and amounts.get(recs[-1], 0):
        for b in creature_recs:
            if amounts.get(b, 0) < lethal_needed(g, src, b, already):
                raise IllegalActionError(
                    f"702.19b: {name} can assign damage to {g.name_of(recs[-1])} only after lethal damage is "
                    f"assigned to all creatures blocking it ({g.name_of(b)} needs "
                    f"{lethal_needed(g, src, b, already)})")
    if uses_order(g):
        for i, b in enumerate(creature_recs):
            if amounts.get(b, 0) > 0:
                for prev in creature_recs[:i]:
                    if amounts.get(prev, 0) < lethal_needed(g, src, prev, already):
                        raise IllegalActionError(
                            f"510.1c: {name} can't assign damage to {g.name_of(b)} unless each creature before it "
                            f"in the damage assignment order is assigned lethal damage ({g.name_of(prev)} needs "
                            f"{lethal_needed(g, src, prev, already)})")


def begin_damage_step(g: Game) -> None:
    """510.1: work out who assigns damage; ask for the assignments that are choices."""
    s = g.s
    cb = s.combat
    if cb is None:
        return
    prune(g)
    if s.step == FIRST_STRIKE:
        cb.first_strike_step = True
        cb.first_strikers = {oid for oid in list(cb.attackers) + list(cb.blockers)
                             if {"first strike", "double strike"} & g.chars(s.objects[oid]).keywords}
    s.partial = {"assign": {}, "assigners": assigners(g)}
    # Attackers' assignments are announced first (active player), then blockers' (510.1).
    for oid in s.partial["assigners"]:
        s.queue.append(("assign_damage", oid))
    s.queue.append(("deal_combat_damage",))


def already_assigned(g: Game, except_oid: int | None = None) -> dict[int, int]:
    out: dict[int, int] = {}
    for oid, asg in g.s.partial.get("assign", {}).items():
        if oid == except_oid:
            continue
        for r, n in asg:
            out[r] = out.get(r, 0) + n
    return out


def apply_assignments(g: Game, assignments: tuple[tuple[int, tuple[tuple[int, int], ...]], ...]) -> None:
    """510.1e: the player's assignments are checked together."""
    s = g.s
    pending = s.partial.get("assign")
    if pending is None:
        raise IllegalActionError("no combat damage assignment is pending (510.1)")
    who = s.partial["assigners"]
    new = dict(pending)
    for oid, asg in assignments:
        if oid not in who:
            raise IllegalActionError(f"{g.name_of(oid)} doesn't assign combat damage in this step (510.1)")
        if oid in pending:
            raise IllegalActionError(f"{g.name_of(oid)}'s combat damage is already assigned")
        new[oid] = tuple(asg)
    saved = s.partial["assign"]
    s.partial["assign"] = new
    try:
        for oid, asg in assignments:
            validate_assignment(g, oid, tuple(asg), already_assigned(g, oid))
    except IllegalActionError:
        s.partial["assign"] = saved
        raise
    for oid, asg in assignments:
        g.log_event("assign_damage", "510.1", card=g.name_of(oid),
                    assignment={g.name_of(r): n for r, n in asg})
    # Remove the answered creatures' queue items.
    answered = {oid for oid, _ in assignments}
    s.queue = [q for q in s.queue if not (q[0] == "assign_damage" and q[1] in answered)]


def deal_combat_damage(g: Game) -> None:
    """510.2: all combat damage is dealt simultaneously (or, under Stack of Paperwork, put on the stack)."""
    s = g.s
    cb = s.combat
    if cb is None:
        return
    plan = []
    for oid in s.partial.get("assigners", []):
        o = s.objects.get(oid)
        if o is None or o.zone != BATTLEFIELD:
            continue
        asg = s.partial["assign"].get(oid)
        if asg is None:
            asg = default_assignment(g, oid, already_assigned(g, oid))
            s.partial["assign"][oid] = asg
        for r, n in asg:
            plan.append((oid, (o.copy(), g.chars(o)), r, n))
    s.partial = {}
    if paperwork_active(g):
        item = StackItem(s.next_id, "combat_damage", None, "combat damage", damage=tuple(plan), step=s.step)
        s.next_id += 1
        s.stack.append(item)
        g.log_event("combat_damage_on_stack", "Stack of Paperwork", rules="510.2",
                    assignment=[(g.name_of(a), g.name_of(r), n) for a, _, r, n in plan])
        return
    with effects.simultaneous_damage(g):  # 510.2: all at once (one life gain per lifelinker, 120.3f)
        for _oid, (obj, chars), r, n in plan:
            effects.deal_damage(g, obj.card.name, chars, obj.controller, r, n, "510.2", combat=True,
                                source_id=obj.id)


def paperwork_active(g: Game) -> bool:
    """Whether a permanent has "Combat damage uses the stack" (Stack of Paperwork)."""
    return any(isinstance(ab, StaticAbility) for _, ab in g.statics_of_kind("combat_damage_uses_stack"))


def resolve_damage_object(g: Game, item: StackItem) -> None:
    """Stack of Paperwork rulings: damage is dealt as assigned; a source that left uses last known
    information; damage to a creature that left or stopped being a creature isn't dealt."""
    s = g.s
    g.log_event("resolve", "608.2", card="combat damage")
    with effects.simultaneous_damage(g):  # 510.2 / 120.3f: one life gain per lifelinker
        for oid, (obj, chars), r, n in item.damage:
            cur = s.objects.get(oid)
            if cur is not None and cur.zone == BATTLEFIELD:
                chars_now = g.chars(cur)
                src_chars, src_obj = chars_now, cur
            else:
                src_chars, src_obj = chars, obj
            if r >= 0:
                t = s.objects.get(r)
                if t is None or t.zone != BATTLEFIELD:
                    continue
                tc = g.chars(t)
                if not ({"Creature", "Planeswalker"} & tc.types):
                    continue
            effects.deal_damage(g, src_obj.card.name, src_chars, src_obj.controller, r, n, "510.2", combat=True,
                                source_id=src_obj.id)


def end_of_combat(g: Game) -> None:
    """511.3: as the end of combat step ends, all creatures are removed from combat."""
    g.s.combat = None


# ----------------------------------------------------------------------------- decisions for agents

def attack_actions(g: Game) -> list[A.Action]:
    s = g.s
    partial: dict = s.partial.get("attack", {})  # listing writes nothing
    acts: list[A.Action] = []
    if attack_declaration_error(g, list(partial)) is None:
        acts.append(A.DeclareAttackers(tuple(partial.items())))
    targets = attack_targets(g)
    for c in possible_attackers(g):
        if c not in partial:
            must = required_attack_target(g, s.objects[c], targets)
            for d in targets:
                if must is None or d == must:
                    acts.append(A.AddAttacker(c, d))
    if not acts:
        acts.append(A.DeclareAttackers(()))
    return acts


def block_actions(g: Game) -> list[A.Action]:
    s = g.s
    partial: dict = s.partial.get("block", {})  # listing writes nothing
    blocks = tuple((b, (a,)) for b, a in partial.items())
    acts: list[A.Action] = []
    try:
        _blocking_requirements_module.validate_blocks(g, blocks)
        acts.append(A.DeclareBlockers(blocks))
    except IllegalActionError:
        pass
    if blocks and _blocking_requirements_module.block_requirement_error(g, ()) is None:
        acts.append(A.DeclareBlockers(()))
    for b, a in _blocking_requirements_module.possible_blocks(g):
        if b not in partial:
            acts.append(A.AddBlocker(b, a))
    if blocks and not any(isinstance(x, A.DeclareBlockers) for x in acts):
        # 509.1c: a way on when the blocks chosen so far break a requirement: from them, or else from
        # scratch (the declaration is made as a whole; the blockers added one by one are only a draft).
        alt = _blocking_requirements_module.suggested_blocks(g, blocks)
        if alt is None:
            alt = _blocking_requirements_module.suggested_blocks(g, ())
        if alt is not None:
            acts.append(A.DeclareBlockers(alt))
    if not acts:
        acts.append(A.DeclareBlockers(()))
    return acts


def order_actions(g: Game, attacker: int) -> list[A.Action]:
    cur = current_order(g, attacker)
    if len(cur) <= 4:
        return [A.OrderBlockers(attacker, tuple(p)) for p in itertools.permutations(cur)]
    return [A.OrderBlockers(attacker, tuple(cur)), A.OrderBlockers(attacker, tuple(reversed(cur)))]


def assign_actions(g: Game, oid: int) -> list[A.Action]:
    already = already_assigned(g, oid)
    default = default_assignment(g, oid, already)
    acts: list[A.Action] = [A.AssignDamage(((oid, default),))]
    recs, _ = recipients(g, oid)
    power = damage_amount(g.chars(g.s.objects[oid]))
    if recs and power > 0:
        alt = ((recs[0], power),)
        if alt != default:
            try:
                validate_assignment(g, oid, alt, already)
                acts.append(A.AssignDamage(((oid, alt),)))
            except IllegalActionError:
                pass
    d = _blocking_requirements_module.unblocked_target(g, oid)
    if d is not None and power > 0 and ((d, power),) != default:
        acts.append(A.AssignDamage(((oid, ((d, power),)),)))  # as though it weren't blocked
    return acts


def describe(g: Game, x: Any) -> str:
    return g.name_of(x)

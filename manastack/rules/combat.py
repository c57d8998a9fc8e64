"""CR 506-511: the combat phase.

- 506.4: a permanent removed from combat (left the battlefield, stopped being a creature)
  neither deals nor is dealt combat damage; 509.2a / 509.3a: it leaves damage assignment orders.
- 508.1: declaring attackers (302.6 summoning sickness and 702.10 haste, tapped creatures,
  702.3b defender, 508.1f tapping, 702.20b vigilance); 508.8: no attackers skips to end of combat.
  508.1c restrictions ("can't attack", "can't attack unless defending player controls an Island",
  "can't attack alone"); 508.1d requirements ("attacks each combat if able").
- 509.1: declaring blockers (702.9b flying / 702.17b reach, 702.111b menace, a creature blocks one
  attacker, tapped creatures can't block, 702.16 protection); 509.1h: a blocked creature stays blocked.
  509.1b restrictions: evasion (702.14 landwalk, 702.28 shadow, 702.36 fear, 702.13 intimidate,
  702.31 horsemanship, 702.118 skulk), "can't block", "can't be blocked", "can block only creatures with flying",
  "can't be blocked by more than one creature", "except by three or more creatures", "by creatures
  with power 2 or less"; 509.1c requirements ("blocks each combat if able"); a creature that "can
  block an additional creature" blocks several attackers (its damage assignment order, 509.3, is the
  order the declaration lists them in).
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

from ..cards.templates.keywords import LANDWALK
from ..errors import IllegalActionError
from ..model import actions as A
from ..model.state import BATTLEFIELD, FIRST_STRIKE, StackItem, player_ref
from ..model.vocab import StaticAbility
from . import attacking as _attacking_module
from . import blocking_requirements as _blocking_requirements_module
from . import combat_keywords as _combat_keywords_module
from . import continuous, effects, triggers
from . import targeting as _targeting_module

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import Obj



def defending_player(g: Game) -> int:
    return 1 - g.s.active


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
            return f"508.1d: {o.card.name} attacks each combat if able, and it is able to attack"
    return None


def possible_attackers(g: Game) -> list[int]:
    p = g.s.active
    # Untapped creatures first (cheap), so that no reason is written out for every land.
    return [o.id for o in g.permanents(p) if not o.tapped and "Creature" in g.chars(o).types
            and attack_block_reason(g, o, p) is None]


def attack_targets(g: Game) -> list[int]:
    """506.1 / 508.1b: the defending player and the planeswalkers they control (listed once per state
    of the characteristics: a copy, for the caller to keep)."""
    d = defending_player(g)
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
    if pairs:
        attack_costs = _attacking_module.attack_costs
        attack_costs(g, [c for c, _ in pairs])  # 508.1g-j: optional costs to attack (exert, enlist)
        triggers.attacked(g, [c for c, _ in pairs])
    else:
        g.log_event("no_attackers", "508.8")


# ----------------------------------------------------------------------------- blockers

def can_block(g: Game, b: Obj, attacker: Obj) -> str | None:
    s = g.s
    c = g.chars(b)
    if b.zone != BATTLEFIELD or "Creature" not in c.types:
        return f"{b.card.name} is not a creature on the battlefield"
    if b.controller != defending_player(g):
        return f"509.1a: {b.card.name} is not controlled by the defending player"
    if b.tapped:
        return f"509.1a: {b.card.name} is tapped and can't block"
    if attacker.id not in (s.combat.attackers if s.combat else {}):
        return f"509.1a: {attacker.card.name} is not attacking"
    ac = g.chars(attacker)
    if "flying" in ac.keywords and not ({"flying", "reach"} & c.keywords):
        return (f"509.1b/702.9b: {b.card.name} can't block {attacker.card.name}, which has flying "
                f"(it can be blocked only by creatures with flying or reach)")
    protected_from = _targeting_module.protected_from
    if protected_from(g, attacker, c.colors, c):
        return f"702.16: {attacker.card.name} has protection and can't be blocked by {b.card.name}"
    return evasion_reason(g, b, c, attacker, ac)


def evasion_reason(g: Game, b: Obj, c, attacker: Obj, ac) -> str | None:
    """509.1b: restrictions from evasion abilities and static abilities of the two creatures."""
    a, bn = attacker.card.name, b.card.name
    akw, bkw = ac.keywords, c.keywords
    if "cant_block" in c.rules:
        return f"509.1b: {bn} can't block"
    if "cant_be_blocked" in ac.rules:
        return f"509.1b: {a} can't be blocked"
    if "block_only_flyers" in c.rules and "flying" not in akw:
        return f"509.1b: {bn} can block only creatures with flying"
    for kw in akw:
        land = LANDWALK.get(kw)
        if land is not None and any(land in g.chars(x).subtypes and "Land" in g.chars(x).types
                                    for x in g.permanents(b.controller)):
            return f"702.14c: {a} has {kw} and can't be blocked while the defending player controls a {land}"
    if ("shadow" in akw) != ("shadow" in bkw):
        return (f"702.28b: {a} has shadow and can't be blocked by creatures without shadow" if "shadow" in akw
                else f"702.28b: {bn} has shadow and can block only creatures with shadow")
    if "horsemanship" in akw and "horsemanship" not in bkw:
        return f"702.31b: {a} has horsemanship and can't be blocked by creatures without horsemanship"
    if "skulk" in akw and (c.power or 0) > (ac.power or 0):
        return f"702.118b: {a} has skulk and can't be blocked by creatures with greater power"
    if "fear" in akw and "Artifact" not in c.types and "B" not in c.colors:
        return f"702.36b: {a} has fear and can't be blocked except by artifact creatures and/or black creatures"
    if "intimidate" in akw and "Artifact" not in c.types and not (ac.colors & c.colors):
        return (f"702.13b: {a} has intimidate and can't be blocked except by artifact creatures and/or creatures "
                f"that share a color with it")
    for r in ac.rules:
        if r.startswith("unblockable_by:") and _has_quality(c, r.split(":", 1)[1]):
            return f"509.1b: {a} can't be blocked by {_quality_text(r.split(':', 1)[1])}"
        if r.startswith("blockable_only_by:") and not any(_has_quality(c, q) for q in r.split(":", 1)[1].split("|")):
            return (f"509.1b: {a} can't be blocked except by "
                    f"{' or '.join(_quality_text(q) for q in r.split(':', 1)[1].split('|'))}")
        if r == "unblockable_by_greater_power" and (c.power or 0) > (ac.power or 0):
            return f"509.1b: {a} can't be blocked by creatures with greater power"
        if r == "unblockable_by_lesser_power" and (c.power or 0) < (ac.power or 0):
            return f"509.1b: creatures with power less than {a}'s power can't block it"
        if r.startswith("unblockable_by_power_le:") and (c.power or 0) <= int(r.split(":")[1]):
            return f"509.1b: {a} can't be blocked by creatures with power {r.split(':')[1]} or less"
        if r.startswith("unblockable_by_power_ge:") and (c.power or 0) >= int(r.split(":")[1]):
            return f"509.1b: {a} can't be blocked by creatures with power {r.split(':')[1]} or greater"
    for r in c.rules:
        if r.startswith("cant_block_power_ge:") and (ac.power or 0) >= int(r.split(":")[1]):
            return f"509.1b: {bn} can't block creatures with power {r.split(':')[1]} or greater"
        if r == f"cant_block_creature:{attacker.id}":  # "target creature can't block CARDNAME this turn"
            return f"509.1b: {bn} can't block {a} this turn"
    return None


def _has_quality(c, q: str) -> bool:
    """A blocker quality code from cards/templates/statics.py: color:U, type:Artifact, subtype:Wall,
    kw:flying."""
    kind, _, v = q.partition(":")
    if kind == "color":
        return v in c.colors
    if kind == "type":
        return v in c.types
    if kind == "subtype":
        return v in c.subtypes
    if kind == "kw":
        return v in c.keywords
    return False


def _quality_text(q: str) -> str:
    kind, _, v = q.partition(":")
    names = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
    if kind == "color":
        return f"{names.get(v, v)} creatures"
    if kind == "type":
        return f"{v.lower()} creatures"
    if kind == "kw":
        return f"creatures with {v}"
    return f"{v}s"


def possible_blocks(g: Game) -> list[tuple[int, int]]:
    s = g.s
    if s.combat is None:
        return []
    out = []
    for b in g.permanents(defending_player(g)):
        if b.tapped or "Creature" not in g.chars(b).types:
            continue  # can't block (509.1a): no reason written out for every land
        for a in s.combat.attackers:
            if can_block(g, b, s.objects[a]) is None:
                out.append((b.id, a))
    return out


def validate_blocks(g: Game, blocks: tuple[tuple[int, tuple[int, ...]], ...], requirements: bool = True) -> None:
    s = g.s
    seen: set[int] = set()
    count: dict[int, int] = {}
    for bid, atts in blocks:
        b = s.objects.get(bid)
        if b is None:
            raise IllegalActionError(f"no creature #{bid}")
        if bid in seen:
            raise IllegalActionError(f"509.1a: {b.card.name} is declared as a blocker twice")
        seen.add(bid)
        if len(atts) != 1:
            limit = max_blocked(g, b)
            if not atts or len(atts) > limit or len(set(atts)) != len(atts):
                raise IllegalActionError(f"509.1a: {b.card.name} can block only one attacker" if limit == 1 else
                                         f"509.1a: {b.card.name} can block at most {limit} attackers, each once")
        for a in atts:
            ao = s.objects.get(a)
            if ao is None:
                raise IllegalActionError(f"no attacking creature #{a}")
            why = can_block(g, b, ao)
            if why:
                raise IllegalActionError(why)
            count[a] = count.get(a, 0) + 1
    for a, n in count.items():
        if n == 1 and "menace" in g.chars(s.objects[a]).keywords:
            raise IllegalActionError(f"509.1b/702.111b: {s.objects[a].card.name} has menace and can't be blocked "
                                     f"except by two or more creatures")
        rules = g.chars(s.objects[a]).rules
        if rules:
            if n > 1 and "max_one_blocker" in rules:
                raise IllegalActionError(f"509.1b: {s.objects[a].card.name} can't be blocked by more than one "
                                         f"creature")
            for r in rules:
                if r.startswith("min_blockers:") and n < int(r.split(":")[1]):
                    raise IllegalActionError(f"509.1b: {s.objects[a].card.name} can't be blocked except by "
                                             f"{r.split(':')[1]} or more creatures")
    if len(blocks) == 1 and "cant_block_alone" in g.chars(s.objects[blocks[0][0]]).rules:
        raise IllegalActionError(f"509.1b: {s.objects[blocks[0][0]].card.name} can't block alone")
    if not requirements:
        return  # restrictions only (509.1b): rules/combat_keywords.py compares declarations
    why = block_requirement_error(g, blocks)
    if why:
        raise IllegalActionError(why)


def block_requirement_error(g: Game, blocks: tuple[tuple[int, tuple[int, ...]], ...]) -> str | None:
    """509.1c: a creature that "blocks each combat if able" must block if it can. It is able when
    adding it as the blocker of some attacker keeps the declaration legal (this counts one
    requirement at a time: the maximum when no two requirements compete for restrictions)."""
    s = g.s
    if s.combat is None:
        return None
    block_requirements_error = _blocking_requirements_module.block_requirements_error
    why = block_requirements_error(g, blocks)  # must be blocked / Lure / provoke (509.1c)
    if why or not continuous.any_layered(g):
        return why
    blocking = {b for b, _ in blocks}
    for o in g.permanents(defending_player(g)):
        if o.id in blocking or "blocks_each_combat" not in g.chars(o).rules:
            continue
        for a in s.combat.attackers:
            if can_block(g, o, s.objects[a]) is None and _legal_blocks(g, blocks + ((o.id, (a,)),)):
                return f"509.1c: {o.card.name} blocks each combat if able, and it is able to block"
    return None


def max_blocked(g: Game, b: Obj) -> int:
    """509.1a: a creature blocks one attacker, unless an effect lets it block more ("can block an
    additional creature each combat", "can block any number of creatures"). The order in which a
    declaration lists the attackers of such a blocker is its damage assignment order (509.3)."""
    rules = g.chars(b).rules
    if not rules:
        return 1
    if "any_number_blocks" in rules:
        return 10 ** 6
    return 1 + sum(int(r.split(":")[1]) for r in rules if r.startswith("extra_blocks:"))


def _legal_blocks(g: Game, blocks) -> bool:
    """Restrictions only (509.1b): counts of blockers per attacker."""
    s = g.s
    count: dict[int, int] = {}
    for _b, atts in blocks:
        for a in atts:
            count[a] = count.get(a, 0) + 1
    for a, n in count.items():
        c = g.chars(s.objects[a])
        if n == 1 and "menace" in c.keywords:
            return False
        if n > 1 and "max_one_blocker" in c.rules:
            return False
        for r in c.rules:
            if r.startswith("min_blockers:") and n < int(r.split(":")[1]):
                return False
    if len(blocks) == 1 and "cant_block_alone" in g.chars(s.objects[blocks[0][0]]).rules:
        return False
    return True


def declare_blockers(g: Game, blocks: tuple[tuple[int, tuple[int, ...]], ...]) -> None:
    validate_blocks(g, blocks)
    s = g.s
    cb = s.combat
    assert cb is not None
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
        g.log_event("no_blockers", "509.1")
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
            for d in targets:
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
        validate_blocks(g, blocks)
        acts.append(A.DeclareBlockers(blocks))
    except IllegalActionError:
        pass
    if blocks and block_requirement_error(g, ()) is None:
        acts.append(A.DeclareBlockers(()))
    for b, a in possible_blocks(g):
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

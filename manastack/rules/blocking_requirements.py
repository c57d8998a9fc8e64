"""CR 509.1a-c, 510.1c: whether a block declaration is legal (rules/combat.py declares it); the
templates are in cards/templates/combat_keywords.py.

- 506.2: the defending player; 509.1a-b: which creature can block which attacker (`can_block`: tapped,
  702.9b flying / 702.17b reach, 702.16 protection, evasion `evasion_reason`: 702.14 landwalk, 702.28
  shadow, 702.36 fear, 702.13 intimidate, 702.31 horsemanship, 702.118 skulk, "can't be blocked by
  ..."), how many attackers one creature blocks (`max_blocked`), 702.111b menace and "can't be blocked
  except by N or more" (`validate_blocks`).

- 509.1c: "must be blocked if able", "all creatures able to block CARDNAME do so" (Lure), "blocks
  CARDNAME this turn if able" / provoke, "blocks each combat if able": the declaration must obey as
  many requirements as possible without breaking a restriction (`block_requirements_error`, a
  bounded search for a declaration obeying more requirements; `suggested_blocks` for agents).
- 510.1c: "you may have CARDNAME assign its combat damage as though it weren't blocked"
  (`assigned_as_unblocked`, `unblocked_target`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.templates.keywords import LANDWALK
from ..engine import registry
from ..errors import IllegalActionError
from ..model.state import BATTLEFIELD
from ..model.vocab.blocking_requirements import (  # noqa: F401 (the vocabulary this module executes)
    MustBlock,
)
from ..model.vocab.combat_keywords import CombatRuleData
from . import combat_costs, combat_keywords, continuous, effect_context
from . import continuous as _continuous_module
from . import targeting as _targeting_module

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import Obj


def _requirements(g: Game) -> tuple[list[int], list[tuple[int, int]], list[int]]:
    """`_block_requirements`, cached with the characteristics (it depends only on the state)."""
    return g.derived("block_requirements", lambda: _block_requirements(g))


def _block_requirements(g: Game) -> tuple[list[int], list[tuple[int, int]], list[int]]:
    """The blocking requirements of this combat, beyond "blocks each combat if able" (which
    rules/combat.py checks): (attackers that "must be blocked if able", (blocker, attacker) pairs
    where the blocker must block that attacker — "all creatures able to block CARDNAME do so" for
    every creature of the defending player, "target creature blocks CARDNAME this turn if able",
    provoke —, creatures that "block each combat if able")."""
    s = g.s
    cb = s.combat
    must_be_blocked: list[int] = []
    pairs: list[tuple[int, int]] = []
    each_combat: list[int] = []
    if cb is None:
        return must_be_blocked, pairs, each_combat
    lures = []
    for a in cb.attackers:
        rules = g.chars(s.objects[a]).rules
        if "must_be_blocked" in rules:
            must_be_blocked.append(a)
        if "all_able_block" in rules:
            lures.append(a)
    for b in g.permanents(defending_player(g)):
        rules = g.chars(b).rules
        if "Creature" not in g.chars(b).types:
            continue
        pairs.extend((b.id, a) for a in lures)
        for r in rules:
            if r.startswith("must_block:") and int(r.split(":")[1]) in cb.attackers:
                pairs.append((b.id, int(r.split(":")[1])))
        if "blocks_each_combat" in rules:
            each_combat.append(b.id)
    return must_be_blocked, pairs, each_combat


def _obeyed(blocks: dict[int, tuple[int, ...]], reqs) -> int:
    must_be_blocked, pairs, each_combat = reqs
    blocked = {a for atts in blocks.values() for a in atts}
    return (sum(1 for a in must_be_blocked if a in blocked) + sum(1 for b, a in pairs if a in blocks.get(b, ()))
            + sum(1 for b in each_combat if blocks.get(b)))


def block_requirements_error(g: Game, blocks: tuple[tuple[int, tuple[int, ...]], ...]) -> str | None:
    """509.1c: the declaration must obey as many requirements as possible without disobeying a
    restriction. Requirements: "CARDNAME must be blocked if able", "all creatures able to block
    CARDNAME do so" (Lure), "target creature blocks CARDNAME this turn if able" (provoke), together
    with "blocks each combat if able". A declaration is refused when a legal declaration obeying
    more of them is found among: each single change of one creature's block (blocking a required
    attacker instead, or in addition when it may block several), and obeying all the disobeyed
    requirements at once (two creatures needed together against menace). This search is not
    exhaustive: a declaration that is beaten only by rearranging several creatures differently is
    accepted."""
    better = _better_declaration(g, {b: tuple(atts) for b, atts in blocks})
    if better is None:
        return None
    names = ", ".join(f"{g.name_of(b)} blocking {', '.join(g.name_of(x) for x in atts)}"
                      for b, atts in better.items() if atts)
    return (f"509.1c: the blocks must obey as many requirements as possible (must be blocked / must block "
            f"if able); {names or 'another declaration'} obeys more")


def _better_declaration(g: Game, cur: dict[int, tuple[int, ...]],
                        each_combat_too: bool = False) -> dict[int, tuple[int, ...]] | None:
    """A declaration without restriction violations that obeys more requirements than `cur`, or None.
    Checking a declaration leaves "blocks each combat if able" alone to rules/combat.py when a static
    ability has it (its own message); a search for a legal declaration (`each_combat_too`) doesn't."""
    reqs = _requirements(g)
    if not reqs[0] and not reqs[1]:
        any_layered = _continuous_module.any_layered
        if not reqs[2] or (any_layered(g) and not each_combat_too):
            return None
    s = g.s
    have = _obeyed(cur, reqs)
    must_be_blocked, pairs, each_combat = reqs
    wanted: list[tuple[int, int]] = list(pairs)
    for a in must_be_blocked:
        wanted.extend((b.id, a) for b in g.permanents(1 - s.active))
    for b in each_combat:
        wanted.extend((b, a) for a in (s.combat.attackers if s.combat else {}))
    candidates: list[dict[int, tuple[int, ...]]] = []
    all_at_once = dict(cur)
    for b, a in wanted:
        if a in cur.get(b, ()) or can_block(g, s.objects[b], s.objects[a]) is not None:
            continue
        atts = cur.get(b, ())
        options = [(a,)]
        if atts and len(atts) < max_blocked(g, s.objects[b]):
            options.append(atts + (a,))
        for opt in options:
            candidates.append({**cur, b: opt})
        if not all_at_once.get(b) or all_at_once.get(b) == cur.get(b):
            all_at_once[b] = (a,)
    candidates.append(all_at_once)
    for cand in candidates:
        if _obeyed(cand, reqs) > have and _restrictions_ok(g, cand):
            return cand
    return None


def suggested_blocks(g: Game, blocks: tuple[tuple[int, tuple[int, ...]], ...]) -> tuple | None:
    """For agents (rules/combat.py block_actions): a legal declaration reached from the blocks chosen
    so far when they can't be declared as they are and nothing more can be added — by obeying more
    blocking requirements (509.1c) or leaving out blockers that break a restriction (509.1b); None if
    none is found in a short search."""
    start = {b: tuple(atts) for b, atts in blocks}
    # 509.1c: follow better declarations as far as they go first (each obeys more requirements, so the
    # chain ends): a Lure's requirements move the blockers drafted elsewhere one at a time, more steps
    # than the search below takes when many blockers were drafted.
    cur = start
    for _ in range(64):
        better = _better_declaration(g, cur, each_combat_too=True)
        if better is None:
            break
        cur = better
    if cur is not start:
        decl = tuple((b, atts) for b, atts in cur.items() if atts)
        try:
            validate_blocks(g, decl)
            return decl
        except IllegalActionError:
            pass
    frontier = [start]
    seen: set[tuple] = set()
    for _ in range(64):
        if not frontier:
            return None
        cur = frontier.pop(0)
        decl = tuple((b, atts) for b, atts in cur.items() if atts)
        if decl in seen:
            continue
        seen.add(decl)
        try:
            validate_blocks(g, decl)
            return decl
        except IllegalActionError:
            pass
        better = _better_declaration(g, cur, each_combat_too=True)
        if better is not None:
            frontier.append(better)
        frontier.extend({k: v for k, v in cur.items() if k != b} for b in cur)
    return None


def _restrictions_ok(g: Game, cand: dict[int, tuple[int, ...]]) -> bool:
    try:
        validate_blocks(g, tuple((b, atts) for b, atts in cand.items() if atts), requirements=False)
    except IllegalActionError:
        return False
    return True


def _must_block(g: Game, ctx: effect_context.Context, e: MustBlock) -> list | None:
    oid = effect_context.target_object(g, ctx, e.target)
    src = ctx.source
    if oid is None or src is None:
        return None
    combat_keywords.add_rules_effect(g, oid, CombatRuleData((f"must_block:{src}",)), ctx.controller, "eot", ctx.name)
    return None


registry.register_effect(MustBlock, _must_block)


def unblocked_target(g: Game, oid: int) -> int | None:
    """"You may have CARDNAME assign its combat damage as though it weren't blocked": for a blocked
    attacker with that ability, the player or planeswalker it attacks (510.1b), else None."""
    cb = g.s.combat
    if cb is None or oid not in cb.attackers or oid not in cb.blocked:
        return None
    o = g.s.objects.get(oid)
    if o is None or "assign_as_unblocked" not in g.chars(o).rules:
        return None
    d = cb.attackers[oid]
    if d >= 0 and (d not in g.s.objects or g.s.objects[d].zone != BATTLEFIELD):
        return None  # 510.1b: attacking a planeswalker that has left
    return d


def assigned_as_unblocked(g: Game, oid: int, assignment: tuple[tuple[int, int], ...], power: int,
                          recipients: list[int]) -> bool:
    """Whether `assignment` is allowed by "as though it weren't blocked": all of its damage to the
    player or planeswalker it attacks (510.1b), not divided; or, with no creature blocking it any
    more, no damage (510.1c) when that option is declined."""
    d = unblocked_target(g, oid)
    if d is None:
        return False
    total: dict[int, int] = {}
    for r, n in assignment:
        total[r] = total.get(r, 0) + n
    total = {r: n for r, n in total.items() if n}
    if total == {d: power}:
        return True
    return not recipients and not total


def defending_player(g: Game) -> int:
    return 1 - g.s.active


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
        if r.startswith("cant_block_quality:") and _has_quality(ac, r.split(":", 1)[1]):
            return f"509.1b: {bn} can't block {_quality_text(r.split(':', 1)[1])}"
        if r == f"cant_block_creature:{attacker.id}":  # "target creature can't block CARDNAME this turn"
            return f"509.1b: {bn} can't block {a} this turn"
    return None


def _has_quality(c, q: str) -> bool:
    """A blocker quality code from cards/templates/statics.py: color:U, type:Artifact, subtype:Wall,
    subtype:Eldrazi&Scion (both), kw:flying."""
    kind, _, v = q.partition(":")
    if kind == "color":
        return v in c.colors
    if kind == "type":
        return v in c.types
    if kind == "subtype":
        return all(t in c.subtypes for t in v.split("&"))  # "Eldrazi Scions": every one of them
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
    return " ".join(v.split("&")) + "s"


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
    if continuous.any_layered(g):
        why = combat_costs.unpayable(g, defending_player(g), [b for b, _ in blocks], combat_costs.BLOCK_TAX)
        if why:
            raise IllegalActionError(why)  # 509.1h: the total cost to block can't be paid
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
    why = block_requirements_error(g, blocks)  # must be blocked / Lure / provoke (509.1c)
    if why or not continuous.any_layered(g):
        return why
    blocking = {b for b, _ in blocks}
    for o in g.permanents(defending_player(g)):
        if o.id in blocking or "blocks_each_combat" not in g.chars(o).rules:
            continue
        if combat_costs.has_tax(g, o.id, combat_costs.BLOCK_TAX):
            continue  # 509.1d: a requirement never makes a player pay a cost to block
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

"""Blocking requirements and restrictions beyond the basics of rules/combat.py (509.1b-c, 510.1c); the
templates are in cards/templates/combat_keywords.py.

- 509.1c: "must be blocked if able", "all creatures able to block CARDNAME do so" (Lure), "blocks
  CARDNAME this turn if able" / provoke, "blocks each combat if able": the declaration must obey as
  many requirements as possible without breaking a restriction (`block_requirements_error`, a
  bounded search for a declaration obeying more requirements; `suggested_blocks` for agents).
- 510.1c: "you may have CARDNAME assign its combat damage as though it weren't blocked"
  (`assigned_as_unblocked`, `unblocked_target`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import registry
from ..errors import IllegalActionError
from ..model.state import BATTLEFIELD
from ..model.vocab.blocking_requirements import (  # noqa: F401 (the vocabulary this module executes)
    MustBlock,
)
from ..model.vocab.combat_keywords import CombatRuleData
from . import combat as _combat_module
from . import combat_keywords
from . import continuous as _continuous_module
from . import effects as E

if TYPE_CHECKING:
    from ..engine.game import Game


def _requirements(g: Game) -> tuple[list[int], list[tuple[int, int]], list[int]]:
    """`_block_requirements`, cached with the characteristics (it depends only on the state)."""
    return g.derived("block_requirements", lambda: _block_requirements(g))


def _block_requirements(g: Game) -> tuple[list[int], list[tuple[int, int]], list[int]]:
    """The blocking requirements of this combat, beyond "blocks each combat if able" (which
    rules/combat.py checks): (attackers that "must be blocked if able", (blocker, attacker) pairs
    where the blocker must block that attacker — "all creatures able to block CARDNAME do so" for
    every creature of the defending player, "target creature blocks CARDNAME this turn if able",
    provoke —, creatures that "block each combat if able")."""
    defending_player = _combat_module.defending_player
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
        if a in cur.get(b, ()) or _combat_module.can_block(g, s.objects[b], s.objects[a]) is not None:
            continue
        atts = cur.get(b, ())
        options = [(a,)]
        if atts and len(atts) < _combat_module.max_blocked(g, s.objects[b]):
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
    frontier = [{b: tuple(atts) for b, atts in blocks}]
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
            _combat_module.validate_blocks(g, decl)
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
        _combat_module.validate_blocks(g, tuple((b, atts) for b, atts in cand.items() if atts), requirements=False)
    except IllegalActionError:
        return False
    return True




def _must_block(g: Game, ctx: E.Context, e: MustBlock) -> list | None:
    oid = E.target_object(g, ctx, e.target)
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

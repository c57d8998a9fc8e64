"""CR 106.7, 106.12, 605: activating mana abilities and what a permanent "could produce".

- 605.3a/b: a mana ability is activated while the player has priority or is paying a cost, and
  resolves immediately: no stack.
- 106.5: an ability that would produce mana of an undefined type produces none
  (Reflecting Pool with no land that could produce mana).
- 106.7: `could_produce(game, permanent)`: every type any of its mana abilities would produce if it
  resolved now, ignoring costs; references between permanents (Reflecting Pool, Exotic Orchard)
  are followed to a fixed point, so the query always terminates.
- 106.12: a permanent is "tapped for mana" only when a mana ability with {T} in its cost is
  activated (used by rules/replacement.py and triggers in later steps).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.vocab import ManaAbility, ManaProduction, ObjectFilter
from .costs import ANY_COLOR_OUTPUTS, single
from .mana import COLORS, TYPES, Bag, format_bag

if TYPE_CHECKING:
    from ..game.game import Game
    from ..game.state import Obj


def _matches(g: Game, flt: ObjectFilter, controller: int, o: Obj) -> bool:
    c = g.chars(o)
    if flt.types and not (flt.types & c.types):
        return False
    if flt.subtypes and not (flt.subtypes & c.subtypes):
        return False
    if flt.controller == "you" and o.controller != controller:
        return False
    if flt.controller == "opponent" and o.controller == controller:
        return False
    return True


def could_produce(g: Game, o: Obj) -> frozenset[str]:
    """106.7: the types of mana `o` could produce now (a pure query of the state)."""
    return _could_produce_all(g)[o.id]


def _base_types(g: Game, o: Obj, ab: ManaAbility) -> frozenset[str] | None:
    """Types the ability produces without looking at other permanents; None when it refers to them."""
    prod = ab.production
    k = prod.kind
    if k in ("fixed", "choice", "for_each"):
        return frozenset(t for b in prod.bags for t, n in zip(TYPES, b) if n)
    if k == "any_color":
        return frozenset(COLORS)
    if k == "any_type":
        return frozenset(TYPES)
    if k == "commander_identity":
        return frozenset()
    if k == "sacrificed_could_produce":
        return None
    if k == "could_produce":
        return None
    return frozenset()


def _could_produce_all(g: Game) -> dict[int, frozenset[str]]:
    """Least fixed point over the battlefield: start from what each permanent produces on its own,
    then let "could produce" references grow monotonically until nothing changes."""
    cache = g._cache
    hit = cache.get("_could_produce")
    if hit is not None:
        return hit
    perms = g.permanents()
    result: dict[int, set[str]] = {}
    refs: list[tuple[Obj, ManaProduction]] = []
    for o in perms:
        acc: set[str] = set()
        for ab in g.chars(o).abilities:
            if isinstance(ab, ManaAbility):
                base = _base_types(g, o, ab)
                if base is None:
                    refs.append((o, ab.production))
                else:
                    acc |= base
        result[o.id] = acc
    changed = bool(refs)
    while changed:
        changed = False
        for o, prod in refs:
            if prod.kind == "sacrificed_could_produce":
                # Squandered Resources: any type a land you could sacrifice could produce.
                scope = ObjectFilter(types=frozenset({"Land"}), controller="you")
            else:
                scope = prod.scope or ObjectFilter()
            found: set[str] = set()
            for other in perms:
                if _matches(g, scope, o.controller, other):
                    found |= result[other.id]
            if not prod.any_type:
                found.discard("C")
            if not found <= result[o.id]:
                result[o.id] |= found
                changed = True
    frozen = {k: frozenset(v) for k, v in result.items()}
    cache["_could_produce"] = frozen
    return frozen


def production_outputs(g: Game, o: Obj, ab: ManaAbility) -> tuple[Bag, ...]:
    """The bags the ability could add now, one per choice (empty tuple: it adds nothing)."""
    prod = ab.production
    k = prod.kind
    if k == "fixed":
        return prod.bags
    if k == "choice":
        return prod.bags
    if k == "any_color":
        if prod.amount == 1:
            return ANY_COLOR_OUTPUTS
        return tuple(single(c, prod.amount) for c in COLORS)
    if k == "any_type":
        return tuple(single(t) for t in TYPES)
    if k == "for_each":
        n = count_matching(g, prod.count.filter, o.controller) if prod.count and prod.count.filter else 0
        if n <= 0:
            return ()
        return (tuple(v * n for v in prod.bags[0]),)  # type: ignore[return-value]
    if k == "could_produce":
        allp = _could_produce_all(g)
        scope = prod.scope or ObjectFilter()
        types: set[str] = set()
        for other in g.permanents():
            if _matches(g, scope, o.controller, other):
                types |= allp[other.id]
        if not prod.any_type:
            types.discard("C")
        return tuple(single(t) for t in TYPES if t in types)
    return ()


def count_matching(g: Game, flt: ObjectFilter, controller: int) -> int:
    return sum(1 for o in g.permanents() if _matches(g, flt, controller, o))


def choose_output(outputs: tuple[Bag, ...], choice: object, ability_text: str) -> Bag | None:
    """Pick the output named by `choice` (a type letter, or a mana string); None if it isn't one."""
    if len(outputs) == 1 and choice is None:
        return outputs[0]
    if choice is None:
        return None
    c = str(choice).strip().upper().replace("{", "").replace("}", "")
    for out in outputs:
        letters = "".join(t * n for t, n in zip(TYPES, out))
        if c == letters or (len(set(letters)) == 1 and c == letters[0]):
            return out
    return None


def describe(out: Bag) -> str:
    return format_bag(out)


def mana_options(g: Game, p: int) -> list[Bag]:
    """The distinct multisets of mana `p` would end up with after activating a maximal set of
    their mana abilities, each at most once, paying their costs (sacrifice abilities left out),
    with options contained in another removed. Exact: built incrementally as a set of bags."""
    from .costs import requirements, spend
    from .stack import activated_abilities, cost_block_reason
    pool = g.s.players[p].pool
    free: list[list[Bag]] = []  # per permanent: the outputs of its abilities that need no mana
    costly: list[tuple[ManaAbility, Obj, tuple[Bag, ...]]] = []
    for o in g.permanents(p):
        per: list[Bag] = []
        for ab in activated_abilities(g, o):
            if not isinstance(ab, ManaAbility):
                continue
            c = ab.cost
            if c.sacrifice_self or c.sacrifice is not None:
                continue
            if cost_block_reason(g, o, c) is not None:
                continue
            outs = production_outputs(g, o, ab)
            if not c.mana.is_empty():
                costly.append((ab, o, outs))
                continue
            per.extend(outs if outs else [(0, 0, 0, 0, 0, 0)])
        if per:
            free.append(per)
    states: set[Bag] = {pool}
    for outs in free:
        states = {tuple(a + b for a, b in zip(st, out)) for st in states for out in outs}  # type: ignore[misc]
    for ab, _o, outs in costly:
        reqs = requirements(ab.cost.mana)
        nxt = set(states)
        for st in states:
            for req in reqs:
                try:
                    taken = spend(req, st)
                except ValueError:
                    continue
                rest = tuple(a - b for a, b in zip(st, taken))
                for out in outs or [(0, 0, 0, 0, 0, 0)]:
                    nxt.add(tuple(a + b for a, b in zip(rest, out)))  # type: ignore[arg-type]
        states = nxt  # type: ignore[assignment]
    items = sorted(states, key=lambda b: (-sum(b), b))
    kept: list[Bag] = []
    for b in items:
        if not any(all(x <= y for x, y in zip(b, k)) for k in kept):
            kept.append(b)
    return kept

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

from ..engine import registry
from ..model.costs import ANY_COLOR_OUTPUTS, requirements, single, spend
from ..model.mana import COLORS, TYPES, Bag, format_bag
from ..model.vocab import AddMana, ManaAbility, ManaProduction, ObjectFilter, TriggeredAbility
from ..model.vocab.mana_abilities import COMBINATION, DIFFERENT_COLORS, KINDS, X_COMBINATION, X_ONE
from . import mana_abilities, object_abilities, replacement, targeting

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import Obj


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


def _types_after(g: Game, o: Obj, ab: ManaAbility, chars, bags) -> set[str]:
    """Types of mana the bags become under replacement effects in any possible order (106.7)."""
    out: set[str] = set()
    for b in bags:
        for res in replacement.outcomes(g, o.controller, chars, o.controller, ab.cost.tap, b):
            out |= {t for t, n in zip(TYPES, res) if n}
    return out


def _could_produce_all(g: Game) -> dict[int, frozenset[str]]:
    """Least fixed point over the battlefield: start from what each permanent produces on its own,
    then let "could produce" references grow monotonically until nothing changes. Replacement
    effects are considered in every order; costs are ignored (tapped permanents count)."""
    return g.derived("_could_produce", lambda: _compute_could_produce_all(g))


def _compute_could_produce_all(g: Game) -> dict[int, frozenset[str]]:
    perms = g.permanents()
    result: dict[int, set[str]] = {}
    refs: list[tuple[Obj, ManaAbility, object]] = []
    for o in perms:
        acc: set[str] = set()
        chars = g.chars(o)
        for ab in chars.abilities:
            if isinstance(ab, ManaAbility):
                if ab.production.kind in ("could_produce", "sacrificed_could_produce"):
                    refs.append((o, ab, chars))
                else:
                    acc |= _types_after(g, o, ab, chars, production_outputs(g, o, ab, any_cost=True))
        result[o.id] = acc
    # Which permanents each reference looks at, computed once.
    scopes: list[tuple[Obj, ManaAbility, object, list[int]]] = []
    match_lists: dict[tuple, list[int]] = {}
    for o, ab, chars in refs:
        prod = ab.production
        if prod.kind == "sacrificed_could_produce":
            # Squandered Resources: any type a land you could sacrifice could produce.
            scope = ObjectFilter(types=frozenset({"Land"}), controller="you")
        else:
            scope = prod.scope or ObjectFilter()
        key = (scope, o.controller)
        ids = match_lists.get(key)
        if ids is None:
            ids = [x.id for x in perms if _matches(g, scope, o.controller, x)]
            match_lists[key] = ids
        scopes.append((o, ab, chars, ids))
    plain = not replacement.active(g)
    changed = bool(refs)
    while changed:
        changed = False
        unions: dict[int, set[str]] = {}
        for o, ab, chars, ids in scopes:
            found = unions.get(id(ids))
            if found is None:
                found = set()
                for i in ids:
                    found |= result[i]
                unions[id(ids)] = found
            if not ab.production.any_type and "C" in found:
                found = found - {"C"}
            if plain:
                new = found
            else:
                new = _types_after(g, o, ab, chars, [single(t) for t in TYPES if t in found])
            if not new <= result[o.id]:
                result[o.id] |= new
                changed = True
    frozen = {k: frozenset(v) for k, v in result.items()}
    return frozen


def production_outputs(g: Game, o: Obj, ab: ManaAbility, any_cost: bool = False) -> tuple[Bag, ...]:
    """The bags the ability could add now, one per choice (empty tuple: it adds nothing). `any_cost`:
    as 106.7 asks, ignoring costs (a storage land without counters could still add its type)."""
    prod = ab.production
    k = prod.kind
    if k in KINDS:
        return mana_abilities.production_outputs(g, o, ab, any_cost)
    other = PRODUCTION_KINDS.get(k)
    if other is not None:
        return other(g, o, ab, any_cost)
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
    if k == "chosen_color":
        # "Add one mana of the chosen color" (614.12 choice as it entered); none chosen: no mana (106.5)
        return (single(o.chosen_color),) if o.chosen_color in COLORS else ()
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


PRODUCTION_KINDS = registry.PRODUCTION_KINDS  # (engine/registry.py)


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
        if sorted(c) == sorted(letters) or (len(set(letters)) == 1 and c == letters[0]):  # order-free
            return out
    return None


def describe(out: Bag) -> str:
    return format_bag(out)


def mana_options(g: Game, p: int) -> list[Bag]:
    """The distinct multisets of mana `p` would end up with after activating a maximal set of
    their mana abilities, each at most once, paying their costs (sacrifice abilities left out),
    with options contained in another removed. Exact: built incrementally as a set of bags."""
    pool = g.s.players[p].pool
    free: list[list[Bag]] = []  # per permanent: the outputs of its abilities that need no mana
    costly: list[tuple[ManaAbility, Obj, tuple[Bag, ...]]] = []
    for o in g.permanents(p):
        per: list[Bag] = []
        for ab in object_abilities.activated_abilities(g, o):
            if not isinstance(ab, ManaAbility):
                continue
            c = ab.cost
            if c.sacrifice_self or c.sacrifice is not None:
                continue
            if registry.PAYMENT.cost_block_reason(g, o, c) is not None:
                continue
            outs = activation_finals(g, p, o, ab)
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
    bigger: list[Bag] = []  # kept options with a larger total: only those can contain a smaller one
    cur_total = None
    same: list[Bag] = []
    for b in items:
        t = sum(b)
        if t != cur_total:
            bigger.extend(same)
            same = []
            cur_total = t
        if not any(all(x <= y for x, y in zip(b, k)) for k in bigger):
            kept.append(b)
            same.append(b)
    return kept


# Productions whose mana is chosen as the ability resolves (106.1a "one mana of any color", 106.7
# "any type that ... could produce", 605.1b "any type that land produced"): a choice even when only
# one option is left, which a scenario may answer (SCENARIOS.md: checked and used up). Rules modules add
# their own kinds (rules/imprint.py).
CHOICE_KINDS = registry.CHOICE_KINDS  # (engine/registry.py)
CHOICE_KINDS.update({"any_color", "any_type", "could_produce", "sacrificed_could_produce", "produced_type",
                           COMBINATION, X_ONE, X_COMBINATION,
                           DIFFERENT_COLORS})


CHOICE_TESTS = registry.CHOICE_TESTS  # (engine/registry.py)


def is_choice(prod: ManaProduction) -> bool:
    """Whether the mana `prod` adds is chosen (however many options are left now)."""
    if prod.kind in CHOICE_TESTS:
        return CHOICE_TESTS[prod.kind](prod)
    return prod.kind in CHOICE_KINDS or (prod.kind == "choice" and len(prod.bags) > 1)


class Plan:
    """One way a mana ability's activation can turn out: the mana its text adds (`base`), the
    replacement effects applied in order (616.1) and what they leave (`produced`), and the extra
    mana of triggered mana abilities (605.1b, 106.12a) as (source name, bag); `chosen_extras`: for
    each of those, whether its mana is a choice (is_choice)."""

    __slots__ = ("base", "order", "produced", "extras", "final", "chosen_extras")

    def __init__(self, base: Bag, order: tuple, produced: Bag, extras: tuple,
                 chosen_extras: tuple[bool, ...] = ()) -> None:
        self.base = base
        self.order = order
        self.produced = produced
        self.extras = extras
        self.chosen_extras = chosen_extras
        final = produced
        for _, e in extras:
            final = tuple(a + b for a, b in zip(final, e))  # type: ignore[assignment]
        self.final = final


def mana_triggers(g: Game, p: int, source: Obj, chars, tapped: bool) -> list[tuple[str, ManaProduction, Obj]]:
    """Triggered mana abilities (605.1b) that a tap of `source` for mana by `p` would trigger."""
    if not tapped:
        return []
    out = []
    for trig_src, ab in _tap_triggers(g):
        if not ab.effects or not isinstance(ab.effects[0], AddMana):
            continue
        if _tap_trigger_applies(g, trig_src, ab, p, source, chars):
            out.append((trig_src.card.name, ab.effects[0].production, trig_src))
    return out


def mana_unmodified(g: Game) -> bool:
    """Whether no replacement effect (106.12b) nor triggered mana ability (106.12a) acts on mana abilities
    in this game now: then a mana ability adds exactly its own outputs."""
    return not (_tap_triggers(g) or replacement.active(g))


def _tap_triggers(g: Game) -> list:
    events = g.s.card_events
    if events is not None and "tapped_for_mana" not in events:
        return []  # 106.12a: no card of this game has such a trigger
    return g.derived("_tap_triggers", lambda: [
        (o, ab) for o in g.permanents() for ab in g.chars(o).abilities
        if isinstance(ab, TriggeredAbility) and ab.event == "tapped_for_mana"])


def _tap_trigger_applies(g: Game, trig_src: Obj, ab, p: int, source: Obj, chars) -> bool:
    """Whether tapping `source` (characteristics `chars`) for mana by `p` triggers `ab` of `trig_src`:
    "whenever you / an opponent / a player taps a [Swamp, basic land, creature ...] for mana"."""
    if ab.who == "you" and p != trig_src.controller:
        return False
    if ab.who == "opponent" and p == trig_src.controller:
        return False
    if ab.scope == "enchanted":
        return trig_src.attached_to == source.id
    if ab.scope == "self":
        return trig_src.id == source.id
    flt = ab.filter
    return flt is None or targeting.matches_filter_lki(g, flt, source, chars, trig_src.controller)


def _extra_options(prod: ManaProduction, produced: Bag, trig_src: Obj) -> list[Bag]:
    k = prod.kind
    if k == "fixed":
        return [prod.bags[0]]
    if k == "any_color":
        return [single(c, prod.amount) for c in COLORS]
    if k == "produced_type":
        return [single(t) for t, n in zip(TYPES, produced) if n]
    if k == "chosen_color":
        return [single(trig_src.chosen_color)] if trig_src.chosen_color in COLORS else []
    if k == "choice":
        return list(prod.bags)
    return []


def activation_plans(g: Game, p: int, o: Obj, ab: ManaAbility, chars=None,
                     base_override: tuple[Bag, ...] | None = None) -> list[Plan]:
    """Every way activating `ab` of `o` now can turn out (before costs are paid)."""
    if chars is None:
        chars = g.chars(o)
    bases = base_override if base_override is not None else production_outputs(g, o, ab)
    tapped = ab.cost.tap
    has_reps = bool(replacement.active(g)) and tapped
    trigs = mana_triggers(g, p, o, chars, tapped) if tapped and _tap_triggers(g) else []
    if not has_reps and not trigs:
        return [Plan(b, (), b, ()) for b in bases]
    plans: list[Plan] = []
    for b in bases:
        for order, produced in replacement.orders(g, p, chars, o.controller, tapped, b):
            extra_lists: list[tuple] = [()]
            chosen: tuple[bool, ...] = ()
            if sum(produced) > 0:
                for name, prod, src in trigs:
                    opts = _extra_options(prod, produced, src)
                    if not opts:
                        continue
                    extra_lists = [prev + ((name, e),) for prev in extra_lists for e in opts]
                    chosen += (is_choice(prod),)
            for extras in extra_lists:
                plans.append(Plan(b, order, produced, extras, chosen))
    return plans


def activation_finals(g: Game, p: int, o: Obj, ab: ManaAbility) -> tuple[Bag, ...]:
    """The distinct totals of mana an activation could give (for the payment solver and mana options)."""
    if not ab.cost.tap or mana_unmodified(g):
        # Nothing replaces the mana or adds to it (106.12a-b): the ability's own outputs.
        bases = production_outputs(g, o, ab)
        return tuple(bases) if len(bases) < 2 else tuple(dict.fromkeys(bases))
    plans = activation_plans(g, p, o, ab)
    return tuple(dict.fromkeys(pl.final for pl in plans))

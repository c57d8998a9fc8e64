"""CR 605, 106.6, 106.7: mana abilities beyond "{T}: Add {G}" (compiled by
cards/templates/loyalty_mana.py).

- 605.1a / 605.3b: a mana ability resolves immediately, and all of it does: "Add {W} or {U}. This land
  deals 1 damage to you." deals the damage as it resolves; "Add {R}{G}. Draw a card." draws
  (`after_mana`). Only effects that need no choice are compiled into a mana ability.
- 602.5b: "Activate only once each turn" on a mana ability (a CostPlus restriction, checked by
  rules/stack.py cost_block_reason; recorded here when it is activated).
- 601.2h / 602.2b: costs of mana abilities beyond {T}/{Q}, mana, life and sacrifice: "Tap an untapped
  creature you control" (the player chooses the creature), "Remove a charge counter from this land",
  "Remove any number of storage counters" / "Remove X storage counters", whose number fixes the mana
  the ability adds (`pay_extra_costs`, `pay_variable_cost`).
- 701.13a-b: "{T}, Mill a card: Add {C}." (`MillCost`; it can't be paid with too small a library).
- 106.1b: mana of several kinds: "two mana in any combination of colors", "two mana of different
  colors", "{R} for each storage counter removed this way", "X mana of any one color, where X is this
  creature's power / the number of Elves on the battlefield", "an amount of {B} equal to the sacrificed
  artifact's mana value" (`production_outputs`, `sacrifice_outputs`).
- 106.6: mana with a spending restriction ("Spend this mana only to cast creature spells", "This mana
  can't be spent to cast a nonartifact spell") stays in the pool like other mana but can pay only for
  what the restriction allows (`usable_pool`, `spent`); it empties from the pool like other mana
  (500.4). The additional effect the mana carries to the spell it is spent on ("..., and that spell
  can't be countered", Cavern of Souls) travels with it in the pool and happens when it is spent
  (`SpendRestriction.riders`, `_apply_riders`; 101.2 through registry.UNCOUNTERABLE_HOOKS). The payment solver uses a restricted mana ability only for a payment its mana may make
  (`solver_may_use`, rules/stack.py mana_sources `purpose`), so the legal actions offered to agents
  (rules/priority.py) stay exact.
- 500.4 / 106.4: mana an effect says "you don't lose as steps and phases end" this turn stays when the
  pools empty (`kept_mana`, called by game.py empty_pools) until the cleanup step (514.2); payments spend
  the other mana first (`_clamp_kept`). 702.189a firebending's mana, kept "until end of combat", stays as the
  combat steps end but not as the end of combat step does (511.3).
- 605.3a: a mana ability without {T} whose only cost is removing counters may be activated again:
  the solver may use it once per counter set (`repeats`).
- 106.7: a restriction doesn't change what a permanent could produce; "could produce" ignores costs,
  so a storage land without counters could still produce its mana type.
"""

from __future__ import annotations

import dataclasses
import itertools
from typing import TYPE_CHECKING, Any

from .. import rules as _rules_module
from ..engine import registry
from ..errors import IllegalActionError
from ..model import actions as A
from ..model import vocab as V
from ..model.events import CountersRemoved, EffectCreated
from ..model.mana import COLORS, EMPTY, TYPES, Bag, format_bag
from ..model.state import (
    BATTLEFIELD,
    BEGIN_COMBAT,
    CLEANUP,
    COMBAT_DAMAGE,
    DECLARE_ATTACKERS,
    DECLARE_BLOCKERS,
    FIRST_STRIKE,
    GRAVEYARD,
    STACK,
    ContinuousEffect,
)
from ..model.vocab.mana_abilities import (  # noqa: F401 (the vocabulary this module executes)
    COMBINATION,
    DIFFERENT_COLORS,
    KINDS,
    REMOVED_COUNTERS,
    SAC_MANA_VALUE,
    SAC_POWER,
    UNCOUNTERABLE,
    X_COMBINATION,
    X_ONE,
    X_SACRIFICED,
    AddRestrictedMana,
    ManaAbilityPlus,
    MillCost,
    SacrificeIfNoCounters,
    SpendRestriction,
)
from . import cost_objects, effect_context, effects
from . import entry_choices as _entry_choices_module
from . import targeting as _targeting_module

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import Obj


def _sacrifice_if_no_counters(g: Game, ctx: Any, e: SacrificeIfNoCounters) -> None:
    o = g.s.objects.get(ctx.source) if ctx.source is not None else None
    if o is not None and o.zone == BATTLEFIELD and not o.counters.get(e.kind, 0):
        effects.sacrifice(g, o.id)
    return None


def _add_restricted_mana(g: Game, ctx: Any, e: AddRestrictedMana) -> list | None:
    if e.production.kind == "choice":
        # "Add {U}, {R}, or {W}. Spend this mana only to ...": the kind of mana is chosen as it resolves (106.6)
        options = tuple(format_bag(b).strip("{}") for b in e.production.bags)
        return [("choice", RESTRICTED_MANA_CHOICE, ctx.controller, options,
                 f"{ctx.name}: choose the mana to add ({', '.join(options)})", (e, ctx.name))]
    _add_restricted_bag(g, ctx.controller, e.production.bags[0], e, ctx.name)
    return None


RESTRICTED_MANA_CHOICE = "restricted_mana"  # model/decisions.py DecisionKind.RESTRICTED_MANA


def _restricted_mana_actions(g: Game, d: Any) -> list:
    return [A.Choose(c) for c in d.data]


def _answer_restricted_mana(g: Game, d: Any, value: Any) -> None:
    if value not in d.data:
        raise IllegalActionError(f"{d.prompt}: choose one of {', '.join(d.data)}")
    s = g.s
    e, name = s.queue[0][5]
    s.pending = None
    s.queue.pop(0)
    bag = e.production.bags[d.data.index(value)]
    _add_restricted_bag(g, d.player, bag, e, name)


def _add_restricted_bag(g: Game, p: int, bag: Bag, e: AddRestrictedMana, name: str) -> None:
    g.add_mana(p, bag, source=name)
    s = g.s
    if e.spend is not None and sum(bag):
        s.restricted_mana = tuple(s.restricted_mana) + ((p, bag, e.spend),)
        g.log_event("restricted_mana", "106.6", player=s.players[p].name, mana=format_bag(bag),
                    restriction=e.spend.text)
    if (e.keep or e.keep_combat) and sum(bag):
        s.kept_mana = tuple(s.kept_mana) + ((p, bag, s.turn, not e.keep),)
        g.log_event("kept_mana", "500.4", player=s.players[p].name, mana=format_bag(bag),
                    until="end of combat" if not e.keep else "end of turn")


_COMBAT_STEPS = frozenset({BEGIN_COMBAT, DECLARE_ATTACKERS, DECLARE_BLOCKERS, FIRST_STRIKE, COMBAT_DAMAGE})  # not its end


def kept_mana(g: Game) -> dict[int, Bag]:
    """500.4: the pools are about to empty: the mana each player doesn't lose, because an effect said
    "until end of turn, you don't lose this mana as steps and phases end" (at most what the pool holds:
    the player spent the other mana first). 514.2: such effects end in the cleanup step."""
    s = g.s
    ents = getattr(s, "kept_mana", ())
    if not ents:
        return {}
    if s.step == CLEANUP:
        s.kept_mana = ()
        return {}
    _clamp_kept(g)
    # 702.189a / 511.3: mana kept "until end of combat" is lost as the combat phase ends (its last step)
    lasting = tuple(e for e in s.kept_mana if e[2] == s.turn and not (e[3] and s.step not in _COMBAT_STEPS))
    out: dict[int, Bag] = {}
    for p, bag, _turn, _combat in lasting:
        out[p] = _plus(out.get(p, EMPTY), bag)
    s.kept_mana = lasting
    return out


def _clamp_kept(g: Game) -> None:
    """Kept mana is never more than the pool holds: spending uses the mana that would be lost first."""
    s = g.s
    if not getattr(s, "kept_mana", ()):
        return
    room = {i: list(pl.pool) for i, pl in enumerate(s.players)}
    out = []
    for p, bag, turn, combat in s.kept_mana:
        b = [min(x, r) for x, r in zip(bag, room[p])]
        room[p] = [r - x for r, x in zip(room[p], b)]
        if sum(b):
            out.append((p, tuple(b), turn, combat))
    s.kept_mana = tuple(out)


def _register() -> None:
    registry.register_effect(SacrificeIfNoCounters, _sacrifice_if_no_counters)
    registry.register_effect(AddRestrictedMana, _add_restricted_mana)
    registry.CHOICES[RESTRICTED_MANA_CHOICE] = (_restricted_mana_actions, _answer_restricted_mana)
    _rules_module.add_hook(registry.UNCOUNTERABLE_HOOKS, uncounterable_by_mana)


def _times(bag: Bag, n: int) -> Bag:
    return tuple(v * n for v in bag)  # type: ignore[return-value]


def _plus(a: Bag, b: Bag) -> Bag:
    return tuple(x + y for x, y in zip(a, b))  # type: ignore[return-value]


def _combinations(types: str, n: int) -> list[Bag]:
    """Every multiset of `n` mana of the given types (106.1b "in any combination")."""
    out = []
    for combo in itertools.combinations_with_replacement(types, n):
        b = [0] * 6
        for t in combo:
            b[TYPES.index(t)] += 1
        out.append(tuple(b))
    return out  # type: ignore[return-value]


def _counter_range(o: Obj, prod: V.ManaProduction, any_cost: bool) -> range:
    """The numbers of counters the cost may remove: 0..the counters the source has; with
    `any_cost` (106.7 ignores costs) at least one."""
    kind = prod.count.counters_on_self if prod.count else None
    have = o.counters.get(kind, 0) if kind else 0
    return range(0, max(have, 1 if any_cost else 0) + 1)


def production_outputs(g: Game, o: Obj, ab: V.ManaAbility, any_cost: bool = False) -> tuple[Bag, ...]:
    """The bags the ability could add now (one per choice) for this module's kinds."""
    prod = ab.production
    k = prod.kind
    if k == REMOVED_COUNTERS:
        per, base = prod.bags[0], prod.bags[1]
        return tuple(dict.fromkeys(_plus(base, _times(per, n)) for n in _counter_range(o, prod, any_cost)))
    if k == COMBINATION:
        types = "".join(t for i, t in enumerate(TYPES) if any(bag[i] for bag in prod.bags))
        sizes = _counter_range(o, prod, any_cost) if prod.count else [prod.amount]
        if any_cost:
            sizes = [max(sizes)]  # 106.7: the types matter, not every amount
        return tuple(b for n in sizes for b in _combinations(types, n))
    if k == X_SACRIFICED:
        return (prod.bags[0],) if any_cost else ()  # 106.7 ignores the cost; activate_mana knows the victim
    if k == DIFFERENT_COLORS:
        out = []
        for combo in itertools.combinations(COLORS, prod.amount):
            out.append(tuple(1 if t in combo else 0 for t in TYPES))
        return tuple(out)  # type: ignore[arg-type]
    if k in (X_ONE, X_COMBINATION):
        # 106.7: X is no cost: with X = 0 the ability would add no mana.
        x = _x_value(g, o, prod)
        if x <= 0:
            return ()
        if k == X_ONE:
            return tuple(dict.fromkeys(_times(b, x) for b in prod.bags))
        types = "".join(t for i, t in enumerate(TYPES) if any(bag[i] for bag in prod.bags))
        return tuple(_combinations(types, x if not any_cost else 1))
    return ()


def _x_value(g: Game, o: Obj, prod: V.ManaProduction) -> int:
    """X of "Add X mana ..., where X is CARDNAME's power / the number of Elves you control / the number
    of charge counters on CARDNAME"."""
    cnt = prod.count
    if cnt is None:
        return max(0, g.chars(o).power or 0)
    if cnt.counters_on_self:
        return o.counters.get(cnt.counters_on_self, 0)
    if cnt.filter is not None:
        return sum(1 for x in g.permanents() if _targeting_module.matches_filter(g, cnt.filter, x, o.controller, o.id)) * cnt.multiplier
    return 0


def sacrifice_outputs(g: Game, ab: V.ManaAbility, victim: Obj) -> tuple[Bag, ...] | None:
    """The mana of an X_SACRIFICED ability once the permanent to sacrifice is chosen (None: another kind)."""
    prod = ab.production
    if prod.kind != X_SACRIFICED:
        return None
    if prod.amount == SAC_POWER:
        n = g.chars(victim).power or 0
    else:
        n = victim.card.mana_cost.mana_value
    return (_times(prod.bags[0], n),) if n > 0 else ()


def removed_for(ab: V.ManaAbility, base: Bag) -> int:
    """How many counters an output of a REMOVED_COUNTERS / counted COMBINATION ability removes."""
    prod = ab.production
    if prod.kind == REMOVED_COUNTERS:
        per, extra = prod.bags[0], prod.bags[1]
        return (sum(base) - sum(extra)) // max(1, sum(per))
    if prod.kind == COMBINATION and prod.count is not None:
        return sum(base)
    return 0


# ----------------------------------------------------------------------------- costs

def bound(g: Game, spend: SpendRestriction, o: Obj | None) -> SpendRestriction:
    """The restriction of mana `o` adds: "of the chosen type" becomes the type `o`'s controller chose."""
    if not spend.of_chosen_type or spend.spells is None:
        return spend
    chosen = None
    if o is not None:
        chosen = _entry_choices_module.chosen_type(g.s, o.id)
    subtypes = frozenset({chosen}) if chosen else frozenset({"(no type chosen)"})  # none chosen: nothing
    abilities = spend.abilities
    if abilities is not None:
        abilities = dataclasses.replace(abilities, subtypes=subtypes)
    return dataclasses.replace(spend, spells=dataclasses.replace(spend.spells, subtypes=subtypes), abilities=abilities,
                               of_chosen_type=False)


def solver_may_use(g: Game, ab: V.ManaAbility, purpose: tuple | None, o: Obj | None = None) -> bool:
    """Whether the automatic payment (601.2g) may activate `ab` for a payment of `purpose`: not when
    its cost needs a choice of objects or mills cards (the player activates it themself), nor when the
    mana it adds couldn't be spent on it (106.6)."""
    cost = ab.cost
    if type(cost) is V.CostPlus and (cost.tap_untapped is not None or cost.discard or cost.exile_from_graveyard):
        return False
    if type(cost) is MillCost:
        return False  # milling is a real loss: like a sacrifice, only when the player asks for it
    spend = getattr(ab, "spend", None)
    return spend is None or allows(g, bound(g, spend, o), purpose)


def repeats(o: Obj, cost: V.Cost) -> int:
    """How many times the payment solver may activate a mana ability without {T}: once, or, when its
    only cost is removing counters from the source, once per counters it can remove (at most 6)."""
    if type(cost) is V.CostPlus and cost.remove_counters is not None and cost.mana.is_empty() and not cost.untap \
            and not cost.sacrifice_self and cost.sacrifice is None and not cost.life and not cost.restriction:
        kind, n = cost.remove_counters
        return max(1, min(6, o.counters.get(kind, 0) // max(1, n)))
    return 1


def pay_extra_costs(g: Game, p: int, o: Obj, ab: V.ManaAbility) -> None:
    """601.2h: the parts of a mana ability's cost rules/stack.py activate_mana doesn't pay itself:
    tapping untapped creatures (chosen by the player), removing a fixed number of counters, and the
    record of "activate only once each turn" (602.5b)."""
    cost = ab.cost
    if type(cost) is MillCost:
        lib = g.s.players[p].library
        if len(lib) < cost.mill:
            raise IllegalActionError(_mill_cost_block_reason(g, cost, o) or "701.13b")
        for _ in range(cost.mill):
            g.move(lib[0], GRAVEYARD, rule="701.13a")
        return
    if type(cost) is not V.CostPlus:
        return
    s = g.s
    if cost.tap_untapped is not None:
        cands = registry.PAYMENT.usable_for_cost(g, o, cost, cost_objects.tap_candidates(g, o, cost))
        for x in cost_objects.choose_cost_objects(g, p, cands, cost.tap_count, "tap", o.card.name):
            g.tap(s.objects[x], "602.2b")
    if cost.remove_counters is not None:
        _remove(g, o, *cost.remove_counters)
    if cost.restriction == "once_each_turn":
        # 602.5b: "Activate only once each turn": remembered until the turn ends
        g.perform(EffectCreated("602.5b", ContinuousEffect("activated_once", o.id, data=cost,
                                                           timestamp=s.next_timestamp)))
        s.next_timestamp += 1
    if cost.discard or cost.exile_from_graveyard is not None:
        raise IllegalActionError(f"{o.card.name}: this mana ability's cost is not supported")


def _remove(g: Game, o: Obj, kind: str, n: int) -> None:
    if n <= 0:
        return
    if o.counters.get(kind, 0) < n:
        raise IllegalActionError(f"{o.card.name} doesn't have {n} {kind} counter(s) to remove (122.8)")
    g.perform(CountersRemoved("122.8", o.id, kind, n))


def pay_variable_cost(g: Game, o: Obj, ab: V.ManaAbility, base: Bag) -> None:
    """"Remove any number of storage counters" / "Remove X storage counters": the number removed is
    the one the chosen mana corresponds to (601.2b: X is announced with the activation)."""
    prod = ab.production
    if prod.kind in (REMOVED_COUNTERS, COMBINATION) and prod.count is not None and prod.count.counters_on_self:
        if o.zone != BATTLEFIELD:
            return
        _remove(g, o, prod.count.counters_on_self, removed_for(ab, base))


# ----------------------------------------------------------------------------- resolution

def after_mana(g: Game, p: int, o: Obj, ab: V.ManaAbility, produced: Bag, lki: Any) -> None:
    """605.3b: the rest of the ability, as it resolves: the mana added is restricted (106.6; 106.6a: all
    of it, after replacement effects that increased it — `produced`, not the extra mana of triggered
    mana abilities, which is theirs), then the other effects happen."""
    spend = getattr(ab, "spend", None)
    if spend is not None and sum(produced):
        spend = bound(g, spend, lki[0] if lki else o)
        s = g.s
        s.restricted_mana = tuple(s.restricted_mana) + ((p, produced, spend),)
        g.log_event("restricted_mana", "106.6", player=s.players[p].name, mana=format_bag(produced),
                    restriction=spend.text)
    extra = getattr(ab, "effects", ())
    if extra:
        ctx = effect_context.Context(p, o.id, (), (), 0, o.card.name, lki)
        effects.run(g, ctx, extra, finish=None)


# ----------------------------------------------------------------------------- spending (106.6)

def _entries(g: Game, p: int) -> list[tuple[Bag, SpendRestriction]]:
    return [(b, r) for q, b, r in getattr(g.s, "restricted_mana", ()) if q == p]


def allows(g: Game, spend: SpendRestriction, purpose: tuple | None) -> bool:
    """106.6: may mana with this restriction pay for `purpose` (("spell", object id) or ("ability",
    source id); None: a cost that is neither, such as one paid as a spell resolves)?"""
    if purpose is None:
        return spend.other
    kind, oid = purpose
    o = g.s.objects.get(oid)
    if o is None:
        return False
    if kind == "spell" and spend.spells is not None:
        # The spell being cast (on the stack, 601.2a), or a card whose casting is being considered.
        if spend.spells.multicolored is not None and (len(g.chars(o).colors) >= 2) != spend.spells.multicolored:
            return False  # 105.2b: a multicolored object is two or more of the five colors
        return _targeting_module.matches_filter(g, spend.spells, o, o.controller if o.zone == STACK else o.owner)
    if kind == "ability" and spend.abilities is not None:
        return _targeting_module.matches_filter(g, spend.abilities, o, o.controller)
    return False


def usable_pool(g: Game, p: int, purpose: tuple | None) -> Bag:
    """The mana in `p`'s pool that may pay for `purpose`: all of it but restricted mana whose
    restriction doesn't allow it."""
    pool = g.s.players[p].pool
    ents = _entries(g, p)
    if not ents:
        return pool
    locked = EMPTY
    for bag, spend in ents:
        if not allows(g, spend, purpose):
            locked = _plus(locked, bag)
    return tuple(max(0, a - min(a, b)) for a, b in zip(pool, locked))  # type: ignore[return-value]


def usable_snow(g: Game, p: int, purpose: tuple | None) -> Bag:
    """107.4h: the snow mana (produced by snow sources) in `p`'s pool that may pay for `purpose`."""
    snow = g.s.players[p].snow_pool
    if not any(snow):
        return EMPTY
    return tuple(min(a, b) for a, b in zip(snow, usable_pool(g, p, purpose)))  # type: ignore[return-value]


def spent(g: Game, p: int, taken: Bag, purpose: tuple | None) -> None:
    """Mana `taken` was spent from `p`'s pool for `purpose`: restricted mana the payment could use is
    spent first (the player's best choice: unrestricted mana stays usable for anything)."""
    s = g.s
    _clamp_kept(g)
    allr = tuple(getattr(s, "restricted_mana", ()))
    if not allr:
        return
    left = list(taken)
    out = []
    used: list[SpendRestriction] = []
    for q, bag, spend in allr:
        if q == p and allows(g, spend, purpose):
            b = list(bag)
            for i in range(6):
                use = min(b[i], left[i])
                b[i] -= use
                left[i] -= use
            if sum(b) < sum(bag):
                used.append(spend)
            if sum(b):
                out.append((q, tuple(b), spend))
        else:
            out.append((q, bag, spend))
    # Whatever the pool no longer holds can't be restricted mana in it (the pool is the truth).
    s.restricted_mana = _clamped(g, tuple(out))
    for spend in used:
        if spend.riders:
            _apply_riders(g, p, spend, purpose)


def _apply_riders(g: Game, p: int, spend: SpendRestriction, purpose: tuple | None) -> None:
    """106.6: mana with an additional effect was spent on `purpose`: the effect happens to that spell."""
    if purpose is None or purpose[0] != "spell" or UNCOUNTERABLE not in spend.riders:
        return
    s = g.s
    oid = purpose[1]
    # Spells that left the stack are new objects (400.7): their entries are dropped as one is added.
    kept = tuple(x for x in s.uncounterable_spells if x in s.objects and s.objects[x].zone == STACK and x != oid)
    s.uncounterable_spells = kept + (oid,)
    g.log_event("mana_rider", "106.6", player=s.players[p].name, card=g.name_of(oid), rider=spend.text)


def uncounterable_by_mana(g: Game, o: Obj) -> bool:
    """registry.UNCOUNTERABLE_HOOKS: mana whose rider says "that spell can't be countered" was spent on it."""
    return o.id in g.s.uncounterable_spells and o.zone == STACK


def _clamped(g: Game, entries: tuple) -> tuple:
    s = g.s
    out = []
    room = {i: list(pl.pool) for i, pl in enumerate(s.players)}
    for q, bag, spend in entries:
        b = [min(x, r) for x, r in zip(bag, room[q])]
        room[q] = [r - x for r, x in zip(room[q], b)]
        if sum(b):
            out.append((q, tuple(b), spend))
    return tuple(out)


def clear(g: Game, p: int | None = None) -> None:
    """500.4 / 106.4: restricted mana empties with the rest of the pool."""
    s = g.s
    if getattr(s, "restricted_mana", ()):
        s.restricted_mana = tuple(e for e in s.restricted_mana if p is not None and e[0] != p)


def has_restricted(g: Game, p: int) -> bool:
    """Whether `p` has restricted mana in their pool or a mana ability that adds some (106.6): only then
    does what a payment is for matter."""
    if _entries(g, p):
        return True
    if not g.may_have(ManaAbilityPlus):
        return False  # only these abilities (and their copies) add restricted mana
    return any(getattr(ab, "spend", None) is not None for o in g.permanents(p) for ab in g.chars(o).abilities)


def describe_restricted(g: Game, p: int) -> str:
    return ", ".join(f"{format_bag(b)} ({r.text})" for b, r in _entries(g, p))


_register()

__all__ = ["SpendRestriction", "ManaAbilityPlus", "KINDS", "production_outputs", "COLORS"]


def _mill_cost_block_reason(g: Game, cost: MillCost, o: Obj) -> str | None:
    if len(g.s.players[o.controller].library) < cost.mill:
        return f"{o.card.name}: can't mill {cost.mill} card(s) with fewer cards in the library (701.13b)"
    return None


registry.EXTRA_COSTS[MillCost] = registry.ExtraCost(_mill_cost_block_reason)

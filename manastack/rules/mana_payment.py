"""Paying costs (601.2g-h, 602.2b, 605.3, 106.4, 107.5-107.6, 118): mana sources, activating mana
abilities during a payment, paying mana and the non-mana parts of costs.

- 601.2g: mana abilities are activated before paying; 605.3a-b: a mana ability resolves at once, and a
  choice made while it resolves can't wait for a decision (`choose`: the game's chooser, else the
  first option).
- 601.2h / 118.3: the cost is paid in full or not at all (`can_pay`, `pay_mana`, with the exact solver
  of model/costs.py); 106.4: mana goes to the player's mana pool (`add_mana`).
- 107.4h / 106.3: mana a snow permanent's ability adds is snow mana (the pool's `snow_pool`, the
  sources' `snow` flag); only it pays {S}, and other costs are paid with other mana first.
- 107.5 / 107.6 / 302.6: {T} and {Q} costs and summoning sickness (`cost_block_reason`, `tap`, `untap`);
  sacrifice, discard, exile and tap-other costs (`usable_for_cost`, the candidates of each).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..errors import IllegalActionError
from ..model import actions as A
from ..model.costs import ManaSource, Requirement, requirements, single, snow_spend, solve_payment
from ..model.mana import TYPES, Bag, format_bag
from ..model.state import BATTLEFIELD, DECLARE_ATTACKERS, GRAVEYARD, UPKEEP
from ..model.vocab import Cost, CostPlus, ManaAbility
from ..model.vocab.conditions import HistoryCondition, TotalPowerAtLeast
from . import (
    continuous,
    cost_objects,
    intervening,
    mana_abilities,
    object_abilities,
    produce,
    targeting,
    total_cost,
)
from . import mana_abilities as _mana_abilities_module
from . import trigger_events as _trigger_events_module
from . import triggers as _triggers_module

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import Obj


def mana_sources(g: Game, p: int, exclude: int | None = None, include_sacrifice: bool = True,
                 exclude_more: tuple[int, ...] = (), purpose: tuple | None = None) -> list[ManaSource]:
    """The mana abilities `p` could activate now with no mana cost, for the solver (`exclude`,
    `exclude_more`: permanents whose mana abilities can't be used, e.g. those a cost sacrifices;
    `purpose`: what the mana pays for, 106.6 — abilities whose mana couldn't pay for it are left out)."""
    repeats, solver_may_use = mana_abilities.repeats, mana_abilities.solver_may_use
    s = g.s
    out: list[ManaSource] = []
    converters: list[ManaSource] = []
    plain_ok = None  # no effect replaces or adds to mana (106.12a-b): plain {T} abilities are read off
    for oid in s.battlefield:
        o = s.objects[oid]
        if o.controller != p or oid == exclude or oid in exclude_more:
            continue
        c = g.chars(o)
        if total_cost.mana_abilities_cost_changed(g, o):
            continue  # its mana abilities cost more to activate (602.2b): never worth it to the solver
        plain = object_abilities.activated_entry(c.abilities)[3]
        if plain is not None:
            if plain_ok is None:
                plain_ok = produce.mana_unmodified(g)
            if plain_ok:
                group, merged, rank, creature_rank = plain
                if not group or o.tapped:
                    continue  # no mana ability, or 107.5: can't pay {T}
                if "Creature" in c.types:
                    if cost_objects.summoning_sick(g, o, c):
                        continue  # 302.6
                    rank = creature_rank
                out.append(ManaSource((oid, group), merged, rank, snow="Snow" in c.supertypes))
                continue
        abilities = None
        # Abilities of one permanent that tap it are alternatives: one ManaSource for them all; so are the
        # ones that sacrifice it (it can be sacrificed once: Basal Sliver's own ability and the one it
        # grants itself). One that does both is an alternative to the tapping ones.
        tap_group: list[tuple[int, tuple]] = []
        tap_rank = 0
        sacrifice_group: list[tuple[int, tuple]] = []
        sacrifice_rank = 0
        for idx, ab in enumerate(object_abilities.activated_abilities(g, o)):
            if not isinstance(ab, ManaAbility):
                continue
            if not solver_may_use(g, ab, purpose, o):
                continue
            cost = ab.cost
            if not cost.mana.is_empty() and not cost.mana.x_count and cost.sacrifice is None and not cost.life \
                    and not cost.sacrifice_self and cost_block_reason(g, o, cost) is None:
                # A converter (Cabal Coffers, Pili-Pala): the solver pays its cost from other sources first.
                outs = produce.activation_finals(g, p, o, ab)
                if outs:
                    for req in requirements(cost.mana):  # each way to pay a hybrid cost ({W/U} of a filter land)
                        if not req.life and not req.snow:  # the converters' search pays no {S}
                            # The key names the way too: the activation pays its cost that way (pay_mana).
                            converters.append(ManaSource((oid, ((idx, outs),), req), outs, 5, req))
                continue
            if not cost.mana.is_empty() or cost.sacrifice is not None or cost.life:
                continue
            if cost.sacrifice_self and not include_sacrifice:
                continue
            if cost_block_reason(g, o, cost) is not None:
                continue
            outs = produce.activation_finals(g, p, o, ab)
            if not outs:
                continue
            if abilities is None:
                abilities = g.chars(o)
            rank = 0
            if len(outs) > 1:
                rank = 1
            if "Creature" in abilities.types:
                rank += 2
            if cost.sacrifice_self:
                rank += 10
            if cost.tap:
                tap_group.append((idx, outs))
                tap_rank = max(tap_rank, rank)
                continue
            if cost.sacrifice_self:
                sacrifice_group.append((idx, outs))
                sacrifice_rank = max(sacrifice_rank, rank)  # used after its other abilities (ranks >= 10)
                continue
            # 605.3a: an ability without {T} may be activated again while its cost can be paid (Druids'
            # Repository with two charge counters): one source per possible activation.
            out.extend([ManaSource((oid, ((idx, outs),)), outs, rank, snow="Snow" in abilities.supertypes)]
                       * repeats(o, cost))
        for group, group_rank in ((tap_group, tap_rank), (sacrifice_group, sacrifice_rank)):
            if group:
                merged = tuple(dict.fromkeys(x for _, outs in group for x in outs))
                if len(group) > 1 and len(merged) > 1:
                    group_rank = max(group_rank, 1)
                out.append(ManaSource((oid, tuple(group)), merged, group_rank, snow="Snow" in c.supertypes))
        # A permanent's plain {T} ability and a converter would both tap it: the solver uses one of them
        # (model/costs.py _solve_with_converters leaves out the other sources of a converter's permanent).
        out.extend(converters)
        converters.clear()
    if purpose is not None and any(x.cost is not None for x in out):
        return _with_restrictions(g, out)
    return out


def _with_restrictions(g: Game, sources: list[ManaSource]) -> list[ManaSource]:
    """106.6: mark the sources whose mana is restricted ("spend this mana only to cast ...") with the
    converters (mana abilities with a mana cost) whose costs it may still pay, for the solver. A source
    of several abilities is restricted by every restricted one of them."""
    s = g.s
    converters = [x for x in sources if x.cost is not None]
    out = []
    for src in sources:
        oid, group = src.key[0], src.key[1]  # type: ignore[index]
        o = s.objects[oid]
        abilities = object_abilities.activated_abilities(g, o)
        limited = [ab for idx, _ in group if getattr(ab := abilities[idx], "spend", None) is not None]
        if limited:
            pays = tuple(c.key for c in converters if c.key[0] != oid  # type: ignore[index]
                         and all(mana_abilities.solver_may_use(g, ab, ("ability", c.key[0]), o)  # type: ignore[index]
                                 for ab in limited))
            src = ManaSource(src.key, src.outputs, src.rank, src.cost, pays, src.snow)
        out.append(src)
    return out


def source_ability(key, out) -> tuple[int, int]:
    """The (permanent, ability index) of a solver source key that produces `out`."""
    oid, group = key[0], key[1]
    for idx, outs in group:
        if out in outs:
            return oid, idx
    return oid, group[0][0]


def cost_block_reason(g: Game, o: Obj, cost: Cost) -> str | None:
    """Why the non-mana parts of `cost` ({T}/{Q}, a sacrifice, discards ...) can't be paid by `o`, or
    None (107.5, 107.6, 302.6, 701.17a)."""
    why = cost_objects.tap_block_reason(g, o, cost)
    if why is not None:
        return why
    if cost.sacrifice is not None and not usable_for_cost(g, o, cost, cost_objects.sacrifice_candidates(g, o, cost.sacrifice)):
        return f"{o.card.name}: there is no permanent to sacrifice for this cost (701.17a)"
    if type(cost) is CostPlus:
        return _plus_block_reason(g, o, cost)
    extra = registry.EXTRA_COSTS.get(type(cost))  # costs of their own (702.122a crew)
    if extra is not None:
        return extra.block_reason(g, cost, o)
    return None


def usable_for_cost(g: Game, o: Obj, cost: Cost, cands: list[int]) -> list[int]:
    """The permanents among `cands` that a cost may sacrifice or tap while its mana can still be paid
    without them (their mana abilities are then unavailable, 601.2g-h)."""
    if cost.mana.is_empty() or not cands:
        return cands
    p = o.controller
    purpose = ("ability", o.id)
    with_mana = {src.key[0] for src in mana_sources(g, p, exclude=o.id if cost.tap else None, purpose=purpose)}
    out = []
    reqs = requirements(cost.mana, 0, total_cost.ability_cost_adjustment(g, o, cost.mana))
    for c in cands:
        if c not in with_mana or can_pay(g, p, reqs, purpose, exclude=o.id if cost.tap else None, exclude_more=(c,)):
            out.append(c)
    return out


registry.PAYMENT.cost_block_reason = cost_block_reason
registry.PAYMENT.usable_for_cost = usable_for_cost


def _plus_block_reason(g: Game, o: Obj, cost: CostPlus) -> str | None:
    if cost.restriction_condition is not None and not _condition_holds(g, o, cost.restriction_condition):
        return f"{o.card.name}: this ability's activation condition isn't met (602.5b)"
    if cost.restriction:
        why = _restriction_reason(g, o, cost)
        if why:
            return why
    if cost.discard and len(cost_objects.discard_candidates(g, o, cost)) < cost.discard:
        return f"{o.card.name}: not enough cards in hand to discard for this cost (701.8)"
    if cost.remove_counters is not None:
        kind, n = cost.remove_counters
        if isinstance(n, int) and o.counters.get(kind, 0) < n:  # "remove X": any X up to what it has (activation.py)
            return f"{o.card.name} doesn't have {n} {kind} counter(s) to remove (122.8)"
    if cost.tap_untapped is not None and len(usable_for_cost(g, o, cost, cost_objects.tap_candidates(g, o, cost))) < cost.tap_count:
        return f"{o.card.name}: not enough untapped permanents to tap for this cost"
    if cost.exile_from_graveyard is not None and len(cost_objects.exile_candidates(g, o, cost)) < cost.exile_count:
        return f"{o.card.name}: not enough cards in your graveyard to exile for this cost"
    if cost.return_to_hand is not None and not cost_objects.return_candidates(g, o.controller, o, cost):
        return f"{o.card.name}: there is nothing to return to its owner's hand for this cost (602.2b)"
    if cost.mill and len(g.s.players[o.controller].library) < cost.mill:
        return f"{o.card.name}: can't mill {cost.mill} card(s) with fewer cards in the library (701.13b)"
    return None


def _condition_holds(g: Game, o: Obj, cond: object) -> bool:
    """A condition of the statics vocabulary ("you control three or more artifacts", "there are seven
    or more cards in your graveyard") for `o`'s controller, by current characteristics (611.3a)."""
    if isinstance(cond, HistoryCondition) or type(cond) is TotalPowerAtLeast:
        return intervening.holds(g, cond, o.id, None, None)
    g.chars(o)  # fills the characteristics cache for the current state version
    ok, _ = continuous._condition(g.s, o, cond, g._cache, continuous._statics(g.s))
    return ok


AT_MOST = "at_most_"  # a CostPlus.restriction "at_most_N": "Activate no more than twice each turn" (N = 2)


def _restriction_reason(g: Game, o: Obj, cost: CostPlus) -> str | None:
    """602.5b: "Activate only once each turn", "only during your turn" ..."""
    s = g.s
    r = cost.restriction
    if r == "once_each_turn":
        if any(e.kind == "activated_once" and e.target == o.id and e.data is cost for e in s.effects):
            return f"{o.card.name}: this ability can be activated only once each turn (602.5b)"
    elif r.startswith(AT_MOST):  # "Activate no more than twice each turn"
        limit = int(r[len(AT_MOST):])
        if sum(1 for e in s.effects if e.kind == "activated_once" and e.target == o.id and e.data is cost) >= limit:
            return f"{o.card.name}: this ability can be activated no more than {limit} times each turn (602.5b)"
    elif r in ("your_turn", "your_upkeep", "before_attackers"):
        if s.active != o.controller:
            return f"{o.card.name}: this ability can be activated only during its controller's turn (602.5b)"
        if r == "your_upkeep" and s.step != UPKEEP:
            return f"{o.card.name}: this ability can be activated only during its controller's upkeep (602.5b)"
        if r == "before_attackers" and s.step >= DECLARE_ATTACKERS:
            return f"{o.card.name}: this ability can be activated only before attackers are declared (602.5b)"
    elif r in registry.TIMING_WINDOWS:  # "only during combat", "... the end of combat step"
        words, now = registry.TIMING_WINDOWS[r]
        if not now(g, o.controller):
            return f"{o.card.name}: this ability can be activated only {words} (602.5b)"
    return None


def can_pay(g: Game, p: int, reqs: list[Requirement], purpose: tuple | None, exclude: int | None = None,
            exclude_more: tuple[int, ...] = ()) -> bool:
    """601.2g-h, as `pay_mana` would pay: whether `p` can pay one of `reqs` for `purpose` (("spell",
    id), ("ability", source id) or None) from the mana in the pool that may be spent on it and the
    mana abilities whose mana may (106.6), with life for Phyrexian symbols (107.4f). Every listing of
    an action asks this, so that a listed action's payment is never refused."""
    pl = g.s.players[p]
    pool, sources = _solver_inputs(g, p, purpose, exclude, exclude_more)
    return solve_payment(reqs, pool, sources, pl.life, mana_abilities.usable_snow(g, p, purpose)) is not None


POOL_KEY = ("pool",)  # the solver source standing for restricted mana already in the pool (not activated)


def _solver_inputs(g: Game, p: int, purpose: tuple | None, exclude: int | None,
                   exclude_more: tuple[int, ...]) -> tuple[Bag, list[ManaSource]]:
    """The pool and the mana sources the solver pays `purpose` with. Where converters (mana abilities
    with a mana cost) are among the sources, mana in the pool that may pay for `purpose` but not for
    some converter's cost (106.6: Mishra's Workshop's "only to cast artifact spells" can't pay Urn of
    Godfire's {2}) is held apart as a source of its own, marked with the converters it may pay."""
    return pool_and_sources(g, p, purpose, mana_sources(g, p, exclude=exclude, exclude_more=exclude_more,
                                                        purpose=purpose))


def pool_and_sources(g: Game, p: int, purpose: tuple | None, sources: list[ManaSource]) -> tuple[Bag, list[ManaSource]]:
    """The pool `p` may pay `purpose` with, and `sources` with the pool's restricted mana held apart
    where converters are among them (see _solver_inputs)."""
    pool = mana_abilities.usable_pool(g, p, purpose)
    if purpose is None or not any(pool) or not any(x.cost is not None for x in sources):
        return pool, sources
    converters = [x for x in sources if x.cost is not None]
    by_converter = [(c.key, mana_abilities.usable_pool(g, p, ("ability", c.key[0]))) for c in converters]  # type: ignore[index]
    free = tuple(min([a] + [cp[i] for _, cp in by_converter]) for i, a in enumerate(pool))
    held = tuple(a - b for a, b in zip(pool, free))
    if not any(held):
        return pool, sources
    pays = tuple(key for key, cp in by_converter if all(c >= a for c, a in zip(cp, pool)))
    return free, [ManaSource(POOL_KEY, (held,), -1, None, pays), *sources]  # type: ignore[arg-type]


def pay_mana(g: Game, p: int, reqs: list[Requirement], payment: A.Payment | None, what: str,
             exclude: int | None = None, exclude_more: tuple[int, ...] = (),
             purpose: tuple | None = None, keep: Bag | None = None) -> Requirement:
    """601.2g-h: activate mana abilities (the solver's choice, or `payment`), then pay from the pool.
    `purpose`: ("spell", id) or ("ability", source id), what restricted mana may pay for (106.6);
    `keep`: mana still needed afterwards, which the generic part is paid without where it can (a
    converter's own cost, paid while the spell's colored mana is in the pool)."""
    s = g.s
    pl = s.players[p]
    if not reqs or (reqs[0].total == 0 and reqs[0].life == 0):
        return reqs[0] if reqs else Requirement((0,) * 6, 0)  # type: ignore[arg-type]
    if payment is None:
        pool, sources = _solver_inputs(g, p, purpose, exclude, exclude_more)
        res = solve_payment(reqs, pool, sources, pl.life, mana_abilities.usable_snow(g, p, purpose))
        if res is None:
            raise IllegalActionError(f"{s.players[p].name} can't pay the cost of {what} (601.2h)")
        req, chosen = res
        for key, out in chosen:
            if key == POOL_KEY:
                continue  # mana already in the pool: nothing to activate
            oid, idx = source_ability(key, out)
            # A converter's own cost is paid the way the solver planned ({R/W} of a filter land with W,
            # keeping the R the spell needs: 601.2g-h).
            activate_mana(g, p, oid, idx, out_override=out, cost_req=key[2] if len(key) > 2 else None,
                          keep=tuple(a + b for a, b in zip(req.typed, keep or (0,) * 6)))
    else:
        for src, idx, choice in payment.activations:
            o = s.objects.get(src)
            if o is None or o.zone != BATTLEFIELD or o.controller != p:
                raise IllegalActionError(f"{g.name_of(src)} is not a permanent {pl.name} controls")
            abs_ = object_abilities.activated_abilities(g, o)
            if not (0 <= idx < len(abs_)) or not isinstance(abs_[idx], ManaAbility):
                raise IllegalActionError(f"{o.card.name} has no mana ability number {idx + 1}")
            if total_cost.mana_abilities_cost_changed(g, o):
                raise IllegalActionError(f"{o.card.name}'s mana abilities cost more to activate (602.2b): "
                                         f"activate one on its own first")
            activate_mana(g, p, src, idx, choice=choice)
        req = None
        for r in reqs:
            if _covers(mana_abilities.usable_pool(g, p, purpose), r, mana_abilities.usable_snow(g, p, purpose)):
                req = r
                break
        if req is None:
            raise IllegalActionError(f"the mana in {pl.name}'s pool ({format_bag(pl.pool) or 'none'}) can't pay "
                                     f"the cost of {what} (601.2h, 106.6)")
    if req.life and pl.life < req.life:
        raise IllegalActionError(f"{pl.name} can't pay {req.life} life (119.4)")
    try:
        taken, snow_taken = snow_spend(req, mana_abilities.usable_pool(g, p, purpose),
                                       mana_abilities.usable_snow(g, p, purpose), keep)
    except ValueError:
        raise IllegalActionError(f"{pl.name} can't pay the cost of {what} (601.2h)") from None
    pl.pool = tuple(a - b for a, b in zip(pl.pool, taken))  # type: ignore[assignment]
    if any(pl.snow_pool):
        # 107.4h: {S} took snow mana; the rest of the cost was paid with other mana where the pool had it.
        pl.snow_pool = tuple(min(a - b, c) for a, b, c in zip(pl.snow_pool, snow_taken, pl.pool))  # type: ignore[assignment]
    mana_abilities.spent(g, p, taken, purpose)  # 106.6: restricted mana it could use is spent first
    g.record("pay_mana", "601.2h", player=pl.name, mana=format_bag(taken), what=what)
    if purpose is not None and purpose[0] == "spell":
        trigger_events = _trigger_events_module
        trigger_events.mana_spent_on_spell(g, p, sum(taken))  # 700.14: "whenever you expend N"
    if req.life:
        g.set_life(p, -req.life, "119.4", source=what)
    return req


def _covers(pool: Bag, req: Requirement, snow: Bag) -> bool:
    try:
        snow_spend(req, pool, snow)
        return True
    except ValueError:
        return False


def activate_mana(g: Game, p: int, oid: int, idx: int, choice: Any = None, out_override=None,
                  mana_paid: bool = False, cost_req: Requirement | None = None, keep: Bag | None = None) -> None:
    """605.3: activate a mana ability; it resolves at once (no stack). `out_override` is the total
    mana the payment solver planned for it (base, replacements and triggered extras); `cost_req`, the
    way it planned to pay the ability's own mana cost (one half of a hybrid symbol)."""
    s = g.s
    o = s.objects.get(oid)
    if o is None or o.zone != BATTLEFIELD:
        raise IllegalActionError(f"{g.name_of(oid)} is no longer on the battlefield: its mana ability can't be "
                                 f"activated (605.3a)")
    ab = object_abilities.activated_abilities(g, o)[idx]
    assert isinstance(ab, ManaAbility)
    cost = ab.cost
    why = cost_block_reason(g, o, cost)
    if why:
        raise IllegalActionError(why)
    chars = g.chars(o)
    controller = o.controller
    victim = None
    base_override = None
    if cost.sacrifice is not None:
        cands = [x.id for x in g.permanents(p) if targeting.matches_filter(g, cost.sacrifice, x, p)]
        if isinstance(choice, int) and not isinstance(choice, bool):
            victim = choice
            choice = None
        elif cands:
            victim = g.choose(p, "sacrifice", cands, f"{o.card.name}: choose a permanent to sacrifice")
        if victim is None or victim not in cands:
            raise IllegalActionError(f"{g.name_of(victim) if victim else 'nothing'} can't be sacrificed for "
                                     f"{o.card.name} ({', '.join(g.name_of(c) for c in cands) or 'none available'})")
        if ab.production.kind == "sacrificed_could_produce":
            base_override = tuple(single(t) for t in TYPES if t in produce.could_produce(g, s.objects[victim]))
        elif ab.production.kind == "x_sacrificed":  # Priest of Yawgmoth (rules/mana_abilities.py)
            base_override = _mana_abilities_module.sacrifice_outputs(g, ab, s.objects[victim])
    elif choice is not None and not isinstance(choice, str):
        raise IllegalActionError(f"{o.card.name}: {choice!r} is not a choice of its mana ability (106.1: the mana "
                                 f"it adds is named by mana symbols; it has no sacrifice cost)")
    plans = produce.activation_plans(g, p, o, ab, chars, base_override)
    # 605.3b: mana_abilities does the rest of a mana ability (painlands, storage lands, 106.6)
    lki = (o.copy(), chars) if type(ab) is not ManaAbility or type(cost) is not Cost else None
    # Costs (602.2b, 601.2g-h): mana (never from this source), life, sacrifice, {T}/{Q}.
    if not cost.mana.is_empty() and not mana_paid:
        pay_mana(g, p, [cost_req] if cost_req is not None else requirements(cost.mana), None,
                 f"{o.card.name}'s ability", exclude=oid, purpose=("ability", oid), keep=keep)
    if cost.life:
        if s.players[p].life < cost.life:
            raise IllegalActionError(f"{s.players[p].name} can't pay {cost.life} life (119.4)")
        g.set_life(p, -cost.life, "119.4", source=o.card.name)
    if victim is not None:
        g.move(victim, GRAVEYARD, rule="701.17a")
    if cost.tap:
        g.tap(o, "107.5")
    if cost.untap:
        g.untap(o, "107.6")
    if cost.sacrifice_self:
        g.move(oid, GRAVEYARD, rule="701.17a")
    if lki is not None:
        mana_abilities.pay_extra_costs(g, p, o, ab)
    g.record("activate_mana", "605.3a", player=s.players[p].name, card=o.card.name, ability=ab.text)
    s.passes = 0
    if not plans:
        g.log_event("no_mana", "106.5", player=s.players[p].name, card=o.card.name)
        if lki is not None:
            mana_abilities.after_mana(g, p, o, ab, (0,) * 6, lki)  # type: ignore[arg-type]
        return
    plan = None
    if out_override is not None:
        plan = next((pl for pl in plans if pl.final == out_override), None)
    if plan is None:
        plan = _choose_plan(g, p, o.card.name, plans, choice, produce.is_choice(ab.production))
    if lki is not None:
        mana_abilities.pay_variable_cost(g, o, ab, plan.base)  # "remove X storage counters"
    produced = plan.produced
    if sum(produced) == 0:
        g.log_event("no_mana", "106.5", player=s.players[p].name, card=o.card.name)
        if lki is not None:
            mana_abilities.after_mana(g, p, o, ab, produced, lki)
        return
    for r in plan.order:
        g.log_event("replace_mana", "106.12b", card=o.card.name, by=r.name)
    g.add_mana(p, produced, source=o.card.name, tapped_for_mana=cost.tap, snow="Snow" in chars.supertypes)
    for trig_name, extra in plan.extras:
        if sum(extra):
            g.log_event("mana_trigger", "605.1b", card=trig_name, source=o.card.name)
            g.add_mana(p, extra, source=trig_name)
    if lki is not None:
        mana_abilities.after_mana(g, p, o, ab, produced, lki)
    if cost.tap:
        triggers = _triggers_module
        triggers.tapped_for_mana(g, p, oid, chars, controller, produced)


def _choose_plan(g: Game, p: int, name: str, plans: list, choice: Any, base_is_choice: bool = False):
    """Ask, in the rules' order: the mana the ability adds (106.1), the order of replacement effects
    (616.1), then the triggered mana abilities' choices (605.1b). A choice left with one option, or
    an order that can't change the result, is made without asking (`unasked`)."""
    bases = list(dict.fromkeys(pl.base for pl in plans))
    if isinstance(choice, str):
        base = produce.choose_output(tuple(bases), choice, name)
        if base is None:
            raise IllegalActionError(f"{name}: choose the mana to add ({', '.join(format_bag(b) for b in bases)}); "
                                     f"got {choice!r}")
    else:
        prompt = f"{name}: choose the mana to add"
        base = g.choose(p, "mana", bases, prompt) if len(bases) > 1 else \
            g.unasked(p, "mana", bases, prompt) if base_is_choice else bases[0]
    plans = [pl for pl in plans if pl.base == base]
    produced_options = list(dict.fromkeys(pl.produced for pl in plans))
    if len(produced_options) > 1:
        # 616.1: the player tapping chooses the order; offer one order per distinct result, most mana first.
        by_result: dict = {}
        for pl in sorted(plans, key=lambda x: -sum(x.produced)):
            by_result.setdefault(pl.produced, pl.order)
        orders = list(by_result.values())
        order = g.choose(p, "replacement_order", orders, f"616.1: {name}: choose the order of the replacement "
                       f"effects ({', '.join(r.name for r in orders[0])})")
        plans = [pl for pl in plans if pl.order == order] or plans
    else:
        orders = list(dict.fromkeys(pl.order for pl in plans))
        if len(orders) > 1 or (orders and len(orders[0]) > 1):
            # 616.1: several replacement effects apply, but every order gives the same mana (identical
            # effects: three Mana Reflections): no question, but an answer for it is taken.
            order = g.unasked(p, "replacement_order", orders, f"616.1: {name}: the order of the replacement "
                            f"effects ({', '.join(r.name for r in orders[0])})")
            plans = [pl for pl in plans if pl.order == order] or plans
    produced = plans[0].produced
    plans = [pl for pl in plans if pl.produced == produced]
    extras = list(dict.fromkeys(pl.extras for pl in plans))
    if extras and extras[0]:
        # The triggered mana abilities' choices (605.1b), in order; one whose mana is chosen (Mana Flare:
        # "any type that land produced") with one option left is made without asking (`unasked`).
        flags = plans[0].chosen_extras
        chosen: tuple = ()
        for i in range(len(extras[0])):
            opts = list(dict.fromkeys(e[i][1] for e in extras if e[:i] == chosen))
            prompt = f"{extras[0][i][0]}: choose the mana to add"
            if len(opts) > 1:
                pick = g.choose(p, "mana", opts, prompt)
            elif i < len(flags) and flags[i]:
                pick = g.unasked(p, "mana", opts, prompt)
            else:
                pick = opts[0]
            chosen = chosen + (next(e[i] for e in extras if e[:i] == chosen and e[i][1] == pick),)
        return next(pl for pl in plans if pl.extras == chosen)
    return plans[0]



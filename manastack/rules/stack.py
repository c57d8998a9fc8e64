"""CR 305.1-305.2, 601, 602, 605, 608, 115: playing lands, casting spells, activating abilities,
targets, paying costs, and resolving the stack.

- 305.2: one land per turn; 305.1 / 116.2a: only in a main phase of your turn, with the stack empty.
- 307.1 / 117.1a: sorceries and permanent spells at sorcery speed; instants and flash any time.
- 601.2a-i: a spell moves to the stack, X and targets are chosen (601.2b-c), the total cost is
  determined (601.2f), mana abilities are activated (601.2g) and the cost is paid (601.2h).
- 602.2, 602.5: activated abilities; 107.5/107.6/302.6: {T}/{Q} and summoning sickness.
- 605.3: mana abilities resolve immediately.
- 608.2b: a spell or ability whose targets are all illegal doesn't resolve; 608.3: permanent spells.
- 614.1c-d / 614.12: enters-the-battlefield replacement effects ("enters tapped", "enters with N
  counters"); 107.3m: X in those refers to the X paid, the permanent's own X is 0.
"""

from __future__ import annotations

import functools
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..cards.vocab import (
    ActivatedAbility,
    ActivationRestriction,
    AdditionalCost,
    CardDef,
    Cost,
    CostPlus,
    Count,
    FilterPlus,
    ManaAbility,
    ObjectFilter,
    Ref,
    StaticAbility,
    TargetSpec,
    TriggeredAbility,
    ability_types,
)
from ..errors import IllegalActionError
from ..game import actions as A
from ..game.state import (
    BATTLEFIELD,
    DECLARE_ATTACKERS,
    EXILE,
    GRAVEYARD,
    HAND,
    MAIN1,
    MAIN2,
    STACK,
    UPKEEP,
    ContinuousEffect,
    StackItem,
    player_ref,
)
from ..lazy import lazy_module
from ..memo import by_identity
from . import effects, mana_abilities, produce
from .costs import ANY_COLOR_OUTPUTS, ManaSource, Requirement, requirements, solve_payment, spend
from .mana import TYPES, add, format_bag

if TYPE_CHECKING:
    from ..game.game import Game
    from ..game.state import Obj

# Modules reached across an import cycle (manastack/lazy.py).
_trigger_events_module = lazy_module("manastack.rules.trigger_events", globals(), "_trigger_events_module")
_triggers_module = lazy_module("manastack.rules.triggers", globals(), "_triggers_module")
_vehicles_facedown_module = lazy_module("manastack.rules.vehicles_facedown", globals(), "_vehicles_facedown_module")


# ----------------------------------------------------------------------------- lands

def can_play_land_now(g: Game, p: int) -> str | None:
    """Why `p` can't play a land now, or None."""
    s = g.s
    if s.active != p:
        return "305.1: a player plays lands only during their own turn"
    if s.step not in (MAIN1, MAIN2):
        return "305.1: lands are played only in a main phase"
    if s.stack:
        return "305.1: lands are played only while the stack is empty"
    allowed = 1
    for extra in LAND_PLAYS:
        allowed += extra(g, p)  # 305.2: "you may play an additional land on each of your turns"
    if s.players[p].lands_played >= allowed:
        return "305.2: only one land per turn" if allowed == 1 else f"305.2b: only {allowed} lands this turn"
    return None


# 305.2: effects that let a player play more lands: fn(game, player) -> how many more this turn
# (rules/game_rule_statics.py).
LAND_PLAYS: list = []


# 305.1 / 601.3-like permissions to play a land from another zone: fn(g, p, obj) -> True (Crucible of
# Worlds: "You may play lands from your graveyard", rules/graveyard_keywords.py).
LAND_PERMISSIONS: list[Any] = []


def play_land(g: Game, p: int, card: int) -> None:
    s = g.s
    o = s.objects.get(card)
    if o is not None and o.zone != HAND and o.owner == p and any(perm(g, p, o) for perm in LAND_PERMISSIONS):
        pass
    elif o is None or o.zone != HAND or o.owner != p:
        raise IllegalActionError(f"{g.name_of(card)} is not in {s.players[p].name}'s hand")
    if "Land" not in o.card.types:
        raise IllegalActionError(f"{o.card.name} is not a land: it is cast, not played (305.1)")
    why = can_play_land_now(g, p)
    if why:
        raise IllegalActionError(why)
    s.players[p].lands_played += 1
    g.log_event("play_land", "305.1", player=s.players[p].name, card=o.card.name)
    g.move(card, BATTLEFIELD, rule="305.1", controller=p)
    s.passes = 0


# ----------------------------------------------------------------------------- timing

def sorcery_timing_ok(g: Game, p: int) -> bool:
    s = g.s
    return s.active == p and s.step in (MAIN1, MAIN2) and not s.stack


def activated_abilities(g: Game, o: Obj) -> list[ManaAbility | ActivatedAbility]:
    """Activated abilities in printed order, after effects that add or remove abilities (a list the
    caller must not change: it is shared by every object with the same abilities)."""
    return _activated_entry(g.chars(o).abilities)[1]


def nonmana_abilities(g: Game, o: Obj) -> list[tuple[int, ActivatedAbility]]:
    """(index in `activated_abilities`, ability) for the activated abilities that aren't mana abilities
    (most permanents have none: priority skips them at once)."""
    return _activated_entry(g.chars(o).abilities)[2]


@functools.partial(by_identity, limit=20_000)
def _activated_entry(abilities: tuple) -> tuple:
    """(the abilities tuple, its activated abilities, the non-mana ones with their indices,
    _plain_tap_mana of them), remembered per abilities tuple."""
    # 113.6b: abilities that work only from a hand (cycling, `zone == "hand"`) are not a permanent's.
    out = [_timed(ab) if type(ab) is ActivatedAbility else ab for ab in abilities
           if isinstance(ab, (ManaAbility, ActivatedAbility)) and getattr(ab, "zone", "") not in ("hand", "graveyard")]
    return (abilities, out, [(i, ab) for i, ab in enumerate(out) if isinstance(ab, ActivatedAbility)],
            _plain_tap_mana(out))


def _plain_tap_mana(activated: list) -> tuple | None:
    """For a permanent whose every mana ability is a plain "{T}: Add ..." of fixed outputs (basic lands,
    dual lands, mana creatures): (((index, outputs), ...), their outputs merged, solver rank if it isn't
    a creature, rank if it is) — what `mana_sources` would compute for it, so that it needn't; None for
    anything else (its abilities then go through the general path)."""
    group: list[tuple[int, tuple]] = []
    ranks: list[int] = []
    for idx, ab in enumerate(activated):
        if not isinstance(ab, ManaAbility):
            continue
        cost, prod = ab.cost, ab.production
        if type(ab) is not ManaAbility or type(cost) is not Cost or not cost.tap or cost.untap \
                or not cost.mana.is_empty() or cost.mana.x_count or cost.sacrifice is not None or cost.life \
                or cost.sacrifice_self:
            return None
        if prod.kind in ("fixed", "choice"):
            outs = tuple(dict.fromkeys(prod.bags))
        elif prod.kind == "any_color" and prod.amount == 1:
            outs = ANY_COLOR_OUTPUTS
        else:
            return None
        if not outs:
            return None
        group.append((idx, outs))
        ranks.append(1 if len(outs) > 1 else 0)
    if not group:
        return ((), (), 0, 0)
    merged = tuple(dict.fromkeys(x for _, outs in group for x in outs))
    rank = max(ranks)
    noncreature = max(rank, 1) if len(group) > 1 and len(merged) > 1 else rank
    return (tuple(group), merged, noncreature, rank + 2)




@by_identity
def _timed(ab: ActivatedAbility) -> ActivatedAbility:
    """602.5d: "Activate only as a sorcery", compiled among the effects (ActivationRestriction),
    becomes the ability's timing."""
    new = ab
    restr = [e for e in ab.effects if isinstance(e, ActivationRestriction)]
    if restr:
        new = replace(ab, effects=tuple(e for e in ab.effects if not isinstance(e, ActivationRestriction)),
                      sorcery_speed=ab.sorcery_speed or any(r.kind == "sorcery" for r in restr))
        others = [r.kind for r in restr if r.kind not in ("sorcery", "instant", "if")]
        conditions = [r.condition for r in restr if r.kind == "if"]
        if others or conditions:
            # 602.5b: the other restrictions are checked with the cost (cost_block_reason).
            cost = ab.cost
            fields = {f: getattr(cost, f) for f in cost.__dataclass_fields__}
            fields["restriction"] = others[0] if others else ""
            fields["restriction_condition"] = conditions[0] if conditions else None
            new = replace(new, cost=CostPlus(**fields))
    return new


def is_mana_ability_action(g: Game, action: A.ActivateAbility) -> bool:
    o = g.s.objects.get(action.source)
    if o is None or o.zone != BATTLEFIELD:
        return False
    abs_ = activated_abilities(g, o)
    return 0 <= action.index < len(abs_) and isinstance(abs_[action.index], ManaAbility)


# ----------------------------------------------------------------------------- targets

def matches_filter(g: Game, flt: ObjectFilter, o: Obj, controller: int, source: int | None = None) -> bool:
    return matches_filter_lki(g, flt, o, g.chars(o), controller, source)


def matches_filter_lki(g: Game, flt: ObjectFilter, o: Obj, c: Any, controller: int, source: int | None = None) -> bool:
    """`matches_filter` for an object as it last existed (603.10a): `o` and `c` are its last known
    state and characteristics."""
    if type(flt) is FilterPlus and not _matches_plus(g, flt, o, c):
        return False
    if type(flt) is FilterPlus and flt.power_below_source:
        from .combat_keywords import power_below_source
        if not power_below_source(g, c, source):
            return False
    extra = getattr(flt, "extra_match", None)  # filters of template modules (rules/vehicles_facedown.py)
    if extra is not None:
        return extra(g, o, c, controller, source)
    if flt.types and not (flt.types & c.types):
        return False
    if flt.non_types and (flt.non_types & c.types):
        return False
    if flt.subtypes and not (flt.subtypes & c.subtypes):
        return False
    if flt.non_colors and (flt.non_colors & c.colors):
        return False
    if flt.colors and not (flt.colors & c.colors):
        return False
    if flt.multicolored is not None and (len(c.colors) >= 2) != flt.multicolored:
        return False  # 105.2c
    if flt.tapped is not None and o.tapped != flt.tapped:
        return False
    if flt.attacking_or_blocking:
        cb = g.s.combat
        if cb is None or (o.id not in cb.attackers and o.id not in cb.blockers):
            return False
    if flt.controller == "you" and o.controller != controller:
        return False
    if flt.controller == "opponent" and o.controller == controller:
        return False
    if flt.max_mana_value is not None and o.card.mana_cost.mana_value > flt.max_mana_value:
        return False
    if flt.nonbasic and "Basic" in c.supertypes:
        return False
    if flt.other and source is not None and o.id == source:
        return False
    return True


def _matches_plus(g: Game, flt: FilterPlus, o: Obj, c: Any) -> bool:
    """The qualities only FilterPlus has ("creature with power 4 or greater", "nontoken", "basic")."""
    if flt.power_min is not None and (c.power is None or c.power < flt.power_min):
        return False
    if flt.power_max is not None and (c.power is None or c.power > flt.power_max):
        return False
    if flt.toughness_max is not None and (c.toughness is None or c.toughness > flt.toughness_max):
        return False
    if flt.token is not None and o.card.is_token != flt.token:
        return False
    if flt.min_mana_value is not None and o.card.mana_cost.mana_value < flt.min_mana_value:
        return False
    if flt.basic and "Basic" not in c.supertypes:
        return False
    if flt.keywords and not (flt.keywords & c.keywords):
        return False
    if flt.non_keywords and (flt.non_keywords & c.keywords):
        return False
    if flt.non_subtypes and (flt.non_subtypes & c.subtypes):
        return False
    if flt.historic and not ("Artifact" in c.types or "Legendary" in c.supertypes or "Saga" in c.subtypes):
        return False  # 700.6
    if flt.all_types and not flt.all_types <= c.types:
        return False
    if flt.supertypes and not flt.supertypes <= c.supertypes:
        return False
    if flt.non_supertypes and (flt.non_supertypes & c.supertypes):
        return False
    if flt.attacking or flt.blocking:
        cb = g.s.combat
        if cb is None or (flt.attacking and o.id not in cb.attackers) or (flt.blocking and o.id not in cb.blockers):
            return False
    return True


# 702.16a: protection from qualities other than colors ("artifacts", "Goblins", "everything"):
# fn(quality, source characteristics) -> whether the source has it (rules/protection.py).
PROTECTION_QUALITIES: list = []


def protected_from(g: Game, o: Obj, source_colors: frozenset[str], source: Any = None) -> bool:
    """702.16: protection from a quality (colors, multicolored; with the source's characteristics
    `source`, the qualities of PROTECTION_QUALITIES)."""
    prot = g.chars(o).protection
    if not prot:
        return False
    for q in prot:
        if source is not None and any(fn(q, source) for fn in PROTECTION_QUALITIES):
            return True
        if q == "multicolored" and len(source_colors) > 1:
            return True
        from ..cards.compiler import COLOR_WORDS
        if q in COLOR_WORDS and COLOR_WORDS[q] in source_colors:
            return True
    return False


def target_legal(g: Game, spec: TargetSpec, ref: int, controller: int, source: int | None,
                 source_colors: frozenset[str] = frozenset()) -> bool:
    """115.1 / 608.2b: whether `ref` is a legal target for `spec` now (None, an "up to" target left
    unchosen, is none)."""
    if ref is None:
        return False
    s = g.s
    k = spec.kind
    if ref < 0:
        p = -1 - ref
        if p not in (0, 1) or s.players[p].lost:
            return False
        if k in ("any", "player", "player_or_planeswalker"):
            return True
        if k == "opponent":
            return p != controller
        return False
    if k in ("player", "opponent"):
        return False
    o = s.objects.get(ref)
    if o is None:
        return False
    if k == "spell":
        if o.zone != STACK:
            return False
        return matches_filter(g, spec.filter, o, controller, source) and any(
            it.kind == "spell" and it.obj == ref for it in s.stack)
    if k == "graveyard_card":
        if o.zone != GRAVEYARD:
            return False
        if spec.filter.controller == "you" and o.owner != controller:
            return False
        if spec.filter.controller == "opponent" and o.owner == controller:
            return False
        if type(spec.filter) is ObjectFilter:
            return matches_filter(g, ObjectFilter(types=spec.filter.types, subtypes=spec.filter.subtypes,
                                                  max_mana_value=spec.filter.max_mana_value),
                                  o, controller, source)  # subtypes: soulshift's "target Spirit card" (702.46a)
        return matches_filter(g, replace(spec.filter, controller=None), o, controller, source)
    if o.zone != BATTLEFIELD:
        return False
    c = g.chars(o)
    if k == "any":
        if not ({"Creature", "Planeswalker", "Battle"} & c.types):
            return False
    elif k == "player_or_planeswalker":
        if "Planeswalker" not in c.types:
            return False
    elif k == "permanent":
        if not matches_filter(g, spec.filter, o, controller, source):
            return False
    else:
        return False
    if "hexproof" in c.keywords and o.controller != controller:
        return False
    if "shroud" in c.keywords:  # 702.18a
        return False
    if c.protection and protected_from(g, o, source_colors, _source_chars(g, source)):
        return False
    return True


def _source_chars(g: Game, source: int | None) -> Any:
    """The characteristics of a spell's or ability's source, for protection (702.16b)."""
    src = g.s.objects.get(source) if source is not None else None
    return g.chars(src) if src is not None else None


def target_candidates(g: Game, spec: TargetSpec, controller: int, source: int | None,
                      source_colors: frozenset[str] = frozenset()) -> list[int]:
    s = g.s
    out: list[int] = []
    if spec.kind in ("any", "player", "opponent", "player_or_planeswalker"):
        for i in (controller, 1 - controller):
            if target_legal(g, spec, player_ref(i), controller, source, source_colors):
                out.append(player_ref(i))
    if spec.kind in ("any", "permanent", "player_or_planeswalker"):
        out.extend(oid for oid in s.battlefield if target_legal(g, spec, oid, controller, source, source_colors))
    elif spec.kind == "spell":
        out.extend(it.obj for it in s.stack if it.kind == "spell" and it.obj != source
                   and target_legal(g, spec, it.obj, controller, source, source_colors))
    elif spec.kind == "graveyard_card":
        owners = (controller,) if spec.filter.controller == "you" else (
            (1 - controller,) if spec.filter.controller == "opponent" else (controller, 1 - controller))
        out.extend(oid for p in owners for oid in s.players[p].graveyard
                   if target_legal(g, spec, oid, controller, source, source_colors))
    return out


def check_targets(g: Game, specs: tuple[TargetSpec, ...], targets: tuple[int, ...], controller: int,
                  source: int | None, what: str, source_colors: frozenset[str] = frozenset()) -> None:
    if len(targets) != len(specs):
        raise IllegalActionError(f"{what} needs {len(specs)} target(s) ({', '.join(t.text for t in specs)}), "
                                 f"got {len(targets)} (601.2c)")
    for spec, t in zip(specs, targets):
        if t is None and spec.optional:
            continue  # 601.2c: "up to N" — fewer targets may be chosen
        if not target_legal(g, spec, t, controller, source, source_colors):
            raise IllegalActionError(f"{g.name_of(t)} is not a legal target for {what}: "
                                     f"it needs {spec.text or spec.kind} (115.1, 601.2c)")
    # 115.3: the same object can't be chosen for several instances of the word "target" of one ability
    # unless it says otherwise; our vocabulary never allows it.
    chosen = [t for t in targets if t is not None]
    if len(set(chosen)) != len(chosen):
        raise IllegalActionError(f"{what}: the same target was chosen twice (115.3)")


def all_targets_illegal(targets: tuple, legal: tuple[bool, ...]) -> bool:
    """608.2b: every chosen target is now illegal (an "up to" target left unchosen doesn't count;
    with no target chosen at all, the spell or ability resolves)."""
    chosen = [ok for t, ok in zip(targets, legal) if t is not None]
    return bool(chosen) and not any(chosen)


# ----------------------------------------------------------------------------- mana payment

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
        plain = _activated_entry(c.abilities)[3]
        if plain is not None:
            if plain_ok is None:
                plain_ok = produce.mana_unmodified(g)
            if plain_ok:
                group, merged, rank, creature_rank = plain
                if not group or o.tapped:
                    continue  # no mana ability, or 107.5: can't pay {T}
                if "Creature" in c.types:
                    if o.sick and "haste" not in c.keywords:
                        continue  # 302.6
                    rank = creature_rank
                out.append(ManaSource((oid, group), merged, rank))
                continue
        abilities = None
        # Abilities of one permanent that tap it are alternatives: one ManaSource for them all; so are the
        # ones that sacrifice it (it can be sacrificed once: Basal Sliver's own ability and the one it
        # grants itself). One that does both is an alternative to the tapping ones.
        tap_group: list[tuple[int, tuple]] = []
        tap_rank = 0
        sacrifice_group: list[tuple[int, tuple]] = []
        sacrifice_rank = 0
        for idx, ab in enumerate(activated_abilities(g, o)):
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
                        if not req.life:
                            converters.append(ManaSource((oid, ((idx, outs),)), outs, 5, req))
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
            out.extend([ManaSource((oid, ((idx, outs),)), outs, rank)] * repeats(o, cost))
        for group, group_rank in ((tap_group, tap_rank), (sacrifice_group, sacrifice_rank)):
            if group:
                merged = tuple(dict.fromkeys(x for _, outs in group for x in outs))
                if len(group) > 1 and len(merged) > 1:
                    group_rank = max(group_rank, 1)
                out.append(ManaSource((oid, tuple(group)), merged, group_rank))
        # A permanent's plain {T} ability and a converter would both tap it: the solver uses one of them
        # (rules/costs.py _solve_with_converters leaves out the other sources of a converter's permanent).
        out.extend(converters)
        converters.clear()
    return out


def source_ability(key, out) -> tuple[int, int]:
    """The (permanent, ability index) of a solver source key that produces `out`."""
    oid, group = key
    for idx, outs in group:
        if out in outs:
            return oid, idx
    return oid, group[0][0]


def cost_block_reason(g: Game, o: Obj, cost: Cost) -> str | None:
    """Why the non-mana parts of `cost` ({T}/{Q}, a sacrifice, discards ...) can't be paid by `o`, or
    None (107.5, 107.6, 302.6, 701.17a)."""
    why = _tap_block_reason(g, o, cost)
    if why is not None:
        return why
    if cost.sacrifice is not None and not usable_for_cost(g, o, cost, sacrifice_candidates(g, o, cost.sacrifice)):
        return f"{o.card.name}: there is no permanent to sacrifice for this cost (701.17a)"
    if type(cost) is CostPlus:
        return _plus_block_reason(g, o, cost)
    extra = getattr(cost, "extra_block_reason", None)  # costs of template modules (702.122a crew)
    if extra is not None:
        return extra(g, o)
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
    reqs = requirements(cost.mana, 0)
    for c in cands:
        if c not in with_mana or can_pay(g, p, reqs, purpose, exclude=o.id if cost.tap else None, exclude_more=(c,)):
            out.append(c)
    return out


def _tap_block_reason(g: Game, o: Obj, cost: Cost) -> str | None:
    """Why {T}/{Q} of `cost` can't be paid by `o`, or None (107.5, 107.6, 302.6)."""
    if cost.tap or cost.untap:
        c = g.chars(o)
        if "Creature" in c.types and o.sick and "haste" not in c.keywords:
            sym = "{T}" if cost.tap else "{Q}"
            return (f"302.6: {o.card.name} has not been under its controller's control continuously since "
                    f"their most recent turn began, so its {sym} ability can't be activated")
        if cost.tap and o.tapped:
            return f"107.5: {o.card.name} is already tapped and can't pay {{T}}"
        if cost.untap and not o.tapped:
            return f"107.6: {o.card.name} is untapped and can't pay {{Q}}"
    return None


def sacrifice_candidates(g: Game, o: Obj, flt: ObjectFilter) -> list[int]:
    """Permanents `o`'s controller could sacrifice for a "Sacrifice a creature" cost (701.17a)."""
    return [x.id for x in g.permanents(o.controller) if matches_filter(g, flt, x, o.controller, o.id)]


def _discard_candidates(g: Game, o: Obj, cost: CostPlus) -> list[int]:
    hand = g.s.players[o.controller].hand
    if cost.discard_filter is None:
        return list(hand)
    return [c for c in hand if matches_filter(g, cost.discard_filter, g.s.objects[c], o.controller)]


def _tap_candidates(g: Game, o: Obj, cost: CostPlus) -> list[int]:
    assert cost.tap_untapped is not None
    out = []
    for x in g.permanents(o.controller):
        # 302.6 restricts only a creature's own {T}/{Q} abilities: a summoning-sick creature may be tapped
        # to pay "tap an untapped creature you control".
        if x.tapped or (cost.tap and x.id == o.id) or not matches_filter(g, cost.tap_untapped, x, o.controller, o.id):
            continue
        out.append(x.id)
    return out


def _exile_candidates(g: Game, o: Obj, cost: CostPlus) -> list[int]:
    assert cost.exile_from_graveyard is not None
    return [c for c in g.s.players[o.controller].graveyard
            if matches_filter(g, cost.exile_from_graveyard, g.s.objects[c], o.controller)]


def _plus_block_reason(g: Game, o: Obj, cost: CostPlus) -> str | None:
    if cost.restriction_condition is not None and not _condition_holds(g, o, cost.restriction_condition):
        return f"{o.card.name}: this ability's activation condition isn't met (602.5b)"
    if cost.restriction:
        why = _restriction_reason(g, o, cost)
        if why:
            return why
    if cost.discard and len(_discard_candidates(g, o, cost)) < cost.discard:
        return f"{o.card.name}: not enough cards in hand to discard for this cost (701.8)"
    if cost.remove_counters is not None:
        kind, n = cost.remove_counters
        if o.counters.get(kind, 0) < n:
            return f"{o.card.name} doesn't have {n} {kind} counter(s) to remove (122.8)"
    if cost.tap_untapped is not None and len(usable_for_cost(g, o, cost, _tap_candidates(g, o, cost))) < cost.tap_count:
        return f"{o.card.name}: not enough untapped permanents to tap for this cost"
    if cost.exile_from_graveyard is not None and len(_exile_candidates(g, o, cost)) < cost.exile_count:
        return f"{o.card.name}: not enough cards in your graveyard to exile for this cost"
    return None


def _condition_holds(g: Game, o: Obj, cond: object) -> bool:
    """A condition of the statics vocabulary ("you control three or more artifacts", "there are seven
    or more cards in your graveyard") for `o`'s controller, by current characteristics (611.3a)."""
    holds = getattr(cond, "holds", None)
    if holds is not None:
        return holds(g, o.id, None, None)  # rules/turn_history.py HistoryCondition
    from . import continuous
    g.chars(o)  # fills the characteristics cache for the current state version
    ok, _ = continuous._condition(g.s, o, cond, g._cache, continuous._statics(g.s))
    return ok


def _restriction_reason(g: Game, o: Obj, cost: CostPlus) -> str | None:
    """602.5b: "Activate only once each turn", "only during your turn" ..."""
    s = g.s
    r = cost.restriction
    if r == "once_each_turn":
        if any(e.kind == "activated_once" and e.target == o.id and e.data is cost for e in s.effects):
            return f"{o.card.name}: this ability can be activated only once each turn (602.5b)"
    elif r in ("your_turn", "your_upkeep", "before_attackers"):
        if s.active != o.controller:
            return f"{o.card.name}: this ability can be activated only during its controller's turn (602.5b)"
        if r == "your_upkeep" and s.step != UPKEEP:
            return f"{o.card.name}: this ability can be activated only during its controller's upkeep (602.5b)"
        if r == "before_attackers" and s.step >= DECLARE_ATTACKERS:
            return f"{o.card.name}: this ability can be activated only before attackers are declared (602.5b)"
    return None


def _choose_cost_objects(g: Game, p: int, cands: list[int], n: int, what: str, name: str) -> list[int]:
    """601.2h / 602.2b: the player chooses the objects a cost uses (read from the activation's answers)."""
    chosen: list[int] = []
    for _ in range(n):
        left = [c for c in cands if c not in chosen]
        if not left:
            raise IllegalActionError(f"{name}: nothing left to {what} for this cost")
        pick = choose(g, p, what, left, f"{name}: choose a card or permanent to {what} ({', '.join(g.name_of(c) for c in left)})")
        if pick not in left:
            raise IllegalActionError(f"{name}: {g.name_of(pick) if isinstance(pick, int) else pick!r} can't be used "
                                     f"to {what} for this cost")
        chosen.append(pick)
    return chosen


def can_pay(g: Game, p: int, reqs: list[Requirement], purpose: tuple | None, exclude: int | None = None,
            exclude_more: tuple[int, ...] = ()) -> bool:
    """601.2g-h, as `pay_mana` would pay: whether `p` can pay one of `reqs` for `purpose` (("spell",
    id), ("ability", source id) or None) from the mana in the pool that may be spent on it and the
    mana abilities whose mana may (106.6), with life for Phyrexian symbols (107.4f). Every listing of
    an action asks this, so that a listed action's payment is never refused."""
    pl = g.s.players[p]
    return solve_payment(reqs, mana_abilities.usable_pool(g, p, purpose),
                         mana_sources(g, p, exclude=exclude, exclude_more=exclude_more, purpose=purpose),
                         pl.life) is not None


def pay_mana(g: Game, p: int, reqs: list[Requirement], payment: A.Payment | None, what: str,
             exclude: int | None = None, exclude_more: tuple[int, ...] = (),
             purpose: tuple | None = None) -> Requirement:
    """601.2g-h: activate mana abilities (the solver's choice, or `payment`), then pay from the pool.
    `purpose`: ("spell", id) or ("ability", source id), what restricted mana may pay for (106.6)."""
    s = g.s
    pl = s.players[p]
    if not reqs or (reqs[0].total == 0 and reqs[0].life == 0):
        return reqs[0] if reqs else Requirement((0,) * 6, 0)  # type: ignore[arg-type]
    if payment is None:
        res = solve_payment(reqs, mana_abilities.usable_pool(g, p, purpose),
                            mana_sources(g, p, exclude=exclude, exclude_more=exclude_more, purpose=purpose), pl.life)
        if res is None:
            raise IllegalActionError(f"{s.players[p].name} can't pay the cost of {what} (601.2h)")
        req, chosen = res
        for key, out in chosen:
            oid, idx = source_ability(key, out)
            activate_mana(g, p, oid, idx, out_override=out)
    else:
        for src, idx, choice in payment.activations:
            o = s.objects.get(src)
            if o is None or o.zone != BATTLEFIELD or o.controller != p:
                raise IllegalActionError(f"{g.name_of(src)} is not a permanent {pl.name} controls")
            abs_ = activated_abilities(g, o)
            if not (0 <= idx < len(abs_)) or not isinstance(abs_[idx], ManaAbility):
                raise IllegalActionError(f"{o.card.name} has no mana ability number {idx + 1}")
            activate_mana(g, p, src, idx, choice=choice)
        req = None
        for r in reqs:
            if _covers(mana_abilities.usable_pool(g, p, purpose), r):
                req = r
                break
        if req is None:
            raise IllegalActionError(f"the mana in {pl.name}'s pool ({format_bag(pl.pool) or 'none'}) can't pay "
                                     f"the cost of {what} (601.2h, 106.6)")
    if req.life and pl.life < req.life:
        raise IllegalActionError(f"{pl.name} can't pay {req.life} life (119.4)")
    try:
        taken = spend(req, mana_abilities.usable_pool(g, p, purpose))
    except ValueError:
        raise IllegalActionError(f"{pl.name} can't pay the cost of {what} (601.2h)") from None
    pl.pool = tuple(a - b for a, b in zip(pl.pool, taken))  # type: ignore[assignment]
    mana_abilities.spent(g, p, taken, purpose)  # 106.6: restricted mana it could use is spent first
    g.log_event("pay_mana", "601.2h", player=pl.name, mana=format_bag(taken), what=what)
    if purpose is not None and purpose[0] == "spell":
        trigger_events = _trigger_events_module
        trigger_events.mana_spent_on_spell(g, p, sum(taken))  # 700.14: "whenever you expend N"
    if req.life:
        g.set_life(p, -req.life, "119.4", source=what)
    return req


def _covers(pool, req: Requirement) -> bool:
    try:
        spend(req, pool)
        return True
    except ValueError:
        return False


def choose(g: Game, p: int, kind: str, options: list, prompt: str) -> Any:
    """A choice made while a mana ability resolves (it can't wait for a decision: 605.3b). The
    game's `chooser` answers it (the scenario runner); without one, the first option is taken
    (callers list the best default first)."""
    if len(options) == 1:
        if g.chooser is not None:
            return g.chooser(p, kind, options, prompt)
        return options[0]
    if g.chooser is not None:
        return g.chooser(p, kind, options, prompt)
    return options[0]


def activate_mana(g: Game, p: int, oid: int, idx: int, choice: Any = None, out_override=None,
                  mana_paid: bool = False) -> None:
    """605.3: activate a mana ability; it resolves at once (no stack). `out_override` is the total
    mana the payment solver planned for it (base, replacements and triggered extras)."""
    s = g.s
    o = s.objects.get(oid)
    if o is None or o.zone != BATTLEFIELD:
        raise IllegalActionError(f"{g.name_of(oid)} is no longer on the battlefield: its mana ability can't be "
                                 f"activated (605.3a)")
    ab = activated_abilities(g, o)[idx]
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
        cands = [x.id for x in g.permanents(p) if matches_filter(g, cost.sacrifice, x, p)]
        if isinstance(choice, int) and not isinstance(choice, bool):
            victim = choice
            choice = None
        elif cands:
            victim = choose(g, p, "sacrifice", cands, f"{o.card.name}: choose a permanent to sacrifice")
        if victim is None or victim not in cands:
            raise IllegalActionError(f"{g.name_of(victim) if victim else 'nothing'} can't be sacrificed for "
                                     f"{o.card.name} ({', '.join(g.name_of(c) for c in cands) or 'none available'})")
        if ab.production.kind == "sacrificed_could_produce":
            from .costs import single
            base_override = tuple(single(t) for t in TYPES if t in produce.could_produce(g, s.objects[victim]))
        elif ab.production.kind == "x_sacrificed":  # Priest of Yawgmoth (rules/mana_abilities.py)
            from .mana_abilities import sacrifice_outputs
            base_override = sacrifice_outputs(g, ab, s.objects[victim])
    elif choice is not None and not isinstance(choice, str):
        raise IllegalActionError(f"{o.card.name}: {choice!r} is not a choice of its mana ability (106.1: the mana "
                                 f"it adds is named by mana symbols; it has no sacrifice cost)")
    plans = produce.activation_plans(g, p, o, ab, chars, base_override)
    # 605.3b: mana_abilities does the rest of a mana ability (painlands, storage lands, 106.6)
    lki = (o.copy(), chars) if type(ab) is not ManaAbility or type(cost) is not Cost else None
    # Costs (602.2b, 601.2g-h): mana (never from this source), life, sacrifice, {T}/{Q}.
    if not cost.mana.is_empty() and not mana_paid:
        pay_mana(g, p, requirements(cost.mana), None, f"{o.card.name}'s ability", exclude=oid, purpose=("ability", oid))
    if cost.life:
        if s.players[p].life < cost.life:
            raise IllegalActionError(f"{s.players[p].name} can't pay {cost.life} life (119.4)")
        g.set_life(p, -cost.life, "119.4", source=o.card.name)
    if victim is not None:
        g.move(victim, GRAVEYARD, rule="701.17a")
    if cost.tap:
        tap(g, o, "107.5")
    if cost.untap:
        untap(g, o, "107.6")
    if cost.sacrifice_self:
        g.move(oid, GRAVEYARD, rule="701.17a")
    if lki is not None:
        mana_abilities.pay_extra_costs(g, p, o, ab)
    g.log_event("activate_mana", "605.3a", player=s.players[p].name, card=o.card.name, ability=ab.text)
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
        plan = _choose_plan(g, p, o.card.name, plans, choice)
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
    add_mana(g, p, produced, source=o.card.name, tapped_for_mana=cost.tap)
    for trig_name, extra in plan.extras:
        if sum(extra):
            g.log_event("mana_trigger", "605.1b", card=trig_name, source=o.card.name)
            add_mana(g, p, extra, source=trig_name)
    if lki is not None:
        mana_abilities.after_mana(g, p, o, ab, produced, lki)
    if cost.tap:
        triggers = _triggers_module
        triggers.tapped_for_mana(g, p, oid, chars, controller, produced)


def _choose_plan(g: Game, p: int, name: str, plans: list, choice: Any):
    """Ask, in the rules' order: the mana the ability adds (106.1), the order of replacement effects
    (616.1), then the triggered mana abilities' choices (605.1b)."""
    bases = list(dict.fromkeys(pl.base for pl in plans))
    if isinstance(choice, str):
        base = produce.choose_output(tuple(bases), choice, name)
        if base is None:
            raise IllegalActionError(f"{name}: choose the mana to add ({', '.join(format_bag(b) for b in bases)}); "
                                     f"got {choice!r}")
    else:
        base = choose(g, p, "mana", bases, f"{name}: choose the mana to add") if len(bases) > 1 else bases[0]
    plans = [pl for pl in plans if pl.base == base]
    produced_options = list(dict.fromkeys(pl.produced for pl in plans))
    if len(produced_options) > 1:
        # 616.1: the player tapping chooses the order; offer one order per distinct result, most mana first.
        by_result: dict = {}
        for pl in sorted(plans, key=lambda x: -sum(x.produced)):
            by_result.setdefault(pl.produced, pl.order)
        orders = list(by_result.values())
        order = choose(g, p, "replacement_order", orders, f"616.1: {name}: choose the order of the replacement "
                       f"effects ({', '.join(r.name for r in orders[0])})")
        plans = [pl for pl in plans if pl.order == order] or plans
    produced = plans[0].produced
    plans = [pl for pl in plans if pl.produced == produced]
    extras = list(dict.fromkeys(pl.extras for pl in plans))
    if len(extras) > 1:
        n = len(extras[0])
        chosen: tuple = ()
        for i in range(n):
            opts = list(dict.fromkeys(e[i][1] for e in extras if e[:i] == chosen))
            pick = choose(g, p, "mana", opts, f"{extras[0][i][0]}: choose the mana to add") if len(opts) > 1 else opts[0]
            chosen = chosen + (next(e[i] for e in extras if e[:i] == chosen and e[i][1] == pick),)
        return next(pl for pl in plans if pl.extras == chosen)
    return plans[0]


def add_mana(g: Game, p: int, bag, source: str, tapped_for_mana: bool = False) -> None:
    pl = g.s.players[p]
    pl.pool = add(pl.pool, bag)
    g.log_event("add_mana", "106.3", player=pl.name, mana=format_bag(bag), source=source,
                tapped_for_mana=tapped_for_mana)


def tap(g: Game, o: Obj, rule: str) -> None:
    o.tapped = True
    g.log_event("tap", rule, card=o.card.name, id=o.id)
    triggers = _triggers_module
    triggers.tapped_changed(g, o, True)


def untap(g: Game, o: Obj, rule: str) -> None:
    o.tapped = False
    g.log_event("untap", rule, card=o.card.name, id=o.id)
    from . import triggers
    triggers.tapped_changed(g, o, False)


# ----------------------------------------------------------------------------- casting

def spell_targets(card: CardDef, modes: tuple[int, ...] = ()) -> tuple[TargetSpec, ...]:
    """The targets a spell asks for (601.2c); of a modal spell, those of the chosen modes in the
    order chosen (700.2c)."""
    if card.spell is not None:
        modal = effects.modal_of(card.spell.effects)
        if modal is not None:
            return card.spell.targets + effects.mode_layout(modal, modes)[0]
        return card.spell.targets
    for ab in card.abilities:
        if isinstance(ab, StaticAbility) and ab.kind == "enchant":
            # 702.5d: "Enchant player" / "Enchant opponent" target a player (target_kind)
            return (TargetSpec(getattr(ab, "target_kind", "permanent"), ab.filter,
                               text=ab.text.lower().replace("enchant", "target")),)
    return ()


def may_cast_any_time(g: Game, p: int, o: Obj) -> bool:
    """Whether `p` may cast the card `o` when they couldn't cast a sorcery: an instant, flash (702.8a), or a
    permission to cast it as though it had flash (601.3b)."""
    c = o.card
    return "Instant" in c.types or "flash" in c.keywords or (
        not FLASH_PERMISSION_KINDS.isdisjoint(ability_types(c)) and any(f(g, p, o) for f in FLASH_PERMISSIONS))


def cast_block_reason(g: Game, p: int, o: Obj, any_time: bool = False) -> str | None:
    """Why `p` can't cast the card `o` now, or None (`any_time`: a permission that ignores timing, such
    as casting a card with madness while its triggered ability resolves, 702.35a)."""
    c = o.card
    if "Land" in c.types:
        return f"{c.name} is a land: lands are played, not cast (305.9)"
    if c.unsupported:
        return f"{c.name} is not supported by the card compiler"
    if not any_time and not sorcery_timing_ok(g, p) and not may_cast_any_time(g, p, o):
        return (f"307.1: {c.name} can be cast only during its controller's main phase while the stack is empty"
                if "Sorcery" in c.types else
                f"307.1/117.1a: {c.name} (a permanent spell) can be cast only at sorcery speed: "
                f"your main phase, stack empty")
    if "Legendary" in c.supertypes and {"Instant", "Sorcery"} & c.types and not any(
            "Legendary" in ch.supertypes and {"Creature", "Planeswalker"} & ch.types
            for ch in (g.chars(x) for x in g.permanents() if x.controller == p)):
        return f"205.4e: {c.name} is a legendary {'sorcery' if 'Sorcery' in c.types else 'instant'}: cast it only " \
               f"while you control a legendary creature or planeswalker"
    for restriction in CAST_RESTRICTIONS:  # 601.3: split second, "cast this spell only during ..."
        why = restriction(g, p, o)
        if why:
            return why
    extra = additional_costs(c)
    if extra:
        return _additional_block_reason(g, p, o, extra)
    return None


# 601.3: fn(g, p, obj) -> why `p` can't cast `obj` now, or None (rules/casting.py: split second, ...).
CAST_RESTRICTIONS: list[Any] = []
# 601.3b: fn(g, p, obj) -> True when `p` may cast `obj` as though it had flash ("if you pay {2} more").
FLASH_PERMISSIONS: list[Any] = []
# The ability classes that may give such a permission (only cards with one are asked about).
FLASH_PERMISSION_KINDS: set[type] = set()
# Likewise for AFFORD_HOOKS (convoke, improvise, delve keywords).
AFFORD_KINDS: set[type] = set()
# 602.5: fn(g, p, action) -> why `p` can't take that ActivateAbility action now, or None (split second).
ACTIVATION_RESTRICTIONS: list[Any] = []
# 608.3: fn(g, stack item, new permanent id) after a permanent spell has entered (evoke, dash).
PERMANENT_SPELL_HOOKS: list[Any] = []
# 601.2b: fn(g, p, obj, action, card) -> the characteristics the spell is cast with (702.96a overload).
CARD_SWAPS: list[Any] = []
# 700.2: fn(card, modal, modes) -> True when choosing these modes is allowed beyond the usual number
# (702.42a entwine: all of them; rules/casting.py adds the entwine cost).
ALL_MODES_HOOKS: list[Any] = []


@by_identity
def additional_costs(card: CardDef) -> tuple:
    """601.2b: the card's "As an additional cost to cast this spell, ..." costs (cached per card)."""
    return tuple(ab.cost for ab in card.abilities if isinstance(ab, AdditionalCost))


def _spell_sacrifice_candidates(g: Game, p: int, o: Obj, cost: Cost) -> list[int]:
    assert cost.sacrifice is not None
    cands = [x.id for x in g.permanents(p) if matches_filter(g, cost.sacrifice, x, p)]
    reqs = total_cost_reqs(g, p, o.card, 0)
    purpose = ("spell", o.id)
    with_mana = {src.key[0] for src in mana_sources(g, p, purpose=purpose)}
    # A permanent sacrificed for the cost can't also be tapped for mana to pay it (601.2g-h).
    return [c for c in cands if c not in with_mana or can_pay(g, p, reqs, purpose, exclude_more=(c,))]


def _additional_block_reason(g: Game, p: int, o: Obj, extra: tuple) -> str | None:
    pl = g.s.players[p]
    for cost in extra:
        if cost.sacrifice is not None and not _spell_sacrifice_candidates(g, p, o, cost):
            return f"{o.card.name}: there is nothing to sacrifice for its additional cost (601.2b)"
        if type(cost) is CostPlus and cost.discard and sum(
                1 for c in pl.hand if c != o.id and (cost.discard_filter is None or matches_filter(
                    g, cost.discard_filter, g.s.objects[c], p))) < cost.discard:
            return f"{o.card.name}: not enough other cards in hand to discard for its additional cost (601.2b)"
        if cost.life and pl.life < cost.life:
            return f"{o.card.name}: {pl.name} can't pay {cost.life} life (119.4)"
    return None


# 601.2f: cost increases and reductions of generic mana beyond Damping Sphere's: functions
# (g, p, card, targets) -> net generic change (rules/casting.py registers them).
COST_MODIFIERS: list[Any] = []
# 601.2b: optional additional and alternative costs: fn(g, p, obj, action, reqs, kicked, flashback)
# -> (reqs, choices to record on the stack item).
CAST_OPTIONS: list[Any] = []
# 601.2g-h: fn(g, p, obj, reqs, action, exclude_more) -> True when it paid the spell's cost itself
# (convoke, improvise, delve).
SPELL_PAYERS: list[Any] = []
# fn(g, p, obj, reqs) -> True when the spell can be paid for in a way solve_payment doesn't see.
AFFORD_HOOKS: list[Any] = []
# fn(g, p, CastSpell action) -> False to drop a cast from the actions offered to agents (a cost that
# depends on its targets, 601.2f, can't be paid).
CAST_ACTION_FILTERS: list[Any] = []
# fn(g, p, obj, mana sources) -> the `choices` of the CastSpell actions offered to agents for other
# ways to cast the spell (buyback, evoke, dash ...) that can be paid for.
CAST_VARIANTS: list[Any] = []
# 601.3 / 601.2a: permissions to cast a card from a zone other than its owner's hand (retrace, jump-start,
# escape, madness: rules/graveyard_keywords.py): fn(g, p, obj) -> a permission with `reqs(g, p, card, x,
# targets)`, `any_time`, `additional` (a Cost or None) and `choices` (recorded on the stack item), or None.
CAST_PERMISSIONS: list[Any] = []


def cast_permission(g: Game, p: int, o: Obj) -> Any:
    """The permission under which `p` may cast `o` from the zone it is in (not a hand), or None."""
    for perm in CAST_PERMISSIONS:
        found = perm(g, p, o)
        if found is not None:
            return found
    return None


def cost_adjustment(g: Game, p: int, card: CardDef, targets: tuple[int, ...] = ()) -> int:
    """601.2f: the net generic mana added to a spell's cost (increases minus reductions; the
    requirements never go below {0}, 118.7)."""
    extra = 0
    spells = g.s.players[p].spells_cast
    if spells:
        for _o, ab in g.statics_of_kind("cost_increase_per_spell"):
            if isinstance(ab, StaticAbility):
                extra += spells * int(ab.amount)  # type: ignore[arg-type]
    for modifier in COST_MODIFIERS:
        extra += modifier(g, p, card, targets)
    return extra


def total_cost_reqs(g: Game, p: int, card: CardDef, x: int, targets: tuple[int, ...] = ()) -> list[Requirement]:
    """601.2f: mana cost + X + cost increases (Damping Sphere: {1} for each other spell the
    player has cast this turn) - cost reductions (COST_MODIFIERS)."""
    return requirements(card.mana_cost, x, cost_adjustment(g, p, card, targets))


@by_identity
def kicker_cost(card: CardDef) -> Any:
    """702.33a: the card's kicker cost (a ManaCost; compiled by cards/templates/costs.py), or None."""
    return next((ab.cost for ab in card.abilities if type(ab).__name__ == "Kicker"), None)


def kicked_reqs(g: Game, p: int, card: CardDef, x: int, targets: tuple[int, ...] = ()) -> list[Requirement]:
    """601.2f: the total cost with the kicker cost added (702.33a)."""
    from .costs import parse_cost
    kick = kicker_cost(card)
    combined = parse_cost(card.mana_cost.text + kick.text)
    return requirements(combined, x, cost_adjustment(g, p, card, targets))


def _kicker_choice(g: Game, p: int, card: CardDef, action: A.CastSpell) -> bool:
    """601.2b / 702.33a: the player announces whether they pay the kicker cost. From the action's
    choices (("kicked", bool)), else asked (scenario answer true/false; default not kicked)."""
    for c in action.choices:
        if isinstance(c, tuple) and len(c) == 2 and c[0] == "kicked":
            return bool(c[1])
    ans = choose(g, p, "kicker", [False, True],
                 f"702.33a: {card.name}: pay its kicker cost {kicker_cost(card).text}? (true or false)")
    if not isinstance(ans, bool):
        raise IllegalActionError(f"{card.name}: answer true or false for its kicker cost (702.33a)")
    return ans


@by_identity
def flashback_cost(card: CardDef) -> Any:
    """702.34a: the flashback cost (a ManaCost; cards/templates/costs.py) of an instant or sorcery, or None."""
    cost = next((ab.cost for ab in card.abilities if type(ab).__name__ == "Flashback"), None)
    return cost if {"Instant", "Sorcery"} & card.types else None


def flashback_reqs(g: Game, p: int, card: CardDef, x: int, targets: tuple[int, ...] = ()) -> list[Requirement]:
    """601.2f / 702.34a: the flashback cost (an alternative cost) with cost increases and reductions."""
    return requirements(flashback_cost(card), x, cost_adjustment(g, p, card, targets))


def spell_destination(item: StackItem) -> str:
    """702.34a: a spell cast with flashback is exiled instead of going anywhere else when it leaves
    the stack; other instants and sorceries go to the graveyard (608.2n, 701.5a, 608.2b)."""
    # 702.133a: a spell cast with jump-start is exiled likewise ("exile_after").
    return EXILE if ("flashback", True) in item.choices or ("exile_after", True) in item.choices else GRAVEYARD


def cast_spell(g: Game, p: int, action: A.CastSpell) -> None:
    s = g.s
    o = s.objects.get(action.card)
    flashback = o is not None and o.zone == GRAVEYARD and o.owner == p and flashback_cost(o.card) is not None
    permit = cast_permission(g, p, o) if o is not None and o.zone not in (HAND, STACK) and not flashback else None
    if o is None or (o.zone != HAND and not flashback and permit is None) or o.owner != p:
        raise IllegalActionError(f"{g.name_of(action.card)} is not in {s.players[p].name}'s hand")
    vf = _vehicles_facedown_module
    face_down = not flashback and permit is None and vf.face_down_cast_wanted(g, p, o, action)  # 601.2b / 702.37c
    why = vf.face_down_block_reason(g, p, o) if face_down else cast_block_reason(
        g, p, o, any_time=permit is not None and permit.any_time)
    if why:
        raise IllegalActionError(why)
    card = vf.cast_face_down(g, p, o) if face_down else o.card  # 708.4: turned face down first
    for swap in CARD_SWAPS:  # 702.96a overload: the spell's text changes as it is cast (rules/casting.py)
        card = swap(g, p, o, action, card)
    if action.x and not card.mana_cost.x_count:
        raise IllegalActionError(f"{card.name} has no X in its cost")
    if action.x < 0:
        raise IllegalActionError("X can't be negative (107.3)")
    modal = effects.modal_of(card.spell.effects) if card.spell is not None else None
    if action.modes and modal is None:
        raise IllegalActionError(f"{card.name} is not a modal spell: it has no modes to choose (700.2)")
    if modal is not None and not any(hook(card, modal, action.modes) for hook in ALL_MODES_HOOKS):
        check_modes(card.name, modal, action.modes)
    kicked = kicker_cost(card) is not None and _kicker_choice(g, p, card, action)  # 601.2b, 702.33a
    specs = spell_targets(card, action.modes)
    check_targets(g, specs, action.targets, p, o.id, card.name, g.chars(o).colors)  # 702.114a devoid
    if face_down:
        reqs = vf.face_down_reqs(g, p, card)  # 702.37c / 702.168b: {3} rather than its mana cost
    elif flashback:
        reqs = flashback_reqs(g, p, card, action.x, action.targets)  # 702.34a
    elif permit is not None:
        reqs = permit.reqs(g, p, card, action.x, action.targets)  # 601.2f: an alternative cost, or the mana cost
    else:
        reqs = kicked_reqs(g, p, card, action.x, action.targets) if kicked else \
            total_cost_reqs(g, p, card, action.x, action.targets)
    added: tuple = ()
    for hook in CAST_OPTIONS:  # 601.2b: other optional additional and alternative costs (rules/casting.py)
        reqs, more = hook(g, p, o, action, reqs, kicked, flashback)
        added += more
    # 601.2a: the card moves to the stack first; mana abilities then can't use it.
    hand = s.players[p].hand
    if flashback:
        s.players[p].graveyard.remove(o.id)
    elif permit is not None:
        g.zone_list(o).remove(o.id)
    else:
        hand.pop(hand.index(o.id))
    o.zone = STACK
    o.controller = p
    o.x = action.x
    # 601.2b / 601.2h: additional costs; the objects they use are chosen before mana is paid.
    victims: list[int] = []
    discards: list[int] = []
    life = 0
    exiles: list[int] = []
    permit_costs = (permit.additional,) if permit is not None and permit.additional is not None else ()
    for cost in additional_costs(card) + permit_costs:
        if type(cost) is CostPlus and cost.exile_from_graveyard is not None:  # 702.138a escape
            cands = [c for c in s.players[p].graveyard if c not in exiles and matches_filter(
                g, cost.exile_from_graveyard, s.objects[c], p, o.id)]
            exiles += _choose_cost_objects(g, p, cands, cost.exile_count, "exile", card.name)
        if cost.sacrifice is not None:
            victims += _choose_cost_objects(g, p, [c for c in _spell_sacrifice_candidates(g, p, o, cost)
                                                   if c not in victims], 1, "sacrifice", card.name)
        if type(cost) is CostPlus and cost.discard:
            cands = [c for c in hand if c not in discards and (
                cost.discard_filter is None or matches_filter(g, cost.discard_filter, s.objects[c], p))]
            discards += _choose_cost_objects(g, p, cands, cost.discard, "discard", card.name)
        life += cost.life
    if life and s.players[p].life < life:
        raise IllegalActionError(f"{s.players[p].name} can't pay {life} life (119.4)")
    if not any(payer(g, p, o, reqs, action, tuple(victims)) for payer in SPELL_PAYERS):  # convoke, delve ...
        pay_mana(g, p, reqs, action.payment, card.name, exclude_more=tuple(victims), purpose=("spell", o.id))
    if life:
        g.set_life(p, -life, "119.4", source=card.name)
    for v in victims:
        effects.sacrifice(g, v)
    for c in discards:
        effects.discard(g, p, c, rule="701.8a")
    for c in exiles:
        g.move(c, EXILE, rule="406.2")
    choices = action.choices + tuple(c for c in added if c not in action.choices)
    if permit is not None:
        choices = choices + tuple(c for c in permit.choices if c not in choices)
        g.log_event(permit.event, permit.rule, card=card.name)
        permit.cast(g, p, o.id)  # what the permission remembers about the spell (702.138b "escaped")
    if flashback:
        choices = choices + (("flashback", True),)
        g.log_event("flashback", "702.34a", card=card.name, cost=flashback_cost(card).text)
    if kicked:
        choices = tuple(c for c in choices if not (isinstance(c, tuple) and c[:1] == ("kicked",))) + (("kicked", True),)
        g.log_event("kicked", "702.33a", card=card.name, cost=kicker_cost(card).text)
    item = StackItem(o.id, "spell", p, card.name, obj=o.id, source=o.id, targets=action.targets, x=action.x,
                     modes=action.modes, choices=choices)
    s.stack.append(item)
    ward_check(g, p, item)  # 702.21a
    s.players[p].spells_cast += 1
    g.log_event("cast", "601.2", player=s.players[p].name, card=card.name, id=o.id,
                targets=[g.name_of(t) for t in action.targets], x=action.x,
                **({"modes": list(action.modes)} if action.modes else {}))
    s.passes = 0
    g.invalidate()
    triggers = _triggers_module
    triggers.spell_cast(g, p, o.id)


def check_modes(name: str, modal: Any, modes: tuple[int, ...]) -> None:
    """700.2a / 700.2d: the number of modes the text allows, each existing and chosen at most once."""
    n = len(modal.modes)
    if not modal.min <= len(modes) <= modal.max:
        want = str(modal.min) if modal.min == modal.max else f"{modal.min} to {modal.max}"
        raise IllegalActionError(f"{name}: choose {want} mode(s) of {n} (700.2a), got {list(modes) or 'none'}")
    if any(not isinstance(m, int) or not 1 <= m <= n for m in modes):
        raise IllegalActionError(f"{name}: modes are numbered 1 to {n} (700.2), got {list(modes)}")
    if len(set(modes)) != len(modes):
        raise IllegalActionError(f"{name}: the same mode can't be chosen more than once (700.2d)")


def cast_variants(g: Game, card: CardDef) -> list[tuple[tuple[int, ...], tuple[TargetSpec, ...]]]:
    """The (modes, targets) a spell can be cast with: one per allowed mode choice for a modal spell."""
    modal = effects.modal_of(card.spell.effects) if card.spell is not None else None
    if modal is None:
        return [((), spell_targets(card))]
    from itertools import combinations
    n = len(modal.modes)
    out = []
    for k in range(modal.min, min(modal.max, n) + 1):
        for combo in combinations(range(1, n + 1), k):
            out.append((combo, spell_targets(card, combo)))
    return out


# ----------------------------------------------------------------------------- abilities from a hand

@by_identity
def hand_abilities(card: CardDef) -> list:
    """Activated abilities that function only while the card is in its owner's hand (113.6b, 702.29a:
    cycling), in printed order (compiled by cards/templates/costs.py with `zone == "hand"`)."""
    return [ab for ab in card.abilities if getattr(ab, "zone", "") == "hand"]


def hand_ability_block_reason(g: Game, p: int, o: Obj, ab: Any) -> str | None:
    """Why `p` can't activate `ab` of the card `o` in their hand now (602.2, 602.5d), or None."""
    if o.zone != HAND or o.owner != p:
        return f"{o.card.name} is not in {g.s.players[p].name}'s hand (113.6b)"
    if o.card.unsupported:
        return f"{o.card.name} is not supported by the card compiler"
    if ab.sorcery_speed and not sorcery_timing_ok(g, p):
        return f"{o.card.name}: activate only as a sorcery (602.5d)"
    return None


def zone_ability(g: Game, p: int, o: Obj, abilities: list, action: A.ActivateAbility, zone: str, block_reason: Any,
                 x_allowed: bool) -> Any:
    """602.2 for an ability that works from a zone other than the battlefield (113.6b hand, 113.6m
    graveyard): the one `action` names among `abilities`, checked before anything is paid: the player
    has priority, `block_reason(g, p, o, ab)` finds nothing, X (107.3; only if `x_allowed` and the cost
    has one) and the targets (601.2c) are legal. Raises IllegalActionError."""
    if not (0 <= action.index < len(abilities)):
        raise IllegalActionError(f"{o.card.name} has no ability number {action.index + 1} that works from {zone}")
    ab = abilities[action.index]
    if g.s.priority != p:
        raise IllegalActionError(f"{g.s.players[p].name} doesn't have priority (602.2)")
    why = block_reason(g, p, o, ab)
    if why:
        raise IllegalActionError(why)
    if action.x and not (x_allowed and ab.cost.mana.x_count):
        raise IllegalActionError(f"{o.card.name}'s ability has no X in its cost")
    if action.x < 0:
        raise IllegalActionError("X can't be negative (107.3)")
    check_targets(g, ab.targets, action.targets, p, o.id, f"{o.card.name}'s ability", g.chars(o).colors)
    return ab


def _activate_from_hand(g: Game, p: int, o: Obj, action: A.ActivateAbility) -> None:
    """602.2 for an ability of a card in its owner's hand (702.29a cycling: "[Cost], Discard this card:
    [effect]"): the ability goes on the stack, its costs are paid (mana, then the discard, 601.2h)."""
    ab = zone_ability(g, p, o, hand_abilities(o.card), action, "a hand", hand_ability_block_reason, x_allowed=False)
    lki = (o.copy(), g.chars(o))
    pay_mana(g, p, requirements(ab.cost.mana, 0), action.payment, f"{o.card.name}'s ability", purpose=("ability", o.id))
    effects.discard(g, p, o.id, rule="702.29a")
    put_ability(g, p, o, ab, action.targets, 0, lki)


def ward_check(g: Game, p: int, item: StackItem) -> None:
    """702.21a: a permanent with ward that becomes the target of a spell or ability an opponent (of its
    controller) controls triggers; the trigger's event object is that spell or ability (its stack id).
    Checked as a spell is cast (601.2c) or an ability activated (602.2b)."""
    if not item.targets:
        return
    trigger_events = _trigger_events_module
    trigger_events.became_target(g, p, item)  # "when CARDNAME becomes the target of a spell or ability"
    s = g.s
    for t in dict.fromkeys(item.targets):
        o = s.objects.get(t) if isinstance(t, int) else None
        if o is None or o.zone != BATTLEFIELD or o.controller == p:
            continue
        for ab in g.chars(o).abilities:
            if isinstance(ab, TriggeredAbility) and ab.event == "ward":
                from . import triggers
                triggers._add(g, o.controller, o.id, ab, None, o.card.name, event_obj=item.id)


def any_player_may(g: Game, o: Obj, index: int) -> bool:
    """"Any player may activate this ability" (an effect marker with `any_player`, written among the
    ability's effects; cards/templates/statics_game_rules.py): not only its controller may activate it."""
    abs_ = activated_abilities(g, o)
    return 0 <= index < len(abs_) and any(getattr(e, "any_player", False) for e in getattr(abs_[index], "effects", ()))


def activate_ability(g: Game, p: int, action: A.ActivateAbility) -> None:
    s = g.s
    for restriction in ACTIVATION_RESTRICTIONS:  # 702.61a split second
        why = restriction(g, p, action)
        if why:
            raise IllegalActionError(why)
    o = s.objects.get(action.source)
    if o is not None and o.zone == HAND:
        _activate_from_hand(g, p, o, action)  # 113.6b / 702.29a
        return
    if o is not None and o.zone == GRAVEYARD:
        from .graveyard_keywords import activate_from_graveyard
        activate_from_graveyard(g, p, o, action)  # 113.6m: unearth, "return this card from your graveyard"
        return
    if o is None or o.zone != BATTLEFIELD:
        raise IllegalActionError(f"{g.name_of(action.source)} is not on the battlefield")
    if o.controller != p and not any_player_may(g, o, action.index):
        raise IllegalActionError(f"{s.players[p].name} doesn't control {o.card.name} (602.2)")
    abs_ = activated_abilities(g, o)
    if not (0 <= action.index < len(abs_)):
        raise IllegalActionError(f"{o.card.name} has no activated ability number {action.index + 1}")
    ab = abs_[action.index]
    if isinstance(ab, ManaAbility):
        if action.targets:
            raise IllegalActionError("mana abilities have no targets (605.1a)")
        choice = action.choices[0] if action.choices else None
        out = None
        if isinstance(choice, tuple) and len(choice) == 2 and choice[0] == "mana":
            out, choice = choice[1], None  # the outcome chosen at a mana_choice decision
        paid = False
        if action.payment is not None and not ab.cost.mana.is_empty():
            pay_mana(g, p, requirements(ab.cost.mana), action.payment, f"{o.card.name}'s ability", exclude=o.id,
                     purpose=("ability", o.id))
            paid = True
        activate_mana(g, p, o.id, action.index, choice=choice, mana_paid=paid, out_override=out)
        return
    assert isinstance(ab, ActivatedAbility)
    if s.priority != p:
        raise IllegalActionError(f"{s.players[p].name} doesn't have priority (602.2)")
    if ab.sorcery_speed and not sorcery_timing_ok(g, p):
        raise IllegalActionError(f"{o.card.name}: activate only as a sorcery (602.5d)")
    if action.x and not ab.cost.mana.x_count and getattr(ab.cost, "loyalty", None) != "X":  # 606.4: [−X]
        raise IllegalActionError(f"{o.card.name}'s ability has no X in its cost")
    check_targets(g, ab.targets, action.targets, p, o.id, f"{o.card.name}'s ability", g.chars(o).colors)
    cost = ab.cost
    why = cost_block_reason(g, o, cost)
    if why and not (cost.untap and not cost.tap):
        raise IllegalActionError(why)
    if cost.untap and "Creature" in g.chars(o).types and o.sick and "haste" not in g.chars(o).keywords:
        raise IllegalActionError(why)
    lki = (o.copy(), g.chars(o))
    # 601.2c-h / 602.2b: the objects the other costs use are chosen first, then mana is paid.
    victims: list[int] = []
    if cost.sacrifice is not None:
        why = cost_block_reason(g, o, cost)
        if why:
            raise IllegalActionError(why)
        victims = _choose_cost_objects(g, p, usable_for_cost(g, o, cost, sacrifice_candidates(g, o, cost.sacrifice)), 1,
                                       "sacrifice", o.card.name)
    discards: list[int] = []
    tapped_others: list[int] = []
    exiles: list[int] = []
    if type(cost) is CostPlus:
        why = _plus_block_reason(g, o, cost)
        if why:
            raise IllegalActionError(why)
        if cost.discard:
            discards = _choose_cost_objects(g, p, _discard_candidates(g, o, cost), cost.discard, "discard", o.card.name)
        if cost.tap_untapped is not None:
            tapped_others = _choose_cost_objects(g, p, [c for c in usable_for_cost(g, o, cost, _tap_candidates(g, o, cost))
                                                        if c not in victims], cost.tap_count, "tap", o.card.name)
        if cost.exile_from_graveyard is not None:
            exiles = _choose_cost_objects(g, p, _exile_candidates(g, o, cost), cost.exile_count, "exile",
                                          o.card.name)
    extra_paid = None
    if hasattr(cost, "choose_extra"):  # costs of template modules (702.122a crew): chosen before mana
        why = cost.extra_block_reason(g, o)  # type: ignore[attr-defined]
        if why:
            raise IllegalActionError(why)
        extra_paid = cost.choose_extra(g, p, o, action)  # type: ignore[attr-defined]
        tapped_others = tapped_others + [c for c in extra_paid if c not in tapped_others]
    reqs = requirements(cost.mana, action.x)
    pay_mana(g, p, reqs, action.payment, f"{o.card.name}'s ability", exclude=o.id if cost.tap else None,
             exclude_more=tuple(victims + tapped_others), purpose=("ability", o.id))
    # {Q} is paid after mana abilities (107.6): the permanent must be tapped by now.
    why = _tap_block_reason(g, o, cost)
    if why:
        raise IllegalActionError(why)
    if any(s.objects.get(v) is None or s.objects[v].zone != BATTLEFIELD for v in victims + tapped_others):
        raise IllegalActionError(f"{o.card.name}: a permanent chosen for the cost is gone (601.2h)")
    if cost.life:
        if s.players[p].life < cost.life:
            raise IllegalActionError(f"{s.players[p].name} can't pay {cost.life} life (119.4)")
        g.set_life(p, -cost.life, "119.4", source=o.card.name)
    if cost.tap:
        tap(g, o, "107.5")
    if cost.untap:
        untap(g, o, "107.6")
    for x in tapped_others:
        if extra_paid is None or x not in extra_paid:
            tap(g, s.objects[x], "602.2b")
    if extra_paid is not None:
        cost.pay_extra(g, p, o, extra_paid)  # type: ignore[attr-defined]
    if type(cost) is CostPlus and cost.remove_counters is not None:
        kind, n = cost.remove_counters
        o.counters[kind] -= n
        if not o.counters[kind]:
            del o.counters[kind]
        g.invalidate()
        g.log_event("remove_counters", "122.8", card=o.card.name, kind=kind, amount=n)
    if type(cost) is CostPlus and cost.restriction == "once_each_turn":
        s.effects.append(ContinuousEffect("activated_once", o.id, data=cost, timestamp=s.next_timestamp))
        s.next_timestamp += 1
    for c in discards:
        effects.discard(g, p, c, rule="701.8a")
    for c in exiles:
        g.move(c, EXILE, rule="406.2")
    for v in victims:
        effects.sacrifice(g, v)
    if cost.sacrifice_self and o.id in s.objects:
        g.move(o.id, GRAVEYARD, rule="701.17a")
    put_ability(g, p, o, ab, action.targets, action.x, lki)


def put_ability(g: Game, p: int, o: Obj, ab: ActivatedAbility, targets: tuple[int, ...], x: int, lki: Any) -> None:
    """602.2a/602.2i: the activated ability is on the stack; its controller keeps priority; ward sees
    its targets (702.21a)."""
    s = g.s
    item = StackItem(s.next_id, "ability", p, o.card.name, source=o.id, ability=ab, targets=targets, x=x,
                     source_lki=lki)
    s.next_id += 1
    s.stack.append(item)
    g.log_event("activate", "602.2", player=s.players[p].name, card=o.card.name, ability=ab.text,
                targets=[g.name_of(t) for t in targets])
    s.passes = 0
    ward_check(g, p, item)  # 702.21a


# ----------------------------------------------------------------------------- resolving

def resolve_top(g: Game) -> None:
    """608: resolve the top object of the stack."""
    s = g.s
    item = s.stack.pop()
    g.invalidate()
    if item.kind == "combat_damage":
        from . import combat, triggers
        mark = len(s.log)
        combat.resolve_damage_object(g, item)
        triggers.combat_damage_dealt(g, [(oid, r, n) for oid, _, r, n in item.damage], mark)
        return
    if item.kind == "spell":
        o = s.objects[item.obj]
        card = o.card
        specs = spell_targets(card, item.modes)
        legal = tuple(target_legal(g, spec, t, item.controller, o.id, g.chars(o).colors)
                      for spec, t in zip(specs, item.targets))
        if specs and all_targets_illegal(item.targets, legal):
            g.log_event("fizzle", "608.2b", card=card.name, reason="all its targets are illegal")
            g.move(o.id, spell_destination(item), rule="608.2b")
            return
        g.log_event("resolve", "608.2", card=card.name, id=o.id)
        if card.spell is not None:
            s.stack.append(item)  # 608.2n: it stays on the stack until it has finished resolving
            ctx = effects.Context(item.controller, o.id, item.targets, legal, item.x, card.name, (o.copy(), g.chars(o)),
                                  modes=item.modes, kicked=("kicked", True) in item.choices)
            effects.run(g, ctx, card.spell.effects, finish=(
                "spell_to_exile" if spell_destination(item) == EXILE else "spell_to_graveyard", o.id))
        else:
            if g.chooser is None and any(isinstance(a, StaticAbility) and a.kind == "etb_choose_color"
                                         for a in card.abilities):
                # 614.12: "As this enters, choose a color" is a decision of its controller; the spell
                # stays on the stack until it has finished resolving (608.2n).
                g.s.stack.append(item)
                g.s.queue.insert(0, ("etb_color", item.controller, item))
                return
            put_permanent(g, item, {"kicked": True} if ("kicked", True) in item.choices else {})
        return
    ab = item.ability
    specs = ab.targets if ab is not None else ()
    modal = effects.modal_of(ab.effects) if ab is not None and hasattr(ab, "effects") else None
    if modal is not None:
        specs = specs + effects.mode_layout(modal, item.modes)[0]
    colors = item.source_lki[1].colors if item.source_lki else frozenset()
    legal = tuple(target_legal(g, spec, t, item.controller, item.source, colors)
                  for spec, t in zip(specs, item.targets))
    if specs and all_targets_illegal(item.targets, legal):
        g.log_event("fizzle", "608.2b", card=item.name, reason="all its targets are illegal")
        return
    if item.kind == "trigger" and getattr(ab, "intervening", None) is not None:
        from . import trigger_events
        if not trigger_events.still_holds(g, item):
            return  # 603.4: the intervening "if" clause is false as it resolves
    g.log_event("resolve", "608.2", card=item.name, ability=ab.text if ab else "")
    event_obj = item.choices[0] if item.kind == "trigger" and item.choices else None
    ctx = effects.Context(item.controller, item.source, item.targets, legal, item.x, item.name, item.source_lki,
                          event_obj=event_obj, modes=item.modes)
    effects.run(g, ctx, ab.effects if ab else (), finish=None)


def put_permanent(g: Game, item: StackItem, etb_choices: dict) -> None:
    """608.3: a permanent spell becomes a permanent (an Aura attached to its target, 303.4f)."""
    new = g.move(item.obj, BATTLEFIELD, rule="608.3", controller=item.controller, cast_x=item.x,
                 etb_choices=etb_choices)
    if spell_targets(g.s.objects[new].card):
        g.s.objects[new].attached_to = item.targets[0]
        g.invalidate()  # the enchanted object's characteristics change (613)
    for hook in PERMANENT_SPELL_HOOKS:
        hook(g, item, new)


# StaticAbility kinds of template modules that modify how their permanent enters (614.1c):
# kind -> fn(game, the entering object, the ability, the ETB choices).
ETB_REPLACEMENTS: dict[str, Any] = {}


# 614.12: replacement effects from other sources that modify how a permanent enters:
# fn(game, the entering object, choices) (rules/enters_tapped.py).
ETB_FROM_OTHERS: list = []


def enters_battlefield(g: Game, o: Obj, choices: dict) -> None:
    """614.1c-d, 614.12: replacement effects that modify how a permanent enters (applied before
    it is on the battlefield)."""
    # 614.12: look at the permanent as it would exist on the battlefield (Blood Moon removes a
    # Guildgate's "enters tapped" before it could apply).
    if choices.get("kicked"):
        from . import trigger_events
        trigger_events.remember_kicked(g, o.id)  # "When CARDNAME enters, if it was kicked" (603.4)
    for ab in g.chars(o).abilities:
        if isinstance(ab, StaticAbility):
            if ab.kind == "etb_choose_color":
                from .mana import COLORS, is_color
                color = choices.get("color") or choose(
                    g, o.controller, "color", list(COLORS), f"614.12: as {o.card.name} enters, choose a color")
                if not is_color(color):
                    raise IllegalActionError(f"614.12: {o.card.name}: choose one color, W, U, B, R or G (106.1), "
                                             f"not {color!r}")
                o.chosen_color = color
                g.log_event("choose_color", "614.12", card=o.card.name, color=o.chosen_color)
            elif ab.kind == "etb_tapped":
                o.tapped = True
            elif ab.kind == "etb_counters_if_kicked":
                if choices.get("kicked"):  # 702.33d, 614.1c
                    o.counters[ab.counter_kind] = o.counters.get(ab.counter_kind, 0) + int(ab.amount)  # type: ignore[arg-type]
            elif ab.kind == "etb_counters":
                n = ab.amount
                if n == "X":
                    n = o.cast_x or 0  # 107.3m: the X paid; put onto the battlefield without casting: 0
                elif isinstance(n, Count):
                    n = 0
                if n:
                    o.counters[ab.counter_kind] = o.counters.get(ab.counter_kind, 0) + int(n)
            elif ab.kind in ETB_REPLACEMENTS:
                ETB_REPLACEMENTS[ab.kind](g, o, ab, choices)  # a template module's 614.1c effect (bloodthirst)
    for kind, n in choices.get("counters", {}).items():
        # 614.1c: "return it to the battlefield with a -1/-1 counter on it" (persist 702.79a, undying 702.93a)
        o.counters[kind] = o.counters.get(kind, 0) + n
    for other in ETB_FROM_OTHERS:
        other(g, o, choices)  # 614.12: replacement effects of other permanents ("... enter tapped")
    o.x = 0  # 107.3m / 107.3g: on the battlefield X is 0


def item_for(g: Game, ref: int) -> StackItem | None:
    for it in g.s.stack:
        if it.obj == ref or it.id == ref:
            return it
    return None


__all__ = ["play_land", "cast_spell", "activate_ability", "resolve_top", "Ref"]

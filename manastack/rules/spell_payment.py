"""Paying a spell's cost by tapping creatures or artifacts or exiling cards: 702.51 convoke, 702.126
improvise, 702.66 delve (vocabulary compiled by cards/templates/casting.py; the hooks are registered
by rules/casting.py).

- Once the total cost is locked in (702.51b, 702.126b, 702.66b: they are not alternative or
  additional costs), for each generic mana the player may tap an untapped creature / tap an
  untapped artifact / exile a card from their graveyard rather than pay it; a creature tapped for
  convoke may instead pay one mana of its own color (702.51a). Each helper pays exactly one mana
  of the cost: no more helpers than mana they can pay. Registered in stack.SPELL_PAYERS (the
  payment, 601.2g-h) and stack.AFFORD_HOOKS (whether a spell can be paid for at all, for the list
  of legal actions).
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any

from ..errors import IllegalActionError
from ..model import vocab as V
from ..model.costs import ManaSource, Requirement, parse_cost, requirements, single, solve_payment
from ..model.mana import COLORS, TYPE_INDEX
from ..model.state import BATTLEFIELD, EXILE, GRAVEYARD
from ..model.vocab.spell_payment import (  # noqa: F401 (the vocabulary this module executes)
    PaymentKeyword,
)
from . import alternative_costs as _alternative_costs_module
from . import cost_modifiers, total_cost
from . import mana_payment as _mana_payment_module
from . import stack as _stack_module

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import Obj


HELPER_KINDS = ("convoke", "improvise", "delve")


def payment_keywords(card: V.CardDef) -> tuple[str, ...]:
    return tuple(dict.fromkeys(ab.kind for ab in card.abilities if type(ab) is PaymentKeyword))


def helper_candidates(g: Game, p: int, kind: str, exclude: tuple[int, ...] = ()) -> list[int]:
    """What may pay for `kind`: untapped creatures (702.51a) / artifacts (702.126a) `p` controls,
    cards in `p`'s graveyard (702.66a)."""
    if kind == "delve":
        return [c for c in g.s.players[p].graveyard if c not in exclude]
    want = "Creature" if kind == "convoke" else "Artifact"
    return [o.id for o in g.permanents(p) if not o.tapped and o.id not in exclude and want in g.chars(o).types]


def _helper_colors(g: Game, kind: str, oid: int) -> tuple[str, ...]:
    """The colored mana a helper may pay (702.51a: a creature of that color); () = generic only."""
    if kind != "convoke":
        return ()
    return tuple(c for c in COLORS if c in g.chars(g.s.objects[oid]).colors)


def remaining_options(req: Requirement, colored: list[tuple[str, ...]], generic_only: int) -> list[Requirement]:
    """What is left of `req` after the helpers pay, one option per way the colored helpers pay
    (each pays one mana of one of its colors, or one generic). Empty when the helpers can't all pay
    a mana of the cost (a helper can't be used for nothing)."""
    out: dict[Requirement, None] = {}
    combos = itertools.product(*colored) if colored else [()]
    for i, combo in enumerate(combos):
        if i >= 512:
            break  # many multicolored creatures: the first 512 ways are enough in practice
        typed = list(req.typed)
        to_generic = generic_only
        for c in combo:
            t = TYPE_INDEX[c]
            if typed[t] > 0:
                typed[t] -= 1
            else:
                to_generic += 1  # 702.51a: a colored creature may pay generic mana
        if to_generic > req.generic:
            continue
        out[Requirement(tuple(typed), req.generic - to_generic, req.life, req.snow)] = None  # type: ignore[arg-type]
    return list(out)


def _split(g: Game, helpers: list[tuple[str, int]]) -> tuple[list[tuple[str, ...]], int]:
    colored = []
    generic_only = 0
    for kind, oid in helpers:
        cols = _helper_colors(g, kind, oid)
        if cols:
            colored.append(cols)
        else:
            generic_only += 1
    return colored, generic_only


def auto_helpers(g: Game, p: int, card: V.CardDef, reqs: list[Requirement], exclude: tuple[int, ...],
                 spell: int | None = None) -> list[tuple[str, int]] | None:
    """A set of helpers with which the cost can be paid (mana abilities first; helpers only when
    needed), or None. Used when no choice was given (agents, automatic payment)."""
    kinds = payment_keywords(card)
    pl = g.s.players[p]
    sources = _mana_payment_module.mana_sources(g, p, exclude_more=exclude, purpose=("spell", spell) if spell is not None else None)
    if solve_payment(reqs, pl.pool, sources, pl.life) is not None:
        return []
    with_mana = {src.key[0] for src in sources if isinstance(src.key, tuple) and src.cost is None}
    # Colored convoke helpers join the solver as sources (merged with the creature's own mana
    # ability when it has one); generic-only helpers without a mana ability are counted.
    colored: dict[int, tuple[str, ...]] = {}
    generic: list[tuple[str, int]] = []
    seen: set[int] = set()
    for kind in kinds:
        for oid in helper_candidates(g, p, kind, exclude):
            if oid in seen:
                continue
            seen.add(oid)
            cols = _helper_colors(g, kind, oid)
            if cols:
                colored[oid] = cols
            elif oid not in with_mana:
                generic.append((kind, oid))  # a mana ability of its own always pays at least as well
    merged: list[ManaSource] = []
    for src in sources:
        if src.cost is not None:
            # A mana ability with a mana cost of its own (Prophetic Prism's {1}) is paid with mana, never
            # by tapping a helper (702.51a: convoke pays for the spell, not for a mana ability): the
            # solver can't tell helpers from mana, so such abilities aren't combined with helpers.
            continue
        oid = src.key[0] if isinstance(src.key, tuple) else None
        if oid in colored and src.cost is None:
            outs = tuple(dict.fromkeys(src.outputs + tuple(single(c) for c in colored.pop(oid))))
            merged.append(ManaSource(("mix", src.key, oid), outs, src.rank + 20))
        else:
            merged.append(src)
    for oid, cols in colored.items():
        merged.append(ManaSource(("convoke", oid), tuple(single(c) for c in cols), 30))
    for req in reqs:
        for k in range(0, min(len(generic), req.generic) + 1):
            req_k = Requirement(req.typed, req.generic - k, req.life, req.snow)
            res = solve_payment([req_k], pl.pool, merged, pl.life)
            if res is None:
                continue
            chosen = list(generic[:k])
            for key, out in res[1]:
                if key[0] == "convoke":
                    chosen.append(("convoke", key[1]))
                elif key[0] == "mix":
                    orig = next(s for s in sources if s.key == key[1])
                    if out not in orig.outputs:
                        chosen.append(("convoke", key[2]))
            return chosen
    return None


def can_afford(g: Game, p: int, o: Obj, reqs: list[Requirement]) -> bool:
    """stack.AFFORD_HOOKS: the spell can be paid for with its convoke / improvise / delve helpers."""
    if not cost_modifiers._casting_game(g):
        return False
    if not payment_keywords(o.card):
        return False
    return auto_helpers(g, p, o.card, reqs, (o.id,), o.id) not in (None, [])


def _asked_helpers(g: Game, p: int, o: Obj, action: Any, exclude: tuple[int, ...]) -> list[tuple[str, int]] | None:
    """The helpers given in the action's choices (("convoke", (ids...)) ...) or asked from the
    chooser (a scenario answers one list of objects, [] for none); None: choose automatically."""
    out: list[tuple[str, int]] = []
    given = False
    used: set[int] = set(exclude)
    for kind in payment_keywords(o.card):
        cands = helper_candidates(g, p, kind, tuple(used))
        pick: Any = None
        for c in action.choices:
            if isinstance(c, tuple) and len(c) == 2 and c[0] == kind:
                pick = c[1]
        if pick is None and g.chooser is not None and cands:
            what = {"convoke": "untapped creatures to tap", "improvise": "untapped artifacts to tap",
                    "delve": "cards in your graveyard to exile"}[kind]
            pick = g.choose(p, kind, cands, f"{o.card.name}: {kind} ({what}, one list; [] for none: "
                          f"{', '.join(g.name_of(c) for c in cands)})")
        if pick is None:
            continue
        given = True
        if isinstance(pick, int) and not isinstance(pick, bool):
            pick = (pick,)
        if not isinstance(pick, tuple | list):
            raise IllegalActionError(f"{o.card.name}: {kind} expects a list of objects")
        for oid in pick:
            if oid not in cands or oid in used:
                raise IllegalActionError(f"{o.card.name}: {g.name_of(oid) if isinstance(oid, int) else oid!r} "
                                         f"can't be used for {kind} ({kind_rule(kind)})")
            used.add(oid)
            out.append((kind, oid))
    return out if given else None


def kind_rule(kind: str) -> str:
    return {"convoke": "702.51a", "improvise": "702.126a", "delve": "702.66a"}[kind]


def pay_with_helpers(g: Game, p: int, o: Obj, reqs: list[Requirement], action: Any,
                     exclude_more: tuple[int, ...]) -> bool:
    """stack.SPELL_PAYERS: 601.2g-h for a spell with convoke / improvise / delve. Returns False when
    the spell has none of them (stack.pay_mana pays as usual)."""
    pay_mana = _mana_payment_module.pay_mana
    others = _alternative_costs_module._take_pending(g, o.id)
    if others:
        # 601.2g-h: permanents tapped for the cost can't also be tapped for mana; the others may be.
        tapped = tuple(x for _, chosen in others for x in chosen.get("tap", ()))
        if not pay_with_helpers(g, p, o, reqs, action, exclude_more + tapped):
            pay_mana(g, p, reqs, action.payment, o.card.name, exclude_more=exclude_more + tapped, purpose=("spell", o.id))
        for ab, chosen in others:
            _alternative_costs_module._pay_other(g, p, o, ab, chosen)
        return True
    if not payment_keywords(o.card):
        return False
    helpers = _asked_helpers(g, p, o, action, exclude_more)
    if helpers is None:
        helpers = auto_helpers(g, p, o.card, reqs, exclude_more, o.id) or []
    if not helpers:
        pay_mana(g, p, reqs, action.payment, o.card.name, exclude_more=exclude_more, purpose=("spell", o.id))
        return True
    colored, generic_only = _split(g, helpers)
    options: list[Requirement] = []
    for req in reqs:
        options.extend(r for r in remaining_options(req, colored, generic_only) if r not in options)
    if not options:
        raise IllegalActionError(f"{o.card.name}: more creatures, artifacts or cards were chosen than there is "
                                 f"mana in its total cost for them to pay (702.51a, 702.126a, 702.66a)")
    options.sort(key=lambda r: (r.life, r.total))
    ids = tuple(oid for _, oid in helpers)
    pay_mana(g, p, options, action.payment, o.card.name, exclude_more=exclude_more + ids, purpose=("spell", o.id))
    s = g.s
    for kind, oid in helpers:
        x = s.objects[oid]
        g.log_event(kind, kind_rule(kind), card=o.card.name, by=x.card.name)
        if kind == "delve":
            if x.zone != GRAVEYARD:
                raise IllegalActionError(f"{x.card.name} is no longer in a graveyard (702.66a)")
            g.move(oid, EXILE, rule="702.66a")
        else:
            if x.tapped or x.zone != BATTLEFIELD:
                raise IllegalActionError(f"{x.card.name} is tapped and can't be tapped for {kind} ({kind_rule(kind)})")
            g.tap(x, kind_rule(kind))
    return True


def priced_with_targets(g: Game, p: int, action: Any) -> bool:
    """stack.CAST_ACTION_FILTERS: a cast whose cost depends on its targets (601.2f: "costs {2} more if it
    targets ...", "spells your opponents cast that target CARDNAME cost {2} more") or has a colored
    increase (the Leeches) is offered only if it can be paid."""
    if not cost_modifiers._casting_game(g):
        return True
    o = g.s.objects.get(action.card)
    if o is None:
        return True
    colors = cost_modifiers.colored_increase(g, p, o.card)
    if not colors and (not action.targets or action.choices or not cost_modifiers._targets_matter(g, o.card)):
        return True
    reqs = _stack_module.origin_reqs(g, p, o, action)
    for c in action.choices:
        if c == ("kicked", True):
            reqs = total_cost.kicked_reqs(g, p, o.card, action.x, action.targets)
        elif c == ("alternative", True):
            alt = next(a for a in _alternative_costs_module.alternative_costs(o.card) if a.kind == "alternative")
            reqs = requirements(alt.cost, 0, total_cost.cost_adjustment(g, p, o.card, action.targets))
        elif isinstance(c, tuple) and len(c) == 2 and c[1] is True:
            ab = next((a for a in _alternative_costs_module.cast_options(o.card) if a.kind == c[0]), None)
            if ab is not None:
                text = ab.cost.text if ab.kind in _alternative_costs_module.ALTERNATIVE else o.card.mana_cost.text + ab.cost.text
                reqs = requirements(parse_cost(text), action.x, total_cost.cost_adjustment(g, p, o.card, action.targets))
    reqs = cost_modifiers._with_pips(reqs, colors)
    return _mana_payment_module.can_pay(g, p, reqs, ("spell", o.id)) or can_afford(g, p, o, reqs)

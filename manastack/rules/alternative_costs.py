"""Alternative and optional additional costs chosen as a spell is cast (601.2b, 118.9, 601.2h); the
vocabulary is compiled by cards/templates/casting.py, the hooks are registered by rules/casting.py.

- 601.2b / 118.9: alternative costs (702.74 evoke, 702.109 dash, 702.117 surge, 702.137 spectacle,
  702.119 emerge, 702.152 blitz, "you may [cost] rather than pay this spell's mana cost"; only one per
  spell, 118.9a) and optional additional costs (702.27 buyback, 702.175 offspring, 702.42 entwine,
  702.56 replicate, 702.157 squad, 702.78 conspire, 702.153 casualty, 702.132 assist) are chosen as
  the spell is cast (registry.CAST_OPTIONS); their answers come from the action's choices or the chooser,
  in this order: alternative costs, additional costs, conspire / casualty, replicate / squad, assist.
  Non-mana parts (sacrifice, tap, return, exile) are chosen at 601.2b and paid with the mana (601.2h),
  after mana abilities (601.2g).
- 702.42a entwine: all modes chosen, the entwine cost added (stack.ALL_MODES_HOOKS,
  stack.CAST_VARIANTS).
- 118.9 / 601.2b: a permanent's permission to cast spells "without paying their mana costs" (Fires of
  Invention: those with mana value at most the number of lands you control): an alternative cost of
  {0} for a spell cast from its controller's hand, answered ("without_paying", true) like the others;
  cost increases and additional costs (kicker) are still paid (601.2f, 118.9d), X is 0 (107.3b).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..errors import IllegalActionError
from ..model import vocab as V
from ..model.costs import ManaCost, ManaSource, Requirement, parse_cost, requirements, solve_payment
from ..model.state import EXILE, HAND, STACK
from ..model.vocab.alternative_costs import (  # noqa: F401 (the vocabulary this module executes)
    AlternativeCost,
    Bestow,
    CastingKeyword,
    CastOption,
    FreeCastPermission,
    OtherCost,
    Overload,
    Splice,
)
from ..model.vocab.keyword_costs import IfKicked
from ..model.vocab.spell_copies import CopyThisSpell, StormCopies
from . import choice_effects, cost_modifiers, cost_objects, effects, timing, total_cost, trigger_queue
from . import mana_payment as _mana_payment_module
from . import stack as _stack_module
from . import targeting as _targeting_module
from . import turn_history as _turn_history_module

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import Obj


ALTERNATIVE = ("evoke", "dash", "surge", "blitz", "spectacle", "emerge")


ADDITIONAL = ("buyback", "offspring")


# "As you cast this spell, you may [cost]. When you do, copy it": 702.78a conspire, 702.153a casualty N;
# 702.56a replicate: an additional cost paid any number of times, a copy for each.
COPY_COSTS = ("conspire", "casualty", "replicate", "squad")


IMPLIED = ("entwine",)  # 702.42a: paid exactly when all modes are chosen (not asked)


RULE = {"without_paying": "118.9", "assist": "702.132a", "squad": "702.157a", "spectacle": "702.137a", "emerge": "702.119a", "conspire": "702.78a", "casualty": "702.153a", "replicate": "702.56a", "offspring": "702.175a",
        "blitz": "702.152a", "entwine": "702.42a", "alternative": "118.9", "additional": "601.2b", "buyback": "702.27a", "evoke": "702.74a", "dash": "702.109a", "surge": "702.117a", "split_second": "702.61a",
        "rebound": "702.88a", "cascade": "702.85a", "storm": "702.40a"}


def alternative_costs(card: V.CardDef) -> list[AlternativeCost]:
    return [ab for ab in card.abilities if type(ab) is AlternativeCost]


def _other_candidates(g: Game, p: int, o: Obj, other: OtherCost) -> dict[str, tuple[list[int], int]]:
    """The objects each part of `other` may use: part -> (candidates, how many)."""
    s = g.s
    out: dict[str, tuple[list[int], int]] = {}
    if other.sacrifice is not None:
        out["sacrifice"] = ([x.id for x in g.permanents(p) if _targeting_module.matches_filter(g, other.sacrifice, x, p)],
                            other.sacrifice_count)
    if other.tap is not None:
        # Those without a mana ability first: the automatic choice keeps mana sources for the mana part.
        with_mana = {src.key[0] for src in _sources(g, p) if isinstance(src.key, tuple)}
        cands = [x.id for x in g.permanents(p) if not x.tapped and _targeting_module.matches_filter(g, other.tap, x, p)]
        out["tap"] = (sorted(cands, key=lambda c: c in with_mana), 1)
    if other.bounce is not None:
        out["return"] = ([x.id for x in g.permanents(p) if _targeting_module.matches_filter(g, other.bounce, x, p)], other.bounce_count)
    if other.exile_from_hand is not None:
        out["exile"] = ([c for c in s.players[p].hand if c != o.id
                         and _targeting_module.matches_filter(g, other.exile_from_hand, s.objects[c], p)],
                        other.exile_from_hand_count)
    if other.exile_from_graveyard is not None:
        out["exile_graveyard"] = ([c for c in s.players[p].graveyard if c != o.id and _targeting_module.matches_filter(
            g, other.exile_from_graveyard, s.objects[c], p)], other.exile_count)
    return out


def _sources(g: Game, p: int, exclude_more: tuple[int, ...] = ()) -> list[ManaSource]:
    return _mana_payment_module.mana_sources(g, p, exclude_more=exclude_more)


def _other_payable(g: Game, p: int, o: Obj, ab: AlternativeCost) -> bool:
    if ab.other.life and g.s.players[p].life < ab.other.life:
        return False
    if not cost_modifiers._condition(g, p, ab.condition, (), None):
        return False
    return all(len(c) >= n for c, n in _other_candidates(g, p, o, ab.other).values())


def _choose_other(g: Game, p: int, o: Obj, ab: AlternativeCost) -> None:
    """601.2b-c: choose the objects the non-mana parts will use; they are paid with the mana (601.2h,
    pay_with_helpers), after mana abilities were activated (601.2g: a land may be tapped for mana and
    then returned or sacrificed for the cost)."""
    s = g.s
    if ab.other.life and s.players[p].life < ab.other.life:
        raise IllegalActionError(f"{s.players[p].name} can't pay {ab.other.life} life (119.4)")
    # Immutable values only: GameState.clone() copies attributes like this one by reference.
    pending: tuple = s.casting_other_costs
    used: set[int] = {x for _, _, chosen in pending for _, ids in chosen for x in ids}
    chosen: dict[str, list[int]] = {}
    for part, (cands, n) in _other_candidates(g, p, o, ab.other).items():
        chosen[part] = cost_objects.choose_cost_objects(g, p, [c for c in cands if c not in used], n, part.replace("_", " "),
                                            o.card.name)
        used.update(chosen[part])
    s.casting_other_costs = pending + ((o.id, ab, tuple((k, tuple(v)) for k, v in chosen.items())),)


def _take_pending(g: Game, oid: int) -> list[tuple[AlternativeCost, dict[str, tuple[int, ...]]]]:
    pending = g.s.casting_other_costs
    if not pending:
        return []
    mine = [(ab, dict(chosen)) for x, ab, chosen in pending if x == oid]
    g.s.casting_other_costs = tuple(e for e in pending if e[0] != oid)
    return mine


def _pay_other(g: Game, p: int, o: Obj, ab: AlternativeCost, chosen: dict[str, tuple[int, ...]]) -> None:
    """601.2h: sacrifice / tap / exile / return the chosen objects and pay life."""
    s = g.s
    if ab.other.life and s.players[p].life < ab.other.life:
        raise IllegalActionError(f"{s.players[p].name} can't pay {ab.other.life} life (119.4)")
    for part, ids in chosen.items():
        for x in ids:
            if x not in s.objects or (part == "tap" and s.objects[x].tapped):
                raise IllegalActionError(f"{o.card.name}: {g.name_of(x)} can no longer be used to pay its cost (601.2h)")
    for part, ids in chosen.items():
        for x in ids:
            if part == "sacrifice":
                effects.sacrifice(g, x)
            elif part == "tap":
                g.tap(s.objects[x], "601.2h")
            elif part == "return":
                g.move(x, HAND, rule="601.2h")
            else:
                g.move(x, EXILE, rule="601.2h")
    if ab.other.life:
        g.set_life(p, -ab.other.life, "119.4", source=o.card.name)


_FREE = CastOption("cast it without paying its mana cost", "without_paying", parse_cost(""))


def _free_permission(g: Game, p: int, o: Obj, card: V.CardDef) -> CastOption | None:
    """118.9: a FreeCastPermission of a permanent `p` controls that lets `p` cast `card` from their hand
    without paying its mana cost now (the alternative cost {0}), or None."""
    if o.zone != HAND or not g.may_have(FreeCastPermission):
        return None
    for src, ab in g.battlefield_abilities(FreeCastPermission):
        if src.controller != p and ab.who != "each":
            continue
        if ab.spells and not any(cost_modifiers.spell_matches(f, card) for f in ab.spells):
            continue
        if ab.mv_le_lands and card.mana_cost.mana_value > sum(
                1 for x in g.permanents(p) if "Land" in g.chars(x).types):
            continue
        return _FREE
    return None


def cast_options(card: V.CardDef) -> list[CastOption]:
    return [ab for ab in card.abilities if type(ab) is CastOption]


def has_keyword(card: V.CardDef, kind: str) -> bool:
    return any(type(ab) is CastingKeyword and ab.kind == kind for ab in card.abilities)


def _alternative_available(g: Game, p: int, ab: CastOption, o: Obj | None = None) -> bool:
    if ab.other is not None and o is not None and not _other_payable(g, p, o, AlternativeCost(ab.text, ab.kind,
                                                                                             other=ab.other)):
        return False
    if ab.kind == "surge":
        return g.s.players[p].spells_cast >= 1  # 702.117a: you have cast another spell this turn
    if ab.kind == "spectacle":
        return _turn_history_module.happened(g, p, "opponent_lost_life")  # 702.137a: an opponent lost life this turn
    if ab.kind == "emerge":
        return bool(_emerge_candidates(g, p, o)) if o is not None else True  # 702.119a: a creature to sacrifice
    return True


def _emerge_candidates(g: Game, p: int, o: Obj) -> list[int]:
    return [x.id for x in g.permanents(p) if "Creature" in g.chars(x).types]


def _answer(g: Game, p: int, card: V.CardDef, action: Any, ab: Any) -> bool:
    """601.2b: whether the player casts with this alternative or additional cost: from the action's
    choices ((kind, bool)), else asked (a scenario answers true or false; agents: no)."""
    for c in action.choices:
        if isinstance(c, tuple) and len(c) == 2 and c[0] == ab.kind:
            return bool(c[1])
    what = "pay its" if ab.kind in ADDITIONAL else "cast it for its"
    ans = g.choose(p, ab.kind, [False, True], f"{RULE[ab.kind]}: {card.name}: {what} {ab.kind} cost "
                 f"{ab.cost.text if type(ab) is CastOption else ab.text}? (true or false)")
    if not isinstance(ans, bool):
        raise IllegalActionError(f"{card.name}: answer true or false for its {ab.kind} cost ({RULE[ab.kind]})")
    return ans


def assist_hook(g: Game, p: int, o: Obj, action: Any, reqs: list[Requirement], kicked: bool,
                flashback: bool) -> tuple[list[Requirement], tuple]:
    """702.132a assist: "If the total cost of the spell includes a generic mana component, before you
    activate mana abilities while casting it, you may choose another player. ... Before you begin to pay
    the total cost of the spell, the player you chose may pay for any amount of the generic mana in the
    spell's total cost." The caster answers true or false (("assist", bool) in the action's choices, or
    asked); the other player then answers how much generic mana they pay (a number; agents: none) and
    pays it from their own mana."""
    mana_sources, pay_mana = _mana_payment_module.mana_sources, _mana_payment_module.pay_mana
    if not has_keyword(o.card, "assist") or not reqs:
        return reqs, ()
    generic = min(r.generic for r in reqs)
    helper = 1 - p
    if generic <= 0:
        return reqs, ()
    hp = g.s.players[helper]
    affordable = [k for k in range(generic + 1)
                  if k == 0 or solve_payment([Requirement((0,) * 6, k)], hp.pool,  # type: ignore[arg-type]
                                             mana_sources(g, helper), hp.life) is not None]
    if len(affordable) < 2:
        return reqs, ()  # the other player couldn't pay anything: nothing to choose
    asked = next((c[1] for c in action.choices if isinstance(c, tuple) and len(c) == 2 and c[0] == "assist"), None)
    if asked is None:
        asked = g.choose(p, "assist_ask", [False, True],
                       f"702.132a: {o.card.name}: let {hp.name} help pay its generic mana (assist)? (true or false)")
    if asked is not True:
        return reqs, ()
    k = g.choose(helper, "assist", affordable, f"702.132a: {hp.name}: how much of {o.card.name}'s generic mana do "
               f"you pay (a number, 0 to {affordable[-1]})?")
    if not isinstance(k, int) or isinstance(k, bool) or k not in affordable:
        raise IllegalActionError(f"{o.card.name}: {hp.name} can pay 0 to {affordable[-1]} of its generic mana (702.132a)")
    if not k:
        return reqs, ()
    pay_mana(g, helper, [Requirement((0,) * 6, k)], None, f"{o.card.name} (assist)")  # type: ignore[arg-type]
    g.log_event("assist", "702.132a", card=o.card.name, player=hp.name, amount=k)
    return [Requirement(r.typed, max(0, r.generic - k), r.life, r.snow) for r in reqs], (("assist", k),)


def cast_option_hook(g: Game, p: int, o: Obj, action: Any, reqs: list[Requirement], kicked: bool,
                     flashback: bool) -> tuple[list[Requirement], tuple]:
    """registry.CAST_OPTIONS (601.2b, 601.2f): alternative and optional additional costs chosen as the
    spell is cast; 702.88a: a rebound spell remembers that it was cast from a hand."""
    cost_adjustment, kicker_cost = total_cost.cost_adjustment, total_cost.kicker_cost
    card = o.card
    added: tuple = ()
    if has_keyword(card, "rebound") and o.zone == HAND:
        added += (("rebound", True),)
    if has_keyword(card, "flash_sacrifice"):
        if not timing.sorcery_timing_ok(g, p):
            added += (("flash_sacrifice", True),)  # cast when a sorcery couldn't have been
    if any(type(ab) is V.TriggeredAbility and ab.effects == (StormCopies(),) for ab in card.abilities):
        # 702.40a: the spells cast before it this turn (it is counted only once it becomes cast, 601.2i)
        added += (("storm_count", sum(pl.spells_cast for pl in g.s.players)),)
    if any(type(ab) is V.TriggeredAbility and ab.effects == (StormCopies("gravestorm"),) for ab in card.abilities):
        added += (("gravestorm_count", _turn_history_module.permanents_died_this_turn(g)),)  # 702.69a
    opts = cast_options(card)
    others = alternative_costs(card)
    base = unbestowed(card)
    if base is not None:  # cast bestowed: the bestow cost is the alternative cost (702.103a)
        bw = bestow_of(base)
        assert bw is not None
        text = bw.cost.text + (kicker_cost(card).text if kicked else "")
        return requirements(parse_cost(text), action.x, cost_adjustment(g, p, base, action.targets)), \
            added + (("bestow", True),)
    orig = _original(card)
    if orig is not None:  # cast overloaded: the overload cost is the alternative cost (702.96a)
        ov = overload_of(orig)
        assert ov is not None
        text = ov.cost.text + (kicker_cost(card).text if kicked else "")
        return requirements(parse_cost(text), action.x, cost_adjustment(g, p, orig, action.targets)), \
            added + (("overload", True),)
    free = _free_permission(g, p, o, card) if not flashback else None
    splices = splice_costs(card)  # 702.47a: the splice costs of the cards spliced onto it (additional costs)
    if not opts and not others and free is None and not splices:
        return reqs, added
    alt: Any = None
    for ab in others:
        if ab.kind == "alternative" and _other_payable(g, p, o, ab) and _answer(g, p, card, action, ab):
            if flashback or alt is not None:
                raise IllegalActionError(f"{card.name}: only one alternative cost can be applied to a spell (118.9a)")
            alt = ab
    for ab in opts:
        if ab.kind in ALTERNATIVE and _alternative_available(g, p, ab, o) and _answer(g, p, card, action, ab):
            if flashback or alt is not None:
                raise IllegalActionError(f"{card.name}: only one alternative cost can be applied to a spell (118.9a)")
            alt = ab
    if free is not None and _answer(g, p, card, action, free):
        if alt is not None:
            raise IllegalActionError(f"{card.name}: only one alternative cost can be applied to a spell (118.9a)")
        alt = free
    additional: list[Any] = [ab for ab in opts if ab.kind in ADDITIONAL and _answer(g, p, card, action, ab)]
    additional += [ab for ab in opts if ab.kind == "entwine" and entwined(card, action.modes)]
    mandatory = [ab for ab in others if ab.kind == "additional"] + splice_other_costs(card)
    for ab in ([alt] if type(alt) is AlternativeCost else []) + mandatory:
        _choose_other(g, p, o, ab)
    for ab in ([alt] if type(alt) is CastOption else []) + [a for a in additional if type(a) is CastOption]:
        if ab.other is not None:  # a cost that isn't mana (118.9 / 601.2b): chosen now, paid with the mana
            other = AlternativeCost(ab.text, ab.kind, other=ab.other)
            if not _other_payable(g, p, o, other):
                raise IllegalActionError(f"{card.name}: its {ab.kind} cost can't be paid (601.2h): {ab.text}")
            _choose_other(g, p, o, other)
    additional += mandatory
    copies, times = _copy_costs(g, p, o, action, opts)
    if copies:
        added += ((copies[0], True),)
    if times:
        kind = next(ab.kind for ab in opts if ab.kind in ("replicate", "squad"))
        added += ((kind, times),)
        additional += [ab for ab in opts if ab.kind == kind] * times
    if alt is None and not additional and not splices:
        return reqs, added
    if alt is not None and card.mana_cost.x_count and not alt.cost.x_count and action.x:
        raise IllegalActionError(f"{card.name}: its {alt.kind} cost has no X (107.3)")
    if flashback:
        text = _stack_module.flashback_cost(card).text
    else:
        text = alt.cost.text if alt is not None else card.mana_cost.text
    if kicked:
        text += kicker_cost(card).text
    for ab in additional:
        text += ab.cost.text
    for splice in splices:
        text += splice.text
    total = parse_cost(text)
    adjust = cost_adjustment(g, p, card, action.targets)
    if alt is not None and alt.kind == "emerge":
        # 702.119a: sacrifice a creature and pay the emerge cost reduced by its mana value (generic only,
        # 118.7a); the creature is sacrificed with the payment (it may be tapped for mana first, 601.2g).
        victim = cost_objects.choose_cost_objects(g, p, _emerge_candidates(g, p, o), 1, "sacrifice", card.name)[0]
        adjust -= g.s.objects[victim].card.mana_cost.mana_value
        emerge = AlternativeCost("emerge", "additional", other=OtherCost(sacrifice=V.ObjectFilter(), sacrifice_count=1))
        g.s.casting_other_costs = g.s.casting_other_costs + ((o.id, emerge, (("sacrifice", (victim,)),)),)
    reqs = requirements(total, action.x, adjust)
    for ab in ([alt] if alt is not None else []) + additional:
        if ab.kind not in ("replicate", "squad"):
            added += ((ab.kind, True),)
        g.log_event(ab.kind, RULE[ab.kind], card=card.name, cost=ab.cost.text or ab.text)
    return reqs, added


def entwined(card: V.CardDef, modes: tuple[int, ...]) -> bool:
    """702.42a: "You may choose all modes of this spell instead of just the number specified. If you do,
    you pay an additional [cost]": every mode, each once (stack.ALL_MODES_HOOKS)."""
    if card.spell is None or not any(ab.kind == "entwine" for ab in cast_options(card)):
        return False
    modal = choice_effects.modal_of(card.spell.effects)
    n = len(modal.modes) if modal is not None else 0
    return n > 1 and len(modes) == n and sorted(modes) == list(range(1, n + 1))


def _all_modes(card: V.CardDef, modal: Any, modes: tuple[int, ...]) -> bool:
    return len(modes) > modal.max and entwined(card, modes)


def cast_variants(g: Game, p: int, o: Obj, sources: list[ManaSource]) -> list[tuple]:
    """stack.CAST_VARIANTS: the alternative / additional costs agents may choose that can be paid."""
    if not cost_modifiers._casting_game(g):
        return []
    out: list[tuple] = []
    pl = g.s.players[p]
    for alt in alternative_costs(o.card):
        if alt.kind == "alternative" and _other_payable(g, p, o, alt):
            reqs = requirements(alt.cost, 0, total_cost.cost_adjustment(g, p, o.card))
            srcs = sources
            if alt.other.tap is not None:
                # the permanent tapped for the cost (the first candidate, as chosen automatically) can't
                # also be tapped for mana (601.2h)
                first = _other_candidates(g, p, o, alt.other)["tap"][0][0]
                srcs = _sources(g, p, (first,))
            if solve_payment(reqs, pl.pool, srcs, pl.life) is not None:
                out.append((("alternative", True),))
    for ab in cast_options(o.card):
        if ab.kind not in ALTERNATIVE + ADDITIONAL or ab.kind == "emerge" or (
                ab.kind in ALTERNATIVE and not _alternative_available(g, p, ab, o)):
            continue  # emerge: not offered to agents (the sacrifice changes the price)
        if ab.other is not None and (ab.other.tap is not None or not _other_payable(
                g, p, o, AlternativeCost(ab.text, ab.kind, other=ab.other))):
            continue
        text = (ab.cost.text if ab.kind in ALTERNATIVE else o.card.mana_cost.text + ab.cost.text)
        reqs = requirements(parse_cost(text), 0, total_cost.cost_adjustment(g, p, o.card))
        if solve_payment(reqs, pl.pool, sources, pl.life) is not None:
            out.append(((ab.kind, True),))
    free = _free_permission(g, p, o, o.card)
    if free is not None:
        reqs = requirements(free.cost, 0, total_cost.cost_adjustment(g, p, o.card))
        if solve_payment(reqs, pl.pool, sources, pl.life) is not None:
            out.append(((free.kind, True),))
    return out


_VARIANTS: dict[int, tuple[V.CardDef, V.CardDef]] = {}  # id(card) -> (card, overloaded)


_ORIGINALS: dict[int, tuple[V.CardDef, V.CardDef]] = {}  # id(overloaded) -> (overloaded, card)


def overload_of(card: V.CardDef) -> Overload | None:
    return next((ab for ab in card.abilities if type(ab) is Overload), None)


def overloaded(card: V.CardDef) -> V.CardDef:
    """The card's characteristics with its text changed (702.96b): no targets, the "each" effects."""
    ent = _VARIANTS.get(id(card))
    if ent is None or ent[0] is not card:
        ov = overload_of(card)
        assert ov is not None
        ent = (card, dataclasses.replace(card, spell=V.SpellAbility(ov.effects, ())))
        _VARIANTS[id(card)] = ent
        _ORIGINALS[id(ent[1])] = (ent[1], card)
    return ent[1]


def _original(card: V.CardDef) -> V.CardDef | None:
    ent = _ORIGINALS.get(id(card))
    return ent[1] if ent is not None and ent[0] is card else None


def overload_swap(g: Game, p: int, o: Obj, action: Any, card: V.CardDef) -> V.CardDef:
    """stack.CARD_SWAPS: 601.2b: the player announces whether they pay the overload cost (("overload",
    bool) in the action's choices, or asked); if so the spell is cast with the changed text (702.96b)."""
    ov = overload_of(card)
    if ov is None or o.zone != HAND:
        return card  # cast from elsewhere (flashback ...): a second alternative cost can't apply (118.9a)
    ans = next((c[1] for c in action.choices if isinstance(c, tuple) and len(c) == 2 and c[0] == "overload"), None)
    if ans is None:
        ans = g.choose(p, "overload", [False, True],
                     f"702.96a: {card.name}: cast it for its overload cost {ov.cost.text}? (true or false)")
    if ans is not True:
        return card
    o.card = overloaded(card)
    g.invalidate()
    g.log_event("overload", "702.96a", card=card.name, cost=ov.cost.text)
    return o.card


# 702.103b: the characteristics of a bestowed Aura spell: an Aura enchantment (205.1b: no longer a creature, nor of
# creature types) with enchant creature.
ENCHANT_CREATURE = V.StaticAbility("Enchant creature", "enchant", V.ObjectFilter(types=frozenset({"Creature"})))
_BESTOWED: dict[int, tuple[V.CardDef, V.CardDef]] = {}  # id(card) -> (card, bestowed)
_BESTOWED_FROM: dict[int, tuple[V.CardDef, V.CardDef]] = {}  # id(bestowed) -> (bestowed, card)


def bestow_of(card: V.CardDef) -> Bestow | None:
    return next((ab for ab in card.abilities if type(ab) is Bestow), None)


def bestowed(card: V.CardDef) -> V.CardDef:
    """702.103b: the card as a bestowed Aura: an Aura enchantment with enchant creature (cached per card)."""
    ent = _BESTOWED.get(id(card))
    if ent is None or ent[0] is not card:
        supertypes = " ".join(sorted(card.supertypes))
        ent = (card, dataclasses.replace(card, types=frozenset({"Enchantment"}), subtypes=frozenset({"Aura"}),
                                         abilities=card.abilities + (ENCHANT_CREATURE,),
                                         type_line=f"{supertypes + ' ' if supertypes else ''}Enchantment — Aura"))
        _BESTOWED[id(card)] = ent
        _BESTOWED_FROM[id(ent[1])] = (ent[1], card)
    return ent[1]


def unbestowed(card: V.CardDef) -> V.CardDef | None:
    """The card a bestowed Aura's characteristics were made from, or None when `card` isn't bestowed."""
    ent = _BESTOWED_FROM.get(id(card))
    return ent[1] if ent is not None and ent[0] is card else None


def bestow_swap(g: Game, p: int, o: Obj, action: Any, card: V.CardDef) -> V.CardDef:
    """stack.CARD_SWAPS: 702.103a: the player announces whether they cast the card bestowed (("bestow",
    bool) in the action's choices, or asked); if so it is put on the stack as a bestowed Aura spell
    (702.103b) and its target is chosen as an Aura's (601.2c, 303.4a)."""
    bw = bestow_of(card)
    if bw is None:
        return card
    ans = next((c[1] for c in action.choices if isinstance(c, tuple) and len(c) == 2 and c[0] == "bestow"), None)
    if ans is None:
        ans = g.choose(p, "bestow", [False, True],
                       f"702.103a: {card.name}: cast it bestowed for {bw.cost.text}? (true or false)")
    if not isinstance(ans, bool):
        raise IllegalActionError(f"{card.name}: answer true or false for casting it bestowed (702.103a)")
    if not ans:
        return card
    o.card = bestowed(card)
    g.invalidate()
    g.log_event("bestow", "702.103a", card=card.name, cost=bw.cost.text)
    return o.card


# 702.47: the spells with cards spliced onto them: id(spliced) -> (spliced, the spell's card, the splice costs).
_SPLICED: dict[int, tuple[V.CardDef, V.CardDef, tuple[Splice, ...]]] = {}
_SPLICE_VARIANTS: dict[tuple[int, tuple[int, ...]], V.CardDef] = {}


def _shift_refs(x: object, n: int) -> object:
    """The effect `x` with its target references moved by `n` (a spliced card's targets follow the spell's,
    702.47b); the abilities and cards inside it keep theirs (they have targets of their own)."""
    if isinstance(x, V.Ref):
        return V.Ref(x.index + n)
    if isinstance(x, tuple):
        return tuple(_shift_refs(y, n) for y in x)
    if isinstance(x, (V.CardDef, V.Ability)) or not dataclasses.is_dataclass(x) or isinstance(x, type):
        return x
    changes = {f.name: _shift_refs(getattr(x, f.name), n) for f in dataclasses.fields(x) if f.init}
    return dataclasses.replace(x, **changes)  # type: ignore[type-var]


def spliced(card: V.CardDef, splices: tuple[V.CardDef, ...]) -> V.CardDef:
    """702.47b: the spell with the effects and targets of the `splices` cards added, in order."""
    key = (id(card), tuple(id(c) for c in splices))
    got = _SPLICE_VARIANTS.get(key)
    if got is not None and _SPLICED[id(got)][1] is card:
        return got
    assert card.spell is not None
    effects, targets = card.spell.effects, card.spell.targets
    costs: list[Splice] = []
    for c in splices:
        assert c.spell is not None
        effects = effects + _shift_refs(c.spell.effects, len(targets))  # type: ignore[operator]
        targets = targets + c.spell.targets
        costs.append(next(ab for ab in c.abilities if type(ab) is Splice))
    variant = dataclasses.replace(card, spell=V.SpellAbility(effects, targets))
    _SPLICE_VARIANTS[key] = variant
    _SPLICED[id(variant)] = (variant, card, tuple(costs))
    return variant


def _spliced_entry(card: V.CardDef) -> tuple[V.CardDef, V.CardDef, tuple[Splice, ...]] | None:
    ent = _SPLICED.get(id(card))
    return ent if ent is not None and ent[0] is card else None


def splice_costs(card: V.CardDef) -> tuple[ManaCost, ...]:
    """The splice costs of the cards spliced onto the spell `card` (601.2f: additional costs)."""
    ent = _spliced_entry(card)
    return tuple(ab.cost for ab in ent[2]) if ent is not None else ()


def splice_other_costs(card: V.CardDef) -> list[AlternativeCost]:
    """The splice costs that aren't only mana ("Sacrifice two Mountains"), chosen at 601.2b, paid at 601.2h."""
    ent = _spliced_entry(card)
    return [AlternativeCost(ab.text, "additional", other=ab.other) for ab in ent[2] if ab.other is not None] \
        if ent is not None else []


def _splices_onto(ab: Splice, card: V.CardDef) -> bool:
    return bool(ab.onto_subtypes & card.subtypes or ab.onto_types & card.types)


def splice_swap(g: Game, p: int, o: Obj, action: Any, card: V.CardDef) -> V.CardDef:
    """stack.CARD_SWAPS: 702.47a: as a spell is cast, its controller may reveal cards with splice onto a quality
    the spell has from their hand (each answered true or false, in the order of the hand; 702.47d: each card
    once) and add their effects to it (702.47b); the cards stay in the hand."""
    if card.spell is None or o.zone == STACK or choice_effects.modal_of(card.spell.effects) is not None:
        return card  # (not modelled: splicing onto a modal spell, whose modes' targets follow the spell's)
    chosen: list[V.CardDef] = []
    names: list[str] = []
    for cid in g.s.players[p].hand:
        c = g.s.objects[cid]
        ab = next((a for a in c.card.abilities if type(a) is Splice), None)
        if cid == o.id or ab is None or c.card.spell is None or c.card.unsupported or not _splices_onto(ab, card) \
                or choice_effects.modal_of(c.card.spell.effects) is not None:
            continue  # (not modelled: splicing a modal card)
        if ab.other is not None and not _other_payable(g, p, o, AlternativeCost(ab.text, "additional", other=ab.other)):
            continue  # 601.2b: a cost that can't be paid isn't offered
        ans = g.choose(p, "splice", [False, True], f"702.47a: splice {c.card.name} onto {card.name} for "
                       f"{ab.cost.text}? (true or false)")
        if not isinstance(ans, bool):
            raise IllegalActionError(f"{card.name}: answer true or false for splicing {c.card.name} onto it (702.47a)")
        if ans:
            chosen.append(c.card)
            names.append(c.card.name)
    if not chosen:
        return card
    o.card = spliced(card, tuple(chosen))
    g.invalidate()
    g.log_event("splice", "702.47a", card=card.name, revealed=names)
    return o.card


def _restore_spliced(g: Game, o: Obj, to: str) -> None:
    """registry.LEAVING_STACK_HOOKS: the spliced effects are the spell's only while it is on the stack (702.47b,
    400.7)."""
    ent = _spliced_entry(o.card)
    if ent is not None:
        o.card = ent[1]


def _restore_overloaded(g: Game, o: Obj, to: str) -> None:
    """registry.LEAVING_STACK_HOOKS: the text change ends as the spell leaves the stack (702.96b / 400.7):
    the card keeps its printed text in its new zone."""
    orig = _original(o.card)
    if orig is not None:
        o.card = orig


def _run_if_kicked(g, ctx, e: IfKicked):
    """702.33d: the spell was kicked (a permanent's ability: the spell it was, GameState.kicked_permanents)."""
    if ctx.kicked or (ctx.source is not None and ctx.source in g.s.kicked_permanents):
        return [("resume_effects", ctx, e.effects, 0, None)]
    return [("resume_effects", ctx, e.otherwise, 0, None)] if e.otherwise else None


registry.register_effect(IfKicked, _run_if_kicked)


def _copy_candidates(g: Game, p: int, o: Obj, ab: CastOption) -> list[int]:
    if ab.kind == "conspire":
        # 702.78a: two untapped creatures you control that share a color with it
        colors = g.chars(o).colors
        return [x.id for x in g.permanents(p) if not x.tapped and "Creature" in g.chars(x).types
                and g.chars(x).colors & colors]
    if ab.kind == "casualty":
        # 702.153a: a creature with power N or greater
        return [x.id for x in g.permanents(p) if "Creature" in g.chars(x).types
                and (g.chars(x).power or 0) >= ab.n]
    return []


def _copy_trigger(kind: str, n: int) -> V.TriggeredAbility:
    text = {"conspire": "When you cast this spell, if its conspire cost was paid, copy it. (702.78a)",
            "casualty": "When you cast this spell, if a casualty cost was paid for it, copy it. (702.153a)",
            "replicate": "When you cast this spell, copy it for each time its replicate cost was paid. (702.56a)"}[kind]
    return V.TriggeredAbility(text, "cast_copy", (CopyThisSpell(n, RULE[kind]),))


def _copy_costs(g: Game, p: int, o: Obj, action: Any, opts: list[CastOption]) -> tuple[tuple[str, ...], int]:
    """601.2b-c: conspire / casualty (asked true or false, then the creatures, paid at once: tapping or
    sacrificing them; their "When you cast this spell, if its cost was paid, copy it" triggers) and
    replicate / squad (the number of times, asked; the cost is added by the caller)."""
    done: list[str] = []
    times = 0
    for ab in opts:
        if ab.kind in ("conspire", "casualty"):
            need = 2 if ab.kind == "conspire" else 1
            cands = _copy_candidates(g, p, o, ab)
            if len(cands) < need or not _answer(g, p, o.card, action, ab):
                continue
            what = "tap" if ab.kind == "conspire" else "sacrifice"
            for x in cost_objects.choose_cost_objects(g, p, cands, need, what, o.card.name):
                if ab.kind == "conspire":
                    g.tap(g.s.objects[x], "702.78a")
                else:
                    effects.sacrifice(g, x)
            done.append(ab.kind)
            g.log_event(ab.kind, RULE[ab.kind], card=o.card.name)
            trigger_queue.queue(g, p, o.id, _copy_trigger(ab.kind, 1), None, o.card.name)
        elif ab.kind in ("replicate", "squad"):
            given = next((c[1] for c in action.choices if isinstance(c, tuple) and len(c) == 2
                          and c[0] == ab.kind), None)
            if given is None:
                given = g.choose(p, ab.kind, list(range(0, 11)),
                               f"{RULE[ab.kind]}: {o.card.name}: how many times do you pay its {ab.kind} cost "
                               f"{ab.cost.text}? (a number)")
            if not isinstance(given, int) or isinstance(given, bool) or given < 0:
                raise IllegalActionError(f"{o.card.name}: answer a number of times for {ab.kind} ({RULE[ab.kind]})")
            times = given
            if times and ab.kind == "replicate":
                trigger_queue.queue(g, p, o.id, _copy_trigger("replicate", times), None, o.card.name)
    return tuple(done), times


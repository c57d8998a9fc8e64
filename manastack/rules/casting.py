"""CR 601.2b-h beyond the basics in rules/stack.py: cost modifiers, and paying a spell's cost by
tapping creatures or artifacts or exiling cards (vocabulary compiled by cards/templates/casting.py).

- 601.2f / 118.7: the total cost is the mana cost (or alternative cost) plus increases minus
  reductions; a reduction of generic mana affects only the generic component and can't take the
  cost below {0} (118.7a). `CostModifier` abilities: static abilities of permanents ("Instant and
  sorcery spells you cast cost {1} less to cast", "Noncreature spells cost {1} more to cast") and
  of the spell itself ("This spell costs {1} less to cast for each artifact you control", affinity
  702.41a, "... if it targets a tapped creature"). Registered in stack.COST_MODIFIERS.
- 702.51 Convoke, 702.126 Improvise, 702.66 Delve: once the total cost is locked in (702.51b,
  702.126b, 702.66b: they are not alternative or additional costs), for each generic mana the
  player may tap an untapped creature / tap an untapped artifact / exile a card from their
  graveyard rather than pay it; a creature tapped for convoke may instead pay one mana of its own
  color (702.51a). Each helper pays exactly one mana of the cost: no more helpers than mana they
  can pay. Registered in stack.SPELL_PAYERS (the payment, 601.2g-h) and stack.AFFORD_HOOKS (whether
  a spell can be paid for at all, for the list of legal actions).
- 601.2b / 118.9: alternative costs (702.74 evoke, 702.109 dash, 702.117 surge, 702.137 spectacle,
  702.119 emerge, 702.152 blitz, "you may [cost] rather than pay this spell's mana cost"; only one per
  spell, 118.9a) and optional additional costs (702.27 buyback, 702.175 offspring, 702.42 entwine,
  702.56 replicate, 702.157 squad, 702.78 conspire, 702.153 casualty, 702.132 assist) are chosen as
  the spell is cast (stack.CAST_OPTIONS); their answers come from the action's choices or the chooser,
  in this order: alternative costs, additional costs, conspire / casualty, replicate / squad, assist.
  Non-mana parts (sacrifice, tap, return, exile) are chosen at 601.2b and paid with the mana (601.2h),
  after mana abilities (601.2g).
- 601.3 / 702.61 / 101.2: "Cast this spell only ...", split second, "Each player can't cast more than
  one spell each turn" and the like (stack.CAST_RESTRICTIONS, stack.ACTIVATION_RESTRICTIONS).
- 707.10: copies of a spell (storm 702.40, gravestorm 702.69, replicate, conspire, casualty, "copy
  target instant or sorcery spell"); a copy ceases to exist when it leaves the stack (704.5e).
- 608.2g: casting a card while a spell or ability resolves, without paying its mana cost (cascade
  702.85, rebound 702.88).
- 702.44 sunburst, converge, adamant: the mana spent to cast the permanent (read from the game log).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..cards import vocab as V
from ..errors import IllegalActionError
from ..game.state import (
    BATTLEFIELD,
    BEGIN_COMBAT,
    DECLARE_ATTACKERS,
    DECLARE_BLOCKERS,
    END_COMBAT,
    EXILE,
    FIRST_STRIKE,
    GRAVEYARD,
    HAND,
    LIBRARY,
    MAIN2,
    STACK,
    PerCardKinds,
    StackItem,
)
from ..lazy import lazy_module
from . import add_hook
from .costs import ManaCost, ManaSource, Requirement, parse_cost, requirements, solve_payment
from .mana import COLORS, TYPE_INDEX

if TYPE_CHECKING:
    from ..game.game import Game
    from ..game.state import Obj

# Modules reached across an import cycle (manastack/lazy.py).
_stack_module = lazy_module("manastack.rules.stack", globals(), "_stack_module")
_state_module = lazy_module("manastack.game.state", globals(), "_state_module")
_triggers_module = lazy_module("manastack.rules.triggers", globals(), "_triggers_module")


# ----------------------------------------------------------------------------- vocabulary

@dataclass(frozen=True, slots=True)
class SpellFilter:
    """Which spells a cost modifier applies to, by the card's characteristics: one of `types` (empty:
    any), none of `non_types`, one of `subtypes`, one of `colors`, none of `non_colors`."""

    types: frozenset[str] = frozenset()
    non_types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    colors: frozenset[str] = frozenset()
    non_colors: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class CostCount:
    """The N of "costs {1} less for each N". kind: "control" (permanents matching `filter`,
    `filter.controller` relative to the caster; None: on the battlefield), "graveyard" (cards in the
    caster's graveyard with one of `types`; empty: any card), "party" (700.8), "domain" (basic land
    types among lands the caster controls); and the X of "costs {X} less, where X is ...":
    "greatest_power" / "total_power" (creatures the caster controls), "devotion" (700.5, to the colors
    in `types`), "colors_among" (colors among permanents the caster controls), "drawn" (cards the caster
    drew this turn), "died" (creatures that died this turn), "attacked" / "attacked_by_you" (creatures
    that attacked this turn)."""

    kind: str
    filter: V.ObjectFilter | None = None
    types: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class CostCondition:
    """The "if ..." of a cost modifier. kind: "targets" (one of the spell's targets matches
    `filter`), "control" (the caster controls a permanent matching `filter`), "cast_another" (the
    caster has cast another spell this turn), "second_spell" (it will be the caster's second spell this
    turn), "not_your_turn" (it isn't the caster's turn), "history"
    (something happened this turn: `what`), "graveyard_types" (at least `what` card types among cards in
    the caster's graveyard), "first_of_kind" (the caster cast no `spell` kind of spell yet this turn)."""

    kind: str
    filter: V.ObjectFilter | None = None
    what: str = ""  # "history": a rules/turn_history.py KIND ("creature_died", "opponent_lost_life")
    spell: SpellFilter | None = None  # "first_of_kind": the kind of spell


@dataclass(frozen=True, slots=True)
class CostModifier(V.Ability):
    """601.2f: a spell costs `amount` more (positive) or less (negative) generic mana, times `per`
    when given, if `condition` holds. scope: "self" (an ability of the spell itself, 702.41a), "you"
    (spells its controller casts), "opponents" (spells their opponents cast), "all"."""

    amount: int
    scope: str
    spell: SpellFilter | None = None
    per: CostCount | None = None
    condition: CostCondition | None = None


@dataclass(frozen=True, slots=True)
class PaymentKeyword(V.Ability):
    """702.51 convoke, 702.126 improvise, 702.66 delve (`kind`)."""

    kind: str


# ----------------------------------------------------------------------------- 601.2f

def spell_matches(flt: SpellFilter | None, card: V.CardDef) -> bool:
    if flt is None:
        return True
    if flt.types and not (flt.types & card.types):
        return False
    if flt.non_types and (flt.non_types & card.types):
        return False
    if flt.subtypes and not (flt.subtypes & card.subtypes):
        return False
    if flt.colors and not (flt.colors & card.colors):
        return False
    if flt.non_colors and (flt.non_colors & card.colors):
        return False
    return True


PARTY = ("Cleric", "Rogue", "Warrior", "Wizard")
BASIC_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")


def party_size(g: Game, p: int) -> int:
    """700.8: the number of creatures in a player's party: up to one each of Cleric, Rogue, Warrior and
    Wizard among the creatures they control (a creature counts for one role only)."""
    roles = []
    for o in g.permanents(p):
        c = g.chars(o)
        if "Creature" in c.types:
            mine = frozenset(r for r in PARTY if r in c.subtypes)
            if mine:
                roles.append(mine)
    best = 0

    def assign(i: int, used: frozenset[str]) -> None:
        nonlocal best
        best = max(best, len(used))
        if i == len(roles) or best == len(PARTY):
            return
        for r in roles[i] - used:
            assign(i + 1, used | {r})
        assign(i + 1, used)
    assign(0, frozenset())
    return best


def _count(g: Game, p: int, per: CostCount) -> int:
    from .stack import matches_filter
    if per.kind == "control":
        assert per.filter is not None
        return sum(1 for o in g.permanents() if matches_filter(g, per.filter, o, p))
    if per.kind == "party":
        return party_size(g, p)
    if per.kind == "domain":
        # 305.6 / "Domain": the basic land types among lands you control
        return sum(1 for t in BASIC_TYPES if any("Land" in g.chars(o).types and t in g.chars(o).subtypes
                                                 for o in g.permanents(p)))
    if per.kind in ("greatest_power", "total_power"):
        powers = [g.chars(o).power or 0 for o in g.permanents(p) if "Creature" in g.chars(o).types]
        if per.kind == "greatest_power":
            return max([0, *powers])
        return sum(max(0, x) for x in powers)
    if per.kind == "devotion":
        from .static_counts import devotion
        return devotion(g.s, p, per.types)
    if per.kind == "colors_among":
        # "Vivid": the colors among permanents the caster controls (105.2)
        return len({c for o in g.permanents(p) for c in g.chars(o).colors})
    if per.kind == "drawn":
        turn, counts = g.s.__dict__.get("_draws", (None, (0, 0)))  # rules/effects.py draw (121.1)
        return counts[p] if turn == g.s.turn else 0
    if per.kind == "attacked_by_you" and g.s.active != p:
        return 0  # only the active player attacks (506.2)
    if per.kind in ("died", "attacked", "attacked_by_you"):
        from .turn_history import _this_turn
        n = 0
        for e in _this_turn(g):
            if per.kind != "died" and e.get("event") == "attack":
                n += 1  # 508.1: one event per attacking creature
            elif per.kind == "died" and e.get("event") == "zone_change" and e.get("from_zone") == BATTLEFIELD \
                    and e.get("to_zone") == GRAVEYARD:
                lki = g.s.lki.get(e.get("old_id"))
                if lki is not None and "Creature" in lki[1].types:
                    n += 1  # 700.4: died, judged by its last known information
        return n
    if per.kind == "graveyard":
        gy = g.s.players[p].graveyard
        return sum(1 for c in gy if not per.types or per.types & g.s.objects[c].card.types)
    return 0


def _condition(g: Game, p: int, cond: CostCondition | None, targets: tuple[int, ...], source: int | None) -> bool:
    from .stack import matches_filter
    if cond is None:
        return True
    if cond.kind == "targets":
        assert cond.filter is not None
        return any(isinstance(t, int) and t >= 0 and t in g.s.objects and g.s.objects[t].zone in (BATTLEFIELD, GRAVEYARD)
                   and matches_filter(g, cond.filter, g.s.objects[t], p, source) for t in targets)
    if cond.kind == "targets_source":
        return source is not None and source in targets  # "spells that target CARDNAME"
    if cond.kind == "control":
        assert cond.filter is not None
        return any(matches_filter(g, cond.filter, o, p, source) for o in g.permanents(p))
    if cond.kind == "cast_another":
        return g.s.players[p].spells_cast >= 1  # counted before this spell becomes cast (601.2i)
    if cond.kind == "flash_timing":
        from .stack import sorcery_timing_ok
        return not sorcery_timing_ok(g, p)  # cast at a time only the flash permission allows
    if cond.kind == "second_spell":
        return g.s.players[p].spells_cast == 1  # this one will be the second spell this turn
    if cond.kind == "not_your_turn":
        return g.s.active != p
    if cond.kind == "history":
        from .turn_history import happened
        return happened(g, p, cond.what)
    if cond.kind == "graveyard_types":
        kinds: set[str] = set()
        for c in g.s.players[p].graveyard:
            kinds |= g.s.objects[c].card.types
        return len(kinds) >= int(cond.what)
    if cond.kind == "first_of_kind":
        return _cast_this_turn(g, p, cond.spell) == 0
    return False


def flash_permission(g: Game, p: int, o: Obj) -> bool:
    """stack.FLASH_PERMISSIONS: "You may cast this spell as though it had flash if you pay {2} more to cast
    it" (601.3b; the extra cost is a CostModifier with condition "flash_timing"); "You may cast this spell
    as though it had flash. If you cast it any time a sorcery couldn't have been cast, ... sacrifices it
    at the beginning of the next cleanup step" (CastingKeyword "flash_sacrifice")."""
    if not _FLASH_KINDS & V.ability_types(o.card):
        return False
    return any((type(ab) is CostModifier and ab.condition is not None and ab.condition.kind == "flash_timing")
               or (type(ab) is CastingKeyword and ab.kind == "flash_sacrifice") for ab in o.card.abilities)


def _cast_this_turn(g: Game, p: int, spell: SpellFilter | None) -> int:
    """How many spells of the kind `p` has cast this turn (from the "cast" events of the game log; a spell's
    characteristics from the object or its last known information)."""
    from .turn_history import _this_turn
    name = g.s.players[p].name
    n = 0
    for e in _this_turn(g):
        if e.get("event") == "cast" and e.get("player") == name:
            oid = e.get("id")
            o = g.s.objects.get(oid)
            card = o.card if o is not None else (g.s.lki[oid][0].card if oid in g.s.lki else None)
            if card is not None and spell_matches(spell, card):
                n += 1
    return n


def _one(g: Game, p: int, ab: CostModifier, targets: tuple[int, ...], source: int | None) -> int:
    if not _condition(g, p, ab.condition, targets, source):
        return 0
    n = _count(g, p, ab.per) if ab.per is not None else 1
    return ab.amount * n


@dataclass(frozen=True, slots=True)
class NextSpellDiscount(V.Effect):
    """"The next [instant or sorcery] spell you cast this turn costs {N} less to cast": a one-shot cost
    reduction (611.2: until end of turn, used up by the next such spell cast, 601.2f)."""

    amount: int
    spell: SpellFilter | None = None


def _next_spell_discount(g: Game, ctx: Any, e: NextSpellDiscount) -> list | None:
    from ..game.state import ContinuousEffect
    s = g.s
    s.effects.append(ContinuousEffect("next_spell_discount", None, timestamp=s.next_timestamp, until="eot",
                                      controller=ctx.controller, data=(e.amount, e.spell)))
    s.next_timestamp += 1
    return None


def _discounts(g: Game, p: int, card: V.CardDef) -> list[Any]:
    return [e for e in g.s.effects if e.kind == "next_spell_discount" and e.controller == p
            and spell_matches(e.data[1], card)]


def use_discounts(g: Game, p: int, o: Obj, action: Any, reqs: list[Requirement], kicked: bool,
                  flashback: bool) -> tuple[list[Requirement], tuple]:
    """stack.CAST_OPTIONS: the spell being cast uses up the "next spell" reductions that applied to it."""
    if g.s.effects:
        used = _discounts(g, p, o.card)
        if used:
            g.s.effects = [e for e in g.s.effects if not any(e is u for u in used)]
    return reqs, ()


def cost_modifier(g: Game, p: int, card: V.CardDef, targets: tuple[int, ...]) -> int:
    """601.2f: the net generic change to the cost of `card` cast by `p` (stack.COST_MODIFIERS)."""
    if not g.s.effects and not _casting_game(g):
        return 0
    total = 0
    if g.s.effects:
        total -= sum(e.data[0] for e in _discounts(g, p, card))
    for ab in card.abilities:
        # 702.41a / 601.2f: the spell's own "this spell costs {1} less" functions on the stack.
        if type(ab) is CostModifier and ab.scope == "self":
            total += _one(g, p, ab, targets, None)
    for o, ab in g.battlefield_abilities(CostModifier):
        if ab.scope == "self":
            continue
        if (ab.scope == "you" and o.controller != p) or (ab.scope == "opponents" and o.controller == p):
            continue
        if spell_matches(ab.spell, card):
            total += _one(g, o.controller, ab, targets, o.id) if ab.condition or ab.per else ab.amount
    return total


def _targets_matter(g: Game, card: V.CardDef) -> bool:
    if any(type(ab) is CostModifier and ab.condition is not None and ab.condition.kind == "targets"
           for ab in card.abilities):
        return True
    return any(ab.condition is not None and ab.condition.kind == "targets_source"
               for _, ab in g.battlefield_abilities(CostModifier))


def priced_with_targets(g: Game, p: int, action: Any) -> bool:
    """stack.CAST_ACTION_FILTERS: a cast whose cost depends on its targets (601.2f: "costs {2} more if it
    targets ...", "spells your opponents cast that target CARDNAME cost {2} more") or has a colored
    increase (the Leeches) is offered only if it can be paid."""
    if not _casting_game(g):
        return True
    o = g.s.objects.get(action.card)
    if o is None:
        return True
    colors = colored_increase(g, p, o.card)
    if not colors and (not action.targets or action.choices or not _targets_matter(g, o.card)):
        return True
    from .stack import can_pay, cost_adjustment, kicked_reqs, total_cost_reqs
    reqs = total_cost_reqs(g, p, o.card, action.x, action.targets)
    for c in action.choices:
        if c == ("kicked", True):
            reqs = kicked_reqs(g, p, o.card, action.x, action.targets)
        elif c == ("alternative", True):
            alt = next(a for a in alternative_costs(o.card) if a.kind == "alternative")
            reqs = requirements(alt.cost, 0, cost_adjustment(g, p, o.card, action.targets))
        elif isinstance(c, tuple) and len(c) == 2 and c[1] is True:
            ab = next((a for a in cast_options(o.card) if a.kind == c[0]), None)
            if ab is not None:
                text = ab.cost.text if ab.kind in ALTERNATIVE else o.card.mana_cost.text + ab.cost.text
                reqs = requirements(parse_cost(text), action.x, cost_adjustment(g, p, o.card, action.targets))
    reqs = _with_pips(reqs, colors)
    return can_pay(g, p, reqs, ("spell", o.id)) or can_afford(g, p, o, reqs)


# ----------------------------------------------------------------------------- convoke, improvise, delve

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
        out[Requirement(tuple(typed), req.generic - to_generic, req.life)] = None  # type: ignore[arg-type]
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
    from .stack import mana_sources
    kinds = payment_keywords(card)
    pl = g.s.players[p]
    sources = mana_sources(g, p, exclude_more=exclude, purpose=("spell", spell) if spell is not None else None)
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
    from .costs import single
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
            req_k = Requirement(req.typed, req.generic - k, req.life)
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
    if not _casting_game(g):
        return False
    if not payment_keywords(o.card):
        return False
    return auto_helpers(g, p, o.card, reqs, (o.id,), o.id) not in (None, [])


def _asked_helpers(g: Game, p: int, o: Obj, action: Any, exclude: tuple[int, ...]) -> list[tuple[str, int]] | None:
    """The helpers given in the action's choices (("convoke", (ids...)) ...) or asked from the
    chooser (a scenario answers one list of objects, [] for none); None: choose automatically."""
    from .stack import choose
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
            pick = choose(g, p, kind, cands, f"{o.card.name}: {kind} ({what}, one list; [] for none: "
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
    pay_mana, tap = _stack_module.pay_mana, _stack_module.tap
    others = _take_pending(g, o.id)
    if others:
        # 601.2g-h: permanents tapped for the cost can't also be tapped for mana; the others may be.
        tapped = tuple(x for _, chosen in others for x in chosen.get("tap", ()))
        if not pay_with_helpers(g, p, o, reqs, action, exclude_more + tapped):
            pay_mana(g, p, reqs, action.payment, o.card.name, exclude_more=exclude_more + tapped, purpose=("spell", o.id))
        for ab, chosen in others:
            _pay_other(g, p, o, ab, chosen)
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
            tap(g, x, kind_rule(kind))
    return True


def _register() -> None:
    from . import stack
    add_hook(stack.COST_MODIFIERS, cost_modifier)
    add_hook(stack.SPELL_PAYERS, pay_with_helpers)
    add_hook(stack.AFFORD_HOOKS, can_afford)


_register()

__all__ = ["CostModifier", "CostCount", "CostCondition", "SpellFilter", "PaymentKeyword", "cost_modifier",
           "pay_with_helpers", "can_afford", "remaining_options", "HELPER_KINDS"]


# ============================================================================= 601.2b: other ways to cast
# 702.27 buyback (optional additional cost), 702.74 evoke, 702.109 dash, 702.117 surge (alternative
# costs, 118.9), 702.61 split second, 702.88 rebound, 601.3 "cast this spell only ..." restrictions.

ALTERNATIVE = ("evoke", "dash", "surge", "blitz", "spectacle", "emerge")
ADDITIONAL = ("buyback", "offspring")
# "As you cast this spell, you may [cost]. When you do, copy it": 702.78a conspire, 702.153a casualty N;
# 702.56a replicate: an additional cost paid any number of times, a copy for each.
COPY_COSTS = ("conspire", "casualty", "replicate", "squad")
IMPLIED = ("entwine",)  # 702.42a: paid exactly when all modes are chosen (not asked)
RULE = {"assist": "702.132a", "squad": "702.157a", "spectacle": "702.137a", "emerge": "702.119a", "conspire": "702.78a", "casualty": "702.153a", "replicate": "702.56a", "offspring": "702.175a",
        "blitz": "702.152a", "entwine": "702.42a", "alternative": "118.9", "additional": "601.2b", "buyback": "702.27a", "evoke": "702.74a", "dash": "702.109a", "surge": "702.117a", "split_second": "702.61a",
        "rebound": "702.88a", "cascade": "702.85a", "storm": "702.40a"}


@dataclass(frozen=True, slots=True)
class CastOption(V.Ability):
    """An optional additional cost (`kind` in ADDITIONAL) or an alternative cost (ALTERNATIVE) of
    a spell: "Buyback {3}", "Evoke {1}{U}", "Dash {2}{R}", "Surge {1}{U}", "Blitz {2}{B}", "Offspring {2}";
    COPY_COSTS: "Conspire", "Casualty 2" (`n`: the power), "Replicate {1}{U}"."""

    kind: str
    cost: ManaCost
    n: int = 0
    other: OtherCost | None = None  # "Buyback—Sacrifice a land", "Evoke—Exile a green card from your hand"


@dataclass(frozen=True, slots=True)
class CastingKeyword(V.Ability):
    """A keyword that works while the spell is cast or on the stack: "split_second" (702.61a),
    "rebound" (702.88a), "assist" (702.132a)."""

    kind: str


@dataclass(frozen=True, slots=True)
class CastRestriction(V.Ability):
    """601.3: "Cast this spell only during ..." / "only if ...". kind: "attacked_this_step" (the
    declare attackers step, and a creature attacks the caster), "combat", "combat_before_blockers",
    "combat_after_blockers", "declare_blockers", "your_turn", "opponents_turn", "cast_another"
    (the caster has cast another spell this turn), "before_combat_damage", "after_combat"."""

    kind: str


@dataclass(frozen=True, slots=True)
class OtherCost:
    """The parts of a cost that aren't mana (601.2b, 118.9): "sacrifice two Mountains", "tap an untapped
    creature you control", "exile a blue card from your hand", "return an Island you control to its
    owner's hand", "pay 1 life", "exile a creature card from your graveyard"."""

    sacrifice: V.ObjectFilter | None = None
    sacrifice_count: int = 0
    tap: V.ObjectFilter | None = None
    exile_from_hand: V.ObjectFilter | None = None
    bounce: V.ObjectFilter | None = None
    life: int = 0
    exile_from_graveyard: V.ObjectFilter | None = None
    exile_count: int = 0
    bounce_count: int = 1


@dataclass(frozen=True, slots=True)
class AlternativeCost(V.Ability):
    """118.9 / 601.2b: "[If you control a Plains, ]you may [cost] rather than pay this spell's mana cost"
    (kind "alternative"), and a mandatory additional cost beyond those rules/stack.py pays ("As an
    additional cost to cast this spell, exile a creature card from your graveyard", kind "additional")."""

    kind: str
    cost: ManaCost = ManaCost()
    other: OtherCost = OtherCost()
    condition: CostCondition | None = None


def alternative_costs(card: V.CardDef) -> list[AlternativeCost]:
    return [ab for ab in card.abilities if type(ab) is AlternativeCost]


def _other_candidates(g: Game, p: int, o: Obj, other: OtherCost) -> dict[str, tuple[list[int], int]]:
    """The objects each part of `other` may use: part -> (candidates, how many)."""
    from .stack import matches_filter
    s = g.s
    out: dict[str, tuple[list[int], int]] = {}
    if other.sacrifice is not None:
        out["sacrifice"] = ([x.id for x in g.permanents(p) if matches_filter(g, other.sacrifice, x, p)],
                            other.sacrifice_count)
    if other.tap is not None:
        # Those without a mana ability first: the automatic choice keeps mana sources for the mana part.
        with_mana = {src.key[0] for src in _sources(g, p) if isinstance(src.key, tuple)}
        cands = [x.id for x in g.permanents(p) if not x.tapped and matches_filter(g, other.tap, x, p)]
        out["tap"] = (sorted(cands, key=lambda c: c in with_mana), 1)
    if other.bounce is not None:
        out["return"] = ([x.id for x in g.permanents(p) if matches_filter(g, other.bounce, x, p)], other.bounce_count)
    if other.exile_from_hand is not None:
        out["exile"] = ([c for c in s.players[p].hand if c != o.id
                         and matches_filter(g, other.exile_from_hand, s.objects[c], p)], 1)
    if other.exile_from_graveyard is not None:
        out["exile_graveyard"] = ([c for c in s.players[p].graveyard if c != o.id and matches_filter(
            g, other.exile_from_graveyard, s.objects[c], p)], other.exile_count)
    return out


def _sources(g: Game, p: int, exclude_more: tuple[int, ...] = ()) -> list[ManaSource]:
    from .stack import mana_sources
    return mana_sources(g, p, exclude_more=exclude_more)


def _other_payable(g: Game, p: int, o: Obj, ab: AlternativeCost) -> bool:
    if ab.other.life and g.s.players[p].life < ab.other.life:
        return False
    if not _condition(g, p, ab.condition, (), None):
        return False
    return all(len(c) >= n for c, n in _other_candidates(g, p, o, ab.other).values())


_PENDING = "_casting_other_costs"  # GameState attribute: the parts chosen at 601.2b, paid at 601.2h


def _choose_other(g: Game, p: int, o: Obj, ab: AlternativeCost) -> None:
    """601.2b-c: choose the objects the non-mana parts will use; they are paid with the mana (601.2h,
    pay_with_helpers), after mana abilities were activated (601.2g: a land may be tapped for mana and
    then returned or sacrificed for the cost)."""
    from .stack import _choose_cost_objects
    s = g.s
    if ab.other.life and s.players[p].life < ab.other.life:
        raise IllegalActionError(f"{s.players[p].name} can't pay {ab.other.life} life (119.4)")
    # Immutable values only: GameState.clone() copies attributes like this one by reference.
    pending: tuple = s.__dict__.get(_PENDING, ())
    used: set[int] = {x for _, _, chosen in pending for _, ids in chosen for x in ids}
    chosen: dict[str, list[int]] = {}
    for part, (cands, n) in _other_candidates(g, p, o, ab.other).items():
        chosen[part] = _choose_cost_objects(g, p, [c for c in cands if c not in used], n, part.replace("_", " "),
                                            o.card.name)
        used.update(chosen[part])
    s.__dict__[_PENDING] = pending + ((o.id, ab, tuple((k, tuple(v)) for k, v in chosen.items())),)


def _take_pending(g: Game, oid: int) -> list[tuple[AlternativeCost, dict[str, tuple[int, ...]]]]:
    pending = g.s.__dict__.get(_PENDING)
    if not pending:
        return []
    mine = [(ab, dict(chosen)) for x, ab, chosen in pending if x == oid]
    g.s.__dict__[_PENDING] = tuple(e for e in pending if e[0] != oid)
    return mine


def _pay_other(g: Game, p: int, o: Obj, ab: AlternativeCost, chosen: dict[str, tuple[int, ...]]) -> None:
    """601.2h: sacrifice / tap / exile / return the chosen objects and pay life."""
    from .effects import sacrifice
    from .stack import tap
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
                sacrifice(g, x)
            elif part == "tap":
                tap(g, s.objects[x], "601.2h")
            elif part == "return":
                g.move(x, HAND, rule="601.2h")
            else:
                g.move(x, EXILE, rule="601.2h")
    if ab.other.life:
        g.set_life(p, -ab.other.life, "119.4", source=o.card.name)


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
        from .turn_history import happened
        return happened(g, p, "opponent_lost_life")  # 702.137a: an opponent lost life this turn
    if ab.kind == "emerge":
        return bool(_emerge_candidates(g, p, o)) if o is not None else True  # 702.119a: a creature to sacrifice
    return True


def _emerge_candidates(g: Game, p: int, o: Obj) -> list[int]:
    return [x.id for x in g.permanents(p) if "Creature" in g.chars(x).types]


def _answer(g: Game, p: int, card: V.CardDef, action: Any, ab: Any) -> bool:
    """601.2b: whether the player casts with this alternative or additional cost: from the action's
    choices ((kind, bool)), else asked (a scenario answers true or false; agents: no)."""
    from .stack import choose
    for c in action.choices:
        if isinstance(c, tuple) and len(c) == 2 and c[0] == ab.kind:
            return bool(c[1])
    what = "pay its" if ab.kind in ADDITIONAL else "cast it for its"
    ans = choose(g, p, ab.kind, [False, True], f"{RULE[ab.kind]}: {card.name}: {what} {ab.kind} cost "
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
    choose, mana_sources, pay_mana = _stack_module.choose, _stack_module.mana_sources, _stack_module.pay_mana
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
        asked = choose(g, p, "assist_ask", [False, True],
                       f"702.132a: {o.card.name}: let {hp.name} help pay its generic mana (assist)? (true or false)")
    if asked is not True:
        return reqs, ()
    k = choose(g, helper, "assist", affordable, f"702.132a: {hp.name}: how much of {o.card.name}'s generic mana do "
               f"you pay (a number, 0 to {affordable[-1]})?")
    if not isinstance(k, int) or isinstance(k, bool) or k not in affordable:
        raise IllegalActionError(f"{o.card.name}: {hp.name} can pay 0 to {affordable[-1]} of its generic mana (702.132a)")
    if not k:
        return reqs, ()
    pay_mana(g, helper, [Requirement((0,) * 6, k)], None, f"{o.card.name} (assist)")  # type: ignore[arg-type]
    g.log_event("assist", "702.132a", card=o.card.name, player=hp.name, amount=k)
    return [Requirement(r.typed, max(0, r.generic - k), r.life) for r in reqs], (("assist", k),)


@dataclass(frozen=True, slots=True)
class LifeForColorDiscount(V.Ability):
    """The Defilers: "As an additional cost to cast [color] permanent spells, you may pay 2 life. Those
    spells cost {C} less to cast if you paid life this way. This effect reduces only the amount of [color]
    mana you pay." (601.2b optional additional cost, 601.2f / 118.7: a reduction of colored mana only)."""

    color: str
    life: int


@dataclass(frozen=True, slots=True)
class ColoredCostIncrease(V.Ability):
    """601.2f: "[Green] spells you cast cost {G} more to cast" (the Leeches): colored mana added to the
    total cost of the spells `spell` describes that its controller casts."""

    spell: SpellFilter | None
    color: str


def colored_increase(g: Game, p: int, card: V.CardDef) -> list[str]:
    """The colored mana symbols (letters) added to the total cost of `card` cast by `p`."""
    out: list[str] = []
    for x in g.permanents(p):
        for ab in g.chars(x).abilities:
            if type(ab) is ColoredCostIncrease and spell_matches(ab.spell, card):
                out.append(ab.color)
    return out


def _with_pips(reqs: list[Requirement], colors: list[str]) -> list[Requirement]:
    out = []
    for r in reqs:
        typed = list(r.typed)
        for c in colors:
            typed[TYPE_INDEX[c]] += 1
        out.append(Requirement(tuple(typed), r.generic, r.life))  # type: ignore[arg-type]
    return out


def colored_increase_hook(g: Game, p: int, o: Obj, action: Any, reqs: list[Requirement], kicked: bool,
                          flashback: bool) -> tuple[list[Requirement], tuple]:
    """stack.CAST_OPTIONS: the Leeches' colored increases (601.2f)."""
    colors = colored_increase(g, p, o.card)
    return (_with_pips(reqs, colors), ()) if colors else (reqs, ())


def defiler_hook(g: Game, p: int, o: Obj, action: Any, reqs: list[Requirement], kicked: bool,
                 flashback: bool) -> tuple[list[Requirement], tuple]:
    """stack.CAST_OPTIONS: each such ability of a permanent `p` controls is offered for a permanent spell
    of its color (answered true or false: ("life_discount", bool) in the action's choices, or asked)."""
    choose = _stack_module.choose
    card = o.card
    if not card.is_permanent_card or not reqs:
        return reqs, ()
    added: tuple = ()
    given = next((c[1] for c in action.choices if isinstance(c, tuple) and len(c) == 2 and c[0] == "life_discount"),
                 None)
    for x in g.permanents(p):
        for ab in g.chars(x).abilities:
            if type(ab) is not LifeForColorDiscount or ab.color not in card.colors:
                continue
            if g.s.players[p].life < ab.life:
                continue  # 119.4: life can't be paid
            ans = given if given is not None else choose(
                g, p, "life_discount", [False, True], f"{x.card.name}: pay {ab.life} life for {card.name} to cost "
                f"{{{ab.color}}} less? (true or false)")
            if ans is not True:
                continue
            g.set_life(p, -ab.life, "119.4", source=x.card.name)
            i = TYPE_INDEX[ab.color]
            reqs = [Requirement(tuple(t - 1 if k == i and t > 0 else t for k, t in enumerate(r.typed)),  # type: ignore[arg-type]
                                r.generic, r.life) for r in reqs]
            added = (("life_discount", True),)
            g.log_event("life_discount", "601.2f", card=card.name, source=x.card.name)
    return reqs, added


def cast_option_hook(g: Game, p: int, o: Obj, action: Any, reqs: list[Requirement], kicked: bool,
                     flashback: bool) -> tuple[list[Requirement], tuple]:
    """stack.CAST_OPTIONS (601.2b, 601.2f): alternative and optional additional costs chosen as the
    spell is cast; 702.88a: a rebound spell remembers that it was cast from a hand."""
    cost_adjustment, kicker_cost = _stack_module.cost_adjustment, _stack_module.kicker_cost
    card = o.card
    added: tuple = ()
    if has_keyword(card, "rebound") and o.zone == HAND:
        added += (("rebound", True),)
    if has_keyword(card, "flash_sacrifice"):
        from .stack import sorcery_timing_ok
        if not sorcery_timing_ok(g, p):
            added += (("flash_sacrifice", True),)  # cast when a sorcery couldn't have been
    if any(type(ab) is V.TriggeredAbility and ab.effects == (StormCopies(),) for ab in card.abilities):
        # 702.40a: the spells cast before it this turn (it is counted only once it becomes cast, 601.2i)
        added += (("storm_count", sum(pl.spells_cast for pl in g.s.players)),)
    if any(type(ab) is V.TriggeredAbility and ab.effects == (StormCopies("gravestorm"),) for ab in card.abilities):
        added += (("gravestorm_count", _died_this_turn(g)),)  # 702.69a
    opts = cast_options(card)
    others = alternative_costs(card)
    orig = _original(card)
    if orig is not None:  # cast overloaded: the overload cost is the alternative cost (702.96a)
        ov = overload_of(orig)
        assert ov is not None
        text = ov.cost.text + (kicker_cost(card).text if kicked else "")
        return requirements(parse_cost(text), action.x, cost_adjustment(g, p, orig, action.targets)), \
            added + (("overload", True),)
    if not opts and not others:
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
    additional: list[Any] = [ab for ab in opts if ab.kind in ADDITIONAL and _answer(g, p, card, action, ab)]
    additional += [ab for ab in opts if ab.kind == "entwine" and entwined(card, action.modes)]
    mandatory = [ab for ab in others if ab.kind == "additional"]
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
    if alt is None and not additional:
        return reqs, added
    if alt is not None and card.mana_cost.x_count and not alt.cost.x_count and action.x:
        raise IllegalActionError(f"{card.name}: its {alt.kind} cost has no X (107.3)")
    if flashback:
        from .stack import flashback_cost
        text = flashback_cost(card).text
    else:
        text = alt.cost.text if alt is not None else card.mana_cost.text
    if kicked:
        text += kicker_cost(card).text
    for ab in additional:
        text += ab.cost.text
    total = parse_cost(text)
    adjust = cost_adjustment(g, p, card, action.targets)
    if alt is not None and alt.kind == "emerge":
        # 702.119a: sacrifice a creature and pay the emerge cost reduced by its mana value (generic only,
        # 118.7a); the creature is sacrificed with the payment (it may be tapped for mana first, 601.2g).
        from .stack import _choose_cost_objects
        victim = _choose_cost_objects(g, p, _emerge_candidates(g, p, o), 1, "sacrifice", card.name)[0]
        adjust -= g.s.objects[victim].card.mana_cost.mana_value
        emerge = AlternativeCost("emerge", "additional", other=OtherCost(sacrifice=V.ObjectFilter(), sacrifice_count=1))
        g.s.__dict__[_PENDING] = g.s.__dict__.get(_PENDING, ()) + ((o.id, emerge, (("sacrifice", (victim,)),)),)
    reqs = requirements(total, action.x, adjust)
    for ab in ([alt] if alt is not None else []) + additional:
        if ab.kind not in ("replicate", "squad"):
            added += ((ab.kind, True),)
        g.log_event(ab.kind, RULE[ab.kind], card=card.name, cost=ab.cost.text or ab.text)
    return reqs, added


@dataclass(frozen=True, slots=True)
class CopyThisSpell(V.Effect):
    """"Copy it [for each time ...]" of a cast trigger (702.78a, 702.153a, 702.56a): `count` copies of
    the spell that is the trigger's source; "If the spell has any targets, you may choose new targets"
    (707.10c)."""

    count: int = 1
    rule: str = "707.10"


def _copy_trigger(kind: str, n: int) -> V.TriggeredAbility:
    text = {"conspire": "When you cast this spell, if its conspire cost was paid, copy it. (702.78a)",
            "casualty": "When you cast this spell, if a casualty cost was paid for it, copy it. (702.153a)",
            "replicate": "When you cast this spell, copy it for each time its replicate cost was paid. (702.56a)"}[kind]
    return V.TriggeredAbility(text, "cast_copy", (CopyThisSpell(n, RULE[kind]),))


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


def _copy_costs(g: Game, p: int, o: Obj, action: Any, opts: list[CastOption]) -> tuple[tuple[str, ...], int]:
    """601.2b-c: conspire / casualty (asked true or false, then the creatures, paid at once: tapping or
    sacrificing them; their "When you cast this spell, if its cost was paid, copy it" triggers) and
    replicate / squad (the number of times, asked; the cost is added by the caller)."""
    from . import triggers
    from .effects import sacrifice
    from .stack import _choose_cost_objects, choose, tap
    done: list[str] = []
    times = 0
    for ab in opts:
        if ab.kind in ("conspire", "casualty"):
            need = 2 if ab.kind == "conspire" else 1
            cands = _copy_candidates(g, p, o, ab)
            if len(cands) < need or not _answer(g, p, o.card, action, ab):
                continue
            what = "tap" if ab.kind == "conspire" else "sacrifice"
            for x in _choose_cost_objects(g, p, cands, need, what, o.card.name):
                if ab.kind == "conspire":
                    tap(g, g.s.objects[x], "702.78a")
                else:
                    sacrifice(g, x)
            done.append(ab.kind)
            g.log_event(ab.kind, RULE[ab.kind], card=o.card.name)
            triggers._add(g, p, o.id, _copy_trigger(ab.kind, 1), None, o.card.name)
        elif ab.kind in ("replicate", "squad"):
            given = next((c[1] for c in action.choices if isinstance(c, tuple) and len(c) == 2
                          and c[0] == ab.kind), None)
            if given is None:
                given = choose(g, p, ab.kind, list(range(0, 11)),
                               f"{RULE[ab.kind]}: {o.card.name}: how many times do you pay its {ab.kind} cost "
                               f"{ab.cost.text}? (a number)")
            if not isinstance(given, int) or isinstance(given, bool) or given < 0:
                raise IllegalActionError(f"{o.card.name}: answer a number of times for {ab.kind} ({RULE[ab.kind]})")
            times = given
            if times and ab.kind == "replicate":
                triggers._add(g, p, o.id, _copy_trigger("replicate", times), None, o.card.name)
    return tuple(done), times


@dataclass(frozen=True, slots=True)
class CopyTargetSpell(V.Effect):
    """707.10 / 707.10c: "Copy target instant or sorcery spell. [You may choose new targets for the
    copy.]": the copy is controlled by the player who copies it."""

    target: V.Ref
    new_targets: bool = False


def _copy_target_spell(g: Game, ctx: Any, e: CopyTargetSpell) -> list | None:
    from .stack import item_for
    if not ctx.legal[e.target.index]:
        return None
    oid = ctx.targets[e.target.index]
    item = item_for(g, oid)
    if item is None or item.kind != "spell" or item.obj != oid:
        return None
    if e.new_targets:
        return _copies(g, ctx.controller, item, 1, "707.10c")
    copy_spell(g, item, ctx.controller, item.targets, "707.10")
    return None


def _copy_this_spell(g: Game, ctx: Any, e: CopyThisSpell) -> list | None:
    from .stack import item_for
    item = item_for(g, ctx.source) if ctx.source is not None else None
    if item is None or item.kind != "spell" or item.obj != ctx.source:
        g.log_event("copy_spell", e.rule, card=ctx.name, copies=0, reason="the spell is no longer on the stack")
        return None
    return _copies(g, ctx.controller, item, e.count, e.rule)


def entwined(card: V.CardDef, modes: tuple[int, ...]) -> bool:
    """702.42a: "You may choose all modes of this spell instead of just the number specified. If you do,
    you pay an additional [cost]": every mode, each once (stack.ALL_MODES_HOOKS)."""
    from .effects import modal_of
    if card.spell is None or not any(ab.kind == "entwine" for ab in cast_options(card)):
        return False
    modal = modal_of(card.spell.effects)
    n = len(modal.modes) if modal is not None else 0
    return n > 1 and len(modes) == n and sorted(modes) == list(range(1, n + 1))


def _all_modes(card: V.CardDef, modal: Any, modes: tuple[int, ...]) -> bool:
    return len(modes) > modal.max and entwined(card, modes)


def cast_variants(g: Game, p: int, o: Obj, sources: list[ManaSource]) -> list[tuple]:
    """stack.CAST_VARIANTS: the alternative / additional costs agents may choose that can be paid."""
    if not _casting_game(g):
        return []
    from .stack import cost_adjustment
    out: list[tuple] = []
    pl = g.s.players[p]
    for alt in alternative_costs(o.card):
        if alt.kind == "alternative" and _other_payable(g, p, o, alt):
            reqs = requirements(alt.cost, 0, cost_adjustment(g, p, o.card))
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
        reqs = requirements(parse_cost(text), 0, cost_adjustment(g, p, o.card))
        if solve_payment(reqs, pl.pool, sources, pl.life) is not None:
            out.append(((ab.kind, True),))
    return out


# ----------------------------------------------------------------------------- 702.96 overload

@dataclass(frozen=True, slots=True)
class Overload(V.Ability):
    """702.96a: "Overload [cost]" means "You may choose to pay [cost] rather than pay this spell's mana
    cost" and "If you chose to pay this spell's overload cost, change its text by replacing all instances
    of the word 'target' with the word 'each.'" `effects`: the spell's effects with that change, compiled
    from the changed text (cards/templates/casting.py)."""

    cost: ManaCost
    effects: tuple[V.Effect, ...] = ()


_VARIANTS: dict[int, tuple[V.CardDef, V.CardDef]] = {}  # id(card) -> (card, overloaded)
_ORIGINALS: dict[int, tuple[V.CardDef, V.CardDef]] = {}  # id(overloaded) -> (overloaded, card)


def overload_of(card: V.CardDef) -> Overload | None:
    return next((ab for ab in card.abilities if type(ab) is Overload), None)


def overloaded(card: V.CardDef) -> V.CardDef:
    """The card's characteristics with its text changed (702.96b): no targets, the "each" effects."""
    import dataclasses
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
    choose = _stack_module.choose
    ov = overload_of(card)
    if ov is None or o.zone != HAND:
        return card  # cast from elsewhere (flashback ...): a second alternative cost can't apply (118.9a)
    ans = next((c[1] for c in action.choices if isinstance(c, tuple) and len(c) == 2 and c[0] == "overload"), None)
    if ans is None:
        ans = choose(g, p, "overload", [False, True],
                     f"702.96a: {card.name}: cast it for its overload cost {ov.cost.text}? (true or false)")
    if ans is not True:
        return card
    o.card = overloaded(card)
    g.invalidate()
    g.log_event("overload", "702.96a", card=card.name, cost=ov.cost.text)
    return o.card


def _restore_overloaded(g: Game, o: Obj, frm: str, to: str) -> str:
    """game.ZONE_CHANGE_REPLACEMENTS (not a replacement: the text change ends as the spell leaves the
    stack, 702.96b / 400.7): the card keeps its printed text in its new zone."""
    if frm == STACK:
        orig = _original(o.card)
        if orig is not None:
            o.card = orig
    return to


# ----------------------------------------------------------------------------- 702.61 split second, 601.3

def split_second_on_stack(g: Game) -> str | None:
    for it in g.s.stack:
        if it.kind == "spell" and it.obj in g.s.objects and has_keyword(g.s.objects[it.obj].card, "split_second"):
            return it.name
    return None


def cast_restriction(g: Game, p: int, o: Obj) -> str | None:
    """stack.CAST_RESTRICTIONS: 702.61a (a spell with split second on the stack) and 601.3 (the
    card's own "Cast this spell only ...")."""
    if not _casting_game(g):
        return None
    s = g.s
    if s.stack:
        name = split_second_on_stack(g)
        if name is not None:
            return f"702.61a: {name} has split second: no other spells can be cast while it is on the stack"
    why = static_cast_restriction(g, p, o.card)
    if why:
        return why
    for ab in o.card.abilities:
        if type(ab) is CastRestriction and not _restriction_ok(g, p, ab.kind):
            return f"601.3: {ab.text}"
        if type(ab) is AlternativeCost and ab.kind == "additional" and not _other_payable(g, p, o, ab):
            return f"{o.card.name}: its additional cost can't be paid (601.2b): {ab.text}"
    return None


def _restriction_ok(g: Game, p: int, kind: str) -> bool:
    s = g.s
    step = s.step
    if kind == "attacked_this_step":
        cb = s.combat
        return step == DECLARE_ATTACKERS and cb is not None and any(
            _attacks(g, d, p) for d in cb.attackers.values())
    if kind == "combat":
        return BEGIN_COMBAT <= step <= END_COMBAT
    if kind == "combat_before_blockers":
        return step in (BEGIN_COMBAT, DECLARE_ATTACKERS)
    if kind == "combat_after_blockers":
        return DECLARE_BLOCKERS <= step <= END_COMBAT
    if kind == "declare_blockers":
        return step == DECLARE_BLOCKERS
    if kind == "declare_attackers":
        return step == DECLARE_ATTACKERS
    if kind == "your_turn":
        return s.active == p
    if kind == "opponents_turn":
        return s.active != p
    if kind == "cast_another":
        return s.players[p].spells_cast >= 1
    if kind == "before_combat_damage":
        return step < FIRST_STRIKE
    if kind == "after_combat":
        return step >= MAIN2
    return False


def _attacks(g: Game, defender: int, p: int) -> bool:
    """Whether an attack on `defender` (a player ref or a planeswalker / battle id) attacks player `p`
    or a permanent `p` controls (506.3)."""
    from ..game.state import player_ref
    if defender == player_ref(p):
        return True
    o = g.s.objects.get(defender) if defender >= 0 else None
    return o is not None and o.controller == p


def activation_restriction(g: Game, p: int, action: Any) -> str | None:
    """stack.ACTIVATION_RESTRICTIONS: 702.61a: while a spell with split second is on the stack, players
    can't activate abilities that aren't mana abilities."""
    s = g.s
    if not s.stack:
        return None
    name = split_second_on_stack(g)
    if name is None:
        return None
    from .stack import is_mana_ability_action
    if is_mana_ability_action(g, action):
        return None
    return f"702.61a: {name} has split second: only mana abilities can be activated while it is on the stack"


# ----------------------------------------------------------------------------- 101.2: statics of permanents

@dataclass(frozen=True, slots=True)
class PlayerCastRestriction(V.Ability):
    """101.2 / 601.3: a static ability restricting which spells players may cast. who: "each", "you",
    "opponents" (relative to its controller). kind: "max_per_turn" (no more than `n` spells each turn),
    "during_your_turn" (not during its controller's turn), "during_combat", "spells" (none of the spells
    `spell` describes)."""

    who: str
    kind: str
    n: int = 0
    spell: SpellFilter | None = None


@dataclass(frozen=True, slots=True)
class Uncounterable(V.Ability):
    """101.2: "[Creature] spells [you control] can't be countered" (`spell`; who: "you" or "each")."""

    who: str
    spell: SpellFilter | None = None


def static_cast_restriction(g: Game, p: int, card: V.CardDef) -> str | None:
    """Why a static ability on the battlefield stops `p` from casting `card` now (also for casts while
    resolving, 608.2g), or None."""
    s = g.s
    for o, ab in g.battlefield_abilities(PlayerCastRestriction):
        if (ab.who == "you" and o.controller != p) or (ab.who == "opponents" and o.controller == p):
            continue
        if ab.kind == "max_per_turn":
            blocked = s.players[p].spells_cast >= ab.n
        elif ab.kind == "during_your_turn":
            blocked = s.active == o.controller
        elif ab.kind == "during_combat":
            blocked = BEGIN_COMBAT <= s.step <= END_COMBAT
        else:
            blocked = spell_matches(ab.spell, card)
        if blocked:
            return f"101.2: {o.card.name}: {ab.text}"
    return None


def uncounterable(g: Game, o: Obj) -> bool:
    """effects.UNCOUNTERABLE_HOOKS."""
    if not _casting_game(g):
        return False
    for x, ab in g.battlefield_abilities(Uncounterable):
        if (ab.who == "each" or x.controller == o.controller) and spell_matches(ab.spell, o.card):
            return True
    return False


# ----------------------------------------------------------------------------- resolution: buyback, rebound

def resolved_spell(g: Game, item: Any) -> bool:
    """effects.RESOLVED_SPELL_HOOKS: 702.27a buyback (to its owner's hand), 702.88a rebound (exiled,
    cast again at its owner's next upkeep), instead of the graveyard as it resolves."""
    if ("copy", True) in item.choices:
        _cease_to_exist(g, item.obj)  # 707.10a / 704.5e: a copy leaves the stack: it ceases to exist
        return True
    if ("buyback", True) in item.choices:
        g.move(item.obj, HAND, rule="702.27a")
        return True
    if ("rebound", True) in item.choices:
        from ..game.state import ContinuousEffect
        s = g.s
        new = g.move(item.obj, EXILE, rule="702.88a")
        ab = V.TriggeredAbility(f"{item.name}: rebound (702.88a)", "delayed", (CastFromExile(),))
        s.effects.append(ContinuousEffect("delayed_trigger", None, timestamp=s.next_timestamp, until="delayed",
                                          controller=item.controller,
                                          data=("your_next_upkeep", ab, item.name, new)))
        s.next_timestamp += 1
        g.log_event("delayed_trigger", "603.7a", source=item.name, on="your_next_upkeep")
        return True
    return False


def _cease_to_exist(g: Game, oid: int) -> None:
    s = g.s
    o = s.objects.get(oid)
    if o is not None and o.zone == STACK:
        s.lki[oid] = (o.copy(), g.chars(o))
        del s.objects[oid]
        g.log_event("copy_ceases", "704.5e", card=o.card.name)


# ----------------------------------------------------------------------------- entering: evoke, dash

@dataclass(frozen=True, slots=True)
class SacrificeSource(V.Effect):
    """"Its controller sacrifices it" (702.74a): the source, if it is still on the battlefield."""


@dataclass(frozen=True, slots=True)
class ReturnSourceToHand(V.Effect):
    """"Return the permanent to its owner's hand" (702.109a): the source, if still on the battlefield."""


EVOKE_TRIGGER = V.TriggeredAbility("When this permanent enters, if its evoke cost was paid, its controller "
                                   "sacrifices it. (702.74a)", "etb", (SacrificeSource(),))
DASH_RETURN = V.TriggeredAbility("Return the dashed permanent to its owner's hand at the beginning of the next end "
                                 "step. (702.109a)", "delayed", (ReturnSourceToHand(),))


def permanent_entered(g: Game, item: Any, new: int) -> None:
    """stack.PERMANENT_SPELL_HOOKS: 702.74a evoke's sacrifice trigger; 702.109a dash's haste and the
    delayed return to hand."""
    ContinuousEffect = _state_module.ContinuousEffect
    triggers = _triggers_module
    s = g.s
    if ("evoke", True) in item.choices and new in s.objects:
        triggers._add(g, s.objects[new].controller, new, EVOKE_TRIGGER, None, item.name)
    squad = next((c[1] for c in item.choices if isinstance(c, tuple) and len(c) == 2 and c[0] == "squad"), 0)
    if squad and new in s.objects:
        triggers._add(g, s.objects[new].controller, new, V.TriggeredAbility(
            "When this creature enters, if its squad cost was paid, create a token that's a copy of it for each "
            "time its squad cost was paid. (702.157a)", "etb", (SquadTokens(int(squad)),)), None, item.name)
    if ("flash_sacrifice", True) in item.choices and new in s.objects:
        s.effects.append(ContinuousEffect("delayed_trigger", None, timestamp=s.next_timestamp, until="delayed",
                                          controller=s.objects[new].controller,
                                          data=("next_cleanup", FLASH_SACRIFICE, item.name, new)))
        s.next_timestamp += 1
        g.log_event("delayed_trigger", "603.7a", source=item.name, on="next_cleanup")
    if ("offspring", True) in item.choices and new in s.objects:
        triggers._add(g, s.objects[new].controller, new, OFFSPRING_TRIGGER, None, item.name)
    if ("blitz", True) in item.choices and new in s.objects:
        ctrl = s.objects[new].controller
        # 702.152a: it gains haste and "When this creature dies, draw a card"; sacrifice it at the
        # beginning of the next end step.
        s.effects.append(ContinuousEffect("pump", new, keywords=("haste",), timestamp=s.next_timestamp,
                                          until="permanent", controller=ctrl))
        s.effects.append(ContinuousEffect("blitz_draw", new, timestamp=s.next_timestamp + 1, until="permanent",
                                          controller=ctrl))
        s.effects.append(ContinuousEffect("delayed_trigger", None, timestamp=s.next_timestamp + 2, until="delayed",
                                          controller=ctrl, data=("next_end", BLITZ_SACRIFICE, item.name, new)))
        s.next_timestamp += 3
        g.invalidate()
    if ("dash", True) in item.choices and new in s.objects:
        ctrl = s.objects[new].controller
        # "As long as this permanent's dash cost was paid, it has haste": this object only (400.7).
        s.effects.append(ContinuousEffect("pump", new, keywords=("haste",), timestamp=s.next_timestamp,
                                          until="permanent", controller=ctrl))
        s.effects.append(ContinuousEffect("delayed_trigger", None, timestamp=s.next_timestamp + 1, until="delayed",
                                          controller=ctrl, data=("next_end", DASH_RETURN, item.name, new)))
        s.next_timestamp += 2
        g.invalidate()
        g.log_event("delayed_trigger", "603.7a", source=item.name, on="next_end")


@dataclass(frozen=True, slots=True)
class OffspringToken(V.Effect):
    """702.175a: "create a 1/1 token copy of it" (the source, as it last existed if it left)."""


OFFSPRING_TRIGGER = V.TriggeredAbility("When this creature enters, if its offspring cost was paid, create a 1/1 "
                                       "token copy of it. (702.175a)", "etb", (OffspringToken(),))
BLITZ_SACRIFICE = V.TriggeredAbility("Sacrifice the blitzed creature at the beginning of the next end step. "
                                     "(702.152a)", "delayed", (SacrificeSource(),))
FLASH_SACRIFICE = V.TriggeredAbility("Its controller sacrifices it at the beginning of the next cleanup step "
                                     "(cast when a sorcery couldn't have been).", "delayed", (SacrificeSource(),))
BLITZ_DRAW = V.TriggeredAbility("When this creature dies, draw a card. (702.152a)", "dies", (V.Draw(1),))


def _offspring_token(g: Game, ctx: Any, e: OffspringToken) -> list | None:
    import dataclasses

    from .effects import create_token
    s = g.s
    o = s.objects.get(ctx.source) if ctx.source is not None else None
    if o is None or o.zone != BATTLEFIELD:
        o = ctx.source_lki[0] if ctx.source_lki else None
    if o is None:
        return None
    # 707.2 / 702.175a: the copiable values of the card, except that the token is 1/1.
    card = dataclasses.replace(o.card, power=1, toughness=1, is_token=True)
    create_token(g, card, ctx.controller)
    return None


@dataclass(frozen=True, slots=True)
class SquadTokens(V.Effect):
    """702.157a: "create a token that's a copy of it for each time its squad cost was paid"."""

    count: int


def _squad_tokens(g: Game, ctx: Any, e: SquadTokens) -> list | None:
    import dataclasses

    from .effects import create_token
    o = g.s.objects.get(ctx.source) if ctx.source is not None else None
    if o is None or o.zone != BATTLEFIELD:
        o = ctx.source_lki[0] if ctx.source_lki else None
    if o is None:
        return None
    card = dataclasses.replace(o.card, is_token=True)  # 707.2: the copiable values
    for _ in range(e.count):
        create_token(g, card, ctx.controller)
    return None


def _blitz_died(g: Game, oid: int, to: str) -> None:
    """702.152a: the blitzed creature's "When this creature dies, draw a card" (LEFT_BATTLEFIELD_HOOKS)."""
    from . import triggers
    s = g.s
    if to != GRAVEYARD or not s.effects:
        return
    for e in s.effects:
        if e.kind == "blitz_draw" and e.target == oid:
            lki = s.lki.get(oid)
            ctrl = lki[0].controller if lki else e.controller
            triggers._add(g, ctrl, oid, BLITZ_DRAW, lki, lki[0].card.name if lki else "blitz")
            return


def _sacrifice_source(g: Game, ctx: Any, e: SacrificeSource) -> list | None:
    from .effects import sacrifice
    o = g.s.objects.get(ctx.source) if ctx.source is not None else None
    if o is not None and o.zone == BATTLEFIELD:
        sacrifice(g, o.id)
    return None


def _return_source(g: Game, ctx: Any, e: ReturnSourceToHand) -> list | None:
    o = g.s.objects.get(ctx.source) if ctx.source is not None else None
    if o is not None and o.zone == BATTLEFIELD:
        g.move(o.id, HAND, rule="702.109a")
    return None


# ----------------------------------------------------------------------------- mana spent to cast it

@dataclass(frozen=True, slots=True)
class ManaSpentCounters(V.StaticAbility):
    """614.1c replacement effects that count the mana spent to cast the permanent (601.2h): kind
    "sunburst" (702.44a: a +1/+1 counter for each color of mana spent if it enters as a creature, a
    charge counter otherwise), "converge" (`amount` +1/+1 counters for each color), "adamant" (`amount`
    +1/+1 counters if at least three mana of the color `color` was spent; "" = of the same color)."""

    color: str = ""


def mana_spent(g: Game, spell_id: int | None) -> tuple[int, ...]:
    """The mana spent to cast the spell that had the id `spell_id` (601.2h), read from the game log (the
    payment is logged right before the "cast" event); all zero if it wasn't cast."""
    from .mana import parse_mana
    if spell_id is None:
        return (0,) * 6
    log = g.s.log
    for i in range(len(log) - 1, -1, -1):
        e = log[i]
        if e.get("event") == "cast" and e.get("id") == spell_id:
            name = e.get("card")
            total = [0] * 6
            for j in range(i - 1, max(-1, i - 400), -1):
                f = log[j]
                if f.get("event") == "cast":
                    break
                if f.get("event") == "pay_mana" and f.get("what") == name:
                    total = [a + b for a, b in zip(total, parse_mana(f.get("mana", "")))]
            return tuple(total)
    return (0,) * 6


def _mana_spent_counters(g: Game, o: Obj, ab: ManaSpentCounters, choices: dict) -> None:
    bag = mana_spent(g, o.previous_id)
    colors = sum(1 for c in COLORS if bag[TYPE_INDEX[c]] > 0)  # 105.1 / 106.1b: colorless isn't a color
    n = 0
    kind = "+1/+1"
    if ab.kind == "sunburst":
        n = colors
        if "Creature" not in g.chars(o).types:
            kind = "charge"  # 702.44a
    elif ab.kind == "converge":
        n = colors * int(ab.amount)  # type: ignore[arg-type]
    elif ab.kind == "adamant":
        enough = any(bag[TYPE_INDEX[c]] >= 3 for c in COLORS) if not ab.color else bag[TYPE_INDEX[ab.color]] >= 3
        n = int(ab.amount) if enough else 0  # type: ignore[arg-type]
    if n:
        o.counters[kind] = o.counters.get(kind, 0) + n
        g.log_event("counters", {"sunburst": "702.44a", "converge": "207.2c", "adamant": "207.2c"}[ab.kind],
                    card=o.card.name, kind=kind, amount=n)


# ----------------------------------------------------------------------------- 608.2g: casting while resolving

@dataclass(frozen=True, slots=True)
class CastFromExile(V.Effect):
    """702.88a rebound: "you may cast this card from exile without paying its mana cost" (the source)."""


def free_cast_reqs(g: Game, p: int, card: V.CardDef, targets: tuple[int, ...]) -> list[Requirement] | None:
    """601.2f: a spell cast without paying its mana cost has a total cost of {0} plus cost increases
    (reductions can't take it below {0}); None when it has a mandatory additional cost we don't ask
    for while resolving (sacrifice, discard) or is modal (modes are chosen as it's cast)."""
    from .stack import additional_costs, cost_adjustment
    if additional_costs(card) or card.spell is not None and _is_modal(card):
        return None
    return _with_pips(requirements(ManaCost(), 0, cost_adjustment(g, p, card, targets)), colored_increase(g, p, card))


def _is_modal(card: V.CardDef) -> bool:
    from .effects import modal_of
    return card.spell is not None and modal_of(card.spell.effects) is not None


def free_cast_options(g: Game, p: int, oid: int) -> list[tuple[int, ...]]:
    """The target choices with which `p` can cast the card `oid` without paying its mana cost now
    ([()] for a spell without targets; [] when it can't be cast)."""
    from .stack import can_pay, spell_targets, target_candidates
    s = g.s
    o = s.objects.get(oid)
    if o is None or "Land" in o.card.types or o.card.unsupported:
        return []
    if static_cast_restriction(g, p, o.card) or (s.stack and split_second_on_stack(g)):
        return []  # 101.2 / 702.61a still apply to a spell cast while resolving
    specs = spell_targets(o.card)
    combos: list[tuple[int, ...]] = [()]
    for spec in specs:
        cands = target_candidates(g, spec, p, oid, g.chars(o).colors)
        combos = [c + (t,) for c in combos for t in cands if t not in c]
    out = []
    for targets in combos[:64]:
        reqs = free_cast_reqs(g, p, o.card, targets)
        if reqs is None:
            return []
        if reqs[0].total and not can_pay(g, p, reqs, ("spell", oid)):
            continue
        out.append(targets)
    return out


def cast_free(g: Game, p: int, oid: int, targets: tuple[int, ...], rule: str) -> None:
    """608.2g / 601.2a-i: cast a card without paying its mana cost while a spell or ability resolves
    (no timing restrictions; X is 0, 107.3b); it becomes the topmost object of the stack."""
    from . import triggers
    from .stack import check_targets, pay_mana, spell_targets, ward_check
    s = g.s
    o = s.objects[oid]
    card = o.card
    check_targets(g, spell_targets(card), targets, p, oid, card.name, g.chars(o).colors)
    reqs = free_cast_reqs(g, p, card, targets)
    if reqs is None:
        raise IllegalActionError(f"{card.name} can't be cast this way")
    g.zone_list(o).remove(oid)
    o.zone = STACK
    o.controller = p
    o.x = 0
    if reqs[0].total or reqs[0].life:
        pay_mana(g, p, reqs, None, card.name, purpose=("spell", oid))  # 601.2f: cost increases still apply
    use_discounts(g, p, o, None, reqs, False, False)  # "the next spell you cast" is this one
    item = StackItem(oid, "spell", p, card.name, obj=oid, source=oid, targets=targets, x=0, choices=(("free", True),))
    s.stack.append(item)
    ward_check(g, p, item)
    s.players[p].spells_cast += 1
    g.log_event("cast", "601.2", player=s.players[p].name, card=card.name, id=oid,
                targets=[g.name_of(t) for t in targets], x=0, without_paying=rule)
    g.invalidate()
    triggers.spell_cast(g, p, oid)


def _cast_from_exile(g: Game, ctx: Any, e: CastFromExile) -> list | None:
    from .effects import _choice
    o = g.s.objects.get(ctx.source) if ctx.source is not None else None
    if o is None or o.zone != EXILE:
        return None
    cands = tuple(dict.fromkeys(t for opt in free_cast_options(g, ctx.controller, o.id) for t in opt))
    return [_choice("cast_free", ctx.controller, cands, f"{o.card.name}: cast it from exile without paying its mana "
                    f"cost? (false, or true / its targets)", (ctx, o.id, "702.88a", None))]


def _cast_free_actions(g: Game, d: Any) -> list:
    from ..game import actions as A
    item = g.s.queue[0]
    _, oid, _, _ = item[5]
    out = [A.Choose(False)]
    for targets in free_cast_options(g, d.player, oid):
        out.append(A.Choose(True) if not targets else A.Choose(targets))
    return out


def _answer_cast_free(g: Game, d: Any, value: Any) -> None:
    s = g.s
    item = s.queue[0]
    ctx, oid, rule, after = item[5]
    options = free_cast_options(g, d.player, oid)
    if value is True:
        value = ()
    if value is not False and (not isinstance(value, tuple) or value not in options):
        raise IllegalActionError(f"{d.prompt}: answer false, or the spell's targets (one of "
                                 f"{[[g.name_of(t) for t in o] for o in options] or 'none: it cannot be cast'})")
    s.pending = None
    s.queue.pop(0)
    g.log_event("may", "608.2d", player=s.players[d.player].name, source=ctx.name, choice=value is not False,
                text="cast without paying its mana cost")
    if value is not False:
        cast_free(g, d.player, oid, value, rule)
    if after is not None:
        after(g, ctx, value is not False)


# ----------------------------------------------------------------------------- 707.10: copies of a spell

def copy_spell(g: Game, item: StackItem, controller: int, targets: tuple[int, ...], rule: str) -> int:
    """707.10: put a copy of the spell `item` on the stack (not cast, 707.10; its controller
    `controller`; the choices made for the original, 707.10: modes, X, kicker ..., with `targets`).
    A copy is a token-like object: in any other zone it ceases to exist (704.5e, via 704.5d), and it
    leaves the game as it finishes resolving (resolved_spell)."""
    import dataclasses
    s = g.s
    src = s.objects[item.obj]
    card = dataclasses.replace(src.card, is_token=True)
    o = g.new_object(card, controller, STACK)
    o.controller = controller
    o.x = item.x
    skip = ("rebound", "storm_count", "gravestorm_count", "flashback")
    choices = tuple(c for c in item.choices if not (isinstance(c, tuple) and c[:1] and c[0] in skip)) + (("copy", True),)
    new = StackItem(o.id, "spell", controller, card.name, obj=o.id, source=o.id, targets=targets, x=item.x,
                    modes=item.modes, choices=choices)
    s.stack.append(new)
    from .stack import ward_check
    ward_check(g, controller, new)
    g.invalidate()
    g.log_event("copy_spell", rule, card=card.name, id=o.id, targets=[g.name_of(t) for t in targets])
    return o.id


def target_options(g: Game, p: int, item: StackItem) -> list[tuple[int, ...]]:
    """707.10c: the targets a copy of `item` may have: the original's (if still legal) first, then every
    other legal choice."""
    from .stack import spell_targets, target_candidates, target_legal
    o = g.s.objects[item.obj]
    specs = spell_targets(o.card, item.modes)
    combos: list[tuple[int, ...]] = [()]
    for spec in specs:
        cands = target_candidates(g, spec, p, o.id, g.chars(o).colors)
        combos = [c + (t,) for c in combos for t in cands if t not in c]
        if len(combos) > 200:
            combos = combos[:200]
    orig = item.targets
    if orig and all(target_legal(g, sp, t, p, o.id, g.chars(o).colors) for sp, t in zip(specs, orig)) \
            and len(orig) == len(specs):
        combos = [orig] + [c for c in combos if c != orig]
    return combos


@dataclass(frozen=True, slots=True)
class StormCopies(V.Effect):
    """702.40a storm: "When you cast this spell, copy it for each spell cast before it this turn. You may
    choose new targets for the copies." 702.69a gravestorm (`kind`): "... for each permanent put into a
    graveyard this turn". The count is recorded as the spell is cast (choice ("storm_count", n))."""

    kind: str = "storm"


def _storm_count(item: StackItem, kind: str = "storm") -> int:
    for c in item.choices:
        if isinstance(c, tuple) and len(c) == 2 and c[0] == f"{kind}_count":
            return int(c[1])
    return 0


def _died_this_turn(g: Game) -> int:
    """702.69a: permanents put into a graveyard from the battlefield this turn (from the game log)."""
    from .turn_history import _this_turn
    return sum(1 for e in _this_turn(g) if e.get("event") == "zone_change" and e.get("from_zone") == BATTLEFIELD
               and e.get("to_zone") == GRAVEYARD)


def _storm(g: Game, ctx: Any, e: StormCopies) -> list | None:
    from .stack import item_for
    item = item_for(g, ctx.source) if ctx.source is not None else None
    if item is None or item.kind != "spell" or item.obj != ctx.source:
        # 702.40c would copy the spell as it last existed on the stack: not modelled once it left.
        g.log_event("storm", "702.40a", card=ctx.name, copies=0, reason="the spell is no longer on the stack")
        return None
    n = _storm_count(item, e.kind)
    rule = "702.40a" if e.kind == "storm" else "702.69a"
    g.log_event(e.kind, rule, card=ctx.name, copies=n)
    return _copies(g, ctx.controller, item, n, rule)


def _copies(g: Game, p: int, item: StackItem, n: int, rule: str) -> list | None:
    """Make `n` copies of `item`, asking for each copy's targets when it has any (707.10c)."""
    from .effects import _choice
    if n <= 0:
        return None
    from .stack import spell_targets
    if not spell_targets(g.s.objects[item.obj].card, item.modes):
        for _ in range(n):
            copy_spell(g, item, p, (), rule)
        return None
    return [_copy_choice(g, p, item, n, rule, _choice)]


def _copy_choice(g: Game, p: int, item: StackItem, n: int, rule: str, make) -> tuple:
    opts = target_options(g, p, item)
    cands = tuple(dict.fromkeys(t for opt in opts for t in opt))
    return make("copy_targets", p, cands, f"{item.name}: choose the targets of a copy ({n} left; the original's: "
                f"{[g.name_of(t) for t in item.targets]})", (item, n, rule))


def _copy_target_actions(g: Game, d: Any) -> list:
    from ..game import actions as A
    item, _, _ = g.s.queue[0][5]
    if item.obj not in g.s.objects:
        return [A.Choose(())]
    return [A.Choose(t) for t in target_options(g, d.player, item)] or [A.Choose(())]


def _answer_copy_targets(g: Game, d: Any, value: Any) -> None:
    from .effects import _choice
    s = g.s
    item, n, rule = s.queue[0][5]
    if item.obj not in s.objects:
        s.pending = None
        s.queue.pop(0)
        return
    opts = target_options(g, d.player, item)
    if isinstance(value, list):
        value = tuple(value)
    if not isinstance(value, tuple) or (value not in opts and not (value == () and not opts)):
        raise IllegalActionError(f"{d.prompt}: choose legal targets for the copy (707.10c)")
    s.pending = None
    if value == () and not opts:
        s.queue.pop(0)  # no legal targets: the copy would have none (it can't be put on the stack with them)
        g.log_event("copy_spell", rule, card=item.name, copies=0, reason="no legal targets")
        return
    copy_spell(g, item, d.player, value, rule)
    if n > 1:
        s.queue[0] = _copy_choice(g, d.player, item, n - 1, rule, _choice)
    else:
        s.queue.pop(0)


# ----------------------------------------------------------------------------- 702.85 cascade

@dataclass(frozen=True, slots=True)
class CascadeEffect(V.Effect):
    """702.85a: "When you cast this spell, exile cards from the top of your library until you exile a
    nonland card whose mana value is less than this spell's mana value. You may cast that card without
    paying its mana cost if the resulting spell's mana value is less than this spell's mana value. Then
    put all cards exiled this way that weren't cast on the bottom of your library in a random order"."""


def _spell_mana_value(g: Game, oid: int | None) -> int:
    """202.3: the mana value of the spell (X included on the stack), or as it last existed there."""
    s = g.s
    o = s.objects.get(oid) if oid is not None else None
    if o is None and oid is not None and oid in s.lki:
        o = s.lki[oid][0]
    if o is None:
        return 0
    x = o.x if o.zone == STACK else 0
    return o.card.mana_cost.mana_value_with_x(x)


def _cascade(g: Game, ctx: Any, e: CascadeEffect) -> list | None:
    from .effects import _choice
    s = g.s
    p = ctx.controller
    mv = _spell_mana_value(g, ctx.source)
    exiled: list[int] = []
    hit = None
    lib = s.players[p].library
    while lib:
        new = g.move(lib[0], EXILE, rule="702.85a")
        exiled.append(new)
        c = s.objects[new].card
        if "Land" not in c.types and c.mana_cost.mana_value < mv:
            hit = new
            break
    g.log_event("cascade", "702.85a", card=ctx.name, exiled=[g.name_of(x) for x in exiled],
                hit=g.name_of(hit) if hit is not None else None)
    if hit is None:
        _cascade_bottom(g, ctx, exiled, None)
        return None
    cands = tuple(dict.fromkeys(t for opt in free_cast_options(g, p, hit) for t in opt))
    return [_choice("cast_free", p, cands, f"{ctx.name}: cascade into {g.name_of(hit)}: cast it without paying its "
                    f"mana cost? (false, or true / its targets)", (ctx, hit, "702.85a",
                                                                   lambda g2, c2, cast: _cascade_bottom(
                                                                       g2, c2, exiled, hit if cast else None)))]


@dataclass(frozen=True, slots=True)
class RippleReveal(V.Effect):
    """702.60a ripple N: "When you cast this spell, you may reveal the top N cards of your library. If you
    do, you may cast any revealed cards with the same name as this spell without paying their mana costs.
    Put the rest on the bottom of your library in any order." (The "may reveal" is the V.Optional around
    this effect.)"""

    n: int


def _ripple(g: Game, ctx: Any, e: RippleReveal) -> list | None:
    import dataclasses
    s = g.s
    p = ctx.controller
    top = tuple(s.players[p].library[:e.n])
    g.log_event("reveal", "702.60a", player=s.players[p].name, cards=[g.name_of(c) for c in top], source=ctx.name)
    ctx = dataclasses.replace(ctx, looked=top)
    same = [c for c in top if s.objects[c].card.name == ctx.name]
    return _ripple_next(g, ctx, same)


def _ripple_next(g: Game, ctx: Any, left: list[int]) -> list:
    """Offer the next revealed card of the same name (608.2g), then put the rest on the bottom in the
    order the player chooses (rules/effects.py PutRest "bottom_any")."""
    from .effects import _choice
    p = ctx.controller
    while left:
        oid = left.pop(0)
        if oid in g.s.objects and g.s.objects[oid].zone == LIBRARY:
            cands = tuple(dict.fromkeys(t for opt in free_cast_options(g, p, oid) for t in opt))
            rest = list(left)

            def after(g2: Game, c2: Any, cast: bool, rest: list[int] = rest) -> None:
                g2.s.queue[0:0] = _ripple_next(g2, c2, rest)
            return [_choice("cast_free", p, cands, f"{ctx.name}: ripple: cast the revealed {g.name_of(oid)} without "
                            f"paying its mana cost? (false, or true / its targets)", (ctx, oid, "702.60a", after))]
    return [("resume_effects", ctx, (V.PutRest("bottom_any"),), 0, None)]


def _cascade_bottom(g: Game, ctx: Any, exiled: list[int], cast: int | None) -> None:
    """702.85a: the exiled cards that weren't cast go to the bottom of the library in a random order."""
    s = g.s
    rest = [x for x in exiled if x != cast and x in s.objects and s.objects[x].zone == EXILE]
    s.rng.shuffle(rest)
    for x in rest:
        g.move(x, LIBRARY, rule="702.85a", bottom=True)


_FLASH_KINDS = frozenset({CostModifier, CastingKeyword})


def _casting_game(g: Game) -> bool:
    """Whether some card of this game has (or grants) an ability these hooks look for; most games have
    none, and the hooks, asked for every card in a hand at every priority, then return at once."""
    return _CASTING_GAME(g.s)


_CASTING_KINDS = (CostModifier, PaymentKeyword, CastOption, CastingKeyword, CastRestriction, AlternativeCost,
                  LifeForColorDiscount, ColoredCostIncrease, Overload, PlayerCastRestriction, Uncounterable,
                  ManaSpentCounters)
_CASTING_GAME = PerCardKinds("card_kinds", lambda kinds: kinds is not None and not kinds.isdisjoint(_CASTING_KINDS))


def _register_casting() -> None:
    from . import effects, stack
    stack.FLASH_PERMISSION_KINDS.update(_FLASH_KINDS)
    stack.AFFORD_KINDS.add(PaymentKeyword)
    for lst, fn in ((stack.CAST_OPTIONS, cast_option_hook), (stack.CAST_OPTIONS, assist_hook),
                    (stack.CAST_OPTIONS, use_discounts), (stack.CAST_OPTIONS, colored_increase_hook),
                    (stack.CAST_OPTIONS, defiler_hook),
                    (stack.CAST_VARIANTS, cast_variants),
                    (stack.CAST_RESTRICTIONS, cast_restriction), (stack.ACTIVATION_RESTRICTIONS, activation_restriction),
                    (stack.PERMANENT_SPELL_HOOKS, permanent_entered), (effects.RESOLVED_SPELL_HOOKS, resolved_spell),
                    (stack.ALL_MODES_HOOKS, _all_modes), (stack.FLASH_PERMISSIONS, flash_permission),
                    (stack.CAST_ACTION_FILTERS, priced_with_targets)):
        add_hook(lst, fn)
    add_hook(stack.CARD_SWAPS, overload_swap)
    from ..game import game as game_mod
    add_hook(game_mod.ZONE_CHANGE_REPLACEMENTS, _restore_overloaded)
    add_hook(effects.UNCOUNTERABLE_HOOKS, uncounterable)
    effects.register_effect(SacrificeSource, _sacrifice_source)
    effects.register_effect(CopyThisSpell, _copy_this_spell)
    effects.register_effect(CopyTargetSpell, _copy_target_spell)
    effects.register_effect(NextSpellDiscount, _next_spell_discount)
    effects.register_effect(SquadTokens, _squad_tokens)
    effects.register_effect(OffspringToken, _offspring_token)
    from ..game import game as game_module
    add_hook(game_module.LEFT_BATTLEFIELD_HOOKS, _blitz_died)
    effects.register_effect(ReturnSourceToHand, _return_source)
    effects.register_effect(CastFromExile, _cast_from_exile)
    effects.CHOICES["cast_free"] = (_cast_free_actions, _answer_cast_free)
    for kind in ("sunburst", "converge", "adamant"):
        stack.ETB_REPLACEMENTS[kind] = _mana_spent_counters
    effects.CHOICES["copy_targets"] = (_copy_target_actions, _answer_copy_targets)
    effects.register_effect(StormCopies, _storm)
    effects.register_effect(CascadeEffect, _cascade)
    effects.register_effect(RippleReveal, _ripple)


_register_casting()

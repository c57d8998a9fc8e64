"""Cost modifiers (601.2f, 118.7): what a spell's total cost is (vocabulary compiled by
cards/templates/casting.py; the hooks are registered by rules/casting.py).

- 601.2f / 118.7: the total cost is the mana cost (or alternative cost) plus increases minus
  reductions; a reduction of generic mana affects only the generic component and can't take the
  cost below {0} (118.7a). `CostModifier` abilities: static abilities of permanents ("Instant and
  sorcery spells you cast cost {1} less to cast", "Noncreature spells cost {1} more to cast") and
  of the spell itself ("This spell costs {1} less to cast for each artifact you control", affinity
  702.41a, "... if it targets a tapped creature"); party (700.8); "the next spell you cast this
  turn costs {1} less"; colored increases ("cost {B} more") and paying life for a colored pip
  (Defilers). Registered in stack.COST_MODIFIERS and stack.CAST_OPTIONS.
- 702.8 flash granted to spells (stack.FLASH_PERMISSIONS).
- `_casting_game`: whether any card of the game has an ability the casting hooks look for.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..lazy import lazy_module
from ..model import vocab as V
from ..model.costs import Requirement
from ..model.mana import TYPE_INDEX
from ..model.state import BATTLEFIELD, GRAVEYARD, PerCardKinds

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import Obj
_stack_module = lazy_module("manastack.rules.stack", globals(), "_stack_module")
_mana_payment_module = lazy_module("manastack.rules.mana_payment", globals(), "_mana_payment_module")


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
    from .targeting import matches_filter
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
    from .targeting import matches_filter
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
    from ..model.state import ContinuousEffect
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
    choose = _mana_payment_module.choose
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


# Every kind of ability the casting hooks look for: filled by rules/casting.py (its _CASTING_KINDS).
CASTING_KINDS: set[type] = set()
_CASTING_GAME = PerCardKinds("card_kinds", lambda kinds: kinds is not None and not kinds.isdisjoint(CASTING_KINDS))


def _casting_game(g: Game) -> bool:
    """Whether some card of this game has (or grants) an ability these hooks look for; most games have
    none, and the hooks, asked for every card in a hand at every priority, then return at once."""
    return _CASTING_GAME(g.s)

"""Cost modifiers (601.2f, 118.7): what a spell's total cost is (vocabulary compiled by
cards/templates/casting.py; the hooks are registered by rules/casting.py).

- 601.2f / 118.7: the total cost is the mana cost (or alternative cost) plus increases minus
  reductions; a reduction of generic mana affects only the generic component and can't take the
  cost below {0} (118.7a). `CostModifier` abilities: static abilities of permanents ("Instant and
  sorcery spells you cast cost {1} less to cast", "Noncreature spells cost {1} more to cast") and
  of the spell itself ("This spell costs {1} less to cast for each artifact you control", affinity
  702.41a, "... if it targets a tapped creature"); party (700.8); "the next spell you cast this
  turn costs {1} less"; effects that change the costs of a group of spells for a while (611.2a:
  "Noncreature spells your opponents cast cost {2} more to cast until your next turn"); colored increases ("cost {B} more") and paying life for a colored pip
  (Defilers); a spell's own "as long as CARDNAME is on the stack, spells that target it cost {2} more" (scope
  "on_stack"). Registered in stack.COST_MODIFIERS and registry.CAST_OPTIONS.
- 702.8 flash granted to spells (registry.FLASH_PERMISSIONS).
- `_casting_game`: whether any card of the game has an ability the casting hooks look for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..model import vocab as V
from ..model.costs import Requirement
from ..model.events import EffectCreated, EffectsEnded
from ..model.mana import TYPE_INDEX
from ..model.state import BATTLEFIELD, GRAVEYARD, STACK, ContinuousEffect, PerCardKinds
from ..model.vocab.cost_modifiers import (  # noqa: F401 (the vocabulary this module executes)
    ColoredCostIncrease,
    CostChangeEffect,
    CostCondition,
    CostCount,
    CostModifier,
    LifeForColorDiscount,
    NextSpellDiscount,
    SpellFilter,
)
from . import static_counts as _static_counts_module
from . import targeting as _targeting_module
from . import timing
from . import turn_history as _turn_history_module

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import Obj


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
    if flt.max_mana_value is not None and card.mana_cost.mana_value > flt.max_mana_value:
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
    if per.kind == "control":
        assert per.filter is not None
        return sum(1 for o in g.permanents() if _targeting_module.matches_filter(g, per.filter, o, p))
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
        return _static_counts_module.devotion(g.s, p, per.types)
    if per.kind == "colors_among":
        # "Vivid": the colors among permanents the caster controls (105.2)
        return len({c for o in g.permanents(p) for c in g.chars(o).colors})
    if per.kind == "drawn":
        turn, counts = g.s.draws  # rules/effects.py draw (121.1)
        return counts[p] if turn == g.s.turn else 0
    if per.kind == "attacked_by_you" and g.s.active != p:
        return 0  # only the active player attacks (506.2)
    if per.kind in ("died", "attacked", "attacked_by_you"):
        n = 0
        for e in _turn_history_module._this_turn(g):
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
    if cond is None:
        return True
    if cond.kind == "targets":
        assert cond.filter is not None
        return any(isinstance(t, int) and t >= 0 and t in g.s.objects and g.s.objects[t].zone in (BATTLEFIELD, GRAVEYARD)
                   and _targeting_module.matches_filter(g, cond.filter, g.s.objects[t], p, source) for t in targets)
    if cond.kind == "targets_spell":
        assert cond.filter is not None
        return any(isinstance(t, int) and t >= 0 and t in g.s.objects and g.s.objects[t].zone == STACK
                   and _targeting_module.matches_filter(g, cond.filter, g.s.objects[t], p, source) for t in targets)
    if cond.kind == "opponent_cards_to_graveyard":
        return _turn_history_module.cards_put_into_graveyard(g, 1 - p) >= int(cond.what)
    if cond.kind == "targets_source":
        return source is not None and source in targets  # "spells that target CARDNAME"
    if cond.kind == "control":
        assert cond.filter is not None
        return any(_targeting_module.matches_filter(g, cond.filter, o, p, source) for o in g.permanents(p))
    if cond.kind == "cast_another":
        return g.s.players[p].spells_cast >= 1  # counted before this spell becomes cast (601.2i)
    if cond.kind == "flash_timing":
        return not timing.sorcery_timing_ok(g, p)  # cast at a time only the flash permission allows
    if cond.kind == "second_spell":
        return g.s.players[p].spells_cast == 1  # this one will be the second spell this turn
    if cond.kind == "not_your_turn":
        return g.s.active != p
    if cond.kind == "your_turn":
        return g.s.active == p  # "during your turn": `p` is the modifier's controller (_group_change)
    if cond.kind == "history":
        return _turn_history_module.happened(g, p, cond.what)
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
    name = g.s.players[p].name
    n = 0
    for e in _turn_history_module._this_turn(g):
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
    if ab.per is not None and ab.per.kind == "extra_targets":
        n = max(0, sum(1 for t in targets if t is not None) - 1)  # "for each target beyond the first"
    else:
        n = _count(g, p, ab.per) if ab.per is not None else 1
    return ab.amount * n


def _next_spell_discount(g: Game, ctx: Any, e: NextSpellDiscount) -> list | None:
    s = g.s
    g.perform(EffectCreated("601.2f", ContinuousEffect("next_spell_discount", None, timestamp=s.next_timestamp,
                                                       until="eot", controller=ctx.controller,
                                                       data=(e.amount, e.spell))))
    s.next_timestamp += 1
    return None


COST_CHANGE = "cost_change"  # ContinuousEffect kind: `data` the CostModifier, `controller` whose effect it is


def _cost_change(g: Game, ctx: Any, e: CostChangeEffect) -> list | None:
    """611.2a: the cost change applies from now until its duration ends (cleanup 514.2, or the
    controller's next turn, rules/timing_permissions.py)."""
    s = g.s
    g.perform(EffectCreated("611.2a", ContinuousEffect(COST_CHANGE, None, timestamp=s.next_timestamp, until=e.until,
                                                       controller=ctx.controller, data=e.modifier),
                            "cost_change", {"text": e.modifier.text, "until": e.until}))
    s.next_timestamp += 1
    return None


def _discounts(g: Game, p: int, card: V.CardDef) -> list[Any]:
    return [e for e in g.s.effects if e.kind == "next_spell_discount" and e.controller == p
            and spell_matches(e.data[1], card)]


def use_discounts(g: Game, p: int, o: Obj, action: Any, reqs: list[Requirement], kicked: bool,
                  flashback: bool) -> tuple[list[Requirement], tuple]:
    """registry.CAST_OPTIONS: the spell being cast uses up the "next spell" reductions that applied to it."""
    if g.s.effects:
        used = _discounts(g, p, o.card)
        if used:
            g.perform(EffectsEnded("601.2f", tuple(used)))  # used up by this spell
    return reqs, ()


def cost_modifier(g: Game, p: int, card: V.CardDef, targets: tuple[int, ...]) -> int:
    """601.2f: the net generic change to the cost of `card` cast by `p` (stack.COST_MODIFIERS)."""
    if not g.s.effects and not _casting_game(g):
        return 0
    total = 0
    if g.s.effects:
        total -= sum(e.data[0] for e in _discounts(g, p, card))
        for eff in g.s.effects:
            if eff.kind == COST_CHANGE:  # 611.2a: read as the static ability would be, from its controller
                total += _group_change(g, p, card, targets, eff.data, eff.controller, None)
    for ab in card.abilities:
        # 702.41a / 601.2f: the spell's own "this spell costs {1} less" functions on the stack.
        if type(ab) is CostModifier and ab.scope == "self":
            total += _one(g, p, ab, targets, None)
    for o, ab in g.battlefield_abilities(CostModifier):
        if ab.scope not in ("self", "on_stack"):
            total += _group_change(g, p, card, targets, ab, o.controller, o.id)
    if targets:
        for oid, ab in _on_stack_modifiers(g):
            # "As long as CARDNAME is on the stack, spells that target it cost {2} more" (Kaervek's Torch)
            total += _one(g, g.s.objects[oid].controller, ab, targets, oid)
    return total


def _on_stack_modifiers(g: Game) -> list[tuple[int, CostModifier]]:
    """(spell object, ability) for the cost modifiers of spells on the stack that function there."""
    out = []
    for it in g.s.stack:
        if it.kind == "spell" and it.obj in g.s.objects:
            for ab in g.s.objects[it.obj].card.abilities:
                if type(ab) is CostModifier and ab.scope == "on_stack":
                    out.append((it.obj, ab))
    return out


def _group_change(g: Game, p: int, card: V.CardDef, targets: tuple[int, ...], ab: CostModifier, controller: int,
                  source: int | None) -> int:
    """The change a cost modifier of a group of spells ("spells you cast", "... your opponents cast",
    "noncreature spells"), controlled by `controller`, makes to the cost of `card` cast by `p`."""
    if (ab.scope == "you" and controller != p) or (ab.scope == "opponents" and controller == p):
        return 0
    if not spell_matches(ab.spell, card):
        return 0
    return _one(g, controller, ab, targets, source) if ab.condition or ab.per else ab.amount


def _targets_matter(g: Game, card: V.CardDef) -> bool:
    if any(type(ab) is CostModifier and ((ab.condition is not None and ab.condition.kind in ("targets", "targets_spell"))
                                         or (ab.per is not None and ab.per.kind == "extra_targets"))
           for ab in card.abilities):
        return True
    return any(ab.condition is not None and ab.condition.kind in ("targets_source", "targets")
               for _, ab in g.battlefield_abilities(CostModifier)) or bool(_on_stack_modifiers(g))


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
        out.append(Requirement(tuple(typed), r.generic, r.life, r.snow))  # type: ignore[arg-type]
    return out


def colored_increase_hook(g: Game, p: int, o: Obj, action: Any, reqs: list[Requirement], kicked: bool,
                          flashback: bool) -> tuple[list[Requirement], tuple]:
    """registry.CAST_OPTIONS: the Leeches' colored increases (601.2f)."""
    colors = colored_increase(g, p, o.card)
    return (_with_pips(reqs, colors), ()) if colors else (reqs, ())


def defiler_hook(g: Game, p: int, o: Obj, action: Any, reqs: list[Requirement], kicked: bool,
                 flashback: bool) -> tuple[list[Requirement], tuple]:
    """registry.CAST_OPTIONS: each such ability of a permanent `p` controls is offered for a permanent spell
    of its color (answered true or false: ("life_discount", bool) in the action's choices, or asked)."""
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
            ans = given if given is not None else g.choose(
                p, "life_discount", [False, True], f"{x.card.name}: pay {ab.life} life for {card.name} to cost "
                f"{{{ab.color}}} less? (true or false)")
            if ans is not True:
                continue
            g.set_life(p, -ab.life, "119.4", source=x.card.name)
            i = TYPE_INDEX[ab.color]
            reqs = [Requirement(tuple(t - 1 if k == i and t > 0 else t for k, t in enumerate(r.typed)),  # type: ignore[arg-type]
                                r.generic, r.life, r.snow) for r in reqs]
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


registry.register_effect(CostChangeEffect, _cost_change)  # 611.2a: "... cost {2} more to cast until your next turn"

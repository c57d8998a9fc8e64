"""Vehicles and Mounts: crew, saddle and reconfigure (301.7, 702.122, 702.171, 702.151); the templates are in
cards/templates/vehicles_facedown.py. Face-down spells and permanents (708) are in rules/facedown.py.

Crew and saddle (costs that tap other creatures by total power):
- 301.7 / 702.122a: "Crew N" means "Tap any number of other untapped creatures you control with total
  power N or greater: This permanent becomes an artifact creature until end of turn." The type change
  is a layer-4 effect (613.1d, rules/continuous.py "add_types"); the Vehicle's printed power and
  toughness (208.3: a noncreature permanent has them but they don't matter) apply once it's a creature.
  Tapping creatures for it isn't a {T} cost, so summoning-sick creatures may crew (302.6 restricts only
  a creature's own {T}/{Q} abilities).
- 702.122b: a creature "crews a Vehicle" when it's tapped to pay a crew cost ("Whenever CARDNAME crews
  a Vehicle", event "crews", its event object the Vehicle); 702.122d: "Whenever CARDNAME becomes
  crewed" means whenever a crew ability of it resolves (event "becomes_crewed").
- 702.171a: "Saddle N" means "Tap any number of other untapped creatures you control with total power
  N or greater: This permanent becomes saddled until end of turn. Activate only as a sorcery.";
  702.171b: saddled is a designation that ends at end of turn or when the permanent leaves the
  battlefield (a ContinuousEffect "saddled" on the object id, 400.7); 702.171c a creature "saddles"
  a permanent as it's tapped for the cost. "Whenever CARDNAME attacks while saddled": event
  "attacks_saddled" (rules/triggers.py attacked).
- "CARDNAME crews Vehicles as though its power were N greater" (`CrewBonus`) counts for the cost's
  total only.
The player chooses the creatures (601.2h / 602.2b): from the action's choices ("crew", (ids...)) when
given (any number, total power at least N), else one at a time until their total power is N or more.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..errors import IllegalActionError
from ..model.events import AttachChange, EffectCreated
from ..model.state import BATTLEFIELD, MAIN1, MAIN2, ContinuousEffect
from ..model.vocab import StaticAbility, TriggeredAbility
from ..model.vocab.vehicles_facedown import (  # noqa: F401 (the vocabulary this module executes)
    AnyOfFilter,
    AttachedToCreatureCost,
    BecomeArtifactCreature,
    BecomeCrewed,
    CrewBonus,
    CrewCost,
    CrewedItFilter,
    ReconfigureAttach,
    ReconfigureUnattach,
)
from . import add_hook, effect_context, trigger_queue
from . import targeting as _targeting_module

# Compatibility re-exports: engine/game.py and scenario/runner.py (which this split did not edit) still
# reach the face-down special action and zone-change hook as vehicles_facedown.<name>.

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model import actions as A
    from ..model.state import Obj
    from .effect_context import Context


# =============================================================================== crew and saddle


def _main_phase(g: Game, p: int) -> bool:
    """"during your main phase" (505.1)."""
    return g.s.active == p and g.s.step in (MAIN1, MAIN2)


def crew_candidates(g: Game, o: Obj) -> list[Obj]:
    """Other untapped creatures `o`'s controller controls (702.122a / 702.171a)."""
    return [x for x in g.permanents(o.controller) if x.id != o.id and not x.tapped and g.chars(x).is_creature]


def crew_power(g: Game, x: Obj, saddle: bool) -> int:
    """The power a creature crews (or saddles) with: its power plus its CrewBonus abilities."""
    c = g.chars(x)
    n = c.power or 0
    for ab in c.abilities:
        if isinstance(ab, CrewBonus) and (ab.saddle or not saddle):
            n += int(ab.amount)  # type: ignore[arg-type]
    return n


ARTIFACT_CREATURE = frozenset({"Artifact", "Creature"})


def _become_crewed(g: Game, ctx: Context, e: BecomeCrewed) -> list | None:
    s = g.s
    if e.target is not None:  # "it / target Mount you control becomes saddled until end of turn"
        oid = effect_context.target_object(g, ctx, e.target)
        o = s.objects.get(oid) if oid is not None else None
    else:
        o = s.objects.get(ctx.source) if ctx.source is not None else None
    if o is None or o.zone != BATTLEFIELD:
        return None  # it left the battlefield: a new object, unaffected (400.7)
    if e.saddle:
        saddled = ContinuousEffect("saddled", o.id, timestamp=s.next_timestamp, controller=ctx.controller)
        s.next_timestamp += 1
        g.perform(EffectCreated("702.171b", saddled, "saddled", {"card": o.card.name, "id": o.id}))
        return None
    crewed = ContinuousEffect("add_types", o.id, timestamp=s.next_timestamp, controller=ctx.controller,
                              data=ARTIFACT_CREATURE)
    s.next_timestamp += 1
    g.perform(EffectCreated("702.122a", crewed, "crewed", {"card": o.card.name, "id": o.id}))
    for ab in g.chars(o).abilities:
        if isinstance(ab, TriggeredAbility) and ab.event == "becomes_crewed":  # 702.122d
            trigger_queue.queue(g, o.controller, o.id, ab, None, o.card.name)
    return None


def _become_artifact_creature(g: Game, ctx: Context, e: BecomeArtifactCreature) -> list | None:
    s = g.s
    if e.filter is not None:
        ids = _targeting_module.objects_matching(g, e.filter, ctx.controller, ctx.source)
    else:
        one = effect_context.target_object(g, ctx, e.target)
        ids = [one] if one is not None else []
    for oid in ids:
        becomes = ContinuousEffect("add_types", oid, timestamp=s.next_timestamp, controller=ctx.controller,
                                   data=ARTIFACT_CREATURE)
        s.next_timestamp += 1
        g.perform(EffectCreated("613.1d", becomes, "becomes", {"card": s.objects[oid].card.name, "id": oid,
                                                              "types": "artifact creature"}))
    return None


def is_saddled(g: Game, oid: int) -> bool:
    """702.171b."""
    return any(e.kind == "saddled" and e.target == oid for e in g.s.effects)


# =============================================================================== face-down


# --------------------------------------------------------------------------- manifest (701.34), manifest dread (701.60)


def _register() -> None:
    registry.register_effect(BecomeCrewed, _become_crewed)
    registry.register_effect(BecomeArtifactCreature, _become_artifact_creature)


_register()


# =============================================================================== reconfigure (702.151)


def vehicle_equipment_types(s: Any, obj: Obj, types: frozenset[str]) -> frozenset[str]:
    """613.1d layer 4 for a permanent (called by rules/continuous.py): an Aura's "As long as enchanted
    permanent is a Vehicle, it's a creature in addition to its other types"; 702.151b: an Equipment with
    reconfigure attached to a creature isn't a creature."""
    if "Vehicle" in obj.card.subtypes and "Creature" not in types:
        for oid in s.battlefield:
            a = s.objects[oid]
            if a.attached_to == obj.id and any(isinstance(ab, StaticAbility) and ab.kind == "enchanted_vehicle_is_creature"
                                               for ab in a.card.abilities):
                types = types | {"Creature"}
                break
    if obj.attached_to is not None and "reconfigure" in obj.card.keywords and "Creature" in types:
        types = types - {"Creature"}
    return types


add_hook(registry.ATTACHED_LAYER4, vehicle_equipment_types)


def _reconfigure_attach(g: Game, ctx: Context, e: ReconfigureAttach) -> list | None:
    s = g.s
    if not ctx.legal[e.target.index]:
        return None
    src = s.objects.get(ctx.source) if ctx.source is not None else None
    tid = ctx.targets[e.target.index]
    host = s.objects.get(tid)
    if src is None or src.zone != BATTLEFIELD or host is None or host.zone != BATTLEFIELD or tid == src.id:
        return None
    if src.attached_to == tid:
        return None  # 701.3b
    if s.combat is not None:
        registry.RULES.remove_from_combat(g, src.id)  # 506.4: it stops being a creature
    g.perform(AttachChange("702.151a", src.id, tid))
    return None


def _reconfigure_unattach(g: Game, ctx: Context, e: ReconfigureUnattach) -> list | None:
    src = g.s.objects.get(ctx.source) if ctx.source is not None else None
    if src is None or src.zone != BATTLEFIELD or src.attached_to is None:
        return None
    g.perform(AttachChange("702.151a", src.id, None))
    return None


def _register_reconfigure() -> None:
    registry.register_effect(ReconfigureAttach, _reconfigure_attach)
    registry.register_effect(ReconfigureUnattach, _reconfigure_unattach)


_register_reconfigure()


# =============================================================================== filters


__all__ = ["CrewCost", "CrewBonus", "BecomeCrewed", "BecomeArtifactCreature", "ReconfigureAttach",
           "ReconfigureUnattach", "AttachedToCreatureCost", "AnyOfFilter", "CrewedItFilter", "is_saddled",
           "vehicle_equipment_types"]


def _attached_to_creature_cost_block_reason(g: Game, cost: AttachedToCreatureCost, o: Obj) -> str | None:
    host = g.s.objects.get(o.attached_to) if o.attached_to is not None else None
    if host is None or host.zone != BATTLEFIELD or not g.chars(host).is_creature:
        return f"{o.card.name}: activate only if it is attached to a creature (702.151a)"
    return None


registry.EXTRA_COSTS[AttachedToCreatureCost] = registry.ExtraCost(_attached_to_creature_cost_block_reason)


def _crewed_it_filter_matches(g: Game, flt: CrewedItFilter, o: Obj, c: Any, controller: int, source: int | None) -> bool:
    if "Creature" not in c.types or source is None:
        return False
    kind = "saddled_by" if flt.saddled else "crewed_by"
    return any(e.kind == kind and e.target == source and o.id in e.data for e in g.s.effects)


registry.FILTER_TESTS[CrewedItFilter] = _crewed_it_filter_matches


def _crew_cost_block_reason(g: Game, cost: CrewCost, o: Obj) -> str | None:
    """Why the creatures can't be found now, or None."""
    total = sum(max(0, crew_power(g, x, cost.saddle)) for x in crew_candidates(g, o))
    if total < cost.crew:
        what = "saddle" if cost.saddle else "crew"
        return (f"{o.card.name}: its {what} {cost.crew} cost needs other untapped creatures you control with "
                f"total power {cost.crew} or greater (702.{'171' if cost.saddle else '122'}a)")
    return None


def _crew_cost_choose(g: Game, cost: CrewCost, p: int, o: Obj, action: A.ActivateAbility) -> list[int]:
    """601.2h / 602.2b: the creatures tapped for the cost."""
    cands = crew_candidates(g, o)
    cand_ids = [x.id for x in cands]
    given = next((c[1] for c in action.choices if isinstance(c, tuple) and len(c) == 2 and c[0] == "crew"), None)
    what = "saddle" if cost.saddle else "crew"
    if given is not None:
        chosen = list(given)
        if len(set(chosen)) != len(chosen) or any(c not in cand_ids for c in chosen):
            raise IllegalActionError(f"{o.card.name}: only other untapped creatures you control can {what} it")
    else:
        chosen = []
        power = {c: crew_power(g, g.s.objects[c], cost.saddle) for c in cand_ids}
        while (have := sum(power[c] for c in chosen)) < cost.crew:
            # 107.1b: a negative power counts as it is; a creature is offered only while the total
            # can still reach N with it (the others' positive power added), so the cost stays payable.
            rest = [c for c in cand_ids if c not in chosen]
            spare = sum(max(0, power[c]) for c in rest)
            left = [c for c in rest if have + spare - max(0, power[c]) + power[c] >= cost.crew]
            left.sort(key=lambda c: power[c] <= 0)  # the default (first option) is a creature that helps
            if not left:
                break
            pick = g.choose(p, "tap", left, f"{o.card.name}: choose a creature to tap to {what} it "
                          f"({', '.join(g.name_of(c) for c in left)})")
            if pick not in left:
                raise IllegalActionError(f"{o.card.name}: {g.name_of(pick) if isinstance(pick, int) else pick!r} "
                                         f"can't {what} it")
            chosen.append(pick)
    total = sum(crew_power(g, g.s.objects[c], cost.saddle) for c in chosen)
    if total < cost.crew:
        raise IllegalActionError(f"{o.card.name}: the creatures tapped have total power {total}, less than "
                                 f"{cost.crew} (702.{'171' if cost.saddle else '122'}a)")
    return chosen


def _crew_cost_pay(g: Game, cost: CrewCost, p: int, o: Obj, chosen: list[int]) -> None:
    """Tap the chosen creatures; they crew (702.122b) or saddle (702.171c) the permanent."""
    s = g.s
    event = "saddles" if cost.saddle else "crews"
    # "creature that crewed / saddled it this turn" (CrewedItFilter): recorded until end of turn
    g.perform(EffectCreated("702.171c" if cost.saddle else "702.122b", ContinuousEffect(
        "saddled_by" if cost.saddle else "crewed_by", o.id, timestamp=s.next_timestamp, controller=p,
        data=tuple(chosen))))
    s.next_timestamp += 1
    for c in chosen:
        x = s.objects[c]
        g.tap(x, "702.171a" if cost.saddle else "702.122a")
        g.log_event(event, "702.171c" if cost.saddle else "702.122b", card=x.card.name, id=x.id,
                    vehicle=o.card.name, vehicle_id=o.id)
        for ab in g.chars(x).abilities:
            if isinstance(ab, TriggeredAbility) and ab.event in (event, "crews_or_saddles"):
                if ab.scope == "main_phase" and not _main_phase(g, x.controller):
                    continue
                trigger_queue.queue(g, x.controller, x.id, ab, None, x.card.name, event_obj=o.id)


registry.EXTRA_COSTS[CrewCost] = registry.ExtraCost(_crew_cost_block_reason, _crew_cost_choose, _crew_cost_pay)


def _any_of_filter_matches(g: Game, flt: AnyOfFilter, o: Obj, c: Any, controller: int, source: int | None) -> bool:
    if flt.face_down is not None and (o.face_down is not None) != flt.face_down:
        return False
    return any(_targeting_module.matches_filter_lki(g, f, o, c, controller, source) for f in flt.options)


registry.FILTER_TESTS[AnyOfFilter] = _any_of_filter_matches

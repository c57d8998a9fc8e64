"""Effects that make a permanent a creature with set characteristics ("manlands", 613.1d-613.4b).

- 611.2b: "target Forest becomes a 4/5 green Treefolk creature for as long as CARDNAME remains on the battlefield"
  (Awakener Druid): the animation ends as the source leaves the battlefield.
- "CARDNAME becomes a 2/2 Assembly-Worker artifact creature until end of turn. It's still a land."
  (Mishra's Factory, Mutavault, Inkmoth Nexus, Celestial Colonnade ...): `BecomeCreature` records one
  ContinuousEffect of kind "animate" (611.2a, until end of turn, 514.2). rules/continuous.py applies
  its parts in their layers: the card types and subtypes it adds (layer 4, 613.1d; "It's still a land"
  keeps the old ones, 205.1b; "with all creature types", 205.3m), the colors it sets (layer 5,
  613.1e), the keywords it grants (layer 6, 613.1f) and its base power and toughness (layer 7b,
  613.4b, latest timestamp wins, 613.7). The permanent keeps its abilities; 302.6 summoning sickness
  then restricts it as a creature (rules/mana_payment.py, rules/combat.py).
- "Until end of turn, each planeswalker you control becomes a 4/4 red Dragon creature and gains flying" (Sarkhan the
  Masterless): `BecomeCreatureEach`, one "animate" record for each permanent of the group as it resolves (611.2c).
- "When an opponent casts a creature spell, if CARDNAME is an enchantment, it becomes a 3/3 Knight creature
  with first strike" (the Opals): a lasting `BecomeCreature` (611.2a) whose types replace the old ones (205.1a).
- "Until end of turn, target creature loses all abilities and has base power and toughness 0/1" (Humble):
  `LoseAllAbilities` records a LOSE_ALL effect (613.1f layer 6, applied by rules/continuous.py) and,
  with a base power and toughness, an "animate" effect that adds no type and sets them in layer 7b
  (613.4b), both with one timestamp (613.7); both end in the cleanup step (514.2). "... and becomes a
  blue Frog with base power and toughness 1/1" (Turn to Frog): that effect also sets its color (layer 5)
  and replaces its creature types with Frog (layer 4, 205.1a).
- "Switch target creature's power and toughness until end of turn" (Twisted Image): `SwitchPowerToughness`
  records a SWITCH_PT effect, applied in layer 7d (613.4d) by rules/continuous.py.
- "Target creature becomes blue until end of turn" (Grand Architect): `BecomeColor` records a SET_COLORS
  effect; its colors replace the object's in layer 5 (613.1e), in timestamp order with the "animate" ones.
- "CARDNAME becomes the color of your choice until end of turn" (Caldera Kavu, Wild Mongrel): `BecomeChosenColor`;
  the ability's controller chooses one color as it resolves (608.2c, registry.CHOICES "become_color"), then the
  same SET_COLORS effect.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..model.events import EffectCreated, EffectsEnded
from ..model.state import BATTLEFIELD, ContinuousEffect
from ..model.vocab.animate import (  # noqa: F401 (the vocabulary this module executes)
    ANIMATE,  # noqa: F401 (the vocabulary this module executes)
    LOSE_ALL,
    SET_COLORS,
    SWITCH_PT,
    WHILE_SOURCE,
    AnimateStatic,
    Animation,
    BecomeChosenColor,
    BecomeColor,
    BecomeCreature,
    BecomeCreatureEach,
    LoseAllAbilities,
    SwitchPowerToughness,
)
from . import effect_context, targeting

if TYPE_CHECKING:
    from ..engine.game import Game
    from .effect_context import Context


def _become_creature(g: Game, ctx: Context, e: BecomeCreature) -> list | None:
    s = g.s
    oid = effect_context.target_object(g, ctx, e.target)
    o = s.objects.get(oid) if oid is not None else None
    if o is None or o.zone != BATTLEFIELD:
        return None  # it left the battlefield: a new object, unaffected (400.7)
    until = e.until
    if until == "while_source":
        src = s.objects.get(ctx.source) if ctx.source is not None else None
        if src is None or src.zone != BATTLEFIELD:
            return None  # 611.2b: the duration ended before the effect began
        until = WHILE_SOURCE + str(src.id)
    animate = ContinuousEffect(ANIMATE, o.id, keywords=e.keywords, timestamp=s.next_timestamp,
                               until=until, controller=ctx.controller, data=e.animation)
    s.next_timestamp += 1
    a = e.animation
    g.perform(EffectCreated("613.1d", animate, "becomes", {
        "card": o.card.name, "id": o.id, "types": sorted(a.types),
        "subtypes": "all creature types" if a.all_creature_types else sorted(a.subtypes),
        "colors": None if a.colors is None else sorted(a.colors), "power": a.power, "toughness": a.toughness,
        "keywords": list(e.keywords)}))
    return None


def _source_left(g: Game, oid: int, to: str) -> None:
    """611.2b: "for as long as CARDNAME remains on the battlefield" ends as that permanent leaves it
    (registry.LEFT_BATTLEFIELD_HOOKS)."""
    s = g.s
    if not s.effects:
        return
    key = WHILE_SOURCE + str(oid)
    ended = tuple(e for e in s.effects if e.until == key)
    if ended:
        g.perform(EffectsEnded("611.2b", ended))


registry.LEFT_BATTLEFIELD_HOOKS.append(_source_left)


def _become_creature_each(g: Game, ctx: Context, e: BecomeCreatureEach) -> list | None:
    s = g.s
    a = e.animation
    for o in [o for o in g.permanents() if targeting.matches_filter(g, e.filter, o, ctx.controller, ctx.source)]:
        record = ContinuousEffect(ANIMATE, o.id, keywords=e.keywords, timestamp=s.next_timestamp, until=e.until,
                                  controller=ctx.controller, data=a)
        s.next_timestamp += 1
        g.perform(EffectCreated("613.1d", record, "becomes", {
            "card": o.card.name, "id": o.id, "types": sorted(a.types), "subtypes": sorted(a.subtypes),
            "colors": None if a.colors is None else sorted(a.colors), "power": a.power, "toughness": a.toughness,
            "keywords": list(e.keywords)}))
    return None


def _lose_all_abilities(g: Game, ctx: Context, e: LoseAllAbilities) -> list | None:
    s = g.s
    oid = effect_context.target_object(g, ctx, e.target)
    o = s.objects.get(oid) if oid is not None else None
    if o is None or o.zone != BATTLEFIELD:
        return None  # it left the battlefield: a new object, unaffected (400.7)
    t = s.next_timestamp
    s.next_timestamp += 1
    g.perform(EffectCreated("613.1f", ContinuousEffect(LOSE_ALL, o.id, timestamp=t, controller=ctx.controller,
                                                       until=e.until),
                            "loses_all_abilities", {"card": o.card.name, "id": o.id}))
    if e.base_pt is not None:
        p, q = e.base_pt
        # "becomes a blue Frog": the color (layer 5) and the creature type replacing the others (layer 4, 205.1a);
        # "becomes a green Elk creature": its card types and subtypes replaced too
        animation = Animation(frozenset({"Creature"}) if e.becomes_creature else frozenset(), e.subtypes,
                              colors=e.colors, power=p, toughness=q, replaces_creature_types=bool(e.subtypes),
                              replace_types=e.becomes_creature)
        g.perform(EffectCreated("613.4b", ContinuousEffect(ANIMATE, o.id, timestamp=t, controller=ctx.controller,
                                                           data=animation, until=e.until),
                                "base_power_toughness", {"card": o.card.name, "id": o.id, "power": p, "toughness": q,
                                                         "subtypes": sorted(e.subtypes),
                                                         "colors": None if e.colors is None else sorted(e.colors)}))
    return None


def _switch_pt(g: Game, ctx: Context, e: SwitchPowerToughness) -> list | None:
    s = g.s
    oid = effect_context.target_object(g, ctx, e.target)
    o = s.objects.get(oid) if oid is not None else None
    if o is None or o.zone != BATTLEFIELD:
        return None  # 400.7
    g.perform(EffectCreated("613.4d", ContinuousEffect(SWITCH_PT, o.id, timestamp=s.next_timestamp,
                                                       controller=ctx.controller),
                            "switch_power_toughness", {"card": o.card.name, "id": o.id}))
    s.next_timestamp += 1
    return None


def _become_color(g: Game, ctx: Context, e: BecomeColor) -> list | None:
    oid = effect_context.target_object(g, ctx, e.target)
    o = g.s.objects.get(oid) if oid is not None else None
    if o is None or o.zone != BATTLEFIELD:
        return None  # 400.7
    _set_colors(g, o.id, e.colors, ctx.controller)
    return None


_COLOR_LETTERS = ("W", "U", "B", "R", "G")


def _become_chosen_color(g: Game, ctx: Context, e: BecomeChosenColor) -> list | None:
    oid = effect_context.target_object(g, ctx, e.target)
    o = g.s.objects.get(oid) if oid is not None else None
    if o is None or o.zone != BATTLEFIELD:
        return None  # 400.7
    # 608.2c: the color is chosen as the effect resolves, by the ability's controller ("of your choice")
    return [effect_context.queue_choice("become_color", ctx.controller, _COLOR_LETTERS,
                                        f"{ctx.name}: choose a color ({o.card.name} becomes it until end of turn)",
                                        (o.id, ctx.controller, ctx.name))]


def _answer_color(g: Game, d: Any, value: object) -> None:
    letter, (oid, controller, _) = effect_context.take_color_answer(g, d, value)
    o = g.s.objects.get(oid)
    if o is not None and o.zone == BATTLEFIELD:
        _set_colors(g, oid, frozenset((letter,)), controller)


def _set_colors(g: Game, oid: int, colors: frozenset[str], controller: int) -> None:
    s = g.s
    o = s.objects[oid]
    g.perform(EffectCreated("613.1e", ContinuousEffect(SET_COLORS, o.id, timestamp=s.next_timestamp,
                                                       controller=controller, data=colors),
                            "becomes_color", {"card": o.card.name, "id": o.id, "colors": sorted(colors)}))
    s.next_timestamp += 1


def layer4(s: Any, obj_id: int, types: frozenset[str], subtypes: frozenset[str],
           colors: frozenset[str], all_types: frozenset[str]) -> tuple:
    """Layers 4 and 5 of the "animate" and "becomes [color]" effects on `obj_id`, in timestamp order (613.7)."""
    for e in sorted((e for e in s.effects if e.kind in (ANIMATE, SET_COLORS) and e.target == obj_id),
                    key=lambda e: e.timestamp):
        if e.kind == SET_COLORS:
            colors = e.data  # 613.1e: "becomes blue" sets its colors
            continue
        a: Animation = e.data
        if a.replace_types:  # 205.1a: "becomes a 3/3 Knight creature": no longer an enchantment
            types, subtypes = a.types, (all_types if a.all_creature_types else a.subtypes)
        else:
            types = types | a.types
            if a.replaces_creature_types:
                subtypes = subtypes - all_types  # 205.1a: "becomes a Frog" (its land or artifact types stay)
            subtypes = subtypes | (all_types if a.all_creature_types else a.subtypes)
        if a.colors is not None:
            colors = a.colors  # 613.1e layer 5: "white and blue" sets its colors
    return types, subtypes, colors


def base_pt(s: Any, obj_id: int, statics: tuple = ()) -> tuple[int, int] | None:
    """Layer 7b (613.4b): the base power and toughness the latest "animate" effect or applying
    AnimateStatic (`statics`: (source, ability) pairs) sets, or None (613.7: latest timestamp wins)."""
    best: tuple[int, Animation] | None = None
    for src, ab in statics:
        if best is None or src.timestamp > best[0]:
            best = (src.timestamp, ab.animation)
    for e in s.effects:
        if e.kind == ANIMATE and e.target == obj_id and (best is None or e.timestamp > best[0]):
            best = (e.timestamp, e.data)
    if best is None:
        return None
    a = best[1]
    if a.pt_counters:
        o = s.objects.get(obj_id)
        n = o.counters.get(a.pt_counters, 0) if o is not None else 0
        return n, n
    if a.pt_mana_value:
        o = s.objects.get(obj_id)
        n = targeting.mana_value(o) if o is not None else 0
        return n, n
    return a.power, a.toughness


def _register() -> None:
    registry.register_effect(BecomeCreature, _become_creature)
    registry.register_effect(BecomeCreatureEach, _become_creature_each)
    registry.register_effect(BecomeColor, _become_color)
    registry.register_effect(BecomeChosenColor, _become_chosen_color)
    registry.CHOICES["become_color"] = (effect_context.color_actions, _answer_color)
    registry.register_effect(LoseAllAbilities, _lose_all_abilities)
    registry.register_effect(SwitchPowerToughness, _switch_pt)


_register()


__all__ = ["ANIMATE", "AnimateStatic", "Animation", "BecomeCreature", "LoseAllAbilities", "SwitchPowerToughness", "layer4", "base_pt"]
